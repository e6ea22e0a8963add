/**
 * The one HTTP app: better-auth at /api/auth, the JSON API at /api/v1, static assets from the
 * client build, and the React Router request handler for pages (server rendering).
 *
 * Every request gets an id (answered as X-Request-Id) and a child logger carrying it
 * (server/log.ts); an unexpected error is logged once there, with its stack, and answered with
 * the request id and no stack.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { randomUUID } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiV1, errorResponse } from "../api/v1";
import { requestWithClientAddress } from "../auth/address-header";
import type { AttemptKind } from "../auth/limits";
import type { AppDeps, RequestContext } from "../context";
import { AppError } from "../errors";
import { runWithRequestLog, setRequestUser } from "../log";
import { clientAddress } from "./client-address";
import { createPageCache, isPrivateWrite, isPublicPath, isWritingGet } from "./page-cache";
import { getSessionUser } from "./session";

export interface HttpAppOptions {
  /** The React Router server build; without it only the APIs are served (API tests). */
  build?: ServerBuild;
  /** Folder of the client build (build/client). */
  clientDir?: string;
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

export function createHttpApp(deps: AppDeps, options: HttpAppOptions = {}) {
  const app = new Hono<HttpEnv>();

  app.use("*", async (c, next) => {
    const requestId = requestIdOf(c);
    c.set("requestId", requestId);
    c.set("clientAddress", clientAddress(c.req.raw.headers, socketAddress(c), deps.config.trustProxy));
    await runWithRequestLog(requestId, async () => {
      await next();
      c.res.headers.set("X-Request-Id", requestId);
    });
  });
  app.use("*", compress());
  if (deps.config.pageCache) {
    // Anonymous answers of public pages and API reads, emptied by every write (decision 0008).
    app.use("*", createPageCache({ isPublic: isPublicPath, isWrite: isWritingGet, isPrivateWrite }).middleware);
  }

  // Sign-in and reset requests pass the shared limits first (docs/decisions/0011-rate-limits.md);
  // better-auth's own rate limit skips these two paths and covers the rest of /api/auth.
  app.post("/api/auth/sign-in/email", authLimit(deps, "login"));
  app.post("/api/auth/request-password-reset", authLimit(deps, "reset"));
  app.on(["GET", "POST"], "/api/auth/*", (c) => deps.auth.handler(requestWithClientAddress(c.req.raw, c.get("clientAddress"))));
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
