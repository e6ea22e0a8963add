/**
 * Opaque keyset cursors: base64url of a JSON tuple of the sort key values of the last row.
 * A cursor that does not decode to the expected shape is a ValidationError (400), never a 500.
 */
import { ValidationError } from "../errors";
import { UUID } from "./ids";

export function encodeCursor(values: Array<string | number>): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/**
 * Decodes a cursor made by `encodeCursor` and checks each value against `shape`
 * ("number": an integer column, int4 | "decimal" | "date" | "uuid" | "text"). Throws ValidationError { cursor: "Invalid cursor" },
 * also for what the database would refuse: text with control characters (NUL), and dates other
 * than toISOString's own (a 30 February, a year before 0001) (docs/security.md, bad input).
 */
export type CursorPart = "number" | "decimal" | "date" | "uuid" | "text";

/** True when `v` is a date exactly as toISOString writes one (a cursor's dates come from it), years 0001-9999. */
function isIsoDate(v: string): boolean {
  const date = new Date(v);
  return /^\d{4}-/.test(v) && !Number.isNaN(date.getTime()) && date.toISOString() === v && date.getUTCFullYear() >= 1;
}

export function decodeCursor(cursor: string, shape: ReadonlyArray<CursorPart>): Array<string | number> {
  const invalid = () => new ValidationError({ cursor: "Invalid cursor" }, "Invalid cursor");
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(values) || values.length !== shape.length) throw invalid();
  return shape.map((kind, i) => {
    const v = values[i];
    if (kind === "number" || kind === "decimal") {
      if (typeof v !== "number" || !Number.isFinite(v)) throw invalid();
      // PostgreSQL refuses an integer past int4 compared with an integer column: 400, not 500.
      if (kind === "number" && (!Number.isSafeInteger(v) || v < -2147483648 || v > 2147483647)) throw invalid();
      return v;
    }
    if (typeof v !== "string" || v.length > 200 || /\p{Cc}/u.test(v)) throw invalid();
    if (kind === "date" && !isIsoDate(v)) throw invalid();
    if (kind === "uuid" && !UUID.test(v)) throw invalid();
    return v;
  });
}
