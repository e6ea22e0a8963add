/**
 * Health endpoints for load balancers and orchestrators (docs/operations.md):
 * - GET /healthz: the process is up and serving HTTP (no database involved): 200 `{ status: "ok" }`.
 * - GET /readyz: this instance should get traffic: the database answers within `timeoutMs`, every
 *   migration in drizzle/ is applied and the instance is not shutting down. 200 with
 *   `{ status: "ready", database, migrations, stopping }`, else 503 with `status: "unavailable"`.
 * Both are mounted before every other middleware: never cached, no request log, no session.
 */
import { Hono } from "hono";
import type { Database } from "../db/client";

export interface HealthOptions {
  database: Pick<Database, "checkReady">;
  /** True once shutdown has begun (SIGTERM): readiness fails so the balancer stops sending traffic. */
  isStopping: () => boolean;
  /** How long /readyz waits for the database, in ms (default 1000). */
  readyTimeoutMs?: number;
}

export function healthRoutes(options: HealthOptions): Hono {
  const app = new Hono();
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    const stopping = options.isStopping();
    const state = await options.database.checkReady(options.readyTimeoutMs ?? 1000);
    const ready = !stopping && state.database === "ok" && state.migrations === "ok";
    if (!ready) c.header("Retry-After", "5");
    return c.json({ status: ready ? "ready" : "unavailable", ...state, stopping }, ready ? 200 : 503);
  });
  return app;
}
