/**
 * The one HTTP app: better-auth at /api/auth, the JSON API at /api/v1, static assets from the
 * client build, and the React Router request handler for pages (server rendering).
 *
 * Every request gets an id (answered as X-Request-Id) and a child logger carrying it
 * (server/log.ts); an unexpected error is logged once there, with its stack, and answered with
 * the request id and no stack.
 *
 * Operations (docs/operations.md): /healthz and /readyz come before everything else; a request
 * that met a database connection fault or timeout and would answer 5xx answers 503 with
 * Retry-After instead (JSON, a page, or a plain 503 for `.data`), whichever library caught the
 * error; once shutdown has begun every answer says `Connection: close`.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { randomUUID } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiV1, errorResponse } from "../api/v1";
import type { AppDeps, RequestContext } from "../context";
import type { Database } from "../db/client";
import { asUnavailable, databaseFaultSeen, withFaultScope } from "../db/faults";
import { UnavailableError } from "../errors";
import { runWithRequestLog, setRequestUser } from "../log";
import { clientAddress } from "./client-address";
import { healthRoutes } from "./health";
import { createPageCache, isPrivateWrite, isPublicPath, isWritingGet } from "./page-cache";
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
export type HttpEnv = { Variables: { requestId: string; clientAddress: string } };

/** A request id sent by a proxy in front of us is kept when it looks like one; else a new UUID. */
function requestIdOf(c: Context): string {
  const given = c.req.header("x-request-id");
  return given && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket: app.request() in tests.
    return undefined;
  }
}

export function createHttpApp(deps: AppDeps, options: HttpAppOptions = {}) {
  const app = new Hono<HttpEnv>();
  const lifecycle = options.lifecycle;

  // First, so no middleware below (request log, cache, session) runs for them.
  if (lifecycle) app.route("/", healthRoutes(lifecycle));

  app.use("*", async (c, next) => {
    const requestId = requestIdOf(c);
    c.set("requestId", requestId);
    c.set("clientAddress", clientAddress(c.req.raw.headers, socketAddress(c), deps.config.trustProxy));
    await runWithRequestLog(requestId, () =>
      withFaultScope(async () => {
        await next();
        if (c.res.status >= 500 && (databaseFaultSeen() || asUnavailable(c.error))) {
          const unavailable = asUnavailable(c.error) ?? new UnavailableError();
          await c.res.body?.cancel().catch(() => {});
          c.res = undefined as never; // replace, not merge headers (Hono's setter would)
          c.res = unavailableResponse(new URL(c.req.url), c.req.method, unavailable);
        }
        c.res.headers.set("X-Request-Id", requestId);
        // Shutting down: let each keep-alive connection close after its answer (server/main.ts).
        if (lifecycle?.isStopping()) c.res.headers.set("Connection", "close");
      }),
    );
  });
  app.use("*", compress());
  if (deps.config.pageCache) {
    // Anonymous answers of public pages and API reads, emptied by every write (decision 0008);
    // served stale while the database cannot be reached (docs/operations.md).
    app.use(
      "*",
      createPageCache({
        isPublic: isPublicPath,
        isWrite: isWritingGet,
        isPrivateWrite,
        preferStale: () => lifecycle?.database.isUnavailable() ?? false,
        renderFailed: databaseFaultSeen,
      }).middleware,
    );
  }

  app.on(["GET", "POST"], "/api/auth/*", (c) => deps.auth.handler(c.req.raw));
  app.route("/api/v1", createApiV1(deps));

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
    app.all("*", async (c) => {
      const user = await getSessionUser(deps.auth, c.req.raw.headers);
      if (user) setRequestUser(user.id);
      const context: RequestContext = { deps, user, requestId: c.get("requestId"), clientAddress: c.get("clientAddress") };
      return handle(c.req.raw, context as never);
    });
  }

  // Anything thrown outside the JSON API's own handler (pages, auth, static files).
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
