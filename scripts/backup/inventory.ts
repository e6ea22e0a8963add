/**
 * What a database holds, the same way on PGlite and PostgreSQL: its tables, their row counts and a
 * checksum of each table's rows. db:backup and db:restore print these so an operator can compare a
 * copy with its source; the backup round-trip test (tests/unit/backup.test.ts) compares them.
 */

/** Runs SQL with positional parameters and returns the rows (Database.query, or a pg client). */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface TableRef {
  schema: string;
  name: string;
}

export interface TableStats extends TableRef {
  rows: number;
  /** md5 of the table's rows as text, sorted; only when asked for (it reads every row). */
  checksum?: string;
}

/** Schemas that belong to PostgreSQL itself, never to the application. */
const SYSTEM_SCHEMAS = "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'";

/**
 * Every ordinary or partitioned table outside the system schemas (the app's `public` tables and
 * drizzle's migration journal), sorted by schema and name. Tables of extensions are left out.
 */
export async function listTables(query: Query): Promise<TableRef[]> {
  return query<TableRef>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${SYSTEM_SCHEMAS}
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by n.nspname collate "C", c.relname collate "C"`,
  );
}

/** A quoted, schema-qualified table name for SQL text. */
export function qualified(table: TableRef): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return `${quote(table.schema)}.${quote(table.name)}`;
}

/**
 * Row count of each table, and with `checksums` the md5 of its rows' text forms sorted in byte
 * order (independent of the physical row order, so a restored copy gives the same value). The
 * session time zone is set to UTC first so timestamps print the same on every server.
 */
export async function tableStats(query: Query, options: { checksums?: boolean } = {}): Promise<TableStats[]> {
  if (options.checksums) await query("set time zone 'UTC'");
  const out: TableStats[] = [];
  for (const table of await listTables(query)) {
    const name = qualified(table);
    if (options.checksums) {
      const [row] = await query<{ rows: string | number; checksum: string | null }>(
        // An alias no column of ours is called, so the whole-row reference is not shadowed by a column.
        `select count(*) as rows, md5(coalesce(string_agg(whole_row_::text, E'\\n' order by whole_row_::text collate "C"), '')) as checksum from ${name} whole_row_`,
      );
      out.push({ ...table, rows: Number(row!.rows), checksum: row!.checksum ?? "" });
    } else {
      const [row] = await query<{ rows: string | number }>(`select count(*) as rows from ${name}`);
      out.push({ ...table, rows: Number(row!.rows) });
    }
  }
  return out;
}

/** Relations (tables, views, sequences...) outside the system schemas: none means an empty database. */
export async function userRelations(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${SYSTEM_SCHEMAS}
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** "1.2 MB" style size (decimal units). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** The per-table lines of a summary: name, rows and (when computed) checksum, aligned. */
export function formatTables(stats: TableStats[]): string {
  const names = stats.map((t) => (t.schema === "public" ? t.name : `${t.schema}.${t.name}`));
  const width = Math.max(5, ...names.map((n) => n.length));
  const counts = stats.map((t) => t.rows.toLocaleString("en-US"));
  const countWidth = Math.max(4, ...counts.map((c) => c.length));
  return stats.map((t, i) => `  ${names[i]!.padEnd(width)}  ${counts[i]!.padStart(countWidth)}${t.checksum ? `  md5 ${t.checksum}` : ""}`).join("\n");
}

/** "15 tables, 12,345 rows". */
export function formatTotals(stats: TableStats[]): string {
  const rows = stats.reduce((sum, t) => sum + t.rows, 0);
  return `${stats.length} tables, ${rows.toLocaleString("en-US")} rows`;
}
