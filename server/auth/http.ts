/**
 * better-auth over HTTP under /api/auth (docs/security.md "Authentication"): a body limit on every
 * request, then only the allowlisted endpoints (guard.ts AUTH_HTTP_ENDPOINTS, exact method and
 * path) reach better-auth's handler; any other path is 404 with the JSON API's error shape.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../api/v1";
import { AppError } from "../errors";
import type { HttpEnv } from "../http/app";
import type { Auth } from "./auth";
import { requestWithClientAddress } from "./address-header";
import { AUTH_BODY_LIMIT, AUTH_HTTP_ENDPOINTS } from "./guard";

/** The request better-auth sees: with the client address TRUST_PROXY allows (address-header.ts). */
function forAuth(c: Context<HttpEnv>): Request {
  return requestWithClientAddress(c.req.raw, c.get("clientAddress"));
}

/** The sub-app to mount at /api/auth. */
export function createAuthRoutes(auth: Auth) {
  const routes = new Hono<HttpEnv>();
  routes.use(
    "*",
    bodyLimit({
      maxSize: AUTH_BODY_LIMIT,
      onError: (c) => c.json(errorBody(new AppError(413, "payload_too_large", `The body is larger than ${AUTH_BODY_LIMIT / 1024} KB`)), 413),
    }),
  );
  for (const [method, path] of AUTH_HTTP_ENDPOINTS) routes.on(method, path, (c) => auth.handler(forAuth(c)));
  routes.all("*", (c) => c.json(errorBody(new AppError(404, "not_found", "No such endpoint")), 404));
  return routes;
}
