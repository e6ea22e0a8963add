/** Runs a shared Zod schema on untrusted input; failures become a ValidationError with field messages. */
import type { z } from "zod";
import { fieldErrorsOf } from "../shared/schemas";
import { ValidationError } from "./errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error));
  return result.data;
}
