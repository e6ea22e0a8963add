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

/**
 * The UnavailableError (503, Retry-After) for `err` when it is, or wraps, a database connection
 * fault; null for any other error.
 */
export function asUnavailable(err: unknown): UnavailableError | null {
  for (const e of errorChain(err)) if (e instanceof UnavailableError) return e;
  return isConnectionFault(err) ? new UnavailableError(undefined, undefined, err) : null;
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
