/**
 * Page weight of a first visit: the HTML of a page and every stylesheet and script it references
 * (link rel=stylesheet, link rel=modulepreload, script src, and the inline module's import of the
 * client entry) plus the CSS inlined in <style> elements, each fetched from the running production server and counted as bytes on the
 * wire: once with `Accept-Encoding: gzip` (the measure) and once with `br` (what current
 * browsers get). Also checks images (lazy and sized) and webfonts.
 */
import http from "node:http";

export interface PageWeight {
  path: string;
  /** Bytes as sent with gzip, per kind. */
  htmlBytes: number;
  cssBytes: number;
  jsBytes: number;
  /** Bytes as sent with brotli, per kind. */
  brotli: { htmlBytes: number; cssBytes: number; jsBytes: number };
  /** Content-Encoding of the HTML and of every asset of 1 KB or more ("gzip", "br" or "identity"). */
  encodings: string[];
  files: number;
  /** <img> without loading="lazy" or without width and height. */
  imagesNotLazyOrSized: number;
  /** Webfont files referenced by the page's CSS (@font-face url(...)). */
  webfonts: number;
  /** Cache-Control of the first asset, to check immutable caching. */
  assetCacheControl: string | null;
  htmlCacheControl: string | null;
  htmlEtag: string | null;
}

interface Fetched {
  status: number;
  wireBytes: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** GETs `url` (gzip accepted unless `headers` say otherwise) and returns the bytes as they came over the wire. */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, body: raw, headers: res.headers });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function decoded(f: Fetched): Promise<string> {
  const { gunzipSync, brotliDecompressSync, inflateSync } = await import("node:zlib");
  const enc = f.headers["content-encoding"];
  const buf = enc === "gzip" ? gunzipSync(f.body) : enc === "br" ? brotliDecompressSync(f.body) : enc === "deflate" ? inflateSync(f.body) : f.body;
  return buf.toString("utf8");
}

function attr(tag: string, name: string): string | null {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i"));
  return m ? m[1]! : null;
}

/** Weighs the page at `path` on the server at `base`. Throws unless the page answers 200. */
export async function weighPage(base: string, path: string): Promise<PageWeight> {
  const page = await fetchRaw(base + path);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = await decoded(page);
  const css = new Set<string>();
  const js = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "stylesheet") css.add(href);
    if (rel === "modulepreload") js.add(href);
  }
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, "src");
    if (src) js.add(src);
  }
  for (const m of html.matchAll(/import\s*\(?\s*["'](\/[^"']+\.js)["']/g)) js.add(m[1]!);

  const br = (url: string) => fetchRaw(url, { "accept-encoding": "br, gzip" });
  const weight: PageWeight = {
    path,
    htmlBytes: page.wireBytes,
    brotli: { htmlBytes: (await br(base + path)).wireBytes, cssBytes: 0, jsBytes: 0 },
    cssBytes: 0,
    jsBytes: 0,
    encodings: [String(page.headers["content-encoding"] ?? "identity")],
    files: 1 + css.size + js.size,
    imagesNotLazyOrSized: (html.match(/<img\b[^>]*>/gi) ?? []).filter((t) => attr(t, "loading") !== "lazy" || !attr(t, "width") || !attr(t, "height")).length,
    webfonts: 0,
    assetCacheControl: null,
    htmlCacheControl: (page.headers["cache-control"] as string | undefined) ?? null,
    htmlEtag: (page.headers.etag as string | undefined) ?? null,
  };
  // CSS inlined in a <style> (the first visit of a public page, decision 0041) is CSS too: counted
  // as its own compressed size, though it travels inside the HTML and is in that figure as well.
  const { gzipSync, brotliCompressSync } = await import("node:zlib");
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    const text = Buffer.from(m[1]!, "utf8");
    weight.cssBytes += gzipSync(text).length;
    weight.brotli.cssBytes += brotliCompressSync(text).length;
    weight.webfonts += (m[1]!.match(/@font-face/g) ?? []).length;
  }
  for (const [kind, hrefs] of [
    ["css", css],
    ["js", js],
  ] as const) {
    for (const href of hrefs) {
      const f = await fetchRaw(new URL(href, base + path).href);
      if (f.status !== 200) throw new Error(`${href} (referenced by ${path}) answered ${f.status}`);
      const b = (await br(new URL(href, base + path).href)).wireBytes;
      if (kind === "css") {
        weight.brotli.cssBytes += b;
        weight.cssBytes += f.wireBytes;
        weight.webfonts += ((await decoded(f)).match(/@font-face/g) ?? []).length;
      } else {
        weight.jsBytes += f.wireBytes;
        weight.brotli.jsBytes += b;
      }
      // A file its compressed copy would not make smaller is sent as it is (scripts/compress-assets.ts).
      if (f.headers["content-encoding"] || f.wireBytes >= 1024) weight.encodings.push(String(f.headers["content-encoding"] ?? "identity"));
      weight.assetCacheControl ??= (f.headers["cache-control"] as string | undefined) ?? null;
    }
  }
  return weight;
}
