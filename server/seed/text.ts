/** Small text helpers shared by the demo data generators. */
import { foldText } from "../../shared/text";

/** Replaces {key} with words[key]; "a" before a capitalised vowel becomes "an" ("an Umlazi spaza"). */
export function fillTemplate(template: string, words: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => {
      const word = words[key];
      if (word === undefined) throw new Error(`Unknown placeholder {${key}} in "${template}"`);
      return word;
    })
    .replace(/\b([Aa]) (?=[AEIOU])/g, "$1n ");
}

/** Lowercase ASCII letters only: "van der Merwe" -> "vandermerwe", "Suné" -> "sune" (accents folded as search folds them, shared/text.ts). */
export function slug(text: string): string {
  return foldText(text).replace(/[^a-z]/g, "");
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
