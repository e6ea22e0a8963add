/**
 * Email switches as pages use them (docs/product.md, Emails): the Settings action saving a switch (intent
 * "emailPreferences") and the /unsubscribe route (GET only describes, POST and RFC 8058 one-click
 * switch off, a bad token changes nothing and answers 400).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as profileRoute from "../../app/routes/profile";
import * as unsubscribeRoute from "../../app/routes/unsubscribe";
import type { UnsubscribePage } from "../../app/routes/unsubscribe";
import type { SessionUser } from "../../server/context";
import { getEmailPreferences, INVALID_UNSUBSCRIBE, queueUserEmail, unsubscribeToken } from "../../server/email/preferences";
import { emailOutbox } from "../../server/db/schema";
import { eq } from "drizzle-orm";
import { APP_URL, createTestApp, TEST_SECRET, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper } from "../support/factories";

/** The status and body of what a route loader or action returned (data() or a plain object). */
function unwrap<T>(result: unknown): { status: number; body: T } {
  const r = result as { type?: string; data?: T; init?: { status?: number } | null };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data as T };
  return { status: 200, body: result as T };
}

describe.each(DB_KINDS)("email settings pages on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  /** A client and a developer of the test's own. */
  const pair = async () => ({
    client: await makeClient(t.database.db, "Lerato Client"),
    developer: await makeDeveloper(t.database.db, { name: "Bongani Dev" }),
  });
  afterAll(() => t?.close());

  const context = (user: SessionUser | null) => ({ deps: t.deps, user });
  const settingsPost = (user: SessionUser | null, body: object) =>
    profileRoute.action({
      request: new Request(`${APP_URL}/profile`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      context: context(user),
      params: {},
    } as never);
  const settingsGet = async (user: SessionUser) =>
    (await profileRoute.loader({ request: new Request(`${APP_URL}/profile`), context: context(user), params: {} } as never)) as {
      emailSwitches: Array<{ type: string; on: boolean }>;
    };
  const unsubscribeGet = async (token: string) =>
    unwrap<UnsubscribePage>(
      await unsubscribeRoute.loader({
        request: new Request(`${APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`),
        context: context(null),
        params: {},
      } as never),
    );
  const unsubscribePost = async (token: string, init: RequestInit = {}) =>
    unwrap<UnsubscribePage>(
      await unsubscribeRoute.action({
        request: new Request(`${APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", ...init }),
        context: context(null),
        params: {},
      } as never),
    );

  it("Settings shows each account type the switches of the emails it can get, all on at first", async () => {
    const { client, developer } = await pair();
    expect((await settingsGet(client)).emailSwitches).toEqual([
      { type: "newMessage", on: true },
      { type: "proposalReceived", on: true },
      { type: "reviewRequests", on: true },
    ]);
    expect((await settingsGet(developer)).emailSwitches).toEqual([
      { type: "newMessage", on: true },
      { type: "proposalAccepted", on: true },
      { type: "jobAlerts", on: true },
      { type: "reviewRequests", on: true },
    ]);
  });

  it("a switch saved in Settings stays off for that user only, and can be switched on again", async () => {
    const { client, developer } = await pair();
    const off = unwrap<{ ok: boolean; intent: string; message: string }>(await settingsPost(client, { intent: "emailPreferences", proposalReceived: false }));
    expect(off).toEqual({ status: 200, body: { ok: true, intent: "emailPreferences", message: "Email settings saved" } });
    expect((await settingsGet(client)).emailSwitches).toContainEqual({ type: "proposalReceived", on: false });
    expect(await getEmailPreferences(t.database.db, client.id)).toEqual({
      newMessage: true,
      proposalReceived: false,
      proposalAccepted: true,
      jobAlerts: true,
      reviewRequests: true,
    });
    expect(await getEmailPreferences(t.database.db, developer.id)).toEqual({
      newMessage: true,
      proposalReceived: true,
      proposalAccepted: true,
      jobAlerts: true,
      reviewRequests: true,
    });

    await settingsPost(client, { intent: "emailPreferences", proposalReceived: true });
    expect(await getEmailPreferences(t.database.db, client.id)).toEqual({
      newMessage: true,
      proposalReceived: true,
      proposalAccepted: true,
      jobAlerts: true,
      reviewRequests: true,
    });
  });

  it("Settings refuses a switch value that is not true or false with the field's message, changing nothing", async () => {
    const { developer } = await pair();
    const bad = unwrap<{ ok: boolean; fields?: Record<string, string> }>(await settingsPost(developer, { intent: "emailPreferences", newMessage: "no" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, fields: { newMessage: "Must be true or false" } });
    expect((await getEmailPreferences(t.database.db, developer.id)).newMessage).toBe(true);
    // Signed out: the action sends the visitor to log in.
    const redirect = await Promise.resolve(settingsPost(null, { intent: "emailPreferences", newMessage: false })).catch((e: unknown) => e);
    expect((redirect as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("GET /unsubscribe only describes the change; the POST switches the email off", async () => {
    const { developer } = await pair();
    const token = await unsubscribeToken(TEST_SECRET, developer.id, "newMessage");
    const page = await unsubscribeGet(token);
    expect(page).toEqual({ status: 200, body: { state: "confirm", token, label: "New messages", email: developer.email } });
    // Opening the link (twice, as a mail scanner might) changes nothing.
    await unsubscribeGet(token);
    expect((await getEmailPreferences(t.database.db, developer.id)).newMessage).toBe(true);

    const done = await unsubscribePost(token);
    expect(done).toEqual({ status: 200, body: { state: "done", label: "New messages", email: developer.email } });
    expect(await getEmailPreferences(t.database.db, developer.id)).toEqual({
      newMessage: false,
      proposalReceived: true,
      proposalAccepted: true,
      jobAlerts: true,
      reviewRequests: true,
    });
    // The link opened again says it is already off.
    expect((await unsubscribeGet(token)).body).toEqual({ state: "already", label: "New messages", email: developer.email });
  });

  it("accepts the RFC 8058 one-click POST (List-Unsubscribe=One-Click) without a session", async () => {
    const { developer } = await pair();
    const token = await unsubscribeToken(TEST_SECRET, developer.id, "proposalAccepted");
    const done = await unsubscribePost(token, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(done).toEqual({ status: 200, body: { state: "done", label: "Hired", email: developer.email } });
    expect((await getEmailPreferences(t.database.db, developer.id)).proposalAccepted).toBe(false);
  });

  it("a forged, altered, missing or other-purpose token shows INVALID_UNSUBSCRIBE with status 400 and changes nothing", async () => {
    const { client } = await pair();
    const before = await getEmailPreferences(t.database.db, client.id);
    const good = await unsubscribeToken(TEST_SECRET, client.id, "newMessage");
    const forged = await unsubscribeToken("another-secret-another-secret-another-1", client.id, "newMessage");
    const unknownUser = await unsubscribeToken(TEST_SECRET, "no-such-user", "newMessage");
    for (const token of [forged, `${good}x`, "", "not-a-token", unknownUser]) {
      const expected = { status: 400, body: { state: "invalid", message: INVALID_UNSUBSCRIBE } };
      expect(await unsubscribeGet(token)).toEqual(expected);
      expect(await unsubscribePost(token)).toEqual(expected);
    }
    expect(await getEmailPreferences(t.database.db, client.id)).toEqual(before);
  });

  it("a switchable email carries its unsubscribe link in the text and, when it has one, in the HTML part", async () => {
    const { client } = await pair();
    const ctx = { appUrl: APP_URL, secret: TEST_SECRET };
    const to = { userId: client.id, email: `html-${kind}@example.co.za` };
    await queueUserEmail(t.database.db, ctx, to, "newMessage", "test-html", { subject: "Both parts", text: "Hello", html: "<p>Hello &amp; welcome</p>" });
    await queueUserEmail(t.database.db, ctx, { ...to, email: `text-${kind}@example.co.za` }, "newMessage", "test-text", {
      subject: "Text only",
      text: "Hello",
    });
    const [both] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "test-html"));
    const [textOnly] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "test-text"));
    const link = /Unsubscribe: (\S+)/.exec(both!.textBody)![1]!;
    expect(link).toMatch(new RegExp(`^${APP_URL}/unsubscribe\\?token=`));
    expect(both!.htmlBody).toContain("<p>Hello &amp; welcome</p><hr>");
    expect(both!.htmlBody).toContain(`<a href="${link}">Unsubscribe</a>`);
    expect(both!.htmlBody).toContain("&quot;New messages&quot; emails are on in your BuildZA settings.");
    expect(textOnly!.htmlBody).toBeNull();
    expect(textOnly!.textBody).toContain("Unsubscribe: ");
  });
});
