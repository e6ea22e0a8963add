/**
 * The email outbox (ARCHITECTURE.md, Email outbox): a request never fails because mail failed, no
 * email goes out for a change that rolled back, a failure is retried with back-off and recorded,
 * and two senders never send one email twice.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset } from "../../server/auth/accounts";
import { openDatabase } from "../../server/db/client";
import { emailOutbox } from "../../server/db/schema";
import type { MailMessage } from "../../server/email/mailer";
import { backoffMs, enqueueEmail, MAX_ATTEMPTS, purgeOldEmails, sendDueEmails } from "../../server/email/outbox";
import { createProject } from "../../server/projects/service";
import { submitProposal } from "../../server/proposals/service";
import { apiClient, json } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeDeveloper, makeProject, proposalBody } from "../support/factories";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("email outbox on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const row = async (template: string, to: string) =>
    (
      await db()
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.template} = ${template} and ${emailOutbox.toAddress} = ${to}`)
    )[0];
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

  it("a hire answers 200 while the mailer is down; the email is sent once the mailer works again", async () => {
    const call = apiClient(t.app);
    const client = await t.signUp({ email: `outbox-client-${kind}@example.co.za`, name: "Outbox Client" });
    const dev = await t.signUp({ email: `outbox-dev-${kind}@example.co.za`, name: "Outbox Dev", userType: "developer" });
    const project = await createProject(db(), client.user, projectInput({ title: "Mail outage project" }));
    const proposal = await submitProposal(t.domain, dev.user, project.id, proposalBody());
    await t.flushEmails();

    t.mailDown = true;
    try {
      const hired = await call("POST", `/api/v1/proposals/${proposal.id}/accept`, { cookie: client.cookie });
      expect(hired.status).toBe(200);
      expect((await json<{ proposal: { status: string } }>(hired)).proposal.status).toBe("accepted");
      expect(await t.flushEmails()).toEqual({ sent: 0, failed: 1 });
      const failed = await row("proposal-accepted", dev.user.email);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP server unreachable (test)" });
      // A retry of the request is not needed (and would be a 409): the hire stands.
      expect((await call("POST", `/api/v1/proposals/${proposal.id}/accept`, { cookie: client.cookie })).status).toBe(409);
    } finally {
      t.mailDown = false;
    }
    // Not before its back-off...
    expect(await t.flushEmails()).toEqual({ sent: 0, failed: 0 });
    // ...then once.
    expect((await t.flushEmails(minutesFromNow(1))).sent).toBe(1);
    expect(await t.flushEmails(minutesFromNow(120))).toEqual({ sent: 0, failed: 0 });
    const delivered = t.mails.filter((m) => m.to === dev.user.email);
    expect(delivered.map((m) => m.subject)).toEqual(['You were hired for "Mail outage project"']);
    expect(await row("proposal-accepted", dev.user.email)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("queues nothing for a change that rolled back", async () => {
    const to = `rollback-${kind}@example.co.za`;
    await expect(
      db().transaction(async (tx) => {
        await enqueueEmail(tx, { template: "test", to, subject: "Never", text: "Never sent" });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await row("test", to)).toBeUndefined();
    // And a proposal refused after validation (a closed project) queues no email for the client.
    const project = await makeProject(db());
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
    )[0]!.n;
    await expect(submitProposal(t.domain, await makeDeveloper(db()), project.id, { ...proposalBody(), price: 1 })).rejects.toThrow();
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
      )[0]!.n,
    ).toBe(before);
  });

  it("backs off after each failure and gives up after the last attempt, recording the error", async () => {
    const to = `giveup-${kind}@example.co.za`;
    await enqueueEmail(db(), { template: "test", to, subject: "Doomed", text: "Doomed" });
    const mailer = {
      send: async (m: MailMessage) => {
        if (m.to === to) throw new Error("550 mailbox unavailable");
      },
    };
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const r = await row("test", to);
      expect(r!.status).toBe("pending");
      now = new Date(Math.max(now.getTime(), r!.nextAttemptAt.getTime()) + 1);
      await sendDueEmails({ db: db(), mailer }, now);
      const after = await row("test", to);
      expect(after!.attempts).toBe(attempt);
      expect(after!.lastError).toBe("550 mailbox unavailable");
      if (attempt < MAX_ATTEMPTS) expect(after!.nextAttemptAt.getTime() - now.getTime()).toBe(backoffMs(attempt));
    }
    expect((await row("test", to))!.status).toBe("failed");
    // Old sent and failed mail is purged after a week (it holds addresses).
    expect(await purgeOldEmails(db(), new Date(Date.now() + 8 * 24 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await row("test", to)).toBeUndefined();
  });

  it("sends due emails in the order they were queued, whatever order the database returns them in", async () => {
    const prefix = `order-${kind}-`;
    const addresses = Array.from({ length: 8 }, (_, i) => `${prefix}${i}@example.co.za`);
    for (const to of addresses) await enqueueEmail(db(), { template: "order", to, subject: to, text: "x" });
    // Rewriting a row moves it on disk, so a plain scan would meet the first ones last.
    await db().execute(sql`update email_outbox set subject = subject where to_address in (${addresses[0]}, ${addresses[2]}, ${addresses[5]})`);
    const sent: string[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m.to) };
    while ((await sendDueEmails({ db: db(), mailer }, new Date(), 50)).sent === 50);
    expect(sent.filter((to) => to.startsWith(prefix))).toEqual(addresses);
  });

  it("never sends one email twice when two senders run at once", async () => {
    const prefix = `race-${kind}-`;
    for (let i = 0; i < 30; i++) await enqueueEmail(db(), { template: "race", to: `${prefix}${i}@example.co.za`, subject: `Race ${i}`, text: "x" });
    const sent: string[] = [];
    const slowMailer = { send: async (m: MailMessage) => void (await new Promise((r) => setTimeout(r, 5)), sent.push(m.to)) };
    // A second connection pool on PostgreSQL, as a second instance has; PGlite has one connection.
    const second = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 2 }) : null;
    try {
      await Promise.all([
        sendDueEmails({ db: db(), mailer: slowMailer }, new Date(), 10),
        sendDueEmails({ db: (second ?? t.database).db, mailer: slowMailer }, new Date(), 10),
        sendDueEmails({ db: db(), mailer: slowMailer }, new Date(), 10),
        sendDueEmails({ db: (second ?? t.database).db, mailer: slowMailer }, new Date(), 10),
      ]);
    } finally {
      await second?.close();
    }
    const mine = sent.filter((to) => to.startsWith(prefix));
    expect(mine).toHaveLength(30);
    expect(new Set(mine).size).toBe(30);
  });

  it("the password reset email goes through the outbox: the request succeeds while mail is down", async () => {
    const { user } = await t.signUp({ email: `reset-outbox-${kind}@example.co.za` });
    t.mailDown = true;
    try {
      await requestPasswordReset(t.deps.auth, { email: user.email });
      expect((await t.flushEmails()).failed).toBe(1);
    } finally {
      t.mailDown = false;
    }
    expect((await t.flushEmails(minutesFromNow(1))).sent).toBe(1);
    const mail = t.mails.find((m) => m.to === user.email);
    expect(mail?.subject).toBe("Reset your BuildZA password");
    expect(mail?.text).toMatch(/\/reset-password\?token=/);
    const [stored] = await db().select().from(emailOutbox).where(eq(emailOutbox.toUserId, user.id));
    expect(stored).toMatchObject({ template: "password-reset", status: "sent" });
  });
});
