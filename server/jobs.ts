/**
 * The background jobs every instance runs: the email outbox sender, the unread-message sweep
 * that feeds it (ARCHITECTURE.md, Email outbox), the hourly purge of idempotency keys, the file
 * sweep (orphaned uploads after a day, queued file deletions), the reconciliation of pending
 * payments and payouts and the senders of refunds and payout transfers to the payment provider
 * (every minute, and a transfer as soon as it is queued) and, hourly, the reminder to clients of milestones released
 * by themselves in 3 days, the auto-release of milestones submitted 14 days ago and the reminder to
 * review a project completed a week ago. These are safe on several instances at once: rows are
 * claimed with FOR UPDATE SKIP LOCKED. On the embedded database (one instance) also its vacuum and analyse
 * (server/db/maintenance.ts, decision 0040; on PostgreSQL autovacuum does that).
 */
import { domainDeps, type AppDeps } from "./context";
import type { Database } from "./db/client";
import { MAINTENANCE_INTERVAL_MS, maintainDatabase } from "./db/maintenance";
import { startJob, startOutboxSender } from "./email/outbox";
import { sweepFiles } from "./files/service";
import { purgeIdempotencyKeys } from "./idempotency/service";
import { queueUnreadMessageEmails } from "./messages/unread-email";
import { sweepSavedSearchAlerts } from "./saved-searches/service";
import { publishDueReviews } from "./reviews/blind";
import { remindReviews } from "./reviews/reminders";
import { PAYOUT_CHANNEL, reconcilePendingPayouts, sendPayoutTransfers } from "./payments/payouts";
import { sendProviderRefunds } from "./payments/refunds";
import { autoReleaseDue, paymentsDeps, reconcilePendingPayments, remindBeforeAutoRelease } from "./payments/service";

/** How often pending payments are verified with the provider (ms; docs/product.md, Payments). */
export const RECONCILE_MS = 60_000;

/** How often the unread-message sweep runs (ms). */
export const UNREAD_SWEEP_MS = 60_000;

/** How often the job-alert sweep of saved searches runs (ms): "instant" alerts arrive within it. */
export const ALERT_SWEEP_MS = 60_000;

/** Starts the jobs; the returned function stops them (waiting for a running round). */
export async function startBackgroundJobs(deps: AppDeps, database: Pick<Database, "listen" | "kind" | "query">): Promise<() => Promise<void>> {
  const outbox = await startOutboxSender({ db: deps.db, mailer: deps.mailer, database });
  const sweep = startJob("unread-message-emails", () => queueUnreadMessageEmails(domainDeps(deps)), UNREAD_SWEEP_MS);
  const purge = startJob("idempotency-keys", () => purgeIdempotencyKeys(deps.db), 60 * 60_000);
  const alerts = startJob("job-alerts", () => sweepSavedSearchAlerts(domainDeps(deps)), ALERT_SWEEP_MS);
  // Blind reviews whose window ended become visible (server/reviews/blind.ts).
  const reviews = startJob("blind-reviews", () => publishDueReviews(deps.db), UNREAD_SWEEP_MS);
  // Uploads left unattached for a day, and file bytes whose deletion a request could not finish.
  const fileSweep = startJob("file-sweep", () => sweepFiles({ db: deps.db, files: deps.files }), 10 * 60_000);
  const payments = paymentsDeps(deps);
  const reconcile = startJob(
    "payment-reconciliation",
    async () => (await reconcilePendingPayments(payments)) + (await reconcilePendingPayouts(payments)),
    RECONCILE_MS,
  );
  // Refunds booked in the ledger go to the provider after commit, retried (decision 0050).
  const refunds = startJob("provider-refunds", () => sendProviderRefunds(payments), RECONCILE_MS);
  // Payout transfers start after commit, as soon as any instance queues one (decision 0051).
  const transfers = startJob(
    "payout-transfers",
    async () => {
      // Drain: a full batch means more may be due.
      for (let round = 0; round < 50; round++) {
        const { started, failed, retrying } = await sendPayoutTransfers(payments);
        if (started + failed + retrying < 20) break;
      }
    },
    RECONCILE_MS,
  );
  const unlistenTransfers = await database.listen(PAYOUT_CHANNEL, () => transfers.kick(), transfers.kick);
  transfers.kick();
  // Hourly: remind clients 3 days ahead, then release what waited 14 days (docs/product.md, Payments).
  const autoRelease = startJob("milestone-auto-release", async () => (await remindBeforeAutoRelease(payments)) + (await autoReleaseDue(payments)), 60 * 60_000);
  // Hourly: a side that has not reviewed a week after completion is reminded once (docs/product.md, Reviews).
  const reviewReminders = startJob("review-reminders", () => remindReviews(domainDeps(deps)), 60 * 60_000);
  // PGlite runs no autovacuum (decision 0040): the first round right away, then every minute.
  const maintenance = database.kind === "pglite" ? startJob("database-maintenance", () => maintainDatabase(database), MAINTENANCE_INTERVAL_MS) : null;
  maintenance?.kick();
  return async () => {
    await maintenance?.stop();
    await alerts.stop();
    await reviews.stop();
    await fileSweep.stop();
    await autoRelease.stop();
    await reviewReminders.stop();
    await reconcile.stop();
    await refunds.stop();
    await unlistenTransfers();
    await transfers.stop();
    await purge.stop();
    await sweep.stop();
    await outbox.stop();
  };
}
