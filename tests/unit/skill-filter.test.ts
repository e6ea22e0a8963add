/**
 * The Skills group both browse filter panels share (app/components/browse/filter-controls.tsx): the
 * filter list of spec section 9 in its order, a skill from a link that is none of them still shown
 * and checked, and the boxes named "skills" in the page's filter form (a plain GET without scripts).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SkillFilterGroup } from "../../app/components/browse/filter-controls";
import { DEVELOPER_SKILL_FILTERS, PROJECT_SKILL_FILTERS } from "../../shared/constants";

function boxes(choices: readonly string[], selected: string[]) {
  const html = renderToStaticMarkup(createElement(SkillFilterGroup, { formId: "filters", choices, selected, onChange: () => {} }));
  return [...html.matchAll(/<input ([^>]*)\/?>/g)].map(([, attrs]) => ({
    value: /value="([^"]*)"/.exec(attrs!)?.[1],
    checked: / checked=""/.test(attrs!),
    inForm: /name="skills"/.test(attrs!) && /form="filters"/.test(attrs!),
  }));
}

describe("SkillFilterGroup", () => {
  it("lists the filter's skills in order, the chosen ones checked", () => {
    const shown = boxes(PROJECT_SKILL_FILTERS, ["Flutter"]);
    expect(shown.map((b) => b.value)).toEqual([...PROJECT_SKILL_FILTERS]);
    expect(shown.filter((b) => b.checked).map((b) => b.value)).toEqual(["Flutter"]);
    expect(shown.every((b) => b.inForm)).toBe(true);
  });

  it("keeps a skill from a link that is none of the choices, checked, after them", () => {
    const shown = boxes(DEVELOPER_SKILL_FILTERS, ["Rust", "DevOps"]);
    expect(shown.map((b) => b.value)).toEqual([...DEVELOPER_SKILL_FILTERS, "Rust"]);
    expect(shown.filter((b) => b.checked).map((b) => b.value)).toEqual(["DevOps", "Rust"]);
  });
});
