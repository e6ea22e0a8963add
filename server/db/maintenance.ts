/**
 * Vacuum and analyse for the embedded database (decision 0040). PostgreSQL's autovacuum daemon
 * keeps a server's planner statistics and visibility maps current; PGlite runs no background
 * workers, so without this job an embedded database is never analysed or vacuumed. Its planner
 * then guesses row counts (measured at 30,000 projects: the unfiltered project list 63 ms instead
 * of 7 ms) and every capped total reads table pages instead of an index-only scan.
 *
 * Each round reads PostgreSQL's activity counters for every table and vacuums or analyses the
 * tables past autovacuum's default thresholds, one statement per table. The counters start at zero
 * when the process starts, so a round also analyses every table that holds rows and has no column
 * statistics yet, and vacuums every table whose visibility map is empty (rewritten by a migration,
 * migration 0037 for one: no counter says so). On PostgreSQL the job is not started: autovacuum does
 * this there.
 */
import type { Database } from "./client";
import { log } from "../log";

/**
 * PostgreSQL's autovacuum defaults (autovacuum_vacuum_threshold / _scale_factor,
 * autovacuum_vacuum_insert_threshold / _scale_factor, autovacuum_analyze_threshold / _scale_factor):
 * a table is vacuumed once 50 + 20% of its rows are dead or 1,000 + 20% were inserted since its
 * last vacuum, and analysed once 50 + 10% of its rows changed since its last analyse.
 */
export const MAINTENANCE_THRESHOLDS = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

/** How often a round checks the counters, in ms (autovacuum's default naptime). */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/** One table's activity as PostgreSQL counts it (pg_stat_user_tables, pg_class). */
export interface TableActivity {
  table: string;
  /** The table's name quoted as an SQL identifier (quote_ident). */
  identifier: string;
  /** Rows at the last vacuum or analyse (pg_class.reltuples); -1 when never measured. */
  rows: number;
  /** Pages the table occupies now (0: empty). */
  pages: number;
  /** Pages marked all-visible at the last vacuum or analyse (pg_class.relallvisible; index-only scans skip their table page). */
  allVisiblePages: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  /** Whether the planner has column statistics for it (pg_statistic; kept across restarts, unlike the counters). */
  hasStatistics: boolean;
}

export type MaintenanceAction = "vacuum analyze" | "analyze";

/**
 * What `table` needs now by MAINTENANCE_THRESHOLDS, or null. A table with pages and no column
 * statistics (never analysed: rows loaded before this job existed, or before a restart reset the
 * counters) is analysed. A table with pages none of which is all-visible is vacuumed: a rewrite
 * (ALTER TABLE replacing a generated column, migration 0037) empties the visibility map and resets
 * the counters, and every list total then read table pages (50 ms against 0.6 for a capped total at
 * 100,000 projects) until enough rows changed.
 */
export function maintenanceFor(table: TableActivity): MaintenanceAction | null {
  const rows = Math.max(table.rows, 0);
  const t = MAINTENANCE_THRESHOLDS;
  if (table.deadRows > t.vacuumBase + t.vacuumScale * rows || table.insertedSinceVacuum > t.insertBase + t.insertScale * rows) return "vacuum analyze";
  if (table.pages > 0 && table.allVisiblePages === 0) return "vacuum analyze";
  if (table.modifiedSinceAnalyze > t.analyzeBase + t.analyzeScale * rows) return "analyze";
  if (!table.hasStatistics && table.pages > 0) return "analyze";
  return null;
}

/** Every user table's activity counters, largest first. */
export async function tableActivity(database: Pick<Database, "query">): Promise<TableActivity[]> {
  // PGlite hands its activity counts to the shared statistics only when told to (measured: the
  // counters stayed at zero after thousands of inserts until this ran, then showed them).
  await database.query("select pg_stat_force_next_flush()");
  const rows = await database.query<{
    table: string;
    identifier: string;
    rows: number;
    pages: number;
    allVisible: number;
    dead: number;
    inserted: number;
    modified: number;
    analyzed: boolean;
  }>(
    `select s.relname as "table", quote_ident(s.relname) as "identifier", c.reltuples::float8 as "rows", pg_relation_size(s.relid) / current_setting('block_size')::int as "pages",
            c.relallvisible::float8 as "allVisible",
            s.n_dead_tup::float8 as "dead", s.n_ins_since_vacuum::float8 as "inserted", s.n_mod_since_analyze::float8 as "modified",
            exists (select 1 from pg_statistic st where st.starelid = s.relid) as "analyzed"
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()
      order by c.reltuples desc`,
  );
  return rows.map((r) => ({
    table: r.table,
    identifier: r.identifier,
    rows: Number(r.rows),
    pages: Number(r.pages),
    allVisiblePages: Number(r.allVisible),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
    hasStatistics: r.analyzed === true,
  }));
}

/**
 * One maintenance round on `database`: vacuums or analyses each table `maintenanceFor` names, one
 * statement per table (each holds the embedded database for its duration: ~0.3 s for a vacuum of
 * 30,000 projects, seconds for a first analyse of every table). Returns what was done, in order.
 * Throws what the database throws (the job logs it and tries again next round).
 */
export async function maintainDatabase(database: Pick<Database, "query">): Promise<{ table: string; action: MaintenanceAction; ms: number }[]> {
  const done: { table: string; action: MaintenanceAction; ms: number }[] = [];
  for (const table of await tableActivity(database)) {
    const action = maintenanceFor(table);
    if (!action) continue;
    const started = performance.now();
    await database.query(`${action} ${table.identifier}`);
    const ms = Math.round(performance.now() - started);
    done.push({ table: table.table, action, ms });
    log().info({ table: table.table, action, ms }, "embedded database maintenance");
  }
  return done;
}
