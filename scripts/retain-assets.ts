/**
 * Keeps the previous builds' client assets servable for a while after a rebuild
 * (docs/operations.md, "Deploying a new build"; docs/decisions/0062).
 *
 * `react-router build` empties build/ and writes new hashed file names, so a page rendered by the
 * previous build, still open in a browser, asked for route chunks and styles that were gone (404)
 * as soon as an instance was rebuilt in place. Around the build:
 *
 *   tsx scripts/retain-assets.ts save      (before: first use only, records the current build)
 *   react-router build && compress
 *   tsx scripts/retain-assets.ts restore   (after: copies retired files back into build/client/assets)
 *
 * The store (`.retained-assets/` at the repository root, ignored by git) holds a copy of every
 * asset of the current build and of the builds it replaced, with `manifest.json`:
 * `{ current: string[], retiredAt: { [file]: ISO time } }`. A file stops being current when a
 * build no longer writes it; it is served for RETAIN_MS (7 days) after that, then deleted. Hashed
 * names never collide with a new build's files, and a file a new build writes again is current.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** How long a retired asset stays servable, in ms (7 days: longer than a tab is left open for, usually). */
export const RETAIN_MS = 7 * 24 * 60 * 60 * 1000;

type Manifest = { current: string[]; retiredAt: Record<string, string> };

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function readManifest(store: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(path.join(store, "manifest.json"), "utf8")) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function writeManifest(store: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(store, "manifest.json"), JSON.stringify(manifest, null, 1));
}

/**
 * Before a build: when the store has no manifest yet (the first build with retention, or a new
 * checkout with an old build/), copies `assetsDir`'s files into `store` as the current build.
 * Does nothing otherwise (the store already holds them). Returns how many files it recorded.
 */
export async function saveAssets(assetsDir: string, store: string): Promise<number> {
  if (await readManifest(store)) return 0;
  const files = await listFiles(assetsDir);
  await mkdir(store, { recursive: true });
  for (const file of files) await copyFile(path.join(assetsDir, file), path.join(store, file));
  await writeManifest(store, { current: files, retiredAt: {} });
  return files.length;
}

/**
 * After a build (and its compression): files of the previous build that this one no longer writes
 * are retired now; every retired file younger than `retainMs` is copied into `assetsDir` (never
 * over a file the build wrote), older ones are deleted from `store`; the new build's files are
 * stored as current. `now` is injectable for tests. Returns the counts.
 */
export async function restoreAssets(
  assetsDir: string,
  store: string,
  now: Date = new Date(),
  retainMs: number = RETAIN_MS,
): Promise<{ current: number; retained: number; expired: number }> {
  const manifest = (await readManifest(store)) ?? { current: [], retiredAt: {} };
  const built = await listFiles(assetsDir);
  const builtSet = new Set(built);
  const retiredAt: Record<string, string> = {};
  for (const [file, at] of Object.entries(manifest.retiredAt)) if (!builtSet.has(file)) retiredAt[file] = at;
  for (const file of manifest.current) if (!builtSet.has(file) && !(file in retiredAt)) retiredAt[file] = now.toISOString();

  await mkdir(store, { recursive: true });
  let retained = 0;
  let expired = 0;
  for (const [file, at] of Object.entries(retiredAt)) {
    if (now.getTime() - Date.parse(at) >= retainMs) {
      await rm(path.join(store, file), { force: true });
      delete retiredAt[file];
      expired++;
      continue;
    }
    try {
      await copyFile(path.join(store, file), path.join(assetsDir, file));
      retained++;
    } catch (error) {
      // A store edited by hand: forget the file rather than fail the build.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      delete retiredAt[file];
    }
  }
  for (const file of built) await copyFile(path.join(assetsDir, file), path.join(store, file));
  await writeManifest(store, { current: built, retiredAt });
  return { current: built.length, retained, expired };
}

async function main() {
  const [command] = process.argv.slice(2);
  const assetsDir = path.resolve("build/client/assets");
  const store = path.resolve(process.env.RETAINED_ASSETS_DIR ?? ".retained-assets");
  if (command === "save") {
    const n = await saveAssets(assetsDir, store);
    if (n) console.log(`Recorded ${n} files of the current build in ${path.relative(process.cwd(), store)}`);
  } else if (command === "restore") {
    const { current, retained, expired } = await restoreAssets(assetsDir, store);
    console.log(`Assets: ${current} built, ${retained} kept from earlier builds, ${expired} expired`);
  } else {
    console.error("usage: tsx scripts/retain-assets.ts save|restore");
    process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
