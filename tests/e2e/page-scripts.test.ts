/**
 * What JavaScript a first visit downloads (decision 0044): a page's module preloads carry the
 * icons it draws and not the others, and none carries lucide-react's own icon component, which
 * the app never renders (app/components/ui/static-icon.tsx draws lucide's drawings itself).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer, PORT_BASE } from "./support";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(PORT_BASE + 57, { DEMO_DATA: "off" });
});

afterAll(async () => {
  await server?.stop();
});

/** The text of every script the server-rendered page at `path` preloads, joined. */
async function preloadedScripts(path: string): Promise<{ files: string[]; text: string }> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const files = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const texts = await Promise.all(files.map(async (f) => (await fetch(`${server.url}${f}`)).text()));
  return { files, text: texts.join("\n") };
}

/** Matches the drawing of lucide's icon `name` in minified code (`name:"wallet"`, any quotes). */
function drawing(name: string): RegExp {
  return new RegExp(`name:\\s*[\`"']${name}[\`"']`);
}

describe("icons in a page's scripts (decision 0044)", () => {
  it("the home page's scripts draw its own icons; the login page's do not carry them", async () => {
    const home = await preloadedScripts("/");
    const login = await preloadedScripts("/login");
    expect(home.files.length).toBeGreaterThan(5);
    expect(login.files.length).toBeGreaterThan(5);
    // Drawn only by the home page (its categories and steps): in its scripts, not the login page's.
    for (const name of ["graduation-cap", "shopping-cart", "rocket"]) {
      expect(home.text, name).toMatch(drawing(name));
      expect(login.text, name).not.toMatch(drawing(name));
    }
    // Drawn by the login page's password field ("show password").
    expect(login.text).toMatch(drawing("eye"));
  });

  it("no page's scripts carry lucide-react's icon component", async () => {
    for (const path of ["/", "/login", "/projects", "/developers"]) {
      const { text } = await preloadedScripts(path);
      expect(text, path).not.toContain("iconNode is required");
      expect(text, path).not.toContain("absoluteStrokeWidth");
    }
  });
});
