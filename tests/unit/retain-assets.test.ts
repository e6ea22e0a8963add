/**
 * scripts/retain-assets.ts: after a rebuild, the files of the builds it replaced stay in
 * build/client/assets for 7 days after they stopped being built, so a page rendered by the old
 * build can still load its chunks (docs/operations.md, "Deploying a new build").
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RETAIN_MS, restoreAssets, saveAssets } from "../../scripts/retain-assets";

let root: string;
let assets: string;
let store: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "buildza-retain-"));
  assets = path.join(root, "build/client/assets");
  store = path.join(root, ".retained-assets");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Empties the assets folder and writes `files` (name -> content), as `react-router build` does. */
async function build(files: Record<string, string>) {
  await rm(path.join(root, "build"), { recursive: true, force: true });
  await mkdir(assets, { recursive: true });
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(assets, name), body);
}

const served = async () => (await readdir(assets)).sort();
const day = 24 * 60 * 60 * 1000;

describe("retained assets", () => {
  it("keeps the replaced build's files beside the new ones, with their content", async () => {
    await build({ "root-OLD.js": "old root", "root-OLD.js.br": "old br", "shared-SAME.js": "same" });
    expect(await saveAssets(assets, store)).toBe(3);
    await build({ "root-NEW.js": "new root", "shared-SAME.js": "same" });
    const counts = await restoreAssets(assets, store, new Date("2026-11-29T10:00:00Z"));
    expect(counts).toEqual({ current: 2, retained: 2, expired: 0 });
    expect(await served()).toEqual(["root-NEW.js", "root-OLD.js", "root-OLD.js.br", "shared-SAME.js"]);
    expect(await readFile(path.join(assets, "root-OLD.js"), "utf8")).toBe("old root");
  });

  it("counts the 7 days from when a file stopped being built, not from when it was first built", async () => {
    const t0 = new Date("2026-11-01T10:00:00Z");
    await build({ "a-1.js": "a1" });
    await restoreAssets(assets, store, t0); // first build with retention
    // a-1 stays current for 20 days, then build 2 replaces it.
    await build({ "a-2.js": "a2" });
    const t1 = new Date(t0.getTime() + 20 * day);
    expect((await restoreAssets(assets, store, t1)).retained).toBe(1);
    // Build 3, 6 days later: a-1 retired 6 days ago (kept), a-2 retired now (kept).
    await build({ "a-3.js": "a3" });
    expect(await restoreAssets(assets, store, new Date(t1.getTime() + 6 * day))).toEqual({ current: 1, retained: 2, expired: 0 });
    expect(await served()).toEqual(["a-1.js", "a-2.js", "a-3.js"]);
    // Build 4, 7 days after a-1 was retired: a-1 expires and leaves the store too.
    await build({ "a-4.js": "a4" });
    expect(await restoreAssets(assets, store, new Date(t1.getTime() + RETAIN_MS))).toEqual({ current: 1, retained: 2, expired: 1 });
    expect(await served()).toEqual(["a-2.js", "a-3.js", "a-4.js"]);
    expect(await readdir(store)).not.toContain("a-1.js");
  });

  it("never overwrites a file the new build wrote, and a file built again is current again", async () => {
    const t0 = new Date("2026-11-01T10:00:00Z");
    await build({ "a-1.js": "one", "b-1.js": "b" });
    await restoreAssets(assets, store, t0);
    await build({ "a-2.js": "two" });
    await restoreAssets(assets, store, t0);
    // b-1 comes back with a new content (not possible with hashes, but the build wins).
    await build({ "a-2.js": "two", "b-1.js": "b rebuilt" });
    await restoreAssets(assets, store, new Date(t0.getTime() + 1000));
    expect(await readFile(path.join(assets, "b-1.js"), "utf8")).toBe("b rebuilt");
    // Far later: b-1 and a-2 are current, so only a-1 expires.
    await build({ "a-2.js": "two", "b-1.js": "b rebuilt" });
    expect(await restoreAssets(assets, store, new Date(t0.getTime() + 30 * day))).toEqual({ current: 2, retained: 0, expired: 1 });
    expect(await served()).toEqual(["a-2.js", "b-1.js"]);
  });

  it("records nothing before a build when the store already knows the current build", async () => {
    await build({ "a-1.js": "one" });
    await saveAssets(assets, store);
    await build({ "a-1.js": "one", "x.js": "copied in by hand" });
    expect(await saveAssets(assets, store)).toBe(0);
  });
});
