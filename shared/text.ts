/**
 * Text compared as search compares it: without case or accents (docs/product.md, Lists and search;
 * docs/decisions/0054-accent-blind-search.md). Isomorphic, plain JavaScript: no tables beyond the
 * few letters below, so it adds next to nothing to the browser's scripts.
 */

/**
 * Combining diacritical marks (the blocks U+0300-036F, 1AB0-1AFF, 1DC0-1DFF, 20D0-20FF, FE20-FE2F):
 * the accents NFD splits off a Latin, Greek or Cyrillic letter. Not every mark (`\p{M}`): the vowel
 * signs of Indic and Thai scripts are marks too, and dropping them would change the word.
 */
const DIACRITICS = /[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]/g;

/**
 * Letters with no decomposition that the database's `unaccent` folds all the same (decision 0054,
 * Consequences: "æ" is "ae", "ø" is "o", "ß" is "ss"), in lower case.
 */
const FOLDED_LETTERS: Readonly<Record<string, string>> = { æ: "ae", œ: "oe", ø: "o", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i", ħ: "h", ŧ: "t" };
const FOLDED = new RegExp(`[${Object.keys(FOLDED_LETTERS).join("")}]`, "g");

/**
 * `text` in lower case without accents, as the search's `unaccent` configurations reach the index
 * ("Crème" -> "creme", "ZOË" -> "zoe", "Straße" -> "strasse"): NFD, the diacritical marks dropped,
 * and the letters of FOLDED_LETTERS spelt out. Compare two folded strings, never a folded with a raw
 * one. Ligatures ("ﬁ") and full-width letters are left as they are.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(DIACRITICS, "")
    .replace(FOLDED, (letter) => FOLDED_LETTERS[letter]!);
}
