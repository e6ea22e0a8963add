/**
 * The one HTTP app: better-auth at /api/auth, the JSON API at /api/v1, static assets from the
 * client build, and the React Router request handler for pages (server rendering).
 *
 * Every request gets an id (answered as X-Request-Id) and a child logger carrying it
 * (server/log.ts); an unexpected error is logged once there, with its stack, and answered with
 * the request id and no stack.
 *
 * Web security (docs/security.md, "Web security"; server/http/security.ts): React Router sees the
 * request at its public URL (APP_URL, or what a trusted proxy forwarded), cross-origin writes are
 * refused with 403 before any handler runs, and every answer carries the security headers; pages
 * get a Content-Security-Policy with a nonce of their own render (docs/decisions/0010).
 *
 * Operations (docs/operations.md): /healthz and /readyz come before everything else; a request
 * that met a database connection fault or timeout and would answer 5xx answers 503 with
 * Retry-After instead (JSON, a page, or a plain 503 for `.data`), whichever library caught the
 * error; once shutdown has begun every answer says `Connection: close`.
 */
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { randomUUID } from "node:crypto";
import type { RequestListener } from "node:http";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiV1, errorBody, errorResponse } from "../api/v1";
import { createFilesApi, MULTIPART_SLACK } from "../files/http";
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from "../../shared/constants";
import type { AttemptKind } from "../auth/limits";
import { createAuthRoutes } from "../auth/http";
import type { AppDeps, RequestContext } from "../context";
import type { Database } from "../db/client";
import { asUnavailable, databaseFault, databaseFaultSeen, errorCodeOf, withFaultScope } from "../db/faults";
import { AppError, UnavailableError } from "../errors";
import { log, runWithRequestLog, setRequestUser } from "../log";
import { overrideClientAddressHeader } from "../auth/address-header";
import { clientAddress } from "./client-address";
import { cacheHitResponder } from "./cache-hits";
import { compression } from "./compress";
import { healthRoutes } from "./health";
import { seoRoutes } from "../seo/routes";
import { createPageCache, isPrivateWrite, isPublicPath, isWritingGet } from "./page-cache";
import {
  BASELINE_CSP,
  crossOriginWrite,
  documentCsp,
  newNonce,
  paymentFormTargets,
  publicOrigin,
  securityHeaders,
  SERVICE_WORKER_CSP,
  withOrigin,
} from "./security";
import { getSessionUser } from "./session";
import { unavailableResponse } from "./unavailable";

export interface HttpAppOptions {
  /** The React Router server build; without it only the APIs are served (API tests). */
  build?: ServerBuild;
  /** Folder of the client build (build/client). */
  clientDir?: string;
  /**
   * The process around the app (server/main.ts): the database for /readyz and for serving stale
   * cached pages while it is down, and whether shutdown has begun. Without it (API tests) there
   * is no /healthz or /readyz.
   */
  lifecycle?: {
    database: Pick<Database, "checkReady" | "isUnavailable">;
    isStopping: () => boolean;
    /** /readyz database timeout in ms (default 1000). */
    readyTimeoutMs?: number;
  };
}

/** Variables every handler can read from the Hono context. */
export type HttpEnv = { Variables: { requestId: string; clientAddress: string; publicOrigin: string } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The largest body a page's form may post (bytes; docs/security.md, Bad input). The largest real
 * form, a developer profile with every list full, is far below it even percent-encoded; without a
 * limit a page action read any body whole into memory before validating it.
 */
export const PAGE_BODY_MAX = 1024 * 1024;
const pageBodyLimit = bodyLimit({
  maxSize: PAGE_BODY_MAX,
  onError: (c) => c.text(`The form is larger than ${PAGE_BODY_MAX / 1024 / 1024} MB`, 413),
});

/**
 * A request whose answer took at least this long to start (ms, from the request reaching the app
 * to its status and headers) is logged as `request.slow` (ARCHITECTURE.md, Logging). An event
 * stream counts until its headers, not while it is held.
 */
export const SLOW_REQUEST_MS = 1000;

/**
 * The one page whose form posts a file: the Settings profile photo as it is sent without JavaScript
 * (app/routes/profile.photo.tsx). Its limit is the files API's (a file and the multipart around it).
 */
export const PHOTO_FORM_PATH = "/profile/photo";
const photoFormBodyLimit = bodyLimit({
  maxSize: FILE_MAX_BYTES + MULTIPART_SLACK,
  onError: (c) => c.text(FILE_TOO_LARGE_MESSAGE, 413),
});

/** A request id sent by a proxy in front of us (its X-Request-Id) is kept when it looks like one; else a new UUID. */
function requestIdOf(given: string | undefined): string {
  return given && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
}

/** Sets `name` on the answer unless the handler chose a value (e.g. a page's own Referrer-Policy). */
function setDefault(c: Context, name: string, value: string) {
  if (c.res.headers.has(name)) return;
  try {
    c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched response): copy it once, then set.
    const res = new Response(c.res.body, c.res);
    c.res = undefined as never; // replace, without Hono merging the old headers back
    c.res = res;
    c.res.headers.set(name, value);
  }
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket: app.request() in tests.
    return undefined;
  }
}

/** The largest sign-in or reset body read for its email (bytes); those bodies are a few hundred bytes. */
const LIMITED_BODY_MAX = 16 * 1024;

/**
 * The email a better-auth request body names (JSON or a form, as better-auth reads them), null
 * when it names none or cannot be read, or "too_large" past LIMITED_BODY_MAX bytes.
 */
async function emailOf(request: Request): Promise<string | null | "too_large"> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > LIMITED_BODY_MAX) {
        // Not awaited: cancelling one branch of a cloned body settles only once the other is cancelled too.
        reader.cancel().catch(() => {});
        return "too_large";
      }
      chunks.push(next.value);
    }
  }
  const bytes = Buffer.concat(chunks);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
      const body = JSON.parse(bytes.toString("utf8")) as { email?: unknown } | null;
      return typeof body?.email === "string" ? body.email : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const email = (await new Response(bytes, { headers: { "content-type": type } }).formData()).get("email");
      return typeof email === "string" ? email : null;
    }
  } catch {
    // A body better-auth cannot read either: it answers 400; the address limit still counts it.
  }
  return null;
}

/**
 * Middleware in front of better-auth's sign-in (`login`) or reset-request (`reset`) endpoint:
 * the attempt runs under `deps.limits` keyed by the body's email and the client address; a sign-in
 * that answers 2xx counts as a success. Refused: 429 in better-auth's error shape
 * (`{ code, message }`) with Retry-After.
 */
function authLimit(deps: AppDeps, kind: AttemptKind) {
  return async (c: Context<HttpEnv>, next: () => Promise<void>) => {
    const account = await emailOf(c.req.raw.clone());
    if (account === "too_large") {
      // Not read further, so no body can slip past the per-account limits unread.
      return c.json({ code: "PAYLOAD_TOO_LARGE", message: `The body is larger than ${LIMITED_BODY_MAX / 1024} KB` }, 413);
    }
    try {
      await deps.limits.guard(
        kind,
        { account, address: c.get("clientAddress") },
        async () => {
          await next();
          return c.res;
        },
        kind === "login" ? (res) => res.ok : undefined,
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 429) throw err;
      const seconds = String(err.retryAfter ?? 1);
      return c.json({ code: "TOO_MANY_ATTEMPTS", message: err.message }, 429, { "Retry-After": seconds, "X-Retry-After": seconds });
    }
  };
}

/**
 * The Hono app (see the module comment). For tests and tools that call `app.request()`; a server
 * uses createHttpHandler, which also answers page cache HITs before the app.
 */
export function createHttpApp(deps: AppDeps, options: HttpAppOptions = {}) {
  return createHttpHandler(deps, options).app;
}

/**
 * The app and the node:http request listener that serves it: page cache HITs are answered by
 * server/http/cache-hits.ts with the headers the app would add (decision 0049), everything else
 * by the app through @hono/node-server.
 */
export function createHttpHandler(deps: AppDeps, options: HttpAppOptions = {}): { app: Hono<HttpEnv>; listener: RequestListener } {
  const app = new Hono<HttpEnv>();
  const lifecycle = options.lifecycle;

  // First, so no middleware below (request log, cache, session) runs for them.
  if (lifecycle) app.route("/", healthRoutes(lifecycle));

  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const address = clientAddress(c.req.raw.headers, socketAddress(c), deps.config.trustProxy);
    c.set("clientAddress", address);
    // better-auth reads the client address from this one header (server/auth/address-header.ts):
    // whatever the client sent under that name is replaced here, before any page or auth call sees
    // the request's headers (a session made by the register or settings pages records the real one).
    overrideClientAddressHeader(c.req.raw.headers, address);
    await runWithRequestLog(requestId, () =>
      withFaultScope(async () => {
        await next();
        // A write by a signed-in user may have ended sessions (sign-out, password change, account
        // deletion): this instance forgets them now; the others on the NOTIFY (decision 0024).
        if (deps.sessions && !SAFE_METHODS.has(c.req.method)) deps.sessions.forgetOwnerOf(c.req.raw.headers);
        if (c.res.status >= 500 && (databaseFaultSeen() || asUnavailable(c.error))) {
          const unavailable = asUnavailable(c.error) ?? asUnavailable(databaseFault()) ?? new UnavailableError();
          // A 503 already is the API's answer, which logged it (server/api/v1.ts errorResponse).
          if (c.res.status !== 503) {
            const code = errorCodeOf(unavailable.cause ?? databaseFault());
            log().warn({ event: "db.unavailable", method: c.req.method, path: c.req.path, code }, "database unavailable");
          }
          await c.res.body?.cancel().catch(() => {});
          c.res = undefined as never; // replace, not merge headers (Hono's setter would)
          c.res = unavailableResponse(new URL(c.req.url), c.req.method, unavailable);
        }
        c.res.headers.set("X-Request-Id", requestId);
        const ms = Math.round(performance.now() - started);
        // The path only: a query string may hold what a visitor searched for.
        if (ms >= SLOW_REQUEST_MS) log().warn({ event: "request.slow", method: c.req.method, path: c.req.path, status: c.res.status, ms }, "slow request");
        // Shutting down: let each keep-alive connection close after its answer (server/main.ts).
        if (lifecycle?.isStopping()) c.res.headers.set("Connection", "close");
      }),
    );
  });
  // Every answer's security headers where it set none of its own; pages set their own policy with a
  // nonce, anything else (JSON, .data, files, errors) gets the baseline one, which runs nothing.
  // Cached answers sent before the app get the same list (server/http/cache-hits.ts).
  const defaultHeaders: Array<[string, string]> = [...securityHeaders(deps.config), ["Content-Security-Policy", BASELINE_CSP]];
  app.use("*", async (c, next) => {
    const origin = publicOrigin(new URL(c.req.url), c.req.raw.headers, deps.config);
    c.set("publicOrigin", origin);
    const refused = crossOriginWrite(c.req.method, c.req.raw.headers, origin);
    if (refused) {
      // CSRF (docs/security.md): a form or script of another site cannot write here, signed in or not.
      log().warn({ event: "csrf.refused", method: c.req.method, path: c.req.path, expected: origin }, refused);
      c.res = c.req.path.startsWith("/api/")
        ? c.json(errorBody(new AppError(403, "forbidden_origin", "Requests from another origin are not allowed")), 403)
        : c.text("Requests from another origin are not allowed", 403);
    } else {
      await next();
    }
    for (const [name, value] of defaultHeaders) setDefault(c, name, value);
    // API answers are private unless the page cache marked a public anonymous read `no-cache`.
    if (c.req.path.startsWith("/api/")) setDefault(c, "Cache-Control", "no-store");
  });
  // Brotli (else gzip) for whatever is rendered on the fly, signed in or not (server/http/compress.ts).
  app.use("*", compression());
  // Page form posts: 413 past PAGE_BODY_MAX, before React Router reads them (the API routes have their own limits).
  app.use("*", (c, next) =>
    SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/api/")
      ? next()
      : c.req.path === PHOTO_FORM_PATH
        ? photoFormBodyLimit(c, next)
        : pageBodyLimit(c, next),
  );
  // Anonymous answers of public pages and API reads, emptied by every write (decision 0008);
  // served stale while the database cannot be reached (docs/operations.md).
  const pageCache = deps.config.pageCache
    ? createPageCache({
        isPublic: isPublicPath,
        isWrite: isWritingGet,
        isPrivateWrite,
        preferStale: () => lifecycle?.database.isUnavailable() ?? false,
        renderFailed: databaseFaultSeen,
        onInvalidate: () => deps.totals?.clear(),
      })
    : undefined;
  if (pageCache) app.use("*", pageCache.middleware);

  // Sign-in and reset requests pass the shared limits first (docs/decisions/0011-rate-limits.md);
  // better-auth's own rate limit skips these two paths and covers the rest of /api/auth.
  app.post("/api/auth/sign-in/email", authLimit(deps, "login"));
  app.post("/api/auth/request-password-reset", authLimit(deps, "reset"));
  app.route("/api/auth", createAuthRoutes(deps.auth));
  // Before the JSON API: uploads are larger than its body limit (server/files/http.ts).
  app.route("/api/v1/files", createFilesApi(deps));
  app.route("/api/v1", createApiV1(deps));
  app.route("/", seoRoutes(deps));

  if (options.clientDir) {
    // Hashed file names: cache for a year, never revalidate. `precompressed`: the .br/.gz copies
    // written by scripts/compress-assets.ts after the build, so no request compresses a file.
    app.use(
      "/assets/*",
      serveStatic({
        root: options.clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    // The service worker (public/sw.js, decision 0033): a worker's fetches follow its own
    // script's policy, so it may connect to this origin (the baseline allows nothing); browsers
    // look for a new version on every visit.
    app.use(
      "/sw.js",
      serveStatic({
        root: options.clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "no-cache");
          c.header("Content-Security-Policy", SERVICE_WORKER_CSP);
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root: options.clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  if (options.build) {
    const handle = createRequestHandler(options.build, deps.config.production ? "production" : "development");
    const formTargets = paymentFormTargets(deps.config);
    app.all("*", async (c) => {
      const user = await getSessionUser(deps, c.req.raw.headers);
      if (user) setRequestUser(user.id);
      // A nonce per render: app/entry.server.tsx puts it on every inline script and style. A page
      // the anonymous cache stores keeps its policy with its body (docs/decisions/0010-csp-nonces.md).
      const cspNonce = newNonce();
      const context: RequestContext = { deps, user, requestId: c.get("requestId"), clientAddress: c.get("clientAddress"), cspNonce };
      // React Router compares a write's Origin with the request URL: give it the public one.
      const res = await handle(withOrigin(c.req.raw, c.get("publicOrigin")), context as never);
      if (res.headers.get("content-type")?.startsWith("text/html")) res.headers.set("Content-Security-Policy", documentCsp(cspNonce, formTargets));
      // Signed-in answers (and any that set a cookie) are private: no browser or proxy keeps them.
      if (user || res.headers.has("set-cookie")) res.headers.set("Cache-Control", "no-store");
      return res;
    });
  }

  // Anything thrown outside the JSON API's own handler (pages, auth, static files).
  app.onError((err, c) => errorResponse(c, err));

  const appListener = getRequestListener(app.fetch);
  if (!pageCache) return { app, listener: appListener };
  // What the two middlewares above add to a cached answer on its way out (a cached API answer has
  // its own Cache-Control; the request id is added per request).
  const answerHit = cacheHitResponder(pageCache, {
    isPublic: isPublicPath,
    defaults: defaultHeaders,
    requestId: requestIdOf,
    bypass: () => lifecycle?.isStopping() ?? false,
  });
  return {
    app,
    listener: (req, res) => {
      if (!answerHit(req, res)) void appListener(req, res);
    },
  };
}
