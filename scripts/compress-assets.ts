/**
 * Runs after `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
 * copy beside every compressible file of build/client, each only where it is smaller than the file
 * (a tiny chunk's gzip header can outweigh its savings), so the static handler (serveStatic with
 * `precompressed`) sends them as they are instead of compressing each request (docs/performance.md:
 * assets served compressed; small chunks too since the "eighth pass"). Prints the totals.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

/**
 * Writes .br and .gz beside `file`, each only if smaller than the file (and removes a stale copy
 * that is not); returns [raw, br, gz] sizes in bytes as they will be sent.
 */
export async function compressFile(file: string): Promise<[number, number, number]> {
  const raw = await readFile(file);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  const sizes: number[] = [];
  for (const [ext, body] of [
    ["br", br],
    ["gz", gz],
  ] as const) {
    if (body.length < raw.length) {
      await writeFile(`${file}.${ext}`, body);
      sizes.push(body.length);
    } else {
      await rm(`${file}.${ext}`, { force: true });
      sizes.push(raw.length);
    }
  }
  return [raw.length, sizes[0]!, sizes[1]!];
}

/**
 * Compresses every compressible file under `root` (compressFile); returns how many and their
 * [raw, br, gz] totals in bytes as they will be sent.
 */
export async function compressDirectory(root: string): Promise<{ files: number; totals: [number, number, number] }> {
  const totals: [number, number, number] = [0, 0, 0];
  let files = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const [raw, br, gz] = await compressFile(path.join(entry.parentPath, entry.name));
    totals[0] += raw;
    totals[1] += br;
    totals[2] += gz;
    files++;
  }
  return { files, totals };
}

async function main() {
  const { files, totals } = await compressDirectory(ROOT);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`Precompressed ${files} files in ${path.relative(process.cwd(), ROOT)}: ${kb(totals[0])} -> brotli ${kb(totals[1])}, gzip ${kb(totals[2])}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
