/**
 * Capped list totals (docs/decisions/0023-capped-list-totals.md, docs/product.md "Lists and search"):
 * a list's total is exact up to LIST_TOTAL_CAP and shown as "1,000+" above it. The count reads at
 * most LIST_TOTAL_CAP + 1 matching rows through the same index the page uses, so a broad search
 * (30,000 matches) costs what a narrow one does instead of a whole-table count.
 *
 * A text search is first asked of the planner (docs/decisions/0043-estimated-broad-search-totals.md):
 * when its statistics expect at least ESTIMATED_TOTAL_FLOOR matches, the answer is "1,000+" without
 * counting, since a text-search count builds a bitmap of every match before its LIMIT can stop it.
 */
import { count, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { LIST_TOTAL_CAP } from "../../shared/constants";
import type { Db } from "../db/client";
import type { TotalsCache } from "./totals-cache";
import { COUNT_PLANNER_SETTINGS, countDbOf } from "../db/count-planner";

/** A list's total: `total` is exact when `totalCapped` is false, else LIST_TOTAL_CAP (meaning "more"). */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * Ten times the cap: a planner estimate at least this high answers "1,000+" without a count
 * (decision 0043). The margin covers the estimate's error: measured within 0.6-1.1x of the true
 * count for single words and 0.75-1.2x for two, at 100,000 projects.
 */
export const ESTIMATED_TOTAL_FLOOR = LIST_TOTAL_CAP * 10;

/** Options of cappedCount. `estimate`: ask the planner first (text searches; decision 0043). */
export interface CappedCountOptions {
  estimate?: boolean;
}

/**
 * Counts the rows of `rows` (a `$dynamic()` select of one constant column with the list's FROM and
 * WHERE, no ORDER BY) up to LIST_TOTAL_CAP + 1, through a `LIMIT` subquery. Returns the capped total.
 * With `cache` (the instance's totals cache, decision 0035) a total counted for the same query
 * within its time to live is answered without the database. With `options.estimate` a query the
 * planner expects ESTIMATED_TOTAL_FLOOR or more rows of is answered as capped without counting.
 */
export async function cappedCount(db: Db, rows: PgSelect, cache?: TotalsCache, options: CappedCountOptions = {}): Promise<CappedTotal> {
  let key: string | undefined;
  const since = cache?.generation ?? 0;
  if (cache) {
    const query = rows.toSQL();
    key = `${query.sql}\u0000${JSON.stringify(query.params)}`;
    const hit = cache.get(key);
    if (hit) return hit;
  }
  const capped = options.estimate && (await plannedRows(db, rows)) >= ESTIMATED_TOTAL_FLOOR;
  const n = capped ? LIST_TOTAL_CAP + 1 : await countUpToCap(db, rows);
  const total = n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
  if (cache && key) cache.set(key, total, since);
  return total;
}

/** How many rows `rows` has, counting at most LIST_TOTAL_CAP + 1 of them. Changes `rows` (adds its LIMIT). */
async function countUpToCap(db: Db, rows: PgSelect): Promise<number> {
  const bounded = rows.limit(LIST_TOTAL_CAP + 1).as("bounded");
  // With a LIMIT the planner expects to find 1,001 matches early and picks a sequential scan,
  // which reads the whole table when the matches are fewer or late (the bench saw 255 ms for a
  // two-word search at 15,000 projects). With COUNT_PLANNER_SETTINGS it must use an index: the
  // list's own (GIN for search and skills, the partial sort indexes otherwise). On PostgreSQL the
  // count pool's connections start with them, so the count is one statement (decision 0038);
  // elsewhere one statement sets them for a transaction (set_config(..., true) is `set local`).
  const countDb = countDbOf(db);
  const [row] = countDb
    ? await countDb.select({ n: count() }).from(bounded)
    : await db.transaction(async (tx) => {
        const settings = Object.entries(COUNT_PLANNER_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
        await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
        return tx.select({ n: count() }).from(bounded);
      });
  return row?.n ?? 0;
}

/**
 * The planner's estimate of how many rows `rows` returns (the top plan node's "Plan Rows" of
 * `EXPLAIN (FORMAT JSON)`): planning only, nothing is read (~0.2 ms). From the table statistics
 * ANALYZE keeps (autovacuum on PostgreSQL, decision 0040 on PGlite).
 */
export async function plannedRows(db: Db, rows: PgSelect): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${rows}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: { "Plan Rows": number } }>;
  return plan[0]!.Plan["Plan Rows"];
}

/**
 * `total`, or the page's own row count when `allRows` (a first page, no cursor, with nothing after
 * it): that page is then every match, so its length is the exact total, whatever an estimate or a
 * total counted a moment earlier said (decision 0043).
 */
export function exactWhenFirstPageIsAll(total: CappedTotal, pageRows: number, allRows: boolean): CappedTotal {
  return allRows ? { total: pageRows, totalCapped: false } : total;
}
