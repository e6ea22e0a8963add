/**
 * Form fields whose messages a screen reader reads (docs/product.md, Accessibility): a field marked
 * invalid is described by its message's element.
 */
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Register from "../../app/routes/register";

function render(Component: ComponentType, path = "/"): string {
  const Stub = createRoutesStub([{ path, Component }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] })).replace(/<!-- -->/g, "");
}

/** The attributes of the element with this id. */
function tagOf(html: string, id: string): string {
  const match = html.match(new RegExp(`<(?:input|textarea|select)[^>]*id="${id.replace(/\./g, "\\.")}"[^>]*>`));
  if (!match) throw new Error(`no field ${id}`);
  return match[0];
}

describe("the register form", () => {
  it("describes the terms checkbox by its message, as it does the other fields", () => {
    const html = render(Register as ComponentType, "/register");
    const checkbox = html.match(/<input type="checkbox"[^>]*>/)?.[0] ?? "";
    expect(checkbox).toContain('name="terms"');
    expect(checkbox).toContain('aria-describedby="terms-error"');
    expect(tagOf(html, "name")).toContain('aria-describedby="name-error"');
  });
});
