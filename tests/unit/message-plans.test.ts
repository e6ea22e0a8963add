/**
 * The inbox, a thread's pages, the unread counts, the notification list and the unread-email
 * sweep are served by indexes (docs/product.md, Messages and notifications): every SELECT they send is EXPLAINed with
 * enable_seqscan = off, and a sequential scan of a messaging table fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import { users } from "../../server/db/schema";
import { headerState, listConversations, listMessages, sendMessage, startConversation, unreadCounts } from "../../server/messages/service";
import { queueUnreadMessageEmails } from "../../server/messages/unread-email";
import { listNotifications } from "../../server/notifications/service";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";
import { createPlanRecorder, seqScans, type PlanNode } from "../support/plans";

const WATCHED = ["conversations", "conversation_participants", "messages", "notifications"];

describe.each(DB_KINDS)("messaging query plans on %s", (kind) => {
  let database: TestDatabase;
  const plans = createPlanRecorder();
  let people: SessionUser[] = [];
  let conversationId = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind, { logger: plans.logger });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `plan-user-${String(i).padStart(2, "0")}`,
      name: `Plan User ${i}`,
      email: `plan${i}@example.co.za`,
      userType: "client" as const,
    }));
    await database.db.insert(users).values(rows);
    people = rows.map((r) => ({ ...r, emailVerified: true, role: "member" as const, createdAt: new Date().toISOString() }));
    for (let i = 1; i < people.length; i++) {
      const { conversation } = await startConversation(database.db, people[i]!, { to: people[0]!.id, body: `Hello from ${i}` });
      if (i === 1) conversationId = conversation.id;
      await startConversation(database.db, people[i]!, { to: people[(i + 1) % people.length]!.id, body: "Another thread" });
    }
    for (let n = 0; n < 25; n++) await sendMessage(database.db, people[0]!, conversationId, { body: `Reply ${n}` });
    await database.query("analyze");
  }, 120_000);
  afterAll(() => database?.close());

  const scannedTables = (call: () => Promise<unknown>) => plans.scannedTables(database, call, WATCHED);

  it("the check itself can fail", async () => {
    const plan = (await database.explain("select id from messages where body = $1", ["x"])) as Array<{ Plan: PlanNode }>;
    expect(seqScans(plan[0]!.Plan)).toContain("messages");
  });

  it("the inbox and its next page", async () => {
    expect(await scannedTables(() => listConversations(database.db, people[0]!, { limit: 5 }))).toEqual([]);
    const first = await listConversations(database.db, people[0]!, { limit: 5 });
    expect(first.nextCursor).not.toBeNull();
    expect(await scannedTables(() => listConversations(database.db, people[0]!, { limit: 5, cursor: first.nextCursor! }))).toEqual([]);
  });

  it("a thread's newest page, an older page and a catch-up", async () => {
    expect(await scannedTables(() => listMessages(database.db, people[0]!, conversationId, { limit: 10 }))).toEqual([]);
    expect(await scannedTables(() => listMessages(database.db, people[0]!, conversationId, { cursor: "10" }))).toEqual([]);
    expect(await scannedTables(() => listMessages(database.db, people[0]!, conversationId, { after: "20" }))).toEqual([]);
  });

  it("the header counts and the notification list", async () => {
    expect(await scannedTables(() => unreadCounts(database.db, people[0]!.id))).toEqual([]);
    expect(await scannedTables(() => headerState(database.db, people[0]!.id))).toEqual([]);
    expect(await scannedTables(() => listNotifications(database.db, people[0]!, { limit: 5 }))).toEqual([]);
  });

  it("the unread-message email sweep", async () => {
    const deps = { db: database.db, appUrl: "http://localhost:3999", secret: "plan-secret-plan-secret-plan-secret-01" };
    // Far enough ahead that every unread message is due, so the sweep's later queries run too.
    expect(await scannedTables(() => queueUnreadMessageEmails(deps, new Date(Date.now() + 3 * 3_600_000)))).toEqual([]);
  });
});
