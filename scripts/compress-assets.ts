/**
 * Runs after `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
 * copy beside every compressible file of build/client over 1 KB, so the static handler
 * (serveStatic with `precompressed`) sends them as they are instead of compressing each request
 * (docs/performance.md: assets served compressed). Prints the totals.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

/** Writes .br and .gz beside `file`; returns [raw, br, gz] sizes in bytes. */
export async function compressFile(file: string): Promise<[number, number, number]> {
  const raw = await readFile(file);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  return [raw.length, br.length, gz.length];
}

async function main() {
  const totals = [0, 0, 0];
  let files = 0;
  for (const entry of await readdir(ROOT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = (await readFile(file)).length;
    if (size < 1024) continue;
    const sizes = await compressFile(file);
    sizes.forEach((s, i) => (totals[i]! += s));
    files++;
  }
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`Precompressed ${files} files in ${path.relative(process.cwd(), ROOT)}: ${kb(totals[0]!)} -> brotli ${kb(totals[1]!)}, gzip ${kb(totals[2]!)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
