/**
 * Typed errors thrown by domain functions. The JSON API maps them to
 * `{ "error": { "code", "message", "fields"? } }` with the status below; pages show the message.
 */
import type { FieldErrors } from "../shared/schemas";

/**
 * The brand every AppError carries: the kinds of error it is (its class and each parent class).
 * The app runs two copies of this module (the React Router server build bundles one, server/main.ts
 * loads the other), so `instanceof` compares kinds through the brand instead of class identity:
 * a 429 thrown by the limits of one copy is still an AppError to the pages of the other.
 */
const BRAND = Symbol.for("buildza.app-error.kinds");

export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

export class AppError extends Error {
  /** The kind name `instanceof` checks; every subclass sets its own. */
  static readonly kind: string = "AppError";

  static override [Symbol.hasInstance](value: unknown): boolean {
    const kinds = (value as { [BRAND]?: unknown } | null | undefined)?.[BRAND];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  constructor(
    readonly status: AppErrorStatus,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Seconds after which a retry may succeed (429, 503): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    const kinds: string[] = [];
    for (let c = new.target as unknown as { kind?: string } | null; c && Object.hasOwn(c, "kind"); c = Object.getPrototypeOf(c)) kinds.push(c.kind!);
    Object.defineProperty(this, BRAND, { value: kinds });
    this.name = kinds[0] ?? "AppError";
  }
}

/** Bad input: `fields` maps each field path to its message (400). */
export class ValidationError extends AppError {
  static override readonly kind: string = "ValidationError";
  constructor(fields: FieldErrors, message = "Please correct the highlighted fields") {
    super(400, "validation_failed", message, fields);
  }
}

/** No session (401). */
export class UnauthorizedError extends AppError {
  static override readonly kind: string = "UnauthorizedError";
  constructor(message = "Please sign in to continue") {
    super(401, "unauthorized", message);
  }
}

/** Signed in but not allowed (403). */
export class ForbiddenError extends AppError {
  static override readonly kind: string = "ForbiddenError";
  constructor(message = "You are not allowed to do that") {
    super(403, "forbidden", message);
  }
}

/** Missing resource (404), e.g. "Project not found" (docs/product.md, Messages and errors). */
export class NotFoundError extends AppError {
  static override readonly kind: string = "NotFoundError";
  constructor(message: string) {
    super(404, "not_found", message);
  }
}

/** Conflicts with the current state, e.g. an email already registered (409). */
export class ConflictError extends AppError {
  static override readonly kind: string = "ConflictError";
  constructor(message: string, fields?: FieldErrors) {
    super(409, "conflict", message, fields);
  }
}

/** Too many requests in a time window (429), e.g. sending messages too fast (docs/product.md, Messages and notifications). */
export class TooManyRequestsError extends AppError {
  static override readonly kind: string = "TooManyRequestsError";
  constructor(message: string, retryAfter?: number, code = "rate_limited") {
    super(429, code, message, undefined, retryAfter);
  }
}

/**
 * The database (or another service the answer needs) cannot be reached now (503, Retry-After);
 * `cause` is the connection error or timeout (server/db/faults.ts, docs/operations.md).
 */
export class UnavailableError extends AppError {
  static override readonly kind: string = "UnavailableError";
  constructor(message = "BuildZA is briefly unavailable. Please try again in a moment.", retryAfter = 5, cause?: unknown) {
    super(503, "unavailable", message, undefined, retryAfter);
    if (cause !== undefined) this.cause = cause;
  }
}

/** The signed-in user, or UnauthorizedError (401) when there is no session. */
export function requireUser<U>(user: U | null | undefined): U {
  if (!user) throw new UnauthorizedError();
  return user;
}
