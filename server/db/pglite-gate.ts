/**
 * A bounded queue in front of the embedded database (docs/operations.md, "Overload on PGlite").
 * PGlite runs one statement at a time and queues the rest without limit: under overload requests
 * waited seconds and the process stopped answering. The gate counts the calls waiting for or
 * running in PGlite (query, exec, transaction: a transaction counts once, its statements not
 * again) and refuses a new one when `maxQueued` are already there, with UnavailableError (503,
 * Retry-After 1), noted as a database fault so pages answer 503 too (server/http/app.ts).
 */
import { UnavailableError } from "../errors";
import { noteDatabaseFault } from "./faults";

/** The refusal's message, as the JSON API and the 503 page show it. */
export const BUSY_MESSAGE = "BuildZA is busy right now. Please try again in a moment.";

export interface QueryGate {
  /** Runs `call` unless the queue is full (then throws UnavailableError). */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Calls waiting or running now. */
  pending(): number;
  /** Calls refused since start. */
  refused(): number;
}

export function createQueryGate(maxQueued: number): QueryGate {
  let pending = 0;
  let refused = 0;
  return {
    async run(call) {
      if (pending >= maxQueued) {
        refused++;
        const err = new UnavailableError(BUSY_MESSAGE, 1);
        noteDatabaseFault(err);
        throw err;
      }
      pending++;
      try {
        return await call();
      } finally {
        pending--;
      }
    },
    pending: () => pending,
    refused: () => refused,
  };
}

/** Puts `gate` in front of `client`'s query, exec and transaction methods (before Drizzle wraps it). */
export function gatePglite<C extends { query: unknown; exec: unknown; transaction: unknown }>(client: C, gate: QueryGate): C {
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as Record<string, unknown>)[name] = (...args: unknown[]) => gate.run(() => original(...args));
  }
  return client;
}
