/**
 * Response compression for everything the app renders or answers on the fly (pages signed in or
 * not, API JSON): brotli when the browser accepts it, else gzip (docs/performance.md). Hono's own
 * `compress()` only knows gzip and deflate, so signed-in and uncached HTML went out gzip-only
 * while cached and static files got brotli. Brotli runs at quality 5 (about gzip's speed, smaller
 * output). Pages and JSON are compressed in one piece and sent with their Content-Length; other
 * types (a CSV download, say) as a stream. Answers already encoded
 * (precompressed files, cached pages), event streams, `no-transform` answers, HEAD and bodies with
 * a Content-Length under 1 KB pass unchanged, their bodies unread.
 */
import type { Context, MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from "node:zlib";

const THRESHOLD = 1024;
/** Bytes handed to the compressor at once at most (docs/performance.md, "Compression in one piece"). */
const COALESCE_BYTES = 64 * 1024;
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
    c.req.method !== "HEAD" &&
    !res.headers.has("Content-Encoding") &&
    !res.headers.has("Transfer-Encoding") &&
    !(length && Number(length) < THRESHOLD) &&
    !!type &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "") &&
    // Last: reading `body` turns @hono/node-server's lightweight Response (a Buffer or string
    // written to the socket as is) into a full one with a stream to pump, for every answer that
    // passes unchanged, cached pages included (docs/performance.md, "the cached path pumped
    // every answer through a stream").
    !!res.body
  );
}

/**
 * Joins the chunks that arrive together (in one turn of the event loop) into one, up to `limit`
 * bytes (COALESCE_BYTES), for the answers still compressed as a stream (not pages or JSON, which
 * are compressed whole). Every chunk written to a zlib stream is one call into the thread pool: a
 * 100 KB page compressed in 2 KB pieces cost 3.0 ms of brotli against 1.3 ms in one piece
 * (docs/performance.md). A chunk that arrives later (a stream that waits between writes) still
 * goes on in the next turn, so nothing is held back.
 */
export function coalesceChunks(limit = COALESCE_BYTES): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Immediate | null = null;
  const emit = () => {
    if (timer) clearImmediate(timer);
    timer = null;
    if (!size || stream.destroyed) return;
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    stream.push(joined);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= limit) emit();
      else timer ??= setImmediate(emit);
      callback();
    },
    flush(callback) {
      emit();
      callback();
    },
    destroy(err, callback) {
      if (timer) clearImmediate(timer);
      timer = null;
      parts = [];
      callback(err);
    },
  });
  return stream;
}

const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

/**
 * Bodies up to this many bytes are compressed on the request's own thread, larger ones on libuv's
 * thread pool (docs/decisions/0046-compress-pages-on-the-main-thread.md). Handing a page of
 * 80-120 KB to the pool cost 3-4 ms more CPU per page than compressing it in place (about 2-3 ms),
 * with no gain in throughput on two cores; past 256 KB (no page or list comes near) the event
 * loop is not held that long.
 */
export const SYNC_COMPRESS_LIMIT = 256 * 1024;

/** Brotli options for a body of `size` bytes: BROTLI_PARAMS with the size as a hint. */
const brotliOptions = (size: number) => ({ params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: size } });

/**
 * `bytes` compressed with `encoding` (brotli at BROTLI_PARAMS, or gzip) on the calling thread: for
 * bodies up to SYNC_COMPRESS_LIMIT, and for the page cache's copies, compressed once each.
 */
export function compressInPlace(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === "gzip" ? gzipSync(bytes) : brotliCompressSync(bytes, brotliOptions(bytes.length));
}

/** `bytes` compressed with `encoding` (brotli at BROTLI_PARAMS), in place or on the pool by size. */
export async function compressWhole(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (bytes.length <= SYNC_COMPRESS_LIMIT) return compressInPlace(bytes, encoding);
  return encoding === "gzip" ? gzipWhole(bytes) : brotliWhole(bytes, brotliOptions(bytes.length));
}
/** Answers read whole and compressed in one call: server-rendered pages and API JSON. */
const WHOLE_TYPES = /^(?:application\/json|text\/html)/i;

function encode(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor = encoding === "gzip" ? createGzip() : createBrotliCompress({ params: BROTLI_PARAMS });
  // pipeline: a failing or aborted source destroys the compressor (and the other way round).
  pipeline(Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>), coalesceChunks(), compressor, () => {});
  return Readable.toWeb(compressor) as unknown as ReadableStream<Uint8Array>;
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
    let encoded: Response;
    if (WHOLE_TYPES.test(res.headers.get("Content-Type")!)) {
      // Pages and JSON are made whole before they are sent: React renders a page's shell, which
      // is all of it (no page defers data), in one go, so waiting for the end costs nothing, and
      // one compression call with a Content-Length skips the stream adapters and per-chunk
      // compressor calls (docs/performance.md, "pages compressed in one piece").
      const bytes = Buffer.from(await res.arrayBuffer());
      const body = await compressWhole(bytes, encoding);
      encoded = new Response(body as unknown as BodyInit, { status: res.status, headers: new Headers(res.headers) });
      encoded.headers.set("Content-Length", String(body.length));
    } else {
      encoded = new Response(encode(res.body!, encoding), res);
      encoded.headers.delete("Content-Length");
    }
    encoded.headers.set("Content-Encoding", encoding);
    const etag = encoded.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) encoded.headers.set("ETag", `W/${etag}`);
    c.res = undefined as never; // replace, not merge headers (Hono's setter would)
    c.res = encoded;
  };
}
