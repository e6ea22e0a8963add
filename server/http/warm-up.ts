/**
 * Warm-up before an instance takes traffic (docs/operations.md, "Start-up"): a few anonymous pages
 * rendered in-process, so the first visitors after a start or a deploy do not pay the instance's
 * one-time costs. Measured on PostgreSQL with 100,000 projects: the first `/` after start-up took
 * 440-540 ms against 23-28 ms warm, 320 ms of it waiting for new database connections and their
 * backends' first statements (cold catalog caches), the rest compiling the render path and loading
 * modules React imports lazily; with WARM_UP_PATHS rendered first, 68 ms.
 */
import { log } from "../log";

/**
 * The pages rendered before listening: the home page and the project list (anonymous). The home
 * page's figures counted here are counted again after the first write this instance handles
 * (app/routes/home.server.ts), so warming it does not keep start-up's figures for 5 minutes.
 */
export const WARM_UP_PATHS = ["/", "/projects"] as const;

/** Something that answers a Request (the Hono app's `request`). */
export interface Requestable {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Requests `paths` of `app` at once, as an anonymous visitor at `origin`, and reads each body.
 * Never throws: a failure is logged and start-up goes on (the page is then cold, nothing worse).
 * Returns each path's status (0 when it failed) and the whole warm-up's duration in ms.
 */
export async function warmUp(app: Requestable, origin: string, paths: readonly string[] = WARM_UP_PATHS): Promise<{ statuses: number[]; ms: number }> {
  const started = performance.now();
  const statuses = await Promise.all(
    paths.map(async (path) => {
      try {
        const res = await app.request(new URL(path, origin).href, { headers: { "accept-encoding": "br, gzip" } });
        await res.arrayBuffer();
        return res.status;
      } catch (err) {
        log().warn({ err, path }, "Warm-up request failed");
        return 0;
      }
    }),
  );
  const ms = Math.round(performance.now() - started);
  log().info({ event: "warm-up", ms, paths, statuses }, `Warm-up: ${paths.join(", ")} in ${ms} ms`);
  return { statuses, ms };
}
