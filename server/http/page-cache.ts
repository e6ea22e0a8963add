/**
 * In-memory cache of the answers that are the same for every anonymous visitor: server-rendered
 * public pages (and their React Router `.data` twins) and the public JSON lists and details
 * (docs/performance.md; docs/decisions/0008-anonymous-page-cache.md).
 *
 * - Only GET requests without a Cookie or Authorization header, for a path `isPublic` accepts,
 *   are looked up or stored; a signed-in visitor (or one with a flash cookie) is never served a
 *   stored answer and never stores one.
 * - Only 200 answers without Set-Cookie are stored, keyed by path and query string.
 * - Every write this instance handles (any request other than GET, HEAD, OPTIONS, and GETs that
 *   `isWrite` names, e.g. e-mail verification links) empties the cache when it has finished; an
 *   answer whose rendering overlapped such a write is not stored (a generation counter).
 * - Entries expire after `ttlMs`: that bounds how stale a page can be after a write made by
 *   another instance on the same PostgreSQL database, or by a script.
 * - While the database cannot be reached (docs/operations.md), an expired entry up to
 *   `staleIfErrorMs` old is served instead of an error (the rendering answered 5xx, or
 *   `renderFailed()` says it met a database fault: such an answer is never stored), or at once
 *   without rendering when `preferStale()` says the database is known to be down right now
 *   (stale-if-error, RFC 5861 section 4). Writes still empty the cache, stale entries included.
 * - Stored bodies are compressed once per encoding (brotli or gzip, chosen from Accept-Encoding as
 *   server/http/compress.ts chooses for rendered answers) and carry a weak ETag; `If-None-Match`
 *   gets a 304. Stored answers say `Cache-Control: no-cache` (a browser may keep them but asks
 *   again each time) and `Vary: Cookie, Accept-Encoding`.
 * - `X-Cache: HIT | MISS | BYPASS | STALE` tells what happened (for tests and the benchmark).
 * - A HIT's status, headers and body are made once per entry and variant (304, brotli, gzip,
 *   none) and kept with it; `hit()` hands them to server/http/cache-hits.ts, which sends them
 *   before the app sees the request (decision 0049).
 * - Every other header is replayed as rendered, so a page keeps the Content-Security-Policy whose
 *   nonce is in its body, on HITs and 304s alike (docs/decisions/0010-csp-nonces.md).
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { DEVICE_COOKIE } from "../auth/devices";
import { chooseEncoding, compressInPlace } from "./compress";

export interface PageCacheOptions {
  /** Whether a path (without query string) may be served from the cache to anonymous visitors. */
  isPublic: (path: string) => boolean;
  /** GET paths that change data (e.g. e-mail verification), so they empty the cache like a write. */
  isWrite?: (path: string) => boolean;
  /** Writes that cannot change what a public page shows (messages, read marks), so they leave it. */
  isPrivateWrite?: (path: string) => boolean;
  /** How long an entry is served, in ms (default 10 000). */
  ttlMs?: number;
  /** Most entries kept, least recently used dropped first (default 500). */
  maxEntries?: number;
  /** Bodies larger than this many bytes are not stored (default 1 MB). */
  maxBodyBytes?: number;
  /** How long after expiring an entry may still stand in for an error answer, in ms (default 600 000). */
  staleIfErrorMs?: number;
  /** True while the database is known to be unreachable: expired entries are then served without rendering. */
  preferStale?: () => boolean;
  /**
   * True when the answer just made met a database fault (called after rendering, in the request):
   * a page that hides a failed section still answers 200, but it is not stored, and an expired
   * entry is served instead when there is one.
   */
  renderFailed?: () => boolean;
  /** Called whenever the cache is emptied by a write (the totals cache empties with it, decision 0035). */
  onInvalidate?: () => void;
  /** Clock in ms, for tests. */
  now?: () => number;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  etag: string;
  expires: number;
  /** The body compressed, by encoding, once each. */
  compressed: { br?: Buffer; gzip?: Buffer };
  /** The answers already made of it for a HIT, by variant (made once, then sent as they are). */
  hits: Partial<Record<Variant, CachedAnswer>>;
}

/** What a request gets of a stored answer: a 304, or the body in one encoding. */
type Variant = "304" | "br" | "gzip" | "identity";

/** A stored answer as it is sent: status, header pairs (names as written), and body (null for a 304). */
export interface CachedAnswer {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer | null;
}

export interface PageCache {
  middleware: MiddlewareHandler;
  /** Drops every entry and refuses answers rendered before now (called after each write). */
  invalidate(): void;
  /**
   * The answer to an anonymous GET of `key` (path and query string, as `new URL` writes them) when
   * a fresh entry is stored, as the middleware would send it on a HIT (`X-Cache: HIT`, a 304 for a
   * matching `ifNoneMatch`, the body in the encoding `acceptEncoding` picks); null otherwise. The
   * caller has checked that the path is public and the request carries no Cookie or Authorization.
   * For server/http/cache-hits.ts, which answers HITs before the app sees them (decision 0049).
   */
  hit(key: string, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): CachedAnswer | null;
  /** Entries currently stored. */
  readonly size: number;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Headers the cache sets itself, or that must never be replayed. */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "etag", "cache-control", "vary", "set-cookie", "x-cache", "transfer-encoding"]);

/** Whether an If-None-Match header value names `etag` (weak comparison, RFC 9110 13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => bare(t) === bare(etag));
}

function markCache(res: Response, status: "MISS" | "BYPASS") {
  try {
    res.headers.set("X-Cache", status);
  } catch {
    // immutable headers (a fetched response): the marker is only informative
  }
}

/** Creates a page cache; mount `middleware` on every path, inside the compression middleware. */
export function createPageCache(options: PageCacheOptions): PageCache {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  const staleIfErrorMs = options.staleIfErrorMs ?? 600_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let generation = 0;

  const invalidate = () => {
    generation++;
    entries.clear();
    options.onInvalidate?.();
  };

  /** The answer `entry` makes for a request; a HIT's is made once per variant and kept on the entry. */
  const answerOf = (entry: Entry, acceptEncoding: string | undefined, ifNoneMatch: string | undefined, cacheStatus: "HIT" | "MISS" | "STALE"): CachedAnswer => {
    const variant: Variant = matchesEtag(ifNoneMatch, entry.etag) ? "304" : (chooseEncoding(acceptEncoding) ?? "identity");
    const kept = cacheStatus === "HIT" ? entry.hits[variant] : undefined;
    if (kept) return kept;
    const headers: Array<[string, string]> = [
      ...entry.headers,
      ["ETag", entry.etag],
      ["Cache-Control", "no-cache"],
      ["Vary", "Cookie, Accept-Encoding"],
      ["X-Cache", cacheStatus],
    ];
    let answer: CachedAnswer;
    if (variant === "304") {
      answer = { status: 304, headers: headers.filter(([name]) => name.toLowerCase() !== "content-type"), body: null };
    } else {
      const body = variant === "identity" ? entry.body : (entry.compressed[variant] ??= compressInPlace(entry.body, variant));
      if (variant !== "identity") headers.push(["Content-Encoding", variant]);
      headers.push(["Content-Length", String(body.length)]);
      answer = { status: entry.status, headers, body };
    }
    if (cacheStatus === "HIT") entry.hits[variant] = answer;
    return answer;
  };

  const respond = (entry: Entry, req: Request, cacheStatus: "HIT" | "MISS" | "STALE"): Response => {
    const answer = answerOf(entry, req.headers.get("accept-encoding") ?? undefined, req.headers.get("if-none-match") ?? undefined, cacheStatus);
    return new Response(answer.body as unknown as BodyInit, { status: answer.status, headers: answer.headers as Array<[string, string]> });
  };

  /** The fresh entry stored under `key`, made the most recently used; undefined when none. */
  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry || entry.expires <= now()) return undefined;
    // Most recently used goes last, so the first key is the one to drop.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const req = c.req.raw;
    const path = c.req.path;
    if ((!SAFE_METHODS.has(req.method) && !options.isPrivateWrite?.(path)) || options.isWrite?.(path)) {
      try {
        await next();
      } finally {
        invalidate();
      }
      return;
    }
    if (req.method !== "GET" || !options.isPublic(path)) return next();
    if (!answersAnonymously(req.headers.get("cookie")) || req.headers.has("authorization")) {
      await next();
      markCache(c.res, "BYPASS");
      return;
    }

    const url = new URL(req.url);
    const key = url.pathname + url.search;
    const hit = fresh(key);
    if (hit) return respond(hit, req, "HIT");
    let cached = entries.get(key);
    if (cached && cached.expires + staleIfErrorMs <= now()) {
      entries.delete(key);
      cached = undefined;
    }
    if (cached && options.preferStale?.()) return respond(cached, req, "STALE");

    const startedAt = generation;
    await next();
    const res = c.res;
    // The entry may have been emptied by a write meanwhile: only one still stored stands in.
    const failed = res.status >= 500 || (options.renderFailed?.() ?? false);
    if (failed && cached && entries.get(key) === cached) {
      await res.body?.cancel().catch(() => {});
      c.res = undefined as never;
      c.res = respond(cached, req, "STALE");
      return;
    }
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? "0");
    if (
      failed ||
      res.status !== 200 ||
      res.headers.has("set-cookie") ||
      res.headers.has("content-encoding") ||
      !/^(text\/html|application\/json|text\/x-script)/.test(type) ||
      length > maxBodyBytes
    ) {
      markCache(res, "MISS");
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
    const entry: Entry = {
      status: res.status,
      headers,
      body,
      etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
      expires: now() + ttlMs,
      compressed: {},
      hits: {},
    };
    // A write finished while this answer was being made: it may show the data before the write.
    if (generation === startedAt && body.length <= maxBodyBytes) {
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    c.res = undefined as never; // let Hono replace the consumed response
    c.res = respond(entry, req, "MISS");
  };

  return {
    middleware,
    invalidate,
    hit(key, acceptEncoding, ifNoneMatch) {
      const entry = fresh(key);
      return entry ? answerOf(entry, acceptEncoding, ifNoneMatch, "HIT") : null;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Whether a request's Cookie header (undefined or null: none) leaves its answer the anonymous one:
 * no cookie, or only cookies no page reads. The device cookie (server/auth/devices.ts) stays in a
 * browser after it signs out, for a sign-in's new-browser check only; a session, a flash message
 * or any cookie we do not know makes the answer personal (bypass the cache).
 */
export function answersAnonymously(cookieHeader: string | null | undefined): boolean {
  if (cookieHeader === undefined || cookieHeader === null) return true;
  for (const part of cookieHeader.split(";")) {
    const equals = part.indexOf("=");
    if ((equals < 0 ? part : part.slice(0, equals)).trim() !== DEVICE_COOKIE) return false;
  }
  return true;
}

/**
 * The public pages and API reads of BuildZA whose anonymous answers may be cached: home, browse
 * and detail pages of projects and developers, search, the content pages, their React Router
 * `.data` requests, and the public GETs of /api/v1 (lists, details, top developers, reviews).
 */
export function isPublicPath(path: string): boolean {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  return (
    /^\/(?:|projects|projects\/[^/]+|developers|developers\/[^/]+|search|how-it-works|faq|support|terms|privacy|success-stories)$/.test(page) ||
    /^\/api\/v1\/(?:projects|projects\/[^/]+|developers|developers\/[^/]+|developers\/[^/]+\/reviews)$/.test(path)
  );
}

/**
 * Writes that no public page or public API read shows (docs/product.md, Messages and notifications): messages, read marks,
 * notifications, email switches and sign-in/out. A busy chat must not keep emptying the cache.
 */
export function isPrivateWrite(path: string): boolean {
  return (
    /^\/api\/v1\/(?:conversations|notifications|me\/email-preferences|unsubscribe|files)(?:\/|$)/.test(path) ||
    /^\/(?:messages|notifications|unsubscribe)(?:\/|\.data$|$)/.test(path) ||
    /^\/api\/auth\/(?:sign-in|sign-out)(?:\/|$)/.test(path)
  );
}

/** GETs that change data: better-auth's e-mail verification link marks an account verified. */
export function isWritingGet(path: string): boolean {
  return path.startsWith("/api/auth/verify-email");
}
