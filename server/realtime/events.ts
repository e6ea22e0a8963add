/**
 * Real-time events (docs/product.md, Messages and notifications). Domain functions publish them inside their transaction with
 * PostgreSQL NOTIFY, so an event is delivered only if (and when) its change commits, to every app
 * instance LISTENing on the same database (PGlite in one process, or a shared PostgreSQL server).
 * Payloads carry ids only (NOTIFY payloads are limited to 8000 bytes); the hub loads the rest.
 */
import { sql } from "drizzle-orm";

export const EVENTS_CHANNEL = "buildza_events";

export type RealtimeEvent =
  /** A message was posted: `users` are both participants. */
  | { type: "message"; users: string[]; conversationId: string; seq: number }
  /** `userId` read `conversationId` up to `seq`: the other participant sees "Seen", their own tabs update counts. */
  | { type: "read"; users: string[]; conversationId: string; userId: string; seq: number }
  /** Notifications of `users` changed (new, or marked read). */
  | { type: "notification"; users: string[] };

/** Anything with Drizzle's `execute` (the db or a transaction). */
interface Executor {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

/** Queues `event` on the transaction `tx` (sent on commit, dropped on rollback). */
export async function publish(tx: Executor, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Parses a NOTIFY payload; null for anything that is not one of our events. */
export function parseEvent(payload: string): RealtimeEvent | null {
  try {
    const e = JSON.parse(payload) as RealtimeEvent;
    if (!e || !Array.isArray(e.users) || !["message", "read", "notification"].includes(e.type)) return null;
    return e;
  } catch {
    return null;
  }
}
