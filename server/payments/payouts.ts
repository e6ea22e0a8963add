/**
 * Developer balances and payouts (docs/product.md, Payments "Payouts"): a South African bank
 * account (a bank from the provider's list), withdrawals of the available balance (at least R100)
 * and their states: pending (moved to payouts in transit), paid, failed (balance restored) and
 * reversed (balance restored). Each payout settles once under its row lock; the ledger journal of
 * each step is keyed by the payout's reference.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, lt } from "drizzle-orm";
import { BANK_CHANGE_HOLD_HOURS, formatCents, maskAccount, parsePayoutAmount, type Bank } from "../../shared/payments";
import { formatDateTime } from "../../shared/format";
import { bankAccountSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { bankAccounts, payouts, users, type PayoutStatus } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { log } from "../log";
import { applyEffects } from "../notifications/effects";
import { held, postJournal } from "./ledger";
import { assertMayMoveMoney } from "./gate";
import type { PaymentsDeps } from "./service";

async function requireDeveloper(db: Db, user: SessionUser | null) {
  const me = requireUser(user);
  assertMayMoveMoney(me);
  if (me.userType !== "developer") throw new ForbiddenError("Only developers have a balance to withdraw");
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
  const parsed = bankAccountSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
    throw new ValidationError(fields);
  }
  const bank = (await listBanks(deps)).find((b) => b.code === parsed.data.bankCode);
  if (!bank) throw new ValidationError({ bankCode: "Choose your bank from the list" });
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, me.id)).for("update");
    const same = before && before.bankCode === bank.code && before.accountNumber === parsed.data.accountNumber && before.holderName === parsed.data.holderName;
    if (same) return { payoutsFrom: before.payoutsFrom && before.payoutsFrom > now ? before.payoutsFrom : null };
    // Replacing an account holds payouts to the new one, and the owner is told at once, by bell
    // and by an email that is always sent (docs/product.md, Payments "Payouts").
    const payoutsFrom = before ? new Date(now.getTime() + BANK_CHANGE_HOLD_HOURS * 3_600_000) : null;
    const row = {
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: parsed.data.accountNumber,
      holderName: parsed.data.holderName,
      recipientCode: null,
      payoutsFrom,
      updatedAt: now,
    };
    await tx
      .insert(bankAccounts)
      .values({ userId: me.id, ...row })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: row });
    if (before && payoutsFrom) {
      const subject = `Your payout bank account was changed to ${bank.name} ${maskAccount(parsed.data.accountNumber)}`;
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
  payouts: Array<{ id: string; reference: string; amountCents: number; status: PayoutStatus; destination: string; failureReason: string; createdAt: string }>;
}

/** The developer's available balance, bank account and payouts (newest first). */
export async function payoutsOverview(db: Db, user: SessionUser | null): Promise<PayoutsOverview> {
  const me = await requireDeveloper(db, user);
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
    payouts: list.map((p) => ({
      id: p.id,
      reference: p.reference,
      amountCents: p.amountCents,
      status: p.status,
      destination: p.destination,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/**
 * Withdraws `amount` rand of the developer's available balance to their bank account. The bank
 * account row is locked, so two withdrawals of one developer queue and the second sees the first's
 * debit (never an overdraft). The money moves to payouts in transit, then the provider is asked to
 * transfer it (outside the transaction); a refusal there fails the payout and restores the balance.
 * Throws ValidationError (amount under R100 or above the balance), ConflictError (no bank account).
 */
export async function requestPayout(deps: PaymentsDeps, user: SessionUser | null, amount: unknown): Promise<{ reference: string }> {
  const me = await requireDeveloper(deps.db, user);
  const parsed = parsePayoutAmount(amount);
  if (!parsed.ok) throw new ValidationError({ amount: parsed.message });
  const cents = parsed.cents;
  const reference = `po_${randomBytes(12).toString("hex")}`;
  const bank = await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, me.id)).for("update");
    if (!account) throw new ConflictError("Add your bank account first");
    const hold = bankHold(account, new Date());
    if (hold) throw new ConflictError(hold);
    const balance = await held(tx, { kind: "developer_balance", owner: me.id });
    if (cents > balance) throw new ValidationError({ amount: "That is more than your available balance" });
    await tx.insert(payouts).values({ reference, userId: me.id, amountCents: cents, destination: `${account.bankName} ${maskAccount(account.accountNumber)}` });
    await postJournal(tx, {
      kind: "payout",
      eventKey: `payout:${reference}`,
      memo: `Payout to ${account.bankName} ${maskAccount(account.accountNumber)}`,
      lines: [
        { account: { kind: "developer_balance", owner: me.id }, cents },
        { account: { kind: "payouts_in_transit" }, cents: -cents },
      ],
    });
    return account;
  });
  try {
    const [holder] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, me.id));
    const { recipientCode } = await deps.provider.createTransfer({
      reference,
      amountCents: cents,
      reason: `BuildZA payout to ${holder?.name ?? bank.holderName}`,
      to: { bankCode: bank.bankCode, accountNumber: bank.accountNumber, holderName: bank.holderName, recipientCode: bank.recipientCode },
    });
    if (recipientCode && recipientCode !== bank.recipientCode) await deps.db.update(bankAccounts).set({ recipientCode }).where(eq(bankAccounts.userId, me.id));
  } catch (error) {
    log().warn({ err: error, reference }, "the provider refused a payout");
    await settlePayout(deps, reference, "failed", "The bank transfer could not be started");
  }
  return { reference };
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
    const ok = p.status === "pending" || (p.status === "paid" && status === "reversed");
    if (!ok) return "already";
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
    await tx.update(payouts).set({ status, failureReason, settledAt: now, updatedAt: now }).where(eq(payouts.id, p.id));
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
 * still pending `minAgeMs` after they were requested (default 1 minute, at most 100 a round,
 * oldest first) and settles each answer through settlePayout, the row-locked path the transfer
 * webhook takes, so a webhook and the job racing each other settle a payout once. A provider that
 * cannot answer is logged and asked again next round. Returns how many payouts settled.
 */
export async function reconcilePendingPayouts(
  deps: Pick<PaymentsDeps, "db" | "provider" | "appUrl" | "secret">,
  now = new Date(),
  minAgeMs = 60_000,
): Promise<number> {
  const due = await deps.db
    .select({ reference: payouts.reference })
    .from(payouts)
    .where(and(eq(payouts.status, "pending"), lt(payouts.createdAt, new Date(now.getTime() - minAgeMs))))
    .orderBy(asc(payouts.createdAt))
    .limit(100);
  let settled = 0;
  for (const p of due) {
    try {
      const answer = await deps.provider.verifyTransfer(p.reference);
      if (answer.status === "pending") continue;
      if ((await settlePayout(deps, p.reference, answer.status, answer.reason)) === "settled") settled++;
    } catch (error) {
      log().warn({ err: error, reference: p.reference }, "payout reconciliation failed");
    }
  }
  return settled;
}
