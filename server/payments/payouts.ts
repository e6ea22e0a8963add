/**
 * Developer balances and payouts (docs/product.md, Payments "Payouts"): a South African bank
 * account (a bank from the provider's list), withdrawals of the available balance (at least R100)
 * and their states: pending (moved to payouts in transit), paid, failed (balance restored) and
 * reversed (balance restored), changed only as PAYOUT_TRANSITIONS (shared/payments.ts) allow.
 * Each payout settles once under its row lock; the ledger journal of each step is keyed by the
 * payout's reference. Transfers start after commit through an outbox (decision 0051).
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { BANK_CHANGE_HOLD_HOURS, decidePayout, maskAccount, parsePayoutAmount, type Bank } from "../../shared/payments";
import { formatCents, formatDateTime } from "../../shared/format";
import { bankAccountSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { bankAccounts, payouts, type PayoutStatus } from "../db/schema";
import { backoffMs, LEASE_MS } from "../email/outbox";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { log } from "../log";
import { applyEffects } from "../notifications/effects";
import { held, postJournal } from "./ledger";
import { assertMayMoveMoney, VERIFY_BEFORE_PAYMENTS } from "./gate";
import { ProviderRefusedError } from "./providers/types";
import { alertModerators } from "./alerts";
import { parseInput } from "../validation";
import type { PaymentsDeps } from "./service";

/**
 * The signed-in developer. `moving` (saving a bank account, withdrawing) also needs a verified
 * email address (assertMayMoveMoney); looking at the balance and payouts does not (docs/product.md,
 * Trust and safety). Throws UnauthorizedError, ForbiddenError.
 */
async function requireDeveloper(db: Db, user: SessionUser | null, moving = true) {
  const me = requireUser(user);
  if (me.userType !== "developer") throw new ForbiddenError("Only developers have a balance to withdraw");
  if (moving) assertMayMoveMoney(me);
  return me;
}

/** The banks payouts can go to (the provider's list). */
export function listBanks(deps: PaymentsDeps): Promise<Bank[]> {
  return deps.provider.listBanks();
}

/**
 * Saves the developer's bank account. Replacing an earlier one (any of bank, number or holder
 * changed) holds payouts to it for BANK_CHANGE_HOLD_HOURS and tells the developer by notice and
 * email; saving the same details again changes nothing. Returns when payouts to the account may
 * start (null: now). Throws ValidationError with field messages, ForbiddenError.
 */
export async function saveBankAccount(deps: PaymentsDeps, user: SessionUser | null, input: unknown): Promise<{ payoutsFrom: Date | null }> {
  const me = await requireDeveloper(deps.db, user);
  const data = parseInput(bankAccountSchema, input);
  const bank = (await listBanks(deps)).find((b) => b.code === data.bankCode);
  if (!bank) throw new ValidationError({ bankCode: "Choose your bank from the list" });
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, me.id)).for("update");
    const same = before && before.bankCode === bank.code && before.accountNumber === data.accountNumber && before.holderName === data.holderName;
    if (same) return { payoutsFrom: before.payoutsFrom && before.payoutsFrom > now ? before.payoutsFrom : null };
    // Replacing an account holds payouts to the new one, and the owner is told at once, by bell
    // and by an email that is always sent (docs/product.md, Payments "Payouts").
    const payoutsFrom = before ? new Date(now.getTime() + BANK_CHANGE_HOLD_HOURS * 3_600_000) : null;
    const row = {
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: data.accountNumber,
      holderName: data.holderName,
      recipientCode: null,
      payoutsFrom,
      updatedAt: now,
    };
    await tx
      .insert(bankAccounts)
      .values({ userId: me.id, ...row })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: row });
    if (before && payoutsFrom) {
      const subject = `Your payout bank account was changed to ${bank.name} ${maskAccount(data.accountNumber)}`;
      const details = [
        `It replaced ${before.bankName} ${maskAccount(before.accountNumber)} on ${formatDateTime(now)}. For your safety, payouts to the new account start on ${formatDateTime(payoutsFrom)}.`,
        "If you did not make this change, reset your password now and tell us through Support: someone may be signed in as you.",
      ];
      await applyEffects(tx, deps, {
        notices: [{ userId: me.id, type: "bank_account_changed", message: subject, link: "/payouts" }],
        emails: [{ template: "payment-update", userId: me.id, data: { subject, details, link: "/payouts", linkLabel: "Payouts" } }],
      });
    }
    return { payoutsFrom };
  });
}

/** Why a payout to `account` is refused at `now` while a replaced account is on hold, or null. */
function bankHold(account: { payoutsFrom: Date | null }, now: Date): string | null {
  if (!account.payoutsFrom || account.payoutsFrom <= now) return null;
  return `Your bank account was changed recently. For your safety, payouts to it start on ${formatDateTime(account.payoutsFrom)}.`;
}

export interface PayoutsOverview {
  balanceCents: number;
  /**
   * payoutsFrom: while a replaced account is on hold (BANK_CHANGE_HOLD_HOURS), when payouts to it
   * may start (ISO), and hold: the sentence a payout is refused with meanwhile; else both null.
   */
  bank: { bankName: string; masked: string; holderName: string; payoutsFrom: string | null; hold: string | null } | null;
  /** null, or why the bank account and withdrawal forms are not offered: the email is not verified yet (VERIFY_BEFORE_PAYMENTS). */
  verifyFirst: string | null;
  /** waiting: pending, and the provider has not yet started its bank transfer after an attempt that failed (it is retried). */
  payouts: Array<{
    id: string;
    reference: string;
    amountCents: number;
    status: PayoutStatus;
    destination: string;
    failureReason: string;
    createdAt: string;
    waiting: boolean;
  }>;
}

/**
 * The developer's available balance, bank account and payouts (newest first); also before their
 * email is verified, when `verifyFirst` says why they cannot add a bank account or withdraw yet.
 */
export async function payoutsOverview(db: Db, user: SessionUser | null): Promise<PayoutsOverview> {
  const me = await requireDeveloper(db, user, false);
  const [bank] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, me.id));
  const list = await db.select().from(payouts).where(eq(payouts.userId, me.id)).orderBy(desc(payouts.createdAt)).limit(100);
  return {
    balanceCents: await held(db, { kind: "developer_balance", owner: me.id }),
    bank: bank
      ? {
          bankName: bank.bankName,
          masked: maskAccount(bank.accountNumber),
          holderName: bank.holderName,
          payoutsFrom: bank.payoutsFrom && bank.payoutsFrom > new Date() ? bank.payoutsFrom.toISOString() : null,
          hold: bankHold(bank, new Date()),
        }
      : null,
    verifyFirst: me.emailVerified ? null : VERIFY_BEFORE_PAYMENTS,
    payouts: list.map((p) => ({
      id: p.id,
      reference: p.reference,
      amountCents: p.amountCents,
      status: p.status,
      destination: p.destination,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
      waiting: p.status === "pending" && !p.transferSentAt && p.transferError !== null,
    })),
  };
}

/** NOTIFY channel that wakes every instance's transfer sender when a payout is requested (decision 0051). */
export const PAYOUT_CHANNEL = "buildza_payouts";

/**
 * Withdraws `amount` rand of the developer's available balance to their bank account. The bank
 * account row is locked, so two withdrawals of one developer queue and the second sees the first's
 * debit (never an overdraft). In one transaction the money moves to payouts in transit and the
 * transfer is queued with the account as it is now (decision 0051); the transfer sender starts it
 * after commit (`sendPayoutTransfers`), so a provider that is slow or down never fails or holds up
 * the request. Throws ValidationError (amount under R100 or above the balance), ConflictError (no
 * bank account, or one on hold after a change).
 */
export async function requestPayout(deps: PaymentsDeps, user: SessionUser | null, amount: unknown): Promise<{ reference: string }> {
  const me = await requireDeveloper(deps.db, user);
  const parsed = parsePayoutAmount(amount);
  if (!parsed.ok) throw new ValidationError({ amount: parsed.message });
  const cents = parsed.cents;
  const reference = `po_${randomBytes(12).toString("hex")}`;
  await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, me.id)).for("update");
    if (!account) throw new ConflictError("Add your bank account first");
    const hold = bankHold(account, new Date());
    if (hold) throw new ConflictError(hold);
    const balance = await held(tx, { kind: "developer_balance", owner: me.id });
    if (cents > balance) throw new ValidationError({ amount: "That is more than your available balance" });
    await tx.insert(payouts).values({
      reference,
      userId: me.id,
      amountCents: cents,
      destination: `${account.bankName} ${maskAccount(account.accountNumber)}`,
      bankCode: account.bankCode,
      accountNumber: account.accountNumber,
      holderName: account.holderName,
      transferNextAt: new Date(),
    });
    await postJournal(tx, {
      kind: "payout",
      eventKey: `payout:${reference}`,
      memo: `Payout to ${account.bankName} ${maskAccount(account.accountNumber)}`,
      lines: [
        { account: { kind: "developer_balance", owner: me.id }, cents },
        { account: { kind: "payouts_in_transit" }, cents: -cents },
      ],
    });
    // Delivered at commit: wakes the sender on every instance (one of them claims it).
    await tx.execute(sql`select pg_notify(${PAYOUT_CHANNEL}, '')`);
  });
  return { reference };
}

/** Attempts after which a transfer that still cannot be started is logged as an error for an operator (it is still retried). */
export const PAYOUT_ATTEMPTS_BEFORE_ALERT = 8;

/** What a payout failed with when the provider refused to start its transfer. */
const NOT_STARTED = "The bank transfer could not be started";

interface ClaimedPayout {
  id: string;
  reference: string;
  user_id: string;
  amount_cents: number | string;
  bank_code: string;
  account_number: string;
  holder_name: string;
  user_name: string | null;
  transfer_attempts: number;
}

/**
 * The payout transfer sender (decision 0051; every instance, woken by PAYOUT_CHANNEL and every
 * minute): claims up to `batch` payouts whose transfer is due at `now` (FOR UPDATE SKIP LOCKED,
 * leased for LEASE_MS) and starts each at the provider under the payout's reference. A payout
 * tried before is first looked up at the provider, so a transfer that started but whose answer
 * was lost is never started twice. A refusal (and the provider holding no such transfer) fails
 * the payout and restores the balance; any other error retries with backoffMs, forever (money in
 * transit is never given back while the provider may still pay it). Returns how many transfers
 * started and how many payouts failed or are waiting to retry.
 */
export async function sendPayoutTransfers(
  deps: Pick<PaymentsDeps, "db" | "provider" | "appUrl" | "secret">,
  now: Date = new Date(),
  batch = 20,
): Promise<{ started: number; failed: number; retrying: number }> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await deps.db.execute(sql`
    update payouts p
    set transfer_attempts = p.transfer_attempts + 1, transfer_next_at = ${leaseUntil}::timestamptz
    from (
      select q.id, u.name as user_name from payouts q left join users u on u.id = q.user_id
      where q.transfer_next_at <= ${now.toISOString()}::timestamptz
      order by q.transfer_next_at, q.id
      limit ${batch}
      for update of q skip locked
    ) due
    where p.id = due.id
    returning p.id, p.reference, p.user_id, p.amount_cents, p.bank_code, p.account_number, p.holder_name, due.user_name, p.transfer_attempts`);
  const claimed = (result as unknown as { rows: ClaimedPayout[] }).rows;
  const counts = { started: 0, failed: 0, retrying: 0 };
  for (const row of claimed) {
    const attempts = Number(row.transfer_attempts);
    const started = async () => {
      await deps.db.update(payouts).set({ transferNextAt: null, transferSentAt: new Date(), transferError: null }).where(eq(payouts.id, row.id));
      counts.started++;
    };
    try {
      // Tried before: the provider may have started it and the answer was lost (a timeout, a
      // process that stopped). Its word decides; "missing" means it never started.
      const before = attempts > 1 ? await deps.provider.verifyTransfer(row.reference) : { status: "missing" as const };
      if (before.status !== "missing") {
        await started();
        if (before.status !== "pending") await settlePayout(deps, row.reference, before.status, before.reason);
        continue;
      }
      const [account] = await deps.db.select().from(bankAccounts).where(eq(bankAccounts.userId, row.user_id));
      // The provider's recipient is reused only while the saved account is still the one this payout goes to.
      const same = account && account.bankCode === row.bank_code && account.accountNumber === row.account_number && account.holderName === row.holder_name;
      const { recipientCode } = await deps.provider.createTransfer({
        reference: row.reference,
        amountCents: Number(row.amount_cents),
        reason: `BuildZA payout to ${row.user_name ?? row.holder_name}`,
        to: { bankCode: row.bank_code, accountNumber: row.account_number, holderName: row.holder_name, recipientCode: same ? account.recipientCode : null },
      });
      await started();
      if (same && recipientCode && recipientCode !== account.recipientCode) {
        await deps.db.update(bankAccounts).set({ recipientCode }).where(eq(bankAccounts.userId, row.user_id));
      }
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (error instanceof ProviderRefusedError) {
        log().warn({ err: error, reference: row.reference }, "the provider refused a payout");
        await settlePayout(deps, row.reference, "failed", NOT_STARTED);
        await deps.db.update(payouts).set({ transferError: message }).where(eq(payouts.id, row.id));
        counts.failed++;
        continue;
      }
      counts.retrying++;
      const alert = attempts >= PAYOUT_ATTEMPTS_BEFORE_ALERT;
      log()[alert ? "error" : "warn"](
        { err: error, reference: row.reference, cents: Number(row.amount_cents), attempts },
        alert ? "a payout's transfer still cannot be started: check the provider" : "payout transfer failed, will retry",
      );
      await deps.db.transaction(async (tx) => {
        const [waiting] = await tx
          .update(payouts)
          .set({ transferNextAt: new Date(now.getTime() + backoffMs(attempts)), transferError: message })
          .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending")))
          .returning({ id: payouts.id });
        // Once, at the attempt that crosses the line: the moderators' list shows it from then on.
        if (waiting && attempts === PAYOUT_ATTEMPTS_BEFORE_ALERT) {
          await alertModerators(tx, deps, {
            type: "payout_stuck",
            subject: `A payout of ${formatCents(Number(row.amount_cents))} to ${row.user_name ?? row.holder_name} has not started`,
            details: [
              `The payment provider has not started the bank transfer (payout ${row.reference}) after ${attempts} tries. It is tried again every hour, and the money stays out of the developer's balance meanwhile.`,
              `The provider's last answer: ${message}`,
              'Check the provider\'s dashboard and our keys; Moderation lists it with "Try now".',
            ],
          });
        }
      });
    }
  }
  return counts;
}

/**
 * Settles payout `reference` as the provider reports it, once per step: pending -> paid | failed |
 * reversed, paid -> reversed; anything else is left as it is ("already"). Failed and reversed
 * payouts give the money back to the developer's balance. The developer gets a notice and an email
 * of the outcome in the same transaction (`deps.appUrl` for its link).
 */
export async function settlePayout(
  deps: Pick<PaymentsDeps, "db" | "appUrl" | "secret">,
  reference: string,
  status: "paid" | "failed" | "reversed",
  reason = "",
): Promise<"settled" | "already"> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.reference, reference)).for("update");
    if (!p) throw new NotFoundError("Payout not found");
    if (!decidePayout(p.status, status, "system")) return "already";
    const balance = { kind: "developer_balance" as const, owner: p.userId };
    const lines =
      status === "paid"
        ? [
            { account: { kind: "payouts_in_transit" as const }, cents: p.amountCents },
            { account: { kind: "client_funding" as const }, cents: -p.amountCents },
          ]
        : p.status === "paid"
          ? // Reversed after it was paid: the money came back to us, and to the balance.
            [
              { account: { kind: "client_funding" as const }, cents: p.amountCents },
              { account: balance, cents: -p.amountCents },
            ]
          : [
              { account: { kind: "payouts_in_transit" as const }, cents: p.amountCents },
              { account: balance, cents: -p.amountCents },
            ];
    await postJournal(tx, {
      kind: status === "paid" ? "payout_paid" : status === "failed" ? "payout_failed" : "payout_reversed",
      eventKey: `payout_${status}:${reference}`,
      memo: status === "paid" ? "Payout paid" : status === "failed" ? "Payout failed: balance restored" : "Payout reversed: balance restored",
      lines,
    });
    const now = new Date();
    const failureReason = status === "paid" ? "" : reason || (status === "failed" ? "The bank transfer failed" : "The bank transfer was reversed");
    // A settled payout has nothing left to start (transferNextAt null).
    await tx.update(payouts).set({ status, failureReason, settledAt: now, updatedAt: now, transferNextAt: null }).where(eq(payouts.id, p.id));
    // The developer hears of the outcome (docs/product.md, Payments "Payouts"), above all when the money came back.
    const amount = `${formatCents(p.amountCents)} to ${p.destination}`;
    const why = reason ? ` (${reason})` : "";
    const notice =
      status === "paid"
        ? `Your payout of ${amount} was paid`
        : `Your payout of ${amount} ${status === "failed" ? "failed" : "was reversed by the bank"}${why}: the money is back in your balance`;
    const details =
      status === "paid"
        ? [`${formatCents(p.amountCents)} was sent to ${p.destination}. Reference ${reference}.`]
        : [`Check your bank account details on Payouts, then withdraw again. Reference ${reference}.`];
    await applyEffects(tx, deps, {
      notices: [{ userId: p.userId, type: `payout_${status}`, message: notice, link: "/payouts" }],
      emails: [{ template: "payment-update", userId: p.userId, data: { subject: notice, details, link: "/payouts", linkLabel: "Payouts" } }],
    });
    return "settled";
  });
}

/**
 * Payout reconciliation job (docs/product.md, Payments "Payouts"): asks the provider about payouts
 * still pending `minAgeMs` after their transfer started (default 1 minute, at most 100 a round,
 * oldest first) and settles each answer through settlePayout, the row-locked path the transfer
 * webhook takes, so a webhook and the job racing each other settle a payout once. Payouts not yet
 * started are the transfer sender's. A provider that cannot answer, or has lost the transfer, is
 * logged and asked again next round. Returns how many payouts settled.
 */
export async function reconcilePendingPayouts(
  deps: Pick<PaymentsDeps, "db" | "provider" | "appUrl" | "secret">,
  now = new Date(),
  minAgeMs = 60_000,
): Promise<number> {
  const due = await deps.db
    .select({ reference: payouts.reference })
    .from(payouts)
    .where(and(eq(payouts.status, "pending"), lt(payouts.transferSentAt, new Date(now.getTime() - minAgeMs))))
    .orderBy(asc(payouts.transferSentAt))
    .limit(100);
  let settled = 0;
  for (const p of due) {
    try {
      const answer = await deps.provider.verifyTransfer(p.reference);
      if (answer.status === "pending") continue;
      if (answer.status === "missing") {
        log().error({ reference: p.reference }, "the provider has no transfer for a started payout");
        continue;
      }
      if ((await settlePayout(deps, p.reference, answer.status, answer.reason)) === "settled") settled++;
    } catch (error) {
      log().warn({ err: error, reference: p.reference }, "payout reconciliation failed");
    }
  }
  return settled;
}
