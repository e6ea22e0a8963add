/** Full-text search input (docs/product.md: search works as prefix matching over the listed fields). */

/**
 * Turns free text into a prefix-matching tsquery ("pay app" -> "pay:* & app:*"). A term with dots,
 * slashes or hyphens inside ("Node.js", "UI/UX", "ASP.NET", "e-commerce") is matched whole, as the
 * database's parser stores it ('node.js' is one word there, so "node:* & js:*" never matched a
 * project with the skill Node.js), or by its parts ("Node JS" written apart):
 * "(node.js:* | node:* & js:*)". A single letter or digit matches whole ("C#" -> "c"). Only letters,
 * digits and those inner marks survive, so user text can
 * never inject tsquery syntax; at most 8 terms. null when nothing is left.
 */
export function toPrefixTsquery(text: string): string | null {
  // A word of one letter or digit matches whole: as a prefix it matched almost every project ("C#"
  // and "C++" reach the index as 'c', and 'c:*' is every word starting with c: 236 of 240 demo
  // projects); whole, it finds the skills C, C# and C++ (and R, not every word starting with r).
  const prefix = (w: string) => (w.length > 1 ? `${w}:*` : w);
  const terms = (text.toLowerCase().match(/[\p{L}\p{N}]+(?:[./-][\p{L}\p{N}]+)*/gu) ?? []).slice(0, 8);
  if (!terms.length) return null;
  return terms
    .map((term) => {
      const words = term.match(/[\p{L}\p{N}]+/gu) ?? [];
      const parts = words.map(prefix).join(" & ");
      return words.length > 1 ? `(${term}:* | ${parts})` : parts;
    })
    .join(" & ");
}
