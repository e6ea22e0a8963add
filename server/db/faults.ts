/**
 * Database faults (docs/operations.md, "When the database cannot be reached"): telling an error
 * that means "PostgreSQL cannot be reached or did not answer in time" from any other, and noting,
 * per HTTP request, that the request met one, so its answer becomes a 503 with Retry-After
 * (server/errors.ts UnavailableError) instead of a 500, whichever library the error went through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { UnavailableError } from "../errors";

/** Network errors of the socket to the database server (Node's `err.code`). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/**
 * SQLSTATEs (PostgreSQL manual, appendix A) of a server that cannot serve us now: class 08
 * connection exceptions, too many connections, shutting down or starting up, and the timeouts we
 * set (statement_timeout answers 57014, idle_in_transaction_session_timeout 25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(["53300", "57P01", "57P02", "57P03", "57014", "25P03"]);

/**
 * SQLSTATEs of a transaction PostgreSQL aborted because it met another one: deadlock_detected
 * (40P01) and serialization_failure (40001). Nothing of it was written, and the same request sent
 * again can succeed; one lock order keeps deadlocks from happening (decision 0053), so one seen
 * means a path broke that order.
 */
const CONFLICT_SQLSTATES = new Set(["40P01", "40001"]);

/** The message of a request whose transaction PostgreSQL aborted as a deadlock or serialization failure. */
export const TRANSACTION_CONFLICT_MESSAGE = "This met another change made at the same moment, and nothing was saved. Please try again.";

/** Messages node-postgres and pg-pool give their own connection errors, which carry no code. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/;

/** Whether `err` itself (not its causes) is a connection fault. */
function isOwnConnectionFault(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08"))) return true;
  return typeof message === "string" && CONNECTION_MESSAGES.test(message);
}

/** `err`, its `cause` chain and the errors of an AggregateError (a refused IPv4 and IPv6 connect), breadth first. */
function* errorChain(err: unknown): Generator<unknown> {
  const queue = [err];
  const seen = new Set<unknown>();
  while (queue.length && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    yield e;
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
}

/**
 * Whether `err` (or an error it wraps: Drizzle's DrizzleQueryError, better-auth's APIError keep
 * the original as `cause`) means the database could not be reached or did not answer in time.
 */
export function isConnectionFault(err: unknown): boolean {
  for (const e of errorChain(err)) if (e instanceof UnavailableError || isOwnConnectionFault(e)) return true;
  return false;
}

/** The first string `code` in `err`'s chain (a SQLSTATE such as "40P01", or a socket error such as "ECONNREFUSED"), for logs. */
export function errorCodeOf(err: unknown): string | undefined {
  for (const e of errorChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Whether `err` (or an error it wraps) is a transaction PostgreSQL aborted as a deadlock or serialization failure (CONFLICT_SQLSTATES). */
export function isTransactionConflict(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONFLICT_SQLSTATES.has(code)) return true;
  }
  return false;
}

/**
 * The UnavailableError (503, Retry-After) for `err` when it is, or wraps, a database connection
 * fault (Retry-After 5) or a transaction aborted as a deadlock or serialization failure (Retry-After
 * 1, TRANSACTION_CONFLICT_MESSAGE: nothing was written, sending again can succeed); null for any
 * other error.
 */
export function asUnavailable(err: unknown): UnavailableError | null {
  for (const e of errorChain(err)) if (e instanceof UnavailableError) return e;
  if (isConnectionFault(err)) return new UnavailableError(undefined, undefined, err);
  return isTransactionConflict(err) ? new UnavailableError(TRANSACTION_CONFLICT_MESSAGE, 1, err) : null;
}

interface FaultScope {
  fault?: unknown;
}

const scope = new AsyncLocalStorage<FaultScope>();

/** Runs `fn` (one HTTP request) in a scope that remembers whether a database fault happened in it. */
export function withFaultScope<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run({}, fn);
}

/** Notes that the current request met a database fault (no-op outside a request). */
export function noteDatabaseFault(err: unknown): void {
  const current = scope.getStore();
  if (current && current.fault === undefined) current.fault = err;
}

/** Whether the current request met a database fault, even one a library caught and turned into a 500. */
export function databaseFaultSeen(): boolean {
  return scope.getStore()?.fault !== undefined;
}

/** The first database fault the current request met (undefined when none, or outside a request). */
export function databaseFault(): unknown {
  return scope.getStore()?.fault;
}
