/** Helpers for route actions: read a form body, turn domain errors into a 4xx answer. */
import { data } from "react-router";
import { AppError } from "../../server/errors";
import type { FieldErrors } from "../../shared/schemas";

export interface ActionFailure {
  ok: false;
  message: string;
  fields?: FieldErrors;
}

/**
 * Reads the request body as a plain object: JSON when sent as JSON, else form data where the
 * names in `booleans` become true/false (checkbox "on") and the names in `arrays` become lists.
 */
export async function readBody(request: Request, options: { booleans?: string[]; arrays?: string[] } = {}): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return await request.json();
    } catch {
      return null;
    }
  }
  const form = await request.formData();
  const body: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    body[key] = options.arrays?.includes(key) ? form.getAll(key).map(String) : String(form.get(key));
  }
  for (const key of options.booleans ?? []) {
    const v = form.get(key);
    body[key] = v === "on" || v === "true";
  }
  return body;
}

/**
 * An AppError as the action's answer (status, field messages, and Retry-After when the error has
 * one, e.g. a 429 of the rate limits); anything else is rethrown.
 */
export function failure(err: unknown) {
  if (err instanceof AppError) {
    const headers = err.retryAfter ? { "Retry-After": String(err.retryAfter) } : undefined;
    return data<ActionFailure>({ ok: false, message: err.message, fields: err.fields }, { status: err.status, headers });
  }
  throw err;
}

/**
 * A route's `headers` export for forms whose action may be refused by a rate limit: passes the
 * action's Retry-After on to the page's answer (React Router keeps only cookies otherwise).
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
