/**
 * Settings' sessions list (docs/product.md, Accounts "Sessions"): each other browser shows the day
 * it was last used when that is later than the day it signed in (a session in use is renewed daily).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SessionsForm } from "../../app/components/profile/settings-forms";
import type { SessionListing } from "../../server/auth/settings";
import { formatDate, formatDateTime } from "../../shared/format";

function render(sessions: SessionListing[]): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(SessionsForm, { sessions }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] })).replace(/<!-- -->/g, "");
}

const session = (over: Partial<SessionListing>): SessionListing => ({
  id: "s1",
  browser: "Chrome on Android",
  address: "196.21.0.7",
  signedInAt: "2026-11-02T08:00:00.000Z",
  lastActiveAt: "2026-11-02T08:00:00.000Z",
  current: false,
  ...over,
});

describe("the sessions list", () => {
  it("shows when another browser was last used, only when later than its sign-in day, and never for this browser", () => {
    const html = render([
      session({ id: "now", browser: "Firefox on Linux", current: true, lastActiveAt: "2026-11-28T08:00:00.000Z" }),
      session({ id: "used", lastActiveAt: "2026-11-27T09:30:00.000Z" }),
      session({ id: "idle", browser: "Safari on iOS" }),
    ]);
    const used = `196.21.0.7 · Signed in ${formatDateTime("2026-11-02T08:00:00.000Z")} · Last used ${formatDate("2026-11-27T09:30:00.000Z")}`;
    expect(html).toContain(used);
    expect(html.match(/Last used/g)).toHaveLength(1);
    expect(html).toContain("You are also signed in on 2 other sessions");
  });
});
