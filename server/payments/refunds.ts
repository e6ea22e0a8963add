/**
 * Refunds at the payment provider, through an outbox (docs/decisions/0050-provider-refund-outbox.md).
 * The ledger books a refund in the transaction of the event that causes it; the same transaction
 * queues the provider's refund here (`queueProviderRefund`), and the refund job
 * (`sendProviderRefunds`, every minute on every instance) sends it after commit, as the email
 * outbox sends mail: claimed with FOR UPDATE SKIP LOCKED and leased, sent outside any
 * transaction, retried with back-off, and given up as `failed` after MAX_REFUND_ATTEMPTS with an
 * error in the log for an operator. A provider that is down never fails the request that refunds,
 * and a refund is never lost to a process that stops between the commit and the provider's call.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payments, providerRefunds, users } from "../db/schema";
import { backoffMs, LEASE_MS } from "../email/outbox";
import type { MailContext } from "../email/preferences";
import { log } from "../log";
import { formatCents } from "../../shared/format";
import { alertModerators } from "./alerts";
import type { PaymentProvider } from "./providers/types";

/** Attempts before a refund is given up as `failed` (an operator refunds it by hand). */
export const MAX_REFUND_ATTEMPTS = 8;

/**
 * Queues a refund of `amountCents` (cents, > 0) of payment `paymentId` on `tx`, once per
 * `eventKey` (a second call with the same key does nothing). Sent after commit by the refund job.
 */
export async function queueProviderRefund(tx: Tx, refund: { paymentId: string; amountCents: number; eventKey: string }): Promise<void> {
  if (refund.amountCents <= 0) return;
  await tx.insert(providerRefunds).values(refund).onConflictDoNothing();
}

/**
 * Queues a refund of `amountCents` of the payment that funded milestone `milestoneId` (its one
 * succeeded payment; a second payment of the same milestone is refunded whole when it settles).
 * Nothing is queued for a milestone no payment funded.
 */
export async function queueMilestoneRefund(tx: Tx, milestoneId: string, amountCents: number, eventKey: string): Promise<void> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.milestoneId, milestoneId), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.settledAt))
    .limit(1);
  if (paid) await queueProviderRefund(tx, { paymentId: paid.id, amountCents, eventKey });
}

interface ClaimedRefund {
  id: number;
  reference: string;
  event_key: string;
  amount_cents: number | string;
  attempts: number;
}

/**
 * Claims up to `batch` refunds due at `now` and asks the provider for each. Returns how many were
 * sent and how many failed this round (a failed one is retried after backoffMs, or given up, and
 * then every moderator is told by notice and email; `deps.appUrl` for its link).
 */
export async function sendProviderRefunds(
  deps: MailContext & { db: Db; provider: Pick<PaymentProvider, "refund" | "findRefund"> },
  now: Date = new Date(),
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await deps.db.execute(sql`
    update provider_refunds r
    set attempts = r.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
    from (
      select q.id, p.reference, q.event_key from provider_refunds q join payments p on p.id = q.payment_id
      where q.status = 'pending' and q.next_attempt_at <= ${now.toISOString()}::timestamptz
      order by q.next_attempt_at, q.id
      limit ${batch}
      for update of q skip locked
    ) due
    where r.id = due.id
    returning r.id, due.reference, due.event_key, r.amount_cents, r.attempts`);
  const claimed = (result as unknown as { rows: ClaimedRefund[] }).rows;
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const id = Number(row.id);
    try {
      // Tried before: the provider may hold it already (the answer was lost, or the process
      // stopped before marking it sent). Found by our key, it is not sent twice; a provider that
      // cannot tell leaves it to be sent again, as before.
      const sentBefore = Number(row.attempts) > 1 && (await deps.provider.findRefund(row.reference, row.event_key).catch(() => false));
      if (!sentBefore) await deps.provider.refund(row.reference, Number(row.amount_cents), row.event_key);
      await deps.db
        .update(providerRefunds)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(and(eq(providerRefunds.id, id), eq(providerRefunds.status, "pending")));
      sent++;
    } catch (err) {
      failed++;
      const attempts = Number(row.attempts);
      const giveUp = attempts >= MAX_REFUND_ATTEMPTS;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      log()[giveUp ? "error" : "warn"](
        { err, refundId: id, reference: row.reference, cents: Number(row.amount_cents), attempts },
        giveUp ? "the provider refused a refund: refund it by hand" : "provider refund failed, will retry",
      );
      await deps.db.transaction(async (tx) => {
        await tx
          .update(providerRefunds)
          .set(giveUp ? { status: "failed", lastError: message } : { nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), lastError: message })
          .where(eq(providerRefunds.id, id));
        if (!giveUp) return;
        const [payer] = await tx
          .select({ name: users.name })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.payerId))
          .where(eq(payments.reference, row.reference));
        await alertModerators(tx, deps, {
          type: "refund_failed",
          subject: `A refund of ${formatCents(Number(row.amount_cents))} to ${payer?.name ?? "a client"} was refused by the payment provider`,
          details: [
            `The provider refused it ${attempts} times (payment ${row.reference}); it is no longer retried. The money is owed to the payer.`,
            `The provider's last answer: ${message}`,
            'Moderation lists it with "Try again"; or refund it at the provider by hand.',
          ],
        });
      });
    }
  }
  return { sent, failed };
}
