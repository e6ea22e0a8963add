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

let root: Logger = createLogger();

/** The process logger. */
export function rootLogger(): Logger {
  return root;
}

/** Replaces the process logger (tests capture lines with a destination of their own). */
export function setRootLogger(logger: Logger): void {
  root = logger;
}

interface RequestScope {
  requestId: string;
  log: Logger;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with a request child logger (`reqId`), which `log()` returns inside it. */
export function runWithRequestLog<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId, log: root.child({ reqId: requestId }) }, fn);
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
  return scope.getStore()?.log ?? root;
}
