/**
 * Typed errors thrown by domain functions. The JSON API maps them to
 * `{ "error": { "code", "message", "fields"? } }` with the status below; pages show the message.
 */
import type { FieldErrors } from "../shared/schemas";

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: `fields` maps each field path to its message (400). */
export class ValidationError extends AppError {
  constructor(fields: FieldErrors, message = "Please correct the highlighted fields") {
    super(400, "validation_failed", message, fields);
  }
}

/** No session (401). */
export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue") {
    super(401, "unauthorized", message);
  }
}

/** Signed in but not allowed (403). */
export class ForbiddenError extends AppError {
  constructor(message = "You are not allowed to do that") {
    super(403, "forbidden", message);
  }
}

/** Missing resource (404), e.g. "Project not found" (spec section 8). */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, "not_found", message);
  }
}

/** Conflicts with the current state, e.g. an email already registered (409). */
export class ConflictError extends AppError {
  constructor(message: string, fields?: FieldErrors) {
    super(409, "conflict", message, fields);
  }
}

/** Too many requests in a time window (429), e.g. sending messages too fast (issue 5). */
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, "rate_limited", message);
  }
}

/** The signed-in user, or UnauthorizedError (401) when there is no session. */
export function requireUser<U>(user: U | null | undefined): U {
  if (!user) throw new UnauthorizedError();
  return user;
}
