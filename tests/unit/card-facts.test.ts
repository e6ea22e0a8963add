/**
 * The facts of a project card and a developer card (budget, deadline, platform, location; hourly
 * rate, response time, projects completed) as a screen reader meets them: each visually hidden term
 * directly followed by its value, the icon inside the value and hidden from assistive technology,
 * and nothing but terms and values in the list (a valid <dl>, with no wrapper elements to render).
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DeveloperCard } from "../../app/components/developers/developer-card";
import { ProjectCard } from "../../app/components/projects/project-card";
import { formatBudget, formatDate } from "../../shared/format";

function render(element: ReactElement): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, element));
}

/** The [term, value text, value markup] pairs of the card's one <dl>; throws unless it holds only dt/dd pairs. */
function facts(html: string): Array<[string, string, string]> {
  const lists = [...html.matchAll(/<dl[^>]*>([\s\S]*?)<\/dl>/g)];
  expect(lists).toHaveLength(1);
  const body = lists[0]![1]!;
  const pairs = [...body.matchAll(/<dt class="sr-only">([^<]*)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)];
  // Nothing in the list besides the pairs (no wrapper elements).
  expect(pairs.map((m) => m[0]).join("")).toBe(body);
  return pairs.map((m) => [
    m[1]!,
    m[2]!
      .replace(/<svg[\s\S]*?<\/svg>/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&amp;/g, "&"),
    m[2]!,
  ]);
}

/** Expects the card's facts to be `expected` ([term, value] in order), each value led by an icon hidden from assistive technology. */
function expectFacts(html: string, expected: Array<[string, string]>): void {
  const list = facts(html);
  expect(list.map(([term, value]) => [term, value])).toEqual(expected);
  for (const [, , markup] of list) expect(markup).toMatch(/^<svg [^>]*aria-hidden="true"/);
}

describe("card facts", () => {
  const project = (over: { deadline?: string | null }) =>
    render(
      createElement(ProjectCard, {
        project: {
          id: "p1",
          title: "Spaza stock app",
          description: "Stock counts for a spaza shop.",
          platform: "mobile",
          skills: ["Flutter"],
          budgetMin: 15_000,
          budgetMax: 35_000,
          deadline: null,
          location: "Soweto, Johannesburg",
          status: "active",
          userId: "u1",
          proposalCount: 2,
          createdAt: new Date().toISOString(),
          ...over,
        },
      }),
    );

  it("a project card lists budget, deadline, platform and location, each term followed by its value", () => {
    expectFacts(project({}), [
      ["Budget", formatBudget(15_000, 35_000)],
      ["Deadline", "Flexible timeline"],
      ["Platform", "Mobile App"],
      ["Location", "Soweto, Johannesburg"],
    ]);
  });

  it('a project card shows the deadline when there is one, else "Flexible timeline" (spec decisions: the deadline is optional)', () => {
    const deadline = "2026-12-15T00:00:00+02:00";
    expect(facts(project({ deadline }))[1]!.slice(0, 2)).toEqual(["Deadline", formatDate(deadline)]);
  });

  it("a developer card lists hourly rate, response time and projects completed the same way", () => {
    const html = render(
      createElement(DeveloperCard, {
        developer: {
          id: "d1",
          name: "Thabo Nkosi",
          title: "Flutter developer",
          bio: "Builds mobile apps.",
          city: "Durban",
          hourlyRate: 450,
          responseTime: "< 1h",
          availability: "available",
          skills: ["Flutter"],
          rating: 4.5,
          reviewCount: 3,
          completedProjects: 1,
          recentProjects: [],
          photoId: null,
        },
      }),
    );
    expectFacts(html, [
      ["Hourly rate", "R450/hour"],
      ["Response time", "< 1h"],
      ["Projects completed", "1 project completed"],
    ]);
  });
});
