/**
 * What Enter adds in the skill inputs of the wizard and the profile (docs/product.md, Journeys:
 * "Flut" adds "Flutter"; a skill is never added twice).
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
});
