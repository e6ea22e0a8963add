/**
 * A field taking focus is scrolled clear of an action bar stuck to the bottom of the screen
 * (docs/product.md, Accessibility; WCAG 2.4.11): every such bar is marked data-sticky-actions, and
 * app.css then gives the page a scroll-padding-bottom that focus scrolling (Tab, or a failed Save
 * focusing the first wrong field) keeps clear, the bar and the field's message under it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DeveloperProfileForm, EMPTY_PROFILE } from "../../app/components/profile/profile-form";

/** Every .tsx file under app/. */
function sources(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : path.endsWith(".tsx") ? [path] : [];
  });
}

describe("sticky action bars", () => {
  it("the profile form's Skip / Save bar is marked, and app.css pads the page's bottom by more than the bar", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(DeveloperProfileForm, { defaultValues: EMPTY_PROFILE }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
    const bar = html.match(/<div[^>]*class="sticky bottom-0[^"]*"[^>]*>/)?.[0] ?? "";
    expect(bar).toContain("data-sticky-actions");

    const css = readFileSync("app/app.css", "utf8");
    const rule = css.match(/html:has\(\[data-sticky-actions\]\)\s*\{([^}]*)\}/)?.[1] ?? "";
    const padding = Number(rule.match(/scroll-padding-bottom:\s*([\d.]+)rem/)?.[1]);
    // The bar is a 44 px button and 24 px of padding (4.25rem); the rest is for a message.
    expect(padding).toBeGreaterThanOrEqual(6);
  });

  it("every element stuck to the bottom of the screen is marked", () => {
    const unmarked = sources().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<\w+([^>]*)className="[^"]*\b(?:sticky|fixed) bottom-0\b/g)]
        .filter((m) => !m[1]!.includes("data-sticky-actions"))
        .map(() => file),
    );
    expect(unmarked).toEqual([]);
  });
});
