/**
 * scripts/compress-assets.ts: every compressible build file gets its .br and .gz copies, small
 * chunks too, but only a copy that is smaller than the file, since the static handler sends
 * whichever copy exists (docs/performance.md, "eighth pass").
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressDirectory, compressFile } from "../../scripts/compress-assets";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "buildza-compress-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe("compressFile", () => {
  it("writes both copies of a small chunk (under 1 KB) when they are smaller, and they decode to the file", async () => {
    const file = path.join(dir, "small.js");
    const code =
      `import{a as e}from"./button.js";export function t(n){return e(n,\`rounded-lg border px-3\`)}export function r(n){return e(n,\`rounded-lg border px-4\`)}`.repeat(
        4,
      );
    expect(code.length).toBeLessThan(1024);
    await writeFile(file, code);
    const [raw, br, gz] = await compressFile(file);
    expect(raw).toBe(code.length);
    expect(br).toBeLessThan(raw);
    expect(gz).toBeLessThan(raw);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(code);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(code);
  });

  it("writes no copy that would be larger than the file, and removes a stale one", async () => {
    const file = path.join(dir, "tiny.js");
    await writeFile(`${file}.gz`, "stale");
    // Random bytes as hex: nothing to gain, and gzip's header makes the copy larger.
    await writeFile(file, randomBytes(24).toString("hex"));
    const [raw, , gz] = await compressFile(file);
    expect(gz).toBe(raw);
    expect(await exists(`${file}.gz`)).toBe(false);
  });

  it("a build folder's chunks under 1 KB are compressed too", async () => {
    const build = await mkdtemp(path.join(dir, "build-"));
    const code = `export const a={accept:\`in_progress\`,complete:\`completed\`,close:\`closed\`,cancel:\`active\`};`.repeat(6);
    expect(code.length).toBeLessThan(1024);
    await writeFile(path.join(build, "chunk.js"), code);
    await writeFile(path.join(build, "note.png"), code);
    const { files } = await compressDirectory(build);
    expect(files).toBe(1);
    expect(await exists(path.join(build, "chunk.js.gz"))).toBe(true);
    expect(await exists(path.join(build, "chunk.js.br"))).toBe(true);
    expect(await exists(path.join(build, "note.png.gz"))).toBe(false);
  });
});
