/**
 * Dependencies (docs/security.md, Dependencies): every package is pinned to an exact release, and
 * the packages with published advisories are at or above the first fixed release; what is
 * installed is what package.json pins.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** The first releases without the advisories we know of. */
const MINIMUM: Record<string, string> = { "better-auth": "1.4.17", "drizzle-orm": "0.45.2" };

function compare(a: string, b: string): number {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

describe("dependencies", () => {
  it("pins every package to one exact release", () => {
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    }
  });

  it.each(Object.entries(MINIMUM))("%s is at least %s, as pinned and as installed", (name, minimum) => {
    expect(compare(pkg.dependencies[name]!, minimum)).toBeGreaterThanOrEqual(0);
    const installed = JSON.parse(fs.readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as { version: string };
    expect(installed.version).toBe(pkg.dependencies[name]);
  });
});
