import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_PER_MINUTE } from "../../shared/constants";
import { domainDeps, type SessionUser } from "../../server/context";
import { openDatabase } from "../../server/db/client";
import { conversations, messages } from "../../server/db/schema";
import { unsubscribeToken } from "../../server/email/preferences";
import { headerState, SELF_CONVERSATION, sendMessage, startConversation } from "../../server/messages/service";
import { queueUnreadMessageEmails } from "../../server/messages/unread-email";
import { listNotifications, markNotificationsSeen } from "../../server/notifications/service";
import { UnauthorizedError } from "../../server/errors";
import { createProject } from "../../server/projects/service";
import { createRealtimeHub } from "../../server/realtime/hub";
import { apiClient, json, type CallOptions } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

/** Polls `check` until it is true or `ms` pass. */
async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DB_KINDS)("messages and notifications on %s", (kind) => {
  let t: TestApp;
  let client: { cookie: string; user: SessionUser };
  let developer: { cookie: string; user: SessionUser };
  let outsider: { cookie: string; user: SessionUser };

  beforeAll(async () => {
    t = await createTestApp(kind);
    client = await t.signUp({ email: "msg-client@example.co.za", name: "Thandi Client" });
    developer = await t.signUp({ email: "msg-dev@example.co.za", name: "Sipho Dev", userType: "developer" });
    outsider = await t.signUp({ email: "msg-outsider@example.co.za", name: "Olwethu Outsider" });
  });
  afterAll(() => t?.close());

  const call = (method: string, path: string, options: CallOptions = {}) => apiClient(t.app)(method, path, options);
  const messageRows = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;

  async function openWithDeveloper(body = "Hi Sipho, are you free next month?") {
    const res = await call("POST", "/api/v1/conversations", { body: { to: developer.user.id, body }, cookie: client.cookie });
    return { status: res.status, ...(await json<{ conversation: { id: string; lastSeq: number }; message: { seq: number } }>(res)) };
  }

  it("opens a conversation with its first message, then reuses it; the project one is separate", async () => {
    // A pair of its own: the first message between them creates the conversation.
    const client = await t.signUp({ email: `first-client-${kind}@example.co.za`, name: "Thandi Client" });
    const developer = await t.signUp({ email: `first-dev-${kind}@example.co.za`, name: "Sipho Dev", userType: "developer" });
    const openWithDeveloper = async (body = "Hi Sipho, are you free next month?") => {
      const res = await call("POST", "/api/v1/conversations", { body: { to: developer.user.id, body }, cookie: client.cookie });
      return { status: res.status, ...(await json<{ conversation: { id: string; lastSeq: number }; message: { seq: number } }>(res)) };
    };
    const first = await openWithDeveloper();
    expect(first.status).toBe(201);
    expect(first.message.seq).toBe(1);
    const again = await openWithDeveloper("Second message");
    expect(again.status).toBe(200);
    expect(again.conversation.id).toBe(first.conversation.id);
    expect(again.message.seq).toBe(2);

    const project = await createProject(t.database.db, client.user, projectInput({ title: "Spaza shop ordering app" }));
    const about = await call("POST", "/api/v1/conversations", {
      body: { projectId: project.id, body: "Question about your project" },
      cookie: developer.cookie,
    });
    expect(about.status).toBe(201);
    const { conversation } = await json<{ conversation: { id: string; project: { title: string }; other: { name: string } } }>(about);
    expect(conversation.id).not.toBe(first.conversation.id);
    expect(conversation.project.title).toBe("Spaza shop ordering app");
    expect(conversation.other.name).toBe("Thandi Client");

    // The project owner asking about their own project, or anyone messaging themselves, is refused.
    const own = await call("POST", "/api/v1/conversations", { body: { projectId: project.id, body: "Hello me" }, cookie: client.cookie });
    expect(own.status).toBe(400);
    expect((await json<{ error: { message: string } }>(own)).error.message).toBe(SELF_CONVERSATION);
    const self = await call("POST", "/api/v1/conversations", { body: { to: client.user.id, body: "Hello me" }, cookie: client.cookie });
    expect(self.status).toBe(400);
    const nobody = await call("POST", "/api/v1/conversations", { body: { to: "no-such-user", body: "Hello" }, cookie: client.cookie });
    expect(nobody.status).toBe(404);
  });

  it("needs a message to start a conversation and validates every message", async () => {
    const before = await messageRows();
    const noBody = await call("POST", "/api/v1/conversations", { body: { to: outsider.user.id }, cookie: developer.cookie });
    expect(noBody.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(noBody)).error.fields.body).toBe("Message cannot be empty");

    const { conversation } = await openWithDeveloper("Validation check");
    const blank = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, { body: { body: "   \n  " }, cookie: client.cookie });
    expect(blank.status).toBe(400);
    const long = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, { body: { body: "x".repeat(5001) }, cookie: client.cookie });
    expect(long.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(long)).error.fields.body).toBe("Message must be at most 5,000 characters");
    const max = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, { body: { body: "y".repeat(5000) }, cookie: client.cookie });
    expect(max.status).toBe(201);
    expect(await messageRows()).toBe(before + 2);
  });

  it("lets only the two participants read or post (403 for a third user, 401 signed out)", async () => {
    const { conversation } = await openWithDeveloper("Private");
    const before = await messageRows();
    for (const [method, path, body] of [
      ["GET", `/api/v1/conversations/${conversation.id}`, undefined],
      ["GET", `/api/v1/conversations/${conversation.id}/messages`, undefined],
      ["POST", `/api/v1/conversations/${conversation.id}/messages`, { body: "Let me in" }],
      ["POST", `/api/v1/conversations/${conversation.id}/read`, undefined],
    ] as const) {
      const res = await call(method, path, { body, cookie: outsider.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("forbidden");
      expect((await call(method, path, { body })).status).toBe(401);
    }
    expect(await messageRows()).toBe(before);
    expect((await call("GET", "/api/v1/conversations/00000000-0000-4000-8000-000000000000", { cookie: client.cookie })).status).toBe(404);
    // The outsider's inbox does not show it.
    const inbox = await json<{ conversations: Array<{ id: string }> }>(await call("GET", "/api/v1/conversations", { cookie: outsider.cookie }));
    expect(inbox.conversations.map((c) => c.id)).not.toContain(conversation.id);
  });

  it("stores HTML and script as plain text, exactly as typed", async () => {
    const body = `<script>alert("x")</script><b>bold</b> & <img src=x onerror=alert(1)>`;
    const { conversation } = await openWithDeveloper(body);
    const list = await json<{ messages: Array<{ body: string }> }>(
      await call("GET", `/api/v1/conversations/${conversation.id}/messages`, { cookie: developer.cookie }),
    );
    expect(list.messages.at(-1)!.body).toBe(body);
  });

  it("pages older messages by cursor and catches up after a seq, oldest first, none twice", async () => {
    const other = await t.signUp({ email: "msg-pager@example.co.za", name: "Pager" });
    const start = await json<{ conversation: { id: string } }>(
      await call("POST", "/api/v1/conversations", { body: { to: other.user.id, body: "message 1" }, cookie: developer.cookie }),
    );
    const id = start.conversation.id;
    for (let i = 2; i <= 7; i++) await sendMessage(t.database.db, developer.user, id, { body: `message ${i}` });
    const newest = await json<{ messages: Array<{ seq: number; body: string }>; nextCursor: number | null }>(
      await call("GET", `/api/v1/conversations/${id}/messages?limit=3`, { cookie: other.cookie }),
    );
    expect(newest.messages.map((m) => m.seq)).toEqual([5, 6, 7]);
    expect(newest.nextCursor).toBe(5);
    const older = await json<{ messages: Array<{ seq: number }>; nextCursor: number | null }>(
      await call("GET", `/api/v1/conversations/${id}/messages?limit=3&cursor=5`, { cookie: other.cookie }),
    );
    expect(older.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
    const oldest = await json<{ messages: Array<{ seq: number }>; nextCursor: number | null }>(
      await call("GET", `/api/v1/conversations/${id}/messages?limit=3&cursor=2`, { cookie: other.cookie }),
    );
    expect(oldest).toMatchObject({ messages: [{ seq: 1 }], nextCursor: null });
    const after = await json<{ messages: Array<{ seq: number }> }>(await call("GET", `/api/v1/conversations/${id}/messages?after=4`, { cookie: other.cookie }));
    expect(after.messages.map((m) => m.seq)).toEqual([5, 6, 7]);
    expect((await call("GET", `/api/v1/conversations/${id}/messages?cursor=abc`, { cookie: other.cookie })).status).toBe(400);
  });

  it("counts unread messages, collapses message notifications and marks both read when the thread is read", async () => {
    const reader = await t.signUp({ email: "msg-reader@example.co.za", name: "Reader" });
    const writer = await t.signUp({ email: "msg-writer@example.co.za", name: "Writer" });
    const { conversation } = await startConversation(t.database.db, writer.user, { to: reader.user.id, body: "One" });
    await sendMessage(t.database.db, writer.user, conversation.id, { body: "Two" });
    const counts = await json<{ unread: { messages: number; notifications: number } }>(await call("GET", "/api/v1/me/unread", { cookie: reader.cookie }));
    expect(counts.unread).toEqual({ messages: 2, notifications: 1 });
    // The header of every signed-in page reads the same badges (and the photo) in one query.
    expect(await headerState(t.database.db, reader.user.id)).toEqual({ unread: { messages: 2, notifications: 1 }, photoId: null });
    const list = await json<{ notifications: Array<{ type: string; message: string; link: string; read: boolean }>; unreadCount: number }>(
      await call("GET", "/api/v1/notifications", { cookie: reader.cookie }),
    );
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({ type: "new_message", link: `/messages/${conversation.id}`, read: false });
    expect(list.notifications[0]!.message).toContain("Writer sent you a message: Two");

    const inbox = await json<{ conversations: Array<{ id: string; unreadCount: number; lastMessage: { preview: string; fromMe: boolean } }> }>(
      await call("GET", "/api/v1/conversations", { cookie: reader.cookie }),
    );
    expect(inbox.conversations[0]).toMatchObject({ id: conversation.id, unreadCount: 2, lastMessage: { preview: "Two", fromMe: false } });

    const read = await call("POST", `/api/v1/conversations/${conversation.id}/read`, { cookie: reader.cookie });
    expect(await json(read)).toEqual({ lastReadSeq: 2 });
    expect((await json<{ unread: object }>(await call("GET", "/api/v1/me/unread", { cookie: reader.cookie }))).unread).toEqual({
      messages: 0,
      notifications: 0,
    });
    expect((await headerState(t.database.db, reader.user.id)).unread).toEqual({ messages: 0, notifications: 0 });
    // The writer sees that the reader has read up to message 2 ("Seen").
    const seen = await json<{ conversation: { otherLastReadSeq: number } }>(
      await call("GET", `/api/v1/conversations/${conversation.id}`, { cookie: writer.cookie }),
    );
    expect(seen.conversation.otherLastReadSeq).toBe(2);
  });

  it("marks one or all notifications read, only the user's own", async () => {
    const a = await t.signUp({ email: "notif-a@example.co.za", name: "Ama" });
    const b = await t.signUp({ email: "notif-b@example.co.za", name: "Bongani" });
    const c = await t.signUp({ email: "notif-c@example.co.za", name: "Chris" });
    await startConversation(t.database.db, b.user, { to: a.user.id, body: "from b" });
    await startConversation(t.database.db, c.user, { to: a.user.id, body: "from c" });
    const list = await json<{ notifications: Array<{ id: string }>; unreadCount: number }>(
      await call("GET", "/api/v1/notifications?limit=1", { cookie: a.cookie }),
    );
    expect(list.unreadCount).toBe(2);
    const [first] = list.notifications;
    // Someone else's attempt changes nothing.
    await call("POST", `/api/v1/notifications/${first!.id}/read`, { cookie: b.cookie });
    expect((await json<{ unreadCount: number }>(await call("GET", "/api/v1/notifications", { cookie: a.cookie }))).unreadCount).toBe(2);
    const one = await json<{ unread: { notifications: number } }>(await call("POST", `/api/v1/notifications/${first!.id}/read`, { cookie: a.cookie }));
    expect(one.unread.notifications).toBe(1);
    const all = await json<{ unread: { notifications: number } }>(await call("POST", "/api/v1/notifications/read-all", { cookie: a.cookie }));
    expect(all.unread.notifications).toBe(0);
    expect((await call("GET", "/api/v1/notifications")).status).toBe(401);
  });

  it("marks the notifications /notifications showed read (decision 0061): only those ids, only the user's own, checked by the schema", async () => {
    const reader = await t.signUp({ email: "notif-seen@example.co.za", name: "Reader" });
    const writers = await Promise.all(["one", "two", "three"].map((n) => t.signUp({ email: `notif-seen-${n}@example.co.za`, name: `Writer ${n}` })));
    for (const w of writers) await startConversation(t.database.db, w.user, { to: reader.user.id, body: `hello from ${w.user.name}` });
    const { notifications: shown } = await listNotifications(t.database.db, reader.user, { limit: 2 });
    const ids = shown.map((n) => n.id);
    // Someone else's attempt changes nothing.
    expect(await markNotificationsSeen(t.database.db, writers[0]!.user, { ids })).toEqual({ marked: 0 });
    expect(await markNotificationsSeen(t.database.db, reader.user, { ids })).toEqual({ marked: 2 });
    // The one the page did not show (it arrived or sits on an older page) stays unread; again changes nothing.
    expect((await headerState(t.database.db, reader.user.id)).unread.notifications).toBe(1);
    expect(await markNotificationsSeen(t.database.db, reader.user, { ids })).toEqual({ marked: 0 });
    for (const [input, fields] of [
      [{ ids: [] }, { ids: "Say which notifications were seen" }],
      [{ ids: ["not-a-uuid"] }, { "ids.0": "Unknown notification" }],
      [{ ids: "x" }, { ids: "Notifications must be a list of ids" }],
      [{ ids: Array.from({ length: 51 }, () => ids[0]) }, { ids: "At most 50 notifications at once" }],
    ] as const) {
      await expect(markNotificationsSeen(t.database.db, reader.user, input), JSON.stringify(input).slice(0, 40)).rejects.toMatchObject({ fields });
    }
    await expect(markNotificationsSeen(t.database.db, null, { ids })).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it(`rate-limits sending to ${MESSAGES_PER_MINUTE} messages a minute per user`, async () => {
    const fast = await t.signUp({ email: "msg-fast@example.co.za", name: "Fast" });
    const { conversation } = await startConversation(t.database.db, fast.user, { to: client.user.id, body: "1" });
    for (let i = 2; i <= MESSAGES_PER_MINUTE; i++) await sendMessage(t.database.db, fast.user, conversation.id, { body: String(i) });
    const before = await messageRows();
    const res = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, { body: { body: "one too many" }, cookie: fast.cookie });
    expect(res.status).toBe(429);
    expect((await json<{ error: { code: string; message: string } }>(res)).error).toMatchObject({
      code: "rate_limited",
      message: expect.stringContaining("too fast"),
    });
    expect(await messageRows()).toBe(before);
    // A new conversation whose first message is refused is not created either.
    const conversationsBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversations))[0]!.n;
    const fresh = await call("POST", "/api/v1/conversations", { body: { to: outsider.user.id, body: "Hi there" }, cookie: fast.cookie });
    expect(fresh.status).toBe(429);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversations))[0]!.n).toBe(conversationsBefore);
    // Others are not affected.
    expect((await call("POST", `/api/v1/conversations/${conversation.id}/messages`, { body: { body: "reply" }, cookie: client.cookie })).status).toBe(201);
  });

  it("pushes a message and new unread counts to the recipient's live connection", async () => {
    const events: Array<{ event: string; data: unknown }> = [];
    const unsubscribe = t.deps.realtime.subscribe(developer.user.id, (event, data) => events.push({ event, data }));
    try {
      const { conversation, message: sent } = await openWithDeveloper("Are you there?");
      // Only this message: on PostgreSQL the notification of an earlier test's message to the same
      // developer, in the same conversation (the pair reuses it), can still arrive after the subscription.
      const ours = (e: { event: string; data: unknown }) => {
        const data = e.data as { conversationId?: string; seq?: number };
        return e.event === "message" && data.conversationId === conversation.id && data.seq === sent.seq;
      };
      await until(() => events.some(ours) && events.some((e) => e.event === "counts"));
      const message = events.find(ours)!.data;
      expect(message).toMatchObject({ conversationId: conversation.id, body: "Are you there?", senderId: client.user.id });
      expect((events.filter((e) => e.event === "counts").at(-1)!.data as { messages: number }).messages).toBeGreaterThan(0);
    } finally {
      unsubscribe();
    }
  });

  it("streams server-sent events over HTTP, starting with the unread counts; 401 signed out", async () => {
    expect((await call("GET", "/api/v1/events")).status).toBe(401);
    const controller = new AbortController();
    const res = await t.app.request("/api/v1/events", { headers: { cookie: developer.cookie }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    const text = new TextDecoder().decode(value);
    expect(text).toContain("event: ready");
    expect(text).toMatch(/"messages":\d+/);
    controller.abort();
    await reader.cancel().catch(() => {});
  });

  it("emails an unread message after 10 minutes, once per conversation an hour, with a working unsubscribe link", async () => {
    const away = await t.signUp({ email: "msg-away@example.co.za", name: "Away" });
    const sender = await t.signUp({ email: "msg-sender@example.co.za", name: "Busisiwe Sender" });
    const { conversation } = await startConversation(t.database.db, sender.user, { to: away.user.id, body: "Please call me back" });
    const deps = domainDeps(t.deps);
    const mailsTo = () => t.mails.filter((m) => m.to === "msg-away@example.co.za");
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);

    /** One sweep at `now`, then the outbox sends what it queued. */
    const sweep = async (now: Date) => {
      const queued = await queueUnreadMessageEmails(deps, now);
      await t.flushEmails(now);
      return queued;
    };
    expect(await sweep(minutes(5))).toBe(0);
    expect(await sweep(minutes(11))).toBeGreaterThanOrEqual(1);
    expect(mailsTo()).toHaveLength(1);
    const mail = mailsTo()[0]!;
    expect(mail.subject).toBe("Busisiwe Sender sent you a message on BuildZA");
    expect(mail.text).toContain(`${APP_URL}/messages/${conversation.id}`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Not again for the same message, nor within the hour for a new one.
    await sendMessage(t.database.db, sender.user, conversation.id, { body: "Hello?" });
    await sweep(minutes(30));
    expect(mailsTo()).toHaveLength(1);
    await sweep(minutes(75));
    expect(mailsTo()).toHaveLength(2);

    // The link switches the type off without a session; a forged token is refused.
    const token = mail.text.match(/unsubscribe\?token=([\w.-]+)/)![1]!;
    expect((await call("POST", `/api/v1/unsubscribe?token=${token}x`)).status).toBe(400);
    const forged = await unsubscribeToken("another-secret-another-secret-another-1", away.user.id, "newMessage");
    expect((await call("POST", `/api/v1/unsubscribe?token=${forged}`)).status).toBe(400);
    const ok = await call("POST", `/api/v1/unsubscribe?token=${token}`);
    expect(ok.status).toBe(200);
    const prefs = await json<{ preferences: Record<string, boolean> }>(await call("GET", "/api/v1/me/email-preferences", { cookie: away.cookie }));
    expect(prefs.preferences).toEqual({ newMessage: false, proposalReceived: true, proposalAccepted: true, jobAlerts: true, reviewRequests: true });
    await sendMessage(t.database.db, sender.user, conversation.id, { body: "Still there?" });
    await sweep(minutes(150));
    expect(mailsTo()).toHaveLength(2);
  });

  it("includes the messages a user sent in their data export (POPIA access)", async () => {
    await openWithDeveloper("Exported message");
    const mine = await json<{ messagesSent: Array<{ body: string }> }>(await call("GET", "/api/v1/me/export", { cookie: client.cookie }));
    expect(mine.messagesSent.map((m) => m.body)).toContain("Exported message");
    const theirs = await json<{ messagesSent: Array<{ body: string }> }>(await call("GET", "/api/v1/me/export", { cookie: developer.cookie }));
    expect(theirs.messagesSent.map((m) => m.body)).not.toContain("Exported message");
  });

  it("changes email switches in settings with validation", async () => {
    const bad = await call("PUT", "/api/v1/me/email-preferences", { body: { newMessage: "no" }, cookie: client.cookie });
    expect(bad.status).toBe(400);
    const res = await call("PUT", "/api/v1/me/email-preferences", { body: { proposalReceived: false }, cookie: client.cookie });
    expect((await json<{ preferences: object }>(res)).preferences).toEqual({
      newMessage: true,
      proposalReceived: false,
      proposalAccepted: true,
      jobAlerts: true,
      reviewRequests: true,
    });
    expect((await call("PUT", "/api/v1/me/email-preferences", { body: { newMessage: false } })).status).toBe(401);
  });
});

describe.runIf(DB_KINDS.includes("postgres"))("two app instances on one PostgreSQL database", () => {
  it("delivers a message posted through one instance to a listener on the other", async () => {
    const t = await createTestApp("postgres");
    // A second instance: its own pool and its own LISTEN connection on the same database.
    const second = await openDatabase({ databaseUrl: t.database.url! });
    const hub = await createRealtimeHub(second, second.db);
    try {
      const a = await t.signUp({ email: "inst-a@example.co.za", name: "Instance A" });
      const b = await t.signUp({ email: "inst-b@example.co.za", name: "Instance B" });
      const received: Array<{ event: string; data: unknown }> = [];
      hub.subscribe(b.user.id, (event, data) => received.push({ event, data }));
      await startConversation(t.database.db, a.user, { to: b.user.id, body: "Across instances" });
      await until(() => received.some((e) => e.event === "message"));
      expect(received.find((e) => e.event === "message")!.data).toMatchObject({ body: "Across instances" });
    } finally {
      await hub.close();
      await second.close();
      await t.close();
    }
  });
});
