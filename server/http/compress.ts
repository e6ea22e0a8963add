/**
 * Response compression for everything the app renders or answers on the fly (pages signed in or
 * not, API JSON): brotli when the browser accepts it, else gzip (docs/performance.md). Hono's own
 * `compress()` only knows gzip and deflate, so signed-in and uncached HTML went out gzip-only
 * while cached and static files got brotli. Brotli runs at quality 5 (streaming, about gzip's
 * speed, smaller output). Answers already encoded (precompressed files, cached pages), event
 * streams, `no-transform` answers, HEAD and bodies with a Content-Length under 1 KB pass unchanged.
 */
import type { Context, MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { Readable } from "node:stream";
import { pipeline } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { constants, createBrotliCompress } from "node:zlib";

const THRESHOLD = 1024;
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The encoding to use for an Accept-Encoding header: the highest q, brotli first on a tie. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const weight = q.get(encoding) ?? q.get("*") ?? 0;
    if (weight > 0 && (!best || weight > best.q)) best = { encoding, q: weight };
  }
  return best?.encoding ?? null;
}

function compressible(c: Context): boolean {
  const res = c.res;
  const length = res.headers.get("Content-Length");
  const type = res.headers.get("Content-Type");
  return (
    res.status !== 206 &&
    res.status !== 204 &&
    res.status !== 304 &&
    !!res.body &&
    c.req.method !== "HEAD" &&
    !res.headers.has("Content-Encoding") &&
    !res.headers.has("Transfer-Encoding") &&
    !(length && Number(length) < THRESHOLD) &&
    !!type &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
  );
}

function encode(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  if (encoding === "gzip") return body.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  const brotli = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  // pipeline: a failing or aborted source destroys the compressor (and the other way round).
  pipeline(Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>), brotli, () => {});
  return Readable.toWeb(brotli) as unknown as ReadableStream<Uint8Array>;
}

/** The middleware: compresses the answer after the handlers ran (see the module comment). */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!compressible(c)) return;
    const vary = c.res.headers.get("Vary");
    if (vary !== "*" && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) {
      c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const res = c.res;
    const encoded = new Response(encode(res.body!, encoding), res);
    encoded.headers.delete("Content-Length");
    encoded.headers.set("Content-Encoding", encoding);
    const etag = encoded.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) encoded.headers.set("ETag", `W/${etag}`);
    c.res = undefined as never; // replace, not merge headers (Hono's setter would)
    c.res = encoded;
  };
}
