/**
 * The background jobs every instance runs: the email outbox sender and the unread-message sweep
 * that feeds it (ARCHITECTURE.md, Email outbox). Both are safe on several instances at once: rows
 * are claimed with FOR UPDATE SKIP LOCKED.
 */
import { domainDeps, type AppDeps } from "./context";
import type { Database } from "./db/client";
import { startJob, startOutboxSender } from "./email/outbox";
import { queueUnreadMessageEmails } from "./messages/unread-email";

/** How often the unread-message sweep runs (ms). */
export const UNREAD_SWEEP_MS = 60_000;

/** Starts the jobs; the returned function stops them (waiting for a running round). */
export async function startBackgroundJobs(deps: AppDeps, database: Pick<Database, "listen">): Promise<() => Promise<void>> {
  const outbox = await startOutboxSender({ db: deps.db, mailer: deps.mailer, database });
  const sweep = startJob("unread-message-emails", () => queueUnreadMessageEmails(domainDeps(deps)), UNREAD_SWEEP_MS);
  return async () => {
    await sweep.stop();
    await outbox.stop();
  };
}
