/** Full-text search input (docs/product.md: search works as prefix matching over the listed fields). */

/**
 * Turns free text into a prefix-matching tsquery ("pay app" -> "pay:* & app:*"). Only letters
 * and digits survive, so user text can never inject tsquery syntax; at most 8 words. null when
 * nothing is left.
 */
export function toPrefixTsquery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}
