/** Helpers for route loaders and actions: read a form body, turn domain errors into a 4xx answer. */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Db } from "../../server/db/client";
import { canonicalJson, checkIdempotencyKey, requestFingerprint, runIdempotent } from "../../server/idempotency/service";
import { redirectWithFlash, type Flash } from "./flash.server";
import { AppError } from "../../server/errors";
import { log } from "../../server/log";
import type { FieldErrors } from "../../shared/schemas";
import { formFields, type FormFieldOptions } from "./form-fields";

export interface ActionFailure {
  ok: false;
  message: string;
  fields?: FieldErrors;
  /** Which of several forms on the page failed (e.g. the milestone whose form it was), when the action says. */
  target?: string;
  /**
   * The fields as sent, for a form posted before or without the page's scripts (readFormBody): the
   * page rendered with the failure shows them again instead of the saved (or empty) values.
   */
  values?: Record<string, unknown>;
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
 * The body of a form that also posts before or without the page's scripts (docs/product.md, Look
 * and feel): JSON as the scripts send it, or the form's fields read into the schema's shape by their
 * names (app/lib/form-fields.ts `formFields`, with its list options). `form` holds those fields when
 * they came as a form post: a failure hands them back (failure's `values`) so the page shows what
 * the user typed; undefined for JSON, whose page still holds them.
 */
export async function readFormBody(request: Request, options: FormFieldOptions = {}): Promise<{ body: unknown; form?: Record<string, unknown> }> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return { body: await readBody(request) };
  const form = formFields(await request.formData(), options);
  return { body: form, form };
}

/**
 * An AppError as the action's answer (status and field messages; a 403 is logged as an
 * authorization refusal, as the API logs it), naming `target` (which form failed) when given and
 * carrying `values` (the fields of a form post, readFormBody) when given; anything else is rethrown
 * (logged by entry.server).
 */
export function failure(err: unknown, target?: string, values?: Record<string, unknown>) {
  if (err instanceof AppError) {
    if (err.status === 403) log().warn({ event: "authz.refused", code: err.code }, err.message);
    return data<ActionFailure>(
      { ok: false, message: err.message, fields: err.fields, ...(target ? { target } : {}), ...(values ? { values } : {}) },
      { status: err.status, headers: err.retryAfter ? { "Retry-After": String(err.retryAfter) } : undefined },
    );
  }
  throw err;
}

/**
 * Runs a domain call for a loader: an AppError (400, 403, 404, 409...) becomes an HTTP error
 * response `{ message }` with its status, which the route's or the root's ErrorBoundary shows
 * (a ValidationError shows its first field's message; a 403 is logged as `failure` logs it).
 * Anything else is rethrown (a 500, logged by entry.server).
 */
export async function orHttpError<T>(work: Promise<T> | (() => T | Promise<T>)): Promise<T> {
  try {
    return await (typeof work === "function" ? work() : work);
  } catch (err) {
    if (err instanceof AppError) {
      if (err.status === 403) log().warn({ event: "authz.refused", code: err.code }, err.message);
      const field = err.fields ? Object.values(err.fields).find(Boolean) : undefined;
      throw data({ message: field ?? err.message }, { status: err.status });
    }
    throw err;
  }
}

/** A new idempotency key for a form a loader renders (the form sends it back as `idempotencyKey`). */
export function newFormKey(): string {
  return randomUUID();
}

/**
 * Runs a form action that creates something once per form (docs/security.md, Idempotency): with
 * the form's `idempotencyKey`, the write and the answer are stored together, and a second submit
 * of the same form (a double tap, a retry after a lost answer) gets the same redirect instead of a
 * second project, proposal or message. `run` writes with the database it is given, gets the body
 * without the key, and returns where to go. A failure is not stored: the user corrects the form
 * and sends it again.
 */
export async function createOnce(
  deps: { db: Db },
  user: { id: string },
  request: Request,
  body: unknown,
  run: (db: Db, fields: Record<string, unknown>) => Promise<{ location: string; flash?: Flash }>,
): Promise<Response> {
  const { idempotencyKey, ...rest } = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const answer = async (stored: { location: string; flash?: Flash }) =>
    stored.flash ? redirectWithFlash(stored.location, stored.flash) : new Response(null, { status: 302, headers: { Location: stored.location } });
  if (typeof idempotencyKey !== "string" || !idempotencyKey) return answer(await run(deps.db, rest));
  const key = checkIdempotencyKey(idempotencyKey);
  const scope = `POST ${new URL(request.url).pathname}`;
  const { answer: stored } = await runIdempotent(
    deps.db,
    // The same fields in another order are the same form: compared in canonical form.
    { userId: user.id, key, scope, fingerprint: requestFingerprint(scope, canonicalJson(rest)) },
    async (tx) => ({
      status: 302,
      body: JSON.stringify(await run(tx, rest)),
    }),
  );
  return answer(JSON.parse(stored.body) as { location: string; flash?: Flash });
}

/**
 * A route's `headers` export for forms whose action may be refused by a rate limit: passes the
 * action's Retry-After on to the page's answer (React Router keeps only cookies otherwise).
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
