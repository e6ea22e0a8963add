/**
 * Property-based checks of bad input (docs/security.md "Authentication" and bad input): generated
 * bodies, query strings and path segments for the JSON API, the /api/auth endpoints and the form
 * actions. Shared by tests/unit/api-fuzz.test.ts and tests/e2e/actions-fuzz.test.ts.
 *
 * The property: no answer is a 5xx, and an answer of 4xx wrote nothing (every table has the same
 * rows before and after, compared by a checksum).
 */
import fc from "fast-check";
import type { LimitsPolicy } from "../../server/auth/limits";
import type { Database } from "../../server/db/client";

/**
 * Rate limits high enough that generated sign-ins and reset requests (many on the fixture's email)
 * reach the validation instead of a 429 (tests/unit/rate-limits.test.ts tests the real numbers).
 */
const UNLIMITED = {
  perAddress: { points: 1e6, seconds: 60 },
  perAccountAddress: { points: 1e6, seconds: 60 },
  perAccount: { free: 1e6, seconds: 60, firstDelay: 1, maxDelay: 1 },
};
export const FUZZ_LIMITS_POLICY: LimitsPolicy = { login: UNLIMITED, reset: UNLIMITED, knownAddressSeconds: 3600 };

/**
 * Tables a refused request may write by design: the rate limits count attempts, refused ones
 * included (docs/decisions/0011-rate-limits.md).
 */
const WRITTEN_ON_REFUSAL = new Set(["rate_limits"]);

/** Strings that broke or could break a handler: NUL and other control characters, huge, numeric-looking, path tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  // Text around a control character: what PostgreSQL refuses (NUL) or what has no place in a name.
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom("\u0000", "\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\t", "\r\n"),
        fc.string({ maxLength: 12 }),
      )
      .map(([a, c, b]) => `${a}${c}${b}`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "Spaza shop stock app\u0000",
      "\u0007\u001b[31m",
      "\u0085",
      "line\nbreak",
      "\ud800",
      "\u202eevil",
      "' or 1=1 --",
      "%00",
      "../..",
      "1e10",
      "-1",
      "0",
      "NaN",
      "Infinity",
      "2147483648",
      "99999999999999999999",
      "null",
      "true",
      "x".repeat(300),
      "x".repeat(6000),
      "00000000-0000-0000-0000-000000000000",
      "client@demo.buildza.co.za",
      "R5000-R15000",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  fc.string({ maxLength: 20 }),
);

/** Numbers out of every range: beyond PostgreSQL integers, fractions, negative. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 1e10, -1e10, 2 ** 31, 2 ** 53 + 2, 1.5, -0.5, 1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** The kinds of value in a list cursor's tuple (server/lib/cursor.ts). */
export type CursorKind = "number" | "date" | "uuid" | "text";

const cursorValue: Record<CursorKind, fc.Arbitrary<unknown>> = {
  number: fc.oneof(nastyNumber, fc.integer()),
  date: fc.constantFrom(
    "2026-11-23T10:00:00.000Z",
    "-000001-01-01T00:00:00.000Z",
    "+275760-09-13T00:00:00.000Z",
    "2026-02-30T00:00:00Z",
    "0000-01-01T00:00:00Z",
  ),
  uuid: fc.oneof(fc.uuid(), fc.constant("00000000-0000-4000-8000-000000000000")),
  text: fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ maxLength: 8 }).map((v) => `${v}\u0000`),
  ),
};

/**
 * A list cursor as the API writes them (base64url of a JSON tuple) shaped like `shape`: each value
 * of its kind (often out of range) or anything else; sometimes a tuple of another length.
 */
export function cursorLike(shape: CursorKind[]): fc.Arbitrary<string> {
  const part = (kind: CursorKind) => fc.oneof(cursorValue[kind], nastyString, nastyNumber, fc.constant(null));
  return fc
    .oneof({ weight: 6, arbitrary: fc.tuple(...shape.map(part)) }, { weight: 1, arbitrary: fc.array(part("text"), { maxLength: 4 }) })
    .map((values) => Buffer.from(JSON.stringify(values), "utf8").toString("base64url"));
}

/** List cursors of any shape. */
export const nastyCursor: fc.Arbitrary<string> = fc.oneof(cursorLike(["date", "uuid"]), cursorLike(["number", "text"]), cursorLike(["number", "date", "uuid"]));

/** Any JSON value a field could receive instead of the right one. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 3 }) },
);

/**
 * A body near `valid`: some of its fields (or new ones) replaced by nasty values, so most of the
 * body passes and the nasty part reaches deep into the handler; sometimes any JSON at all.
 */
export function bodyNear(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const mutated = fc
    .tuple(
      fc.shuffledSubarray(keys, { minLength: 1, maxLength: Math.min(2, keys.length) }),
      fc.array(nastyValue, { minLength: 2, maxLength: 2 }),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { minKeys: 1, maxKeys: 2 }), { nil: {}, freq: 4 }),
    )
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = { ...valid };
      chosen.forEach((k, i) => (body[k] = values[i]));
      return { ...extra, ...body };
    });
  return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: fc.constant(valid) });
}

/** Query parameters near `valid` (values replaced by nasty strings, extra names added). */
export function queryNear(valid: Record<string, string>, names: string[] = Object.keys(valid)): fc.Arbitrary<Record<string, string>> {
  return fc
    .tuple(
      fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }),
      fc.array(fc.oneof({ weight: 4, arbitrary: nastyString }, { weight: 1, arbitrary: nastyCursor }), { minLength: 2, maxLength: 2 }),
      fc.option(fc.dictionary(fc.string({ maxLength: 6 }), nastyString, { minKeys: 1, maxKeys: 2 }), { nil: {}, freq: 4 }),
    )
    .map(([chosen, values, extra]) => {
      const query: Record<string, string> = { ...extra, ...valid };
      chosen.forEach((k, i) => (query[k] = values[i]!));
      return query;
    });
}

/** A path segment: one of the `valid` ids (most often), or a nasty string. */
export function segmentNear(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: nastyString });
}

/**
 * Percent-encodes `value` byte by byte as UTF-8 (lone surrogates become U+FFFD, which
 * encodeURIComponent would refuse): every byte but letters, digits and "-._~".
 */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
}

/** A query string of `query`, encoded as encodeSegment does. */
export function encodeQuery(query: Record<string, string>): string {
  const parts = Object.entries(query).map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Request bodies as sent: JSON of `body`, or (rarely) something that is not JSON at all. */
export function serialised(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((b) => JSON.stringify(b) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom("{broken", "", "[]", "\u0000", '{"a":') },
  );
}

const tableLists = new WeakMap<Database, Promise<string[]>>();

/**
 * Row count and checksum (md5 of the rows' text, order-independent) of every table of the
 * database but the rate limits' (WRITTEN_ON_REFUSAL), by table name: two equal results mean
 * nothing was written in between.
 */
export async function tableChecksums(database: Database): Promise<Record<string, string>> {
  let tables = tableLists.get(database);
  if (!tables) {
    tables = database
      .query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      )
      .then((rows) => rows.map((r) => r.name).filter((name) => !WRITTEN_ON_REFUSAL.has(name)));
    tableLists.set(database, tables);
  }
  const names = await tables;
  const rows = await database.query<{ name: string; n: number; sum: string }>(
    names
      .map(
        (name) =>
          `select '${name}' as name, count(*)::int as n, coalesce(md5(string_agg(md5(x::text), ',' order by md5(x::text))), '') as sum from "${name}" x`,
      )
      .join(" union all "),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.sum}`]));
}
