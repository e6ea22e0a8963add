/**
 * What Enter adds in the skill inputs of the wizard and the profile (docs/product.md, Journeys:
 * "Flut" adds "Flutter"; a skill is never added twice). Matching ignores case and accents, as search
 * does (docs/decisions/0054-accent-blind-search.md).
 */
import { describe, expect, it } from "vitest";
import { matchSkillSuggestions } from "../../app/components/ui/skill-chips";

const ALL = ["React Native", "Flutter", "React", "Firebase"];

describe("skill suggestions", () => {
  it("highlights an exact match, else the first that starts with the text, else the first containing it", () => {
    expect(matchSkillSuggestions(ALL, [], "react")).toMatchObject({ highlighted: "React", suggestions: ["React Native", "React"] });
    expect(matchSkillSuggestions(ALL, [], "Flut")).toMatchObject({ highlighted: "Flutter", taken: undefined });
    expect(matchSkillSuggestions(ALL, [], "base")).toMatchObject({ highlighted: "Firebase" });
    expect(matchSkillSuggestions(ALL, [], "")).toMatchObject({ highlighted: undefined, suggestions: ALL });
  });

  it("names the chosen skill a fragment starts, so Enter refuses a duplicate instead of adding the fragment", () => {
    expect(matchSkillSuggestions(ALL, ["Flutter"], "Flut")).toEqual({ suggestions: [], highlighted: undefined, taken: "Flutter" });
    expect(matchSkillSuggestions(ALL, ["Flutter"], "flutter")).toMatchObject({ highlighted: undefined, taken: "Flutter" });
    // Another suggestion still wins, and a new word of one's own is nobody's fragment.
    expect(matchSkillSuggestions(ALL, ["React Native"], "Rea")).toMatchObject({ highlighted: "React", taken: undefined });
    expect(matchSkillSuggestions(ALL, ["Flutter"], "Kotlin")).toMatchObject({ highlighted: undefined, taken: undefined });
  });

  it("takes the whole name of a chosen skill as that skill, not a longer suggestion it starts", () => {
    // React added, "react" typed again: Enter refuses the duplicate, it does not add React Native.
    expect(matchSkillSuggestions(ALL, ["React"], "react")).toEqual({ suggestions: ["React Native"], highlighted: undefined, taken: "React" });
    expect(matchSkillSuggestions(ALL, ["React"], " REACT ")).toMatchObject({ highlighted: undefined, taken: "React" });
    // A skill of one's own too; the part of a name still highlights the suggestion.
    expect(matchSkillSuggestions(["Supabase Edge", "Supabase"], ["supabase"], "Supabase")).toMatchObject({ highlighted: undefined, taken: "supabase" });
    expect(matchSkillSuggestions(ALL, ["React"], "Rea")).toMatchObject({ highlighted: "React Native" });
  });

  it("matches without case or accents, both ways: what is typed and the suggestion", () => {
    const accented = ["Crème Brûlée Apps", "Zoë's Kit", "React", "Flutter"];
    expect(matchSkillSuggestions(accented, [], "creme")).toEqual({ suggestions: ["Crème Brûlée Apps"], highlighted: "Crème Brûlée Apps", taken: undefined });
    expect(matchSkillSuggestions(accented, [], "BRULEE")).toMatchObject({ suggestions: ["Crème Brûlée Apps"], highlighted: "Crème Brûlée Apps" });
    expect(matchSkillSuggestions(accented, [], "zoe")).toMatchObject({ suggestions: ["Zoë's Kit"] });
    // An accent typed where the suggestion has none: "é" is "e".
    expect(matchSkillSuggestions(accented, [], "Réact")).toMatchObject({ suggestions: ["React"], highlighted: "React" });
    expect(matchSkillSuggestions(["Café", "Cafe", "Caffè", "Caff"], [], "é").suggestions).toEqual(["Café", "Cafe", "Caffè"]);
    // The same letters decomposed (an "e" and a combining acute, as some keyboards send them).
    expect(matchSkillSuggestions(accented, [], "cre\u0300me")).toMatchObject({ highlighted: "Crème Brûlée Apps" });
    // An exact match without accents is still preferred to one that only starts with the text.
    expect(matchSkillSuggestions(["Café Systems", "Cafe"], [], "café")).toMatchObject({ highlighted: "Cafe" });
    // A fragment of a chosen skill, typed with an accent, is that skill: Enter refuses the duplicate.
    expect(matchSkillSuggestions(accented, ["Flutter"], "Flüt")).toEqual({ suggestions: [], highlighted: undefined, taken: "Flutter" });
  });
});
