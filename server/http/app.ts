/**
 * The one HTTP app: better-auth at /api/auth, the JSON API at /api/v1, static assets from the
 * client build, and the React Router request handler for pages (server rendering).
 */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiV1 } from "../api/v1";
import type { AppDeps, RequestContext } from "../context";
import { createPageCache, isPrivateWrite, isPublicPath, isWritingGet } from "./page-cache";
import { getSessionUser } from "./session";

export interface HttpAppOptions {
  /** The React Router server build; without it only the APIs are served (API tests). */
  build?: ServerBuild;
  /** Folder of the client build (build/client). */
  clientDir?: string;
}

export function createHttpApp(deps: AppDeps, options: HttpAppOptions = {}) {
  const app = new Hono();
  app.use("*", compress());
  if (deps.config.pageCache) {
    // Anonymous answers of public pages and API reads, emptied by every write (decision 0008).
    app.use("*", createPageCache({ isPublic: isPublicPath, isWrite: isWritingGet, isPrivateWrite }).middleware);
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
      const context: RequestContext = { deps, user: await getSessionUser(deps.auth, c.req.raw.headers) };
      return handle(c.req.raw, context as never);
    });
  }
  return app;
}
