/**
 * Relative times hydrate as rendered (app/lib/now.tsx): every "5 minutes ago" on a page is measured
 * from the instant the server rendered it (the root loader's `now`), in the server render and in the
 * browser's first render alike, however far the browser's clock is from the server's. Measuring
 * from the browser's clock made /notifications, /messages and /dashboard fail hydration (React
 * error #418) when a minute boundary passed or a phone's clock was off.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationList } from "../../app/components/messages/conversation-list";
import { NotificationList } from "../../app/components/notifications/notification-list";
import { MessageTime, RelativeTime } from "../../app/components/ui/relative-time";
import { NowProvider } from "../../app/lib/now";
import type { ConversationSummary } from "../../server/messages/service";

/** The server's instant: 14:30:20 in Johannesburg on 2 November 2026. */
const SERVER_NOW = Date.parse("2026-11-02T12:30:20.000Z");
const FIVE_MINUTES_BEFORE = new Date(SERVER_NOW - 5 * 60_000).toISOString();

/** Renders `page` under the shared "now" of a server render at SERVER_NOW, with the clock at `clock`. */
function renderAt(clock: number, page: () => ReactNode): string {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(NowProvider, { serverNow: SERVER_NOW, children: page() }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] })).replace(/<!-- -->/g, "");
}

afterEach(() => {
  vi.useRealTimers();
});

const notification = {
  id: "n1",
  type: "proposal_received",
  message: "New proposal on Spaza stock app",
  link: "/projects/p1",
  read: false,
  createdAt: FIVE_MINUTES_BEFORE,
};

const conversation: ConversationSummary = {
  id: "c1",
  other: { id: "u2", name: "Thabo Nkosi", userType: "developer", photoId: null },
  project: null,
  lastMessage: { preview: "See you then", at: FIVE_MINUTES_BEFORE, fromMe: false },
  unreadCount: 0,
  lastSeq: 1,
  myLastReadSeq: 1,
  otherLastReadSeq: 1,
};

describe("relative times", () => {
  const pages: Array<[string, () => ReactNode]> = [
    ["a relative time", () => createElement(RelativeTime, { date: FIVE_MINUTES_BEFORE })],
    ["the notifications list", () => createElement(NotificationList, { items: [notification] })],
    ["the inbox", () => createElement(ConversationList, { conversations: [conversation] })],
  ];
  for (const [name, page] of pages) {
    it(`${name}: the browser's first render matches the server's, minutes later or with a clock that is off`, () => {
      const server = renderAt(SERVER_NOW, page);
      expect(server).toContain(`<time dateTime="${FIVE_MINUTES_BEFORE}"`);
      expect(server).toContain(">5 minutes ago</time>");
      // The page hydrates 50 seconds later (a minute boundary passed), and on a phone two hours behind.
      expect(renderAt(SERVER_NOW + 50_000, page)).toBe(server);
      expect(renderAt(SERVER_NOW - 2 * 3_600_000, page)).toBe(server);
    });
  }

  it("a message's clock time is measured from the same instant: today's is just the time, in South African time", () => {
    const date = new Date(SERVER_NOW - 60 * 60_000).toISOString();
    const server = renderAt(SERVER_NOW, () => createElement(MessageTime, { date }));
    expect(server).toBe(`<time dateTime="${date}">13:30</time>`);
    // Hours later, the next day in Johannesburg: the first render still says what the server said.
    expect(renderAt(SERVER_NOW + 12 * 3_600_000, () => createElement(MessageTime, { date }))).toBe(server);
  });

  it("a time ahead of the shared now (a slow phone clock after mount) reads just now, never in the future", () => {
    const ahead = new Date(SERVER_NOW + 3 * 60_000).toISOString();
    expect(renderAt(SERVER_NOW, () => createElement(RelativeTime, { date: ahead }))).toContain(">just now</time>");
  });

  it("every page shows relative and message times through these components, never measured from the clock in render", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith(".tsx") && /\b(formatRelative|formatMessageTime)\(/.test(readFileSync(path, "utf8"))) found.push(path.replace(/\\/g, "/"));
      }
    };
    walk("app");
    expect(found).toEqual(["app/components/ui/relative-time.tsx"]);
  });
});
