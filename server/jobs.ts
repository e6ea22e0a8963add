/**
 * The background jobs every instance runs: the email outbox sender, the unread-message sweep
 * that feeds it (ARCHITECTURE.md, Email outbox), the hourly purge of idempotency keys, the reconciliation of pending payments (every minute) and the
 * auto-release of milestones submitted 14 days ago (hourly). Both are safe on several instances at once: rows
 * are claimed with FOR UPDATE SKIP LOCKED.
 */
import { domainDeps, type AppDeps } from "./context";
import type { Database } from "./db/client";
import { startJob, startOutboxSender } from "./email/outbox";
import { purgeIdempotencyKeys } from "./idempotency/service";
import { queueUnreadMessageEmails } from "./messages/unread-email";
import { autoReleaseDue, paymentsDeps, reconcilePendingPayments } from "./payments/service";

/** How often pending payments are verified with the provider (ms; docs/product.md, Payments). */
export const RECONCILE_MS = 60_000;

/** How often the unread-message sweep runs (ms). */
export const UNREAD_SWEEP_MS = 60_000;

/** Starts the jobs; the returned function stops them (waiting for a running round). */
export async function startBackgroundJobs(deps: AppDeps, database: Pick<Database, "listen">): Promise<() => Promise<void>> {
  const outbox = await startOutboxSender({ db: deps.db, mailer: deps.mailer, database });
  const sweep = startJob("unread-message-emails", () => queueUnreadMessageEmails(domainDeps(deps)), UNREAD_SWEEP_MS);
  const purge = startJob("idempotency-keys", () => purgeIdempotencyKeys(deps.db), 60 * 60_000);
  const payments = paymentsDeps(deps);
  const reconcile = startJob("payment-reconciliation", () => reconcilePendingPayments(payments), RECONCILE_MS);
  const autoRelease = startJob("milestone-auto-release", () => autoReleaseDue(payments), 60 * 60_000);
  return async () => {
    await autoRelease.stop();
    await reconcile.stop();
    await purge.stop();
    await sweep.stop();
    await outbox.stop();
  };
}
