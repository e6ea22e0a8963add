/**
 * Refunds at the payment provider (docs/decisions/0050-provider-refund-outbox.md, docs/product.md
 * Payments): a refund booked in the ledger is queued in the same transaction and sent after commit
 * by the refund job, once, retried while the provider fails and given up after
 * MAX_REFUND_ATTEMPTS; a payment that pays an already funded milestone (two checkouts) is refunded
 * whole and its payer told. The ledger's invariants are checked after every test.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import { contracts, emailOutbox, milestones, notifications, payments, providerRefunds } from "../../server/db/schema";
import { listMyPayments } from "../../server/payments/client-payments";
import { held, ledgerViolations } from "../../server/payments/ledger";
import { createTestProvider, TEST_SIGNATURE_HEADER } from "../../server/payments/providers/test";
import { MAX_REFUND_ATTEMPTS, sendProviderRefunds } from "../../server/payments/refunds";
import { listFailedRefunds, listOpenDisputes, retryFailedRefund } from "../../server/payments/disputes";
import { ConflictError, ForbiddenError, UnauthorizedError } from "../../server/errors";
import {
  answerDispute,
  disputeMilestone,
  handleWebhook,
  paymentsDeps,
  refundMilestone,
  resolveDispute,
  startFunding,
  type PaymentsDeps,
} from "../../server/payments/service";
import { getContract } from "../../server/payments/contracts";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { formatCents } from "../../shared/format";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeModerator, makeProject, proposalBody } from "../support/factories";

const MINUTE = 60_000;

describe.each(DB_KINDS)("provider refunds on %s", (kind) => {
  let t: TestApp;
  let deps: PaymentsDeps;
  let moderator: SessionUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    deps = paymentsDeps(t.deps);
    moderator = await makeModerator(t.database.db);
  });
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const mailContext = { appUrl: APP_URL, secret: "refund-test-secret" };

  async function hire(amount = 5000) {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const proposal = await submitProposal(t.domain, developer, project.id, proposalBody(amount));
    await acceptProposal(t.domain, client, proposal.id);
    const [c] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const [m] = await db().select().from(milestones).where(eq(milestones.contractId, c!.id));
    return { client, developer, project, contractId: c!.id, milestoneId: m!.id, milestoneTitle: m!.title };
  }
  /** The emails queued for `userId` since `since`, oldest first. */
  const mailsSince = (userId: string, since: Date) =>
    db()
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, userId), gte(emailOutbox.createdAt, since)))
      .orderBy(emailOutbox.id);
  const provider = () => createTestProvider({ db: db(), appUrl: "http://localhost", secret: t.deps.secret });
  const webhook = (body: string, signature: string) => handleWebhook(deps, body, new Headers({ [TEST_SIGNATURE_HEADER]: signature }));
  async function pay(client: SessionUser, milestoneId: string) {
    const { reference } = await startFunding(deps, client, milestoneId);
    const event = (await provider().complete(reference, "success"))!;
    return { reference, settle: () => webhook(event.body, event.signature) };
  }
  /**
   * A provider that records refunds (with our key as merchant note), or refuses them while `down`;
   * while `lost` it takes the refund and then fails (the answer lost on the way back); its lookup
   * by key fails while `lookupDown`.
   */
  function recordingProvider() {
    const calls: Array<[string, number]> = [];
    const keys = new Set<string>();
    const state = { down: false, lost: false, lookupDown: false };
    return {
      calls,
      state,
      refund: async (reference: string, cents: number, key: string) => {
        if (state.down) throw new Error("Paystack answered 503");
        calls.push([reference, cents]);
        keys.add(`${reference} ${key}`);
        if (state.lost) throw new Error("The operation was aborted due to timeout");
      },
      findRefund: async (reference: string, key: string) => {
        if (state.lookupDown) throw new Error("Paystack answered 503");
        return keys.has(`${reference} ${key}`);
      },
    };
  }
  const refundsOf = async (reference: string) =>
    db()
      .select({ cents: providerRefunds.amountCents, status: providerRefunds.status, attempts: providerRefunds.attempts, key: providerRefunds.eventKey })
      .from(providerRefunds)
      .innerJoin(payments, eq(payments.id, providerRefunds.paymentId))
      .where(eq(payments.reference, reference));

  it("queues a refund with the ledger's refund and sends it after commit, retrying while the provider is down, once", async () => {
    const h = await hire();
    const { reference, settle } = await pay(h.client, h.milestoneId);
    expect(await settle()).toBe("funded");
    const fake = recordingProvider();
    fake.state.down = true;
    // The refund request succeeds with the provider down: it is booked and queued, not sent.
    await refundMilestone(deps, h.developer, h.milestoneId);
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(0);
    expect(await refundsOf(reference)).toEqual([{ cents: 500_000, status: "pending", attempts: 0, key: `refund:${h.milestoneId}` }]);
    const now = Date.now();
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + MINUTE));
    expect(await refundsOf(reference)).toMatchObject([{ status: "pending", attempts: 1 }]);
    // Back up, but before the back-off has passed: not retried yet.
    fake.state.down = false;
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + MINUTE + 1000));
    expect(fake.calls).toEqual([]);
    // After it, from two instances at once: sent once.
    const later = new Date(now + 10 * MINUTE);
    await Promise.all([
      sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, later),
      sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, later),
    ]);
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + 60 * MINUTE));
    expect(fake.calls.filter(([ref]) => ref === reference)).toEqual([[reference, 500_000]]);
    expect(await refundsOf(reference)).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("never sends a refund twice when the provider took it and the answer was lost; a lookup that cannot answer sends it again", async () => {
    const h = await hire();
    const { reference, settle } = await pay(h.client, h.milestoneId);
    await settle();
    await disputeMilestone(deps, h.client, h.milestoneId, "Half of it was delivered");
    await resolveDispute(deps, moderator, h.milestoneId, "2500");
    const fake = recordingProvider();
    fake.state.lost = true;
    const now = Date.now();
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + MINUTE));
    expect(await refundsOf(reference)).toMatchObject([{ status: "pending", attempts: 1 }]);
    // The partial refund went through once: found by its key, it is marked sent, not sent again.
    fake.state.lost = false;
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + 10 * MINUTE));
    expect(fake.calls.filter(([ref]) => ref === reference)).toEqual([[reference, 250_000]]);
    expect(await refundsOf(reference)).toMatchObject([{ status: "sent", attempts: 2, key: `resolve-refund:${h.milestoneId}` }]);

    // A refund that failed before reaching the provider, retried while its lookup is down: sent (as before this check).
    const other = await hire();
    const paid = await pay(other.client, other.milestoneId);
    await paid.settle();
    await refundMilestone(deps, other.developer, other.milestoneId);
    fake.state.down = true;
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + MINUTE));
    fake.state.down = false;
    fake.state.lookupDown = true;
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(now + 10 * MINUTE));
    expect(fake.calls.filter(([ref]) => ref === paid.reference)).toEqual([[paid.reference, 500_000]]);
    expect(await refundsOf(paid.reference)).toMatchObject([{ status: "sent" }]);
  });

  it("gives a refund up as failed after the last attempt and tells every moderator once, by notice and email", async () => {
    const h = await hire();
    const since = new Date();
    const { reference, settle } = await pay(h.client, h.milestoneId);
    await settle();
    await refundMilestone(deps, h.developer, h.milestoneId);
    const fake = recordingProvider();
    fake.state.down = true;
    let at = Date.now();
    for (let i = 0; i < MAX_REFUND_ATTEMPTS; i++) {
      at += 2 * 60 * MINUTE; // past any back-off (at most an hour)
      await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(at));
    }
    expect(await refundsOf(reference)).toMatchObject([{ status: "failed", attempts: MAX_REFUND_ATTEMPTS }]);
    const subject = `A refund of ${formatCents(500_000)} to ${h.client.name} was refused by the payment provider`;
    const told = await db()
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, moderator.id), eq(notifications.type, "refund_failed"), gte(notifications.createdAt, since)));
    // Other tests' refunds left pending are given up by the same rounds: only this one's notice counts.
    expect(told.filter((n) => n.message === subject)).toEqual([{ message: subject, link: "/moderation" }]);
    const mails = (await mailsSince(moderator.id, since)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`payment ${reference}`);
    expect(mails[0]!.text).toContain("The provider's last answer: Paystack answered 503");
    expect(mails[0]!.text).toContain(`${APP_URL}/moderation`);
    // The client and developer hear nothing of it (the refund is owed; the moderators act).
    expect((await mailsSince(h.client.id, since)).some((m) => m.subject === subject)).toBe(false);
    fake.state.down = false;
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(at + 2 * 60 * MINUTE));
    expect(fake.calls.filter(([ref]) => ref === reference)).toEqual([]);
    // Moderators see it with the provider's last answer, and can send it to the job again.
    const failed = (await listFailedRefunds(db(), moderator)).find((r) => r.reference === reference)!;
    expect(failed).toMatchObject({
      amountCents: 500_000,
      attempts: MAX_REFUND_ATTEMPTS,
      lastError: "Paystack answered 503",
      contractId: h.contractId,
      payerName: h.client.name,
    });
    await expect(listFailedRefunds(db(), h.client)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(retryFailedRefund(db(), h.developer, failed.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(retryFailedRefund(db(), null, failed.id)).rejects.toBeInstanceOf(UnauthorizedError);
    await retryFailedRefund(db(), moderator, String(failed.id));
    await expect(retryFailedRefund(db(), moderator, failed.id)).rejects.toBeInstanceOf(ConflictError);
    await expect(retryFailedRefund(db(), moderator, "not-an-id")).rejects.toBeInstanceOf(ConflictError);
    expect((await listFailedRefunds(db(), moderator)).some((r) => r.reference === reference)).toBe(false);
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake });
    expect(fake.calls.filter(([ref]) => ref === reference)).toEqual([[reference, 500_000]]);
    expect(await refundsOf(reference)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("lists open disputes for moderators, oldest first, with who raised them, until resolved", async () => {
    const first = await hire(4000);
    const second = await hire(6000);
    const started = new Date();
    for (const h of [first, second]) await (await pay(h.client, h.milestoneId)).settle();
    await disputeMilestone(deps, first.developer, first.milestoneId, "The client stopped answering");
    await disputeMilestone(deps, second.client, second.milestoneId, "Nothing was delivered");
    const queue = (await listOpenDisputes(db(), moderator)).filter((d) => [first.milestoneId, second.milestoneId].includes(d.milestoneId));
    expect(queue.map((d) => [d.milestoneId, d.raisedBy, d.reason, d.amountCents])).toEqual([
      [first.milestoneId, "developer", "The client stopped answering", 400_000],
      [second.milestoneId, "client", "Nothing was delivered", 600_000],
    ]);
    expect(queue[1]).toMatchObject({
      contractId: second.contractId,
      projectTitle: second.project.title,
      clientName: second.client.name,
      developerName: second.developer.name,
    });
    await expect(listOpenDisputes(db(), first.client)).rejects.toBeInstanceOf(ForbiddenError);
    // Every moderator is told on the bell, of each dispute; nobody else gets that notice.
    const told = await db()
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.type, "dispute_opened"), gte(notifications.createdAt, started)));
    expect(told).toEqual([
      { userId: moderator.id, link: "/moderation" },
      { userId: moderator.id, link: "/moderation" },
    ]);
    // ...and by email, with who raised it, the reason and the money held.
    const mailed = await mailsSince(moderator.id, started);
    expect(mailed.map((m) => m.subject)).toEqual([`A dispute was opened on "${first.milestoneTitle}" (${first.project.title})`, expect.any(String)]);
    expect(mailed[0]!.text).toContain(`Raised by the developer on ${formatCents(400_000)} held in escrow.`);
    expect(mailed[0]!.text).toContain('The reason given: "The client stopped answering"');
    expect(mailed[0]!.text).toContain(`${APP_URL}/moderation`);
    await resolveDispute(deps, moderator, first.milestoneId, "4000");
    expect((await listOpenDisputes(db(), moderator)).map((d) => d.milestoneId)).not.toContain(first.milestoneId);
  });

  it("lets the other side of an open dispute give their side once, for the moderator; nobody else", async () => {
    const h = await hire(3000);
    await (await pay(h.client, h.milestoneId)).settle();
    const answer = "Every screen was delivered on time; the crash is a device setting.";
    // Not disputed yet.
    await expect(answerDispute(deps, h.developer, h.milestoneId, answer)).rejects.toBeInstanceOf(ConflictError);
    await disputeMilestone(deps, h.client, h.milestoneId, "The build crashes on start");
    const started = new Date();
    await expect(answerDispute(deps, h.client, h.milestoneId, answer)).rejects.toThrow("You opened this dispute: the other side answers it");
    await expect(answerDispute(deps, await makeDeveloper(db()), h.milestoneId, answer)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(answerDispute(deps, h.developer, h.milestoneId, "no")).rejects.toMatchObject({ fields: { answer: expect.any(String) } });
    await expect(answerDispute(deps, null, h.milestoneId, answer)).rejects.toBeInstanceOf(UnauthorizedError);
    await answerDispute(deps, h.developer, h.milestoneId, answer);
    await expect(answerDispute(deps, h.developer, h.milestoneId, "Another try at it")).rejects.toThrow("You have already answered this dispute");
    const queued = (await listOpenDisputes(db(), moderator)).find((d) => d.milestoneId === h.milestoneId)!;
    expect([queued.raisedBy, queued.reason, queued.response]).toEqual(["client", "The build crashes on start", answer]);
    const view = (await getContract(db(), h.client, h.contractId)).milestones[0]!;
    expect([view.disputedBy, view.feedback, view.disputeResponse]).toEqual(["client", "The build crashes on start", answer]);
    const told = await db()
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.type, "dispute_answered"), gte(notifications.createdAt, started)));
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: h.client.id, link: `/contracts/${h.contractId}` },
        { userId: moderator.id, link: "/moderation" },
      ]),
    );
    expect(told).toHaveLength(2);
    // Both are emailed the answer itself.
    for (const [userId, label] of [
      [h.client.id, "gave their side of the dispute on"],
      [moderator.id, "answered the dispute on"],
    ] as const) {
      const [mail] = await mailsSince(userId, started);
      expect(mail!.subject).toBe(`${h.developer.name} ${label} "${h.milestoneTitle}" (${h.project.title})`);
      expect(mail!.text).toContain(`Their side: "${answer}"`);
    }
    // Resolved, it cannot be answered any more.
    await resolveDispute(deps, moderator, h.milestoneId, "1500");
    await expect(answerDispute(deps, h.developer, h.milestoneId, answer)).rejects.toBeInstanceOf(ConflictError);
  });

  it("queues only the client's share of a resolved dispute, and nothing when it all goes to the developer", async () => {
    const split = await hire();
    const paidSplit = await pay(split.client, split.milestoneId);
    await paidSplit.settle();
    await disputeMilestone(deps, split.client, split.milestoneId, "The app crashes on start");
    await resolveDispute(deps, moderator, split.milestoneId, "2000");
    expect(await refundsOf(paidSplit.reference)).toMatchObject([{ cents: 300_000, key: `resolve-refund:${split.milestoneId}` }]);

    const whole = await hire();
    const paidWhole = await pay(whole.client, whole.milestoneId);
    await paidWhole.settle();
    await disputeMilestone(deps, whole.developer, whole.milestoneId, "The client does not answer");
    await resolveDispute(deps, moderator, whole.milestoneId, "5000");
    expect(await refundsOf(paidWhole.reference)).toEqual([]);
  });

  it("refunds a second payment of a funded milestone whole and tells its payer; the ledger holds the milestone once", async () => {
    const h = await hire();
    // Two checkouts opened for one milestone, both paid.
    const first = await pay(h.client, h.milestoneId);
    const second = await pay(h.client, h.milestoneId);
    expect(await first.settle()).toBe("funded");
    expect(await second.settle()).toBe("refunded");
    expect(await second.settle()).toBe("already");
    expect(await held(db(), { kind: "escrow", owner: h.contractId })).toBe(500_000);
    const [row] = await db().select({ status: payments.status }).from(payments).where(eq(payments.reference, second.reference));
    expect(row!.status).toBe("refunded");
    expect(await refundsOf(second.reference)).toEqual([{ cents: 500_000, status: "pending", attempts: 0, key: `duplicate:${second.reference}` }]);
    expect(await refundsOf(first.reference)).toEqual([]);
    const subject = `You paid twice for "Whole project" (${h.project.title}): ${formatCents(500_000)} is refunded to you`;
    const notices = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, h.client.id), eq(notifications.type, "payment_refunded")));
    expect(notices).toEqual([{ message: subject }]);
    const [mail] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, h.client.id), eq(emailOutbox.subject, subject)));
    expect(mail!.text).toContain(`payment ${second.reference} came through, so that payment is refunded in full`);
    // /payments shows it refunded in full; the totals count the milestone's money once.
    const mine = await listMyPayments(db(), h.client);
    const duplicate = mine.payments.find((p) => p.reference === second.reference)!;
    expect([duplicate.status, duplicate.refundedCents]).toEqual(["refunded", 500_000]);
    expect(mine.totals).toMatchObject({ paidCents: 500_000, inEscrowCents: 500_000, paidTwiceRefundedCents: 500_000 });
    // The job sends it to the provider.
    const fake = recordingProvider();
    await sendProviderRefunds({ ...mailContext, db: db(), provider: fake }, new Date(Date.now() + MINUTE));
    expect(fake.calls).toContainEqual([second.reference, 500_000]);
  });
});
