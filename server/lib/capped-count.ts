/**
 * Capped list totals (docs/decisions/0023-capped-list-totals.md, docs/product.md "Lists and search"):
 * a list's total is exact up to LIST_TOTAL_CAP and shown as "1,000+" above it. The count reads at
 * most LIST_TOTAL_CAP + 1 matching rows through the same index the page uses, so a broad search
 * (30,000 matches) costs what a narrow one does instead of a whole-table count.
 */
import { count, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { LIST_TOTAL_CAP } from "../../shared/constants";
import type { Db } from "../db/client";
import type { TotalsCache } from "./totals-cache";

/**
 * Planner settings for the count's transaction only (docs/decisions/0036-count-planner-settings.md):
 * sequential scans off; random page reads priced as the cached reads they are (1.1, not 4), so the
 * planner walks an index and stops at LIST_TOTAL_CAP + 1 rows instead of building a bitmap of every
 * match (56,000 entries for an unfiltered list at 100,000 projects: 4-12 ms, against 0.3-0.6 ms);
 * joins as nested loops, which stop at the LIMIT too, where a hash join first hashes every
 * developer profile (the developers list: 4.1 ms, against 1.6 ms); and no parallel workers, whose
 * start-up costs more than reading 1,001 rows (the developers list beside 166,000 clients: 10 ms
 * with a Gather of three, 4 ms without).
 */
export const COUNT_PLANNER_SETTINGS = {
  enable_seqscan: "off",
  random_page_cost: "1.1",
  enable_hashjoin: "off",
  enable_mergejoin: "off",
  max_parallel_workers_per_gather: "0",
} as const;

/** A list's total: `total` is exact when `totalCapped` is false, else LIST_TOTAL_CAP (meaning "more"). */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * Counts the rows of `rows` (a `$dynamic()` select of one constant column with the list's FROM and
 * WHERE, no ORDER BY) up to LIST_TOTAL_CAP + 1, through a `LIMIT` subquery. Returns the capped total.
 * With `cache` (the instance's totals cache, decision 0035) a total counted for the same query
 * within its time to live is answered without the database.
 */
export async function cappedCount(db: Db, rows: PgSelect, cache?: TotalsCache): Promise<CappedTotal> {
  const bounded = rows.limit(LIST_TOTAL_CAP + 1).as("bounded");
  let key: string | undefined;
  const since = cache?.generation ?? 0;
  if (cache) {
    const query = rows.toSQL();
    key = `${query.sql}\u0000${JSON.stringify(query.params)}`;
    const hit = cache.get(key);
    if (hit) return hit;
  }
  // With a LIMIT the planner expects to find 1,001 matches early and picks a sequential scan,
  // which reads the whole table when the matches are fewer or late (the bench saw 255 ms for a
  // two-word search at 15,000 projects). Inside this transaction only, it must use an index: the
  // list's own (GIN for search and skills, the partial sort indexes otherwise). One statement sets
  // them all (set_config(..., true) is `set local`), so the settings cost one round trip.
  const [row] = await db.transaction(async (tx) => {
    const settings = Object.entries(COUNT_PLANNER_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return tx.select({ n: count() }).from(bounded);
  });
  const n = row?.n ?? 0;
  const total = n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
  if (cache && key) cache.set(key, total, since);
  return total;
}
