/**
 * Links in chat messages (docs/product.md, Journeys: long words and URLs in user text break with
 * `break-words`, overflow-wrap: anywhere). A link must move to the next line whole when it fits
 * there: `break-all` (word-break) split "See https://example.com/spec" after its first letter.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageText } from "../../app/components/messages/message-text";

describe("a message's text", () => {
  it("links a URL that wraps like a word (overflow-wrap: anywhere), never letter by letter (word-break: break-all)", () => {
    const html = renderToStaticMarkup(createElement(MessageText, { body: "See https://example.com/spec for the screens" }));
    const link = /<a [^>]*href="https:\/\/example.com\/spec"[^>]*>/.exec(html)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toMatch(/break-all/);
    // The link inherits overflow-wrap from the message's span: a URL longer than the line still breaks.
    expect(html).toMatch(/^<span class="[^"]*\bbreak-words\b[^"]*">See <a /);
  });

  it("no page text uses break-all, except a token or an API path shown on its own as code", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith(".tsx") && /"[^"\n]*\bbreak-all\b[^"\n]*"/.test(readFileSync(path, "utf8"))) found.push(path.replace(/\\/g, "/"));
      }
    };
    walk("app");
    expect(found.sort()).toEqual(["app/components/profile/api-tokens.tsx", "app/routes/api-docs.tsx"]);
  });
});
