/**
 * The planner settings of list totals (docs/decisions/0036-count-planner-settings.md) and, on
 * PostgreSQL, the small pool of connections that start with them (docs/decisions/0038-count-pool.md).
 *
 * A capped count must walk an index and stop at LIST_TOTAL_CAP + 1 rows. On a pooled connection
 * that takes a transaction (`begin`, `set_config(..., true)`, the count, `commit`: four statements,
 * ~2 ms of this process's CPU per count through Drizzle). A connection opened with the settings as
 * its startup options answers the count alone in one statement (~0.4 ms), and nothing else is ever
 * sent on it.
 */
import type { Db } from "./client";

/**
 * Planner settings for counts only: sequential scans off; random page reads priced as the cached
 * reads they are (1.1, not 4), so the planner walks an index and stops at LIST_TOTAL_CAP + 1 rows
 * instead of building a bitmap of every match (56,000 entries for an unfiltered list at 100,000
 * projects: 4-12 ms, against 0.3-0.6 ms); joins as nested loops, which stop at the LIMIT too, where
 * a hash join first hashes every developer profile (the developers list: 4.1 ms, against 1.6 ms);
 * and no parallel workers, whose start-up costs more than reading 1,001 rows (the developers list
 * beside 166,000 clients: 10 ms with a Gather of three, 4 ms without).
 */
export const COUNT_PLANNER_SETTINGS = {
  enable_seqscan: "off",
  random_page_cost: "1.1",
  enable_hashjoin: "off",
  enable_mergejoin: "off",
  max_parallel_workers_per_gather: "0",
} as const;

/** COUNT_PLANNER_SETTINGS as a PostgreSQL connection's startup `options` ("-c name=value ..."). */
export function countPlannerStartupOptions(): string {
  return Object.entries(COUNT_PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
}

/**
 * Which database counts for which: one registry per process, on `globalThis` under a
 * `Symbol.for` key, because the process runs two copies of this module (the React Router build
 * bundles one for the page loaders, `server/main.ts` loads the other; ARCHITECTURE.md, Requests).
 * A module-level map was filled by `server/db/client.ts`'s copy only, so every page's total fell
 * back to the four-statement transaction while the API's used the count pool.
 */
const REGISTRY = Symbol.for("buildza.countDbs");
const countDbs: WeakMap<Db, Db> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<Db, Db> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new WeakMap<Db, Db>());

/** Records that counts of `db` may run on `countDb`, whose connections start with COUNT_PLANNER_SETTINGS. */
export function setCountDb(db: Db, countDb: Db): void {
  countDbs.set(db, countDb);
}

/**
 * The database whose connections plan with COUNT_PLANNER_SETTINGS for `db`, or undefined (PGlite,
 * whose one connection everything shares, and any transaction): the count must then set them itself.
 */
export function countDbOf(db: Db): Db | undefined {
  return countDbs.get(db);
}
