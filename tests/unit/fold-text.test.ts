/**
 * shared/text.ts `foldText`: text without case or accents, as search compares it (docs/product.md,
 * Lists and search; docs/decisions/0054-accent-blind-search.md). The skill suggestions of the wizard
 * and the profile fold with it in the browser; a word folds as the database's search configuration
 * reaches the index, on both databases, so a suggestion matches what a search finds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldText } from "../../shared/text";
import { createTestDatabase, DB_KINDS, type TestDatabase } from "../support/db";

/** Words with accents and letters unaccent spells out, as people type them (composed, NFC). */
const WORDS = [
  "Zoë",
  "Anél",
  "René",
  "Crème",
  "brûlée",
  "naïve",
  "São",
  "Ångström",
  "façade",
  "Łódź",
  "Đorđe",
  "Ærø",
  "Øresund",
  "Œuvre",
  "Straße",
  "Þór",
  "İstanbul",
];

describe("foldText", () => {
  it("lower-cases and drops accents, composed or decomposed", () => {
    expect(foldText("Crème Brûlée")).toBe("creme brulee");
    expect(foldText("ZOË")).toBe("zoe");
    expect(foldText("Cre\u0300me")).toBe("creme");
    expect(foldText("Straße ẞ")).toBe("strasse ss");
    expect(foldText("Ærø")).toBe("aero");
    // Plain text is only lower-cased; punctuation and digits stay.
    expect(foldText("Node.js, C# & UI/UX 2")).toBe("node.js, c# & ui/ux 2");
  });

  it("keeps the vowel signs of other scripts, which are marks but not accents", () => {
    // Devanagari "ki" and "ka" are different syllables; dropping every mark would make them equal.
    expect(foldText("कि")).not.toBe(foldText("का"));
  });
});

describe.each(DB_KINDS)("foldText agrees with search on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("folds a word as the simple_unaccent configuration stores it (migration 0037)", async () => {
    const rows = await database.query<{ word: string; lexeme: string }>(
      "select w as word, (tsvector_to_array(to_tsvector('simple_unaccent', w)))[1] as lexeme from unnest($1::text[]) as w",
      [WORDS],
    );
    const stored = Object.fromEntries(rows.map((r) => [r.word, r.lexeme]));
    expect(Object.fromEntries(WORDS.map((w) => [w, foldText(w)]))).toEqual(stored);
  });
});
