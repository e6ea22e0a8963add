/**
 * Structured logging (pino): one logger for the process, and a child per HTTP request carrying
 * its request id and, once the session is known, the user id (ARCHITECTURE.md, Logging). Code
 * anywhere in a request calls `log()` and gets that request's child, through AsyncLocalStorage;
 * outside a request (start-up, background jobs) it gets the process logger.
 *
 * Passwords, tokens, cookies and authorization headers are redacted wherever they appear in a
 * logged object. Level from LOG_LEVEL (default info; silent under Vitest unless LOG_LEVEL is set).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

const REDACT = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.cookie",
  "*.authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
];

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.VITEST ? "silent" : "info";
}

/** A logger writing JSON lines to `destination` (stdout by default). */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? defaultLevel(),
      base: { service: "buildza" },
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err },
    },
    options.destination,
  );
}

interface RequestScope {
  requestId: string;
  log: Logger;
}

/**
 * The process logger and the request scope, kept on globalThis: the process runs two copies of
 * this module (the React Router build bundles one, server/main.ts loads the other), and route
 * modules must log into the scope the HTTP app opened.
 */
const STATE = Symbol.for("buildza.log.state");
const state: { root: Logger; scope: AsyncLocalStorage<RequestScope> } =
  ((globalThis as Record<symbol, unknown>)[STATE] as typeof state | undefined) ??
  ((globalThis as Record<symbol, unknown>)[STATE] = { root: createLogger(), scope: new AsyncLocalStorage<RequestScope>() } as typeof state);
const scope = state.scope;

/** The process logger. */
export function rootLogger(): Logger {
  return state.root;
}

/** Replaces the process logger (tests capture lines with a destination of their own). */
export function setRootLogger(logger: Logger): void {
  state.root = logger;
}

/** Runs `fn` with a request child logger (`reqId`), which `log()` returns inside it. */
export function runWithRequestLog<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId, log: state.root.child({ reqId: requestId }) }, fn);
}

/** Adds the signed-in user's id to the current request's logger. */
export function setRequestUser(userId: string): void {
  const current = scope.getStore();
  if (current) current.log = current.log.child({ userId });
}

/** The current request's id, or undefined outside a request. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** The current request's logger, or the process logger outside a request. */
export function log(): Logger {
  return scope.getStore()?.log ?? state.root;
}
