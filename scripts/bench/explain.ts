/**
 * Database time of each list query shape: every SELECT that listProjects / listDevelopers sends
 * for a shape is run under EXPLAIN (ANALYZE) `repeats` times; the median "Execution Time" (ms,
 * as PostgreSQL reports it, without network or parsing) is kept, with whether the plan scanned a
 * whole projects or developer_profiles table. A text search's estimate (an `EXPLAIN` of the total's
 * query, decision 0043) costs its planning: its median "Planning Time".
 */
import { and, desc, eq } from "drizzle-orm";
import { PAGE_SIZE } from "../../shared/constants";
import { openDatabase, type Database } from "../../server/db/client";
import { listDevelopers } from "../../server/developers/service";
import { COUNT_PLANNER_SETTINGS } from "../../server/db/count-planner";
import { projects } from "../../server/db/schema";
import { encodeCursor } from "../../server/lib/cursor";
import { listProjects } from "../../server/projects/service";

export interface ListShape {
  /** Short label used in the tables, e.g. "projects: skills". */
  name: string;
  list: "projects" | "developers";
  /** The query parameters, as the URL of GET /api/v1/{list} carries them. */
  query: Record<string, string>;
}

export interface QueryTiming {
  /** "page" (the rows), "count" (the total) or "estimate" (the planner's estimate of the total, decision 0043). */
  role: "page" | "count" | "estimate";
  medianMs: number;
  /**
   * Shared buffer blocks the plan touched (hit + read, EXPLAIN BUFFERS, first run); 0 for an
   * estimate. Unlike a timing of a few microseconds, the same for every run of the same plan.
   */
  blocks: number;
  seqScans: string[];
}

export interface ShapeTiming {
  shape: string;
  queries: QueryTiming[];
  /** Sum of the medians of the shape's queries. */
  totalMs: number;
}

interface PlanNode {
  "Node Type": string;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * The cursor of page `page` (1-based) of the active projects, newest first: the sort key of the
 * last row of the page before it. Throws when the list has fewer pages.
 */
export async function projectCursorForPage(database: Database, page: number): Promise<string> {
  const [row] = await database.db
    .select({ createdAt: projects.createdAt, id: projects.id })
    .from(projects)
    .where(and(eq(projects.status, "active")))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .offset((page - 1) * PAGE_SIZE - 1)
    .limit(1);
  if (!row) throw new Error(`the projects list has fewer than ${page} pages`);
  return encodeCursor([row.createdAt.toISOString(), row.id]);
}

/** Opens the database the server would open (PGlite folder or PostgreSQL URL), recording every query. */
export async function openRecording(target: { dataDir?: string; databaseUrl?: string }) {
  const recorded: Array<{ sql: string; params: unknown[] }> = [];
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    // One connection: the count's planner settings (as cappedCount sets them) must apply to its EXPLAIN.
    poolSize: 1,
    // EXPLAIN ANALYZE and ANALYZE over 100,000 rows: no statement timeout.
    timeouts: { statementMs: 0 },
    logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) },
  });
  return { database, recorded };
}

/** The start of the planner-estimate statement cappedCount sends (server/lib/capped-count.ts). */
const ESTIMATE = /^\s*explain \(format json\)\s*/i;

/** EXPLAIN ANALYZE runs per query of the discarded first pass (see explainShapes). */
const WARM_UP_REPEATS = 5;

/**
 * EXPLAIN ANALYZE medians of each shape's queries. Every shape is first measured once with
 * WARM_UP_REPEATS runs and that pass discarded: PGlite's WebAssembly is compiled in tiers as it
 * runs, and the first shape measured paid for it (its count 5.3 ms against 1.0 ms for the same
 * statement measured later in the same run; 20 rounds of plain list calls first still left it
 * 2x). A server under traffic is warm.
 */
export async function explainShapes(
  database: Database,
  recorded: Array<{ sql: string; params: unknown[] }>,
  shapes: ListShape[],
  repeats: number,
): Promise<ShapeTiming[]> {
  await database.query("analyze");
  await measureShapes(database, recorded, shapes, Math.min(WARM_UP_REPEATS, repeats));
  return measureShapes(database, recorded, shapes, repeats);
}

async function measureShapes(
  database: Database,
  recorded: Array<{ sql: string; params: unknown[] }>,
  shapes: ListShape[],
  repeats: number,
): Promise<ShapeTiming[]> {
  const out: ShapeTiming[] = [];
  for (const shape of shapes) {
    recorded.length = 0;
    if (shape.list === "projects") await listProjects(database.db, shape.query);
    else await listDevelopers(database.db, shape.query);
    // Not the count's planner settings (a `select set_config(...)`, server/lib/capped-count.ts).
    const selects = recorded.filter((q) => (/^\s*select/i.test(q.sql) && !/^\s*select set_config\(/i.test(q.sql)) || ESTIMATE.test(q.sql));
    const queries: QueryTiming[] = [];
    for (const q of selects) {
      const times: number[] = [];
      let scans: string[] = [];
      let blocks = 0;
      // The capped total runs with its own planner settings (server/lib/capped-count.ts): EXPLAIN it so.
      const isCount = /count\(/i.test(q.sql);
      const estimate = ESTIMATE.exec(q.sql);
      if (isCount) for (const [name, value] of Object.entries(COUNT_PLANNER_SETTINGS)) await database.query(`set ${name} = ${value}`);
      for (let i = 0; i < repeats; i++) {
        const statement = estimate ? `explain (summary, format json) ${q.sql.slice(estimate[0].length)}` : `explain (analyze, buffers, format json) ${q.sql}`;
        const [row] = await database.query<{ "QUERY PLAN": unknown }>(statement, q.params);
        const plan = (typeof row!["QUERY PLAN"] === "string" ? JSON.parse(row!["QUERY PLAN"]) : row!["QUERY PLAN"]) as Array<{
          Plan: PlanNode;
          "Execution Time": number;
          "Planning Time": number;
        }>;
        times.push(estimate ? plan[0]!["Planning Time"] : plan[0]!["Execution Time"]);
        // An estimate reads nothing: the plan it is the estimate of (a whole-table scan is the best
        // way to read every match) never runs.
        if (i === 0 && !estimate) {
          scans = seqScans(plan[0]!.Plan).filter((t) => t === "projects" || t === "developer_profiles");
          blocks = (plan[0]!.Plan["Shared Hit Blocks"] ?? 0) + (plan[0]!.Plan["Shared Read Blocks"] ?? 0);
        }
      }
      if (isCount) for (const name of Object.keys(COUNT_PLANNER_SETTINGS)) await database.query(`reset ${name}`);
      // Three decimals, as PostgreSQL reports them: the rows query takes 0.01-0.02 ms, and rounding
      // to two made the page-500 ratio flip between 1x and 2x on a microsecond.
      queries.push({ role: estimate ? "estimate" : isCount ? "count" : "page", medianMs: Math.round(median(times) * 1000) / 1000, blocks, seqScans: scans });
    }
    out.push({ shape: shape.name, queries, totalMs: Math.round(queries.reduce((s, q) => s + q.medianMs, 0) * 1000) / 1000 });
  }
  return out;
}

/** Below this difference (ms) two EXPLAIN ANALYZE timings are within the clock's noise. */
export const TIMING_NOISE_MS = 0.05;

export interface CursorPageCheck {
  firstMs: number;
  pageMs: number;
  /** pageMs / firstMs, two decimals. */
  ratio: number;
  firstBlocks: number;
  pageBlocks: number;
  /** pageBlocks / firstBlocks, two decimals. */
  blocksRatio: number;
  pass: boolean;
}

/**
 * Issue 17's "the 500th page by cursor at most `factor` times the first": the rows query of the
 * deep page may touch at most `factor` times the buffer blocks of the first page's (the work a
 * cursor bounds, the same on every run), and take at most `factor` times its time unless the two
 * timings differ by less than TIMING_NOISE_MS (rows queries take 0.01-0.03 ms on PostgreSQL, where
 * a ratio of two timings is the clock's noise).
 */
export function cursorPageCheck(first: QueryTiming, page: QueryTiming, factor: number): CursorPageCheck {
  const round = (x: number) => Math.round(x * 100) / 100;
  const timeOk = page.medianMs <= factor * first.medianMs || page.medianMs - first.medianMs < TIMING_NOISE_MS;
  const blocksOk = page.blocks <= factor * first.blocks;
  return {
    firstMs: first.medianMs,
    pageMs: page.medianMs,
    ratio: round(page.medianMs / first.medianMs),
    firstBlocks: first.blocks,
    pageBlocks: page.blocks,
    blocksRatio: round(page.blocks / first.blocks),
    pass: timeOk && blocksOk,
  };
}
