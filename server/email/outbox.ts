/**
 * The email outbox (ARCHITECTURE.md, Email outbox). Domain code never sends mail: it writes the
 * email into `email_outbox` inside the transaction of the event that causes it (`enqueueEmail`),
 * so a rolled-back change sends nothing and a mail server that is down never fails a request.
 *
 * The sender (`sendDueEmails`, run by `startOutboxSender` on every instance) claims due rows with
 * FOR UPDATE SKIP LOCKED and leases each for LEASE_MS by moving its next attempt forward, then
 * sends outside any transaction (a PGlite database has one connection; SMTP can take seconds).
 * Two instances never claim the same row; a failure is recorded (attempts, last_error) and retried
 * with exponential back-off until MAX_ATTEMPTS, after which the row is `failed`. An instance that
 * dies mid-send leaves its rows to be retried after the lease: delivery is at least once, and twice
 * only if it died between the SMTP answer and the update.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import { log } from "../log";
import type { Mailer } from "./mailer";
import type { RenderedEmail } from "./templates/html";

/** NOTIFY channel that wakes every instance's sender when an email is queued. */
export const OUTBOX_CHANNEL = "buildza_outbox";
/** How long a claimed row stays with its sender before another may retry it (ms). */
export const LEASE_MS = 5 * 60_000;
/** Attempts before an email is given up as `failed`. */
export const MAX_ATTEMPTS = 8;
/** Sent and given-up emails are kept this long (ms) for support questions, then deleted (they hold addresses). */
export const KEEP_MS = 7 * 24 * 60 * 60_000;

/** The wait after the `attempts`-th failure: 30 s, 1 min, 2 min ... at most 1 hour (ms). */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** An email to queue: `template` names it for logs; `toUserId` ties it to an account. */
export interface QueuedEmail extends RenderedEmail {
  template: string;
  to: string;
  toUserId?: string | null;
  headers?: Record<string, string>;
}

/** Anything that runs Drizzle statements: the database or a transaction. */
type Executor = Pick<Db, "insert" | "execute">;

/** Writes `email` into the outbox on `tx` (sent after commit by the sender; dropped on rollback). */
export async function enqueueEmail(tx: Executor, email: QueuedEmail): Promise<void> {
  await tx.insert(emailOutbox).values({
    template: email.template,
    toAddress: email.to,
    toUserId: email.toUserId ?? null,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    headers: email.headers ?? {},
  });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

interface ClaimedRow {
  id: number;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string>;
  attempts: number;
  /** Its due time before the claim moved it to the lease's end. */
  due_at: string | Date;
}

/**
 * Claims up to `batch` emails due at `now` and sends them with `mailer`, oldest due first (an
 * account's verification email before the reset link asked for a moment later). Returns how many
 * were sent and how many failed this round (a failed one is retried later or given up).
 */
export async function sendDueEmails(deps: { db: Db; mailer: Mailer }, now: Date = new Date(), batch = 20): Promise<{ sent: number; failed: number }> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await deps.db.execute(sql`
    update email_outbox o
    set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
    from (
      select id, next_attempt_at from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked
    ) due
    where o.id = due.id
    returning o.id, o.template, o.to_address, o.subject, o.text_body, o.html_body, o.headers, o.attempts, due.next_attempt_at as due_at`);
  // RETURNING keeps no order: send in the order they fell due, then were queued.
  const claimed = (result as unknown as { rows: ClaimedRow[] }).rows.sort(
    (a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || Number(a.id) - Number(b.id),
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await deps.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        ...(Object.keys(row.headers ?? {}).length ? { headers: row.headers } : {}),
      });
      await deps.db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(and(eq(emailOutbox.id, Number(row.id)), eq(emailOutbox.status, "pending")));
      sent++;
    } catch (err) {
      failed++;
      const attempts = Number(row.attempts);
      const giveUp = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      log()[giveUp ? "error" : "warn"]({ err, outboxId: row.id, template: row.template, attempts }, giveUp ? "email given up" : "email failed, will retry");
      await deps.db
        .update(emailOutbox)
        .set(
          giveUp
            ? { status: "failed", lastError: message.slice(0, 1000) }
            : { nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), lastError: message.slice(0, 1000) },
        )
        .where(eq(emailOutbox.id, Number(row.id)));
    }
  }
  return { sent, failed };
}

/** Deletes sent and given-up emails older than KEEP_MS at `now`; returns how many. */
export async function purgeOldEmails(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_MS);
  const rows = await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["sent", "failed"]), lt(emailOutbox.createdAt, before)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** A background job of this instance: `run` once per tick; `stop` waits for a running tick. */
export interface BackgroundJob {
  /** Runs a tick now (after the current one, if one is running). */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` and whenever kicked, one at a time, logging failures. Used for
 * the outbox sender and the unread-message sweep.
 */
export function startJob(name: string, tick: () => Promise<unknown>, intervalMs: number): BackgroundJob {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const kick = () => {
    if (stopped || queued) return;
    queued = true;
    running = running
      .then(() => {
        queued = false;
        return stopped ? undefined : tick();
      })
      .catch((err) => log().error({ err, job: name }, "background job failed"));
  };
  const timer = setInterval(kick, intervalMs);
  timer.unref();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Starts this instance's outbox sender: every `intervalMs` (default 10 s) and as soon as any
 * instance queues an email (NOTIFY on OUTBOX_CHANNEL), it sends what is due, batch after batch.
 */
export async function startOutboxSender(deps: { db: Db; mailer: Mailer; database: Pick<Database, "listen"> }, intervalMs = 10_000): Promise<BackgroundJob> {
  const job = startJob(
    "outbox",
    async () => {
      await purgeOldEmails(deps.db);
      // Drain: a full batch means more may be due.
      for (let round = 0; round < 50; round++) {
        const { sent, failed } = await sendDueEmails(deps);
        if (sent + failed < 20) break;
      }
    },
    intervalMs,
  );
  const unlisten = await deps.database.listen(OUTBOX_CHANNEL, () => job.kick(), job.kick);
  job.kick();
  return {
    kick: job.kick,
    async stop() {
      await unlisten();
      await job.stop();
    },
  };
}
