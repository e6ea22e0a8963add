/**
 * Payout transfers through an outbox (docs/decisions/0051-payout-transfer-outbox.md, docs/product.md
 * Payments "Payouts"): a withdrawal is queued with the ledger's debit and started after commit by
 * the transfer sender; a transfer whose answer was lost is looked up before it is tried again, so
 * it never starts twice; a refusal fails the payout and restores the balance; a provider that is
 * down is retried, never failed. The ledger's invariants are checked after every test.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import { contracts, emailOutbox, milestones, notifications, payouts } from "../../server/db/schema";
import { ConflictError, ForbiddenError } from "../../server/errors";
import { listStuckPayouts, retryStuckPayout } from "../../server/payments/disputes";
import { held, ledgerViolations } from "../../server/payments/ledger";
import {
  PAYOUT_ATTEMPTS_BEFORE_ALERT,
  PAYOUT_CHANNEL,
  payoutsOverview,
  reconcilePendingPayouts,
  requestPayout,
  saveBankAccount,
  sendPayoutTransfers,
} from "../../server/payments/payouts";
import { createTestProvider, TEST_SIGNATURE_HEADER } from "../../server/payments/providers/test";
import { ProviderRefusedError, type ProviderTransferStatus, type TransferDestination } from "../../server/payments/providers/types";
import { approveMilestone, handleWebhook, paymentsDeps, startFunding, submitMilestone, type PaymentsDeps } from "../../server/payments/service";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { formatCents } from "../../shared/format";
import { decidePayout, PAYOUT_STATUSES, PAYOUT_TRANSITIONS, type PayoutEvent } from "../../shared/payments";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeModerator, makeProject, proposalBody } from "../support/factories";

const MINUTE = 60_000;
const CAPITEC = { bankCode: "470010", accountNumber: "1234567890", holderName: "S Khumalo" };

describe("the payout machine (shared/payments.ts)", () => {
  it("lets only the system settle a payout, each outcome from the statuses listed, and refuses every other pair", () => {
    const allowed: Record<PayoutEvent, string[]> = { paid: ["pending"], failed: ["pending"], reversed: ["pending", "paid"] };
    for (const event of Object.keys(PAYOUT_TRANSITIONS) as PayoutEvent[]) {
      for (const status of PAYOUT_STATUSES) {
        expect(decidePayout(status, event, "system"), `${event} from ${status}`).toBe(allowed[event].includes(status) ? PAYOUT_TRANSITIONS[event].to : null);
        for (const actor of ["client", "developer", "moderator"] as const) expect(decidePayout(status, event, actor)).toBeNull();
      }
    }
    expect([PAYOUT_TRANSITIONS.paid.to, PAYOUT_TRANSITIONS.failed.to, PAYOUT_TRANSITIONS.reversed.to]).toEqual(["paid", "failed", "reversed"]);
  });
});

describe.each(DB_KINDS)("payout transfers on %s", (kind) => {
  let t: TestApp;
  let deps: PaymentsDeps;
  beforeAll(async () => {
    t = await createTestApp(kind);
    deps = paymentsDeps(t.deps);
  });
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const testProvider = () => createTestProvider({ db: db(), appUrl: "http://localhost", secret: t.deps.secret });

  /** A developer with R`rand` less 7.5% in their balance and a Capitec account saved. */
  async function developerWithBalance(rand = 5000): Promise<SessionUser> {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const proposal = await submitProposal(t.domain, developer, project.id, proposalBody(rand));
    await acceptProposal(t.domain, client, proposal.id);
    const [c] = await db().select().from(contracts).where(eq(contracts.proposalId, proposal.id));
    const [m] = await db().select().from(milestones).where(eq(milestones.contractId, c!.id));
    const { reference } = await startFunding(deps, client, m!.id);
    const event = (await testProvider().complete(reference, "success"))!;
    await handleWebhook(deps, event.body, new Headers({ [TEST_SIGNATURE_HEADER]: event.signature }));
    await submitMilestone(deps, developer, m!.id, "Done");
    await approveMilestone(deps, client, m!.id);
    await saveBankAccount(deps, developer, CAPITEC);
    return developer;
  }
  const balanceOf = (developer: SessionUser) => held(db(), { kind: "developer_balance", owner: developer.id });
  const payout = async (reference: string) => (await db().select().from(payouts).where(eq(payouts.reference, reference)))[0]!;

  /**
   * A provider that records transfers. `mode`: "up" answers; "down" throws before doing anything;
   * "lost" starts the transfer and then throws (the answer lost on the way back); "refuse"
   * answers no. Only the payouts this test requested are acted on (others in the file are ignored).
   */
  function recordingProvider(mine: () => string[]) {
    const started = new Map<string, { cents: number; to: TransferDestination; status: ProviderTransferStatus }>();
    const calls: string[] = [];
    const state = { mode: "up" as "up" | "down" | "lost" | "refuse" };
    return {
      started,
      calls,
      state,
      name: "test" as const,
      async createTransfer(input: { reference: string; amountCents: number; to: TransferDestination; reason: string }) {
        if (!mine().includes(input.reference)) throw new Error("another test's payout");
        calls.push(`create ${input.reference}`);
        if (state.mode === "down") throw new Error("connect ECONNREFUSED");
        if (state.mode === "refuse") throw new ProviderRefusedError("Paystack POST /transferrecipient answered 400: Account number is invalid");
        if (started.has(input.reference)) throw new Error(`second transfer under ${input.reference}`);
        started.set(input.reference, { cents: input.amountCents, to: input.to, status: "pending" });
        if (state.mode === "lost") throw new Error("The operation was aborted due to timeout");
        return { recipientCode: "RCP_1" };
      },
      async verifyTransfer(reference: string) {
        if (!mine().includes(reference)) throw new Error("another test's payout");
        calls.push(`verify ${reference}`);
        if (state.mode === "down") throw new Error("connect ECONNREFUSED");
        return { status: started.get(reference)?.status ?? ("missing" as const) };
      },
    };
  }
  function withProvider(fake: ReturnType<typeof recordingProvider>) {
    return { ...deps, provider: { ...deps.provider, createTransfer: fake.createTransfer, verifyTransfer: fake.verifyTransfer } };
  }

  it("queues the transfer with the debit and wakes the sender at commit; the request never calls the provider", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    const woken: string[] = [];
    const unlisten = await t.database.listen(PAYOUT_CHANNEL, (payload) => woken.push(payload));
    try {
      const { reference } = await requestPayout(withProvider(fake), developer, "1000");
      mine.push(reference);
      expect(fake.calls).toEqual([]);
      expect(await balanceOf(developer)).toBe(462_500 - 100_000);
      expect(await payout(reference)).toMatchObject({ status: "pending", transferAttempts: 0, transferSentAt: null, ...CAPITEC });
      await expect.poll(() => woken.length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }
    const sent = await sendPayoutTransfers(withProvider(fake));
    expect(sent.started).toBeGreaterThanOrEqual(1);
    expect(fake.calls).toEqual([`create ${mine[0]}`]);
    expect(fake.started.get(mine[0]!)).toMatchObject({ cents: 100_000, to: { ...CAPITEC, recipientCode: null } });
    const row = await payout(mine[0]!);
    expect(row).toMatchObject({ status: "pending", transferNextAt: null, transferError: null });
    expect(row.transferSentAt).toBeInstanceOf(Date);
    // Started once: another round finds nothing of this payout to send.
    await sendPayoutTransfers(withProvider(fake), new Date(Date.now() + 60 * MINUTE));
    expect(fake.calls).toEqual([`create ${mine[0]}`]);
  });

  it("keeps a payout pending while the provider is down and starts it once it answers", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    fake.state.mode = "down";
    const { reference } = await requestPayout(withProvider(fake), developer, "500");
    mine.push(reference);
    const now = Date.now();
    await sendPayoutTransfers(withProvider(fake), new Date(now));
    expect(await payout(reference)).toMatchObject({ status: "pending", transferAttempts: 1, transferError: "connect ECONNREFUSED" });
    expect(await balanceOf(developer)).toBe(462_500 - 50_000);
    // Backing off: not due 10 s later; due after 30 s, and then looked up before it is tried again.
    await sendPayoutTransfers(withProvider(fake), new Date(now + 10_000));
    expect(fake.calls).toEqual([`create ${reference}`]);
    fake.state.mode = "up";
    await sendPayoutTransfers(withProvider(fake), new Date(now + 31_000));
    expect(fake.calls).toEqual([`create ${reference}`, `verify ${reference}`, `create ${reference}`]);
    expect(await payout(reference)).toMatchObject({ status: "pending", transferAttempts: 2, transferNextAt: null, transferError: null });
  });

  it("never starts a transfer twice when the provider started it and the answer was lost, nor gives the money back meanwhile", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    fake.state.mode = "lost";
    const { reference } = await requestPayout(withProvider(fake), developer, "2000");
    mine.push(reference);
    const now = Date.now();
    await sendPayoutTransfers(withProvider(fake), new Date(now));
    // The money is on its way: the payout stays pending and the balance is not restored.
    expect(await payout(reference)).toMatchObject({ status: "pending", transferAttempts: 1 });
    expect(await balanceOf(developer)).toBe(462_500 - 200_000);
    fake.state.mode = "up";
    await sendPayoutTransfers(withProvider(fake), new Date(now + 31_000));
    expect(fake.calls).toEqual([`create ${reference}`, `verify ${reference}`]);
    expect(await payout(reference)).toMatchObject({ status: "pending", transferNextAt: null });
    // A process that stopped after claiming it: its lease runs out and the next sender looks it up too.
    const other = (await requestPayout(withProvider(fake), developer, "100")).reference;
    mine.push(other);
    await db()
      .update(payouts)
      .set({ transferAttempts: 1, transferNextAt: new Date(now - 1000) })
      .where(eq(payouts.reference, other));
    fake.started.set(other, { cents: 10_000, to: { ...CAPITEC, recipientCode: null }, status: "paid" });
    await sendPayoutTransfers(withProvider(fake), new Date(now + 31_000));
    expect(fake.calls.slice(2)).toEqual([`verify ${other}`]);
    // The provider had already paid it: settled as paid, and the developer told.
    expect(await payout(other)).toMatchObject({ status: "paid", transferNextAt: null });
    expect(await balanceOf(developer)).toBe(462_500 - 200_000 - 10_000);
  });

  it("fails a payout the provider refuses to start, restores the balance and tells the developer; it is not tried again", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    fake.state.mode = "refuse";
    const { reference } = await requestPayout(withProvider(fake), developer, "300");
    mine.push(reference);
    expect(await sendPayoutTransfers(withProvider(fake))).toMatchObject({ failed: 1 });
    const reason = "The bank transfer could not be started";
    expect(await payout(reference)).toMatchObject({
      status: "failed",
      failureReason: reason,
      transferNextAt: null,
      transferError: "Paystack POST /transferrecipient answered 400: Account number is invalid",
    });
    expect(await balanceOf(developer)).toBe(462_500);
    expect((await payoutsOverview(db(), developer)).payouts[0]).toMatchObject({ reference, status: "failed", failureReason: reason });
    const notices = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, developer.id), eq(notifications.type, "payout_failed")));
    expect(notices).toEqual([
      { message: `Your payout of ${formatCents(30_000)} to Capitec Bank ••••7890 failed (${reason}): the money is back in your balance` },
    ]);
    await sendPayoutTransfers(withProvider(fake), new Date(Date.now() + 60 * MINUTE));
    expect(fake.calls).toEqual([`create ${reference}`]);
  });

  it("tells every moderator once when a transfer still cannot start after 8 tries, lists it, and a moderator's Try now looks it up first", async () => {
    const developer = await developerWithBalance();
    const moderator = await makeModerator(db());
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    fake.state.mode = "down";
    const since = new Date();
    const { reference } = await requestPayout(withProvider(fake), developer, "400");
    mine.push(reference);
    const subject = `A payout of ${formatCents(40_000)} to ${developer.name} has not started`;
    // This payout's alerts (other tests' payouts left queued cross the line in the same rounds).
    const alerts = () =>
      db()
        .select({ message: notifications.message, link: notifications.link })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, moderator.id),
            eq(notifications.type, "payout_stuck"),
            eq(notifications.message, subject),
            gte(notifications.createdAt, since),
          ),
        );
    let at = Date.now();
    for (let i = 1; i < PAYOUT_ATTEMPTS_BEFORE_ALERT; i++) {
      at += 2 * 60 * MINUTE; // past any back-off (at most an hour)
      await sendPayoutTransfers(withProvider(fake), new Date(at));
    }
    expect(await payout(reference)).toMatchObject({ status: "pending", transferAttempts: PAYOUT_ATTEMPTS_BEFORE_ALERT - 1 });
    expect(await alerts()).toEqual([]);
    expect((await listStuckPayouts(db(), moderator)).some((p) => p.reference === reference)).toBe(false);
    // The developer sees it waiting, not failed.
    expect((await payoutsOverview(db(), developer)).payouts.find((p) => p.reference === reference)).toMatchObject({ status: "pending", waiting: true });
    at += 2 * 60 * MINUTE;
    await sendPayoutTransfers(withProvider(fake), new Date(at));
    expect(await alerts()).toEqual([{ message: subject, link: "/moderation" }]);
    const mails = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, moderator.id), eq(emailOutbox.subject, subject), gte(emailOutbox.createdAt, since)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`payout ${reference}`);
    expect(mails[0]!.text).toContain("The provider's last answer: connect ECONNREFUSED");
    // A ninth failure tells nobody again.
    at += 2 * 60 * MINUTE;
    await sendPayoutTransfers(withProvider(fake), new Date(at));
    expect(await alerts()).toHaveLength(1);
    const stuck = (await listStuckPayouts(db(), moderator)).find((p) => p.reference === reference)!;
    expect(stuck).toMatchObject({
      amountCents: 40_000,
      attempts: PAYOUT_ATTEMPTS_BEFORE_ALERT + 1,
      lastError: "connect ECONNREFUSED",
      developerName: developer.name,
      destination: "Capitec Bank ••••7890",
    });
    expect(new Date(stuck.nextAttemptAt).getTime()).toBe(at + 60 * MINUTE);
    await expect(listStuckPayouts(db(), developer)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(retryStuckPayout(db(), developer, stuck.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(retryStuckPayout(db(), moderator, "not-an-id")).rejects.toBeInstanceOf(ConflictError);
    // While an attempt may be under way (claimed: due at its lease's end), Try now is refused.
    await db()
      .update(payouts)
      .set({ transferNextAt: new Date(at + 2 * MINUTE) })
      .where(eq(payouts.reference, reference));
    await expect(retryStuckPayout(db(), moderator, stuck.id, new Date(at))).rejects.toThrow("being tried now");
    await db()
      .update(payouts)
      .set({ transferNextAt: new Date(at + 60 * MINUTE) })
      .where(eq(payouts.reference, reference));
    // The provider answers again: Try now makes it due at once and wakes the senders.
    fake.state.mode = "up";
    const woken: string[] = [];
    const unlisten = await t.database.listen(PAYOUT_CHANNEL, (payload) => woken.push(payload));
    try {
      await retryStuckPayout(db(), moderator, stuck.id, new Date(at));
      await expect.poll(() => woken.length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }
    const calls = fake.calls.length;
    await sendPayoutTransfers(withProvider(fake), new Date(at));
    // Looked up before it is started (an earlier attempt may have reached the provider), once.
    expect(fake.calls.slice(calls)).toEqual([`verify ${reference}`, `create ${reference}`]);
    expect((await payout(reference)).transferSentAt).toBeInstanceOf(Date);
    expect((await listStuckPayouts(db(), moderator)).some((p) => p.reference === reference)).toBe(false);
    expect((await payoutsOverview(db(), developer)).payouts.find((p) => p.reference === reference)).toMatchObject({ status: "pending", waiting: false });
    await expect(retryStuckPayout(db(), moderator, stuck.id, new Date(at))).rejects.toBeInstanceOf(ConflictError);
  });

  it("sends to the account saved when the payout was requested, not one that replaced it afterwards", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    await requestPayout(withProvider(fake), developer, "100").then(({ reference }) => mine.push(reference));
    await sendPayoutTransfers(withProvider(fake));
    const second = (await requestPayout(withProvider(fake), developer, "100")).reference;
    mine.push(second);
    // Replaced before the sender ran (and now on hold): the queued payout still goes to Capitec, without the old recipient code.
    await saveBankAccount(deps, developer, { bankCode: "250655", accountNumber: "62000000001", holderName: "Someone Else" });
    await sendPayoutTransfers(withProvider(fake));
    expect(fake.started.get(second)?.to).toEqual({ ...CAPITEC, recipientCode: null });
    expect((await payoutsOverview(db(), developer)).payouts[0]!.destination).toBe("Capitec Bank ••••7890");
  });

  it("starts a transfer once when two senders run at once", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    for (const rand of ["100", "200", "300"]) mine.push((await requestPayout(withProvider(fake), developer, rand)).reference);
    await Promise.all([sendPayoutTransfers(withProvider(fake)), sendPayoutTransfers(withProvider(fake))]);
    expect(fake.calls.filter((c) => c.startsWith("create")).sort()).toEqual(mine.map((r) => `create ${r}`).sort());
    for (const r of mine) expect((await payout(r)).transferSentAt).toBeInstanceOf(Date);
  });

  it("reconciles only payouts whose transfer started; the test checkout's tester starts one first", async () => {
    const developer = await developerWithBalance();
    const mine: string[] = [];
    const fake = recordingProvider(() => mine);
    fake.state.mode = "down";
    const { reference } = await requestPayout(withProvider(fake), developer, "100");
    mine.push(reference);
    await reconcilePendingPayouts(withProvider(fake), new Date(Date.now() + 60 * MINUTE));
    expect(fake.calls).toEqual([]);
    expect((await payout(reference)).status).toBe("pending");
    // With the test provider: the tester's "paid" starts the transfer first, then pays it.
    const { completeTestPayout } = await import("../../server/payments/service");
    const queued = (await requestPayout(deps, developer, "100")).reference;
    await completeTestPayout(deps, developer, queued, "paid").catch(() => undefined);
    expect((await payout(queued)).transferSentAt).toBeInstanceOf(Date);
  });
});
