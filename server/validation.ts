/** Runs shared Zod schemas on untrusted input; failures become a ValidationError with field messages. */
import type { z } from "zod";
import { fieldErrorsOf } from "../shared/schemas";
import { ValidationError } from "./errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * A save's `version` read with its shared schema (shared/schemas.ts proposalVersionSchema,
 * profileVersionSchema). A malformed one is bad input: ValidationError (400) whose message and
 * `version` field say so, so nothing is written; never a stale version (409).
 */
export function parseVersion<S extends z.ZodType>(schema: S, version: unknown): z.output<S> {
  const result = schema.safeParse(version);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? "Invalid version";
  throw new ValidationError({ version: message }, message);
}
