/**
 * app/components/ui/icons.tsx draws lucide's icons as one element with static inner markup
 * (decision 0039). What a visitor's browser receives must not change: for every icon the app uses
 * and the ways the app passes props, the markup equals lucide-react's own, byte for byte.
 */
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "../../app/components/ui/icons";
import type { IconModule } from "../../app/components/ui/static-icon";

const names = Object.keys(icons).filter((name) => name !== "staticIcon");
const PROPS: Record<string, unknown>[] = [
  {},
  { className: "size-4 shrink-0 text-slate-400" },
  { className: "size-4", "aria-hidden": "true" },
  { "aria-label": "Close", role: "img" },
  { size: 16, strokeWidth: 1.5, "data-testid": "icon" },
];

function markup(component: unknown, props: Record<string, unknown>): string {
  return renderToStaticMarkup(createElement(component as ComponentType<Record<string, unknown>>, props));
}

describe("static icons", () => {
  it("cover every icon the app imports (at least the 90 in use)", () => {
    expect(names.length).toBeGreaterThanOrEqual(90);
  });

  it.each(names)("%s renders what lucide-react renders", (name) => {
    const original = (lucide as Record<string, unknown>)[name];
    expect(original, `lucide-react exports ${name}`).toBeDefined();
    for (const props of PROPS) {
      expect(markup((icons as Record<string, unknown>)[name], props)).toBe(markup(original, props));
    }
  });

  it("draws the icon as one element whose children are the drawing", () => {
    const html = markup(icons.MapPin, { className: "size-4" });
    expect(html).toMatch(/^<svg [^>]*class="lucide lucide-map-pin size-4"[^>]*aria-hidden="true"[^>]*><path d="M20 10c0/);
    expect(html).toContain('<circle cx="12" cy="10" r="3"></circle></svg>');
  });

  it("refuses a module without a drawing (a renamed icon after an upgrade)", () => {
    expect(() => icons.staticIcon(({} as IconModule).__iconData)).toThrow(/__iconData/);
  });
});
