/**
 * Page cache HITs answered on node:http, before the app sees the request (decision 0049).
 *
 * An anonymous GET of a public page or API read whose answer the page cache holds fresh
 * (server/http/page-cache.ts) is answered here with the stored status, headers and body, plus
 * what the app's middleware adds on the way out (server/http/app.ts): the security headers a
 * stored answer does not set itself, the baseline Content-Security-Policy when it has none, and
 * `X-Request-Id`. Everything else (a cookie other than the device cookie, an Authorization header, another method, a URL that
 * `new URL` would rewrite, a miss, an expired entry, shutdown under way) goes to the app, which
 * answers it as before; so a HIT is the same answer whichever of the two sends it
 * (tests/unit/cache-hits.test.ts compares them header by header).
 *
 * Nothing here is kept beyond the page cache's own entries: the header list made for an answer
 * lives as long as the answer does (a WeakMap), so every instance behaves alike.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answersAnonymously, type CachedAnswer, type PageCache } from "./page-cache";

export interface CacheHitOptions {
  /** Whether a path may be served from the cache to anonymous visitors (page-cache.ts, isPublicPath). */
  isPublic: (path: string) => boolean;
  /** Headers the app sets on every answer that has not set them (name, value); checked by name, case-insensitively. */
  defaults: ReadonlyArray<readonly [string, string]>;
  /** The request id to answer with, from the request's X-Request-Id header (app.ts, requestIdOf). */
  requestId: (given: string | undefined) => string;
  /** True when the app must answer (shutdown under way: its answers say `Connection: close`). */
  bypass?: () => boolean;
}

/**
 * A URL the app would read as it is written: a path of plain characters without dot segments,
 * double slashes or percent escapes, and a query of plain characters. For these, `new URL` gives
 * back the same path and query (the page cache's key) and Hono the same path.
 */
const PLAIN_URL = /^\/(?!.*\/\/)(?!.*\/\.)[A-Za-z0-9\-._~!$&()*+,;=:@/]*(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@/?%]+)?$/;

/**
 * Makes the function that answers a request from `cache` when it can: returns true when it sent
 * the answer (status, headers, body, all at once), false when the request must go to the app.
 * Throws nothing; a write error on the socket is node:http's to report.
 */
export function cacheHitResponder(cache: PageCache, options: CacheHitOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const headerLists = new WeakMap<CachedAnswer, string[]>();

  /** The answer's headers with the app's defaults it lacks, flat (name, value, name, value...) for writeHead. */
  const headerListOf = (answer: CachedAnswer): string[] => {
    let list = headerLists.get(answer);
    if (!list) {
      const present = new Set(answer.headers.map(([name]) => name.toLowerCase()));
      list = [];
      for (const [name, value] of answer.headers) list.push(name, value);
      for (const [name, value] of options.defaults) {
        if (present.has(name.toLowerCase())) continue;
        present.add(name.toLowerCase());
        list.push(name, value);
      }
      headerLists.set(answer, list);
    }
    return list;
  };

  return (req, res) => {
    const url = req.url;
    const headers = req.headers;
    if (req.method !== "GET" || !url || !answersAnonymously(headers.cookie) || headers.authorization !== undefined || !headers.host) return false;
    if (options.bypass?.() || !PLAIN_URL.test(url)) return false;
    const query = url.indexOf("?");
    if (!options.isPublic(query < 0 ? url : url.slice(0, query))) return false;
    const answer = cache.hit(url, stringHeader(headers["accept-encoding"]), stringHeader(headers["if-none-match"]));
    if (!answer) return false;
    const list = headerListOf(answer);
    res.writeHead(answer.status, [...list, "X-Request-Id", options.requestId(stringHeader(headers["x-request-id"]))]);
    res.end(answer.body ?? undefined);
    return true;
  };
}

/** A header node:http may give as a list (repeated) as one comma-joined value. */
function stringHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
