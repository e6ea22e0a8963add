/**
 * Fresh, migrated databases for tests, copied from the templates made in global-setup.ts.
 * `DB_KINDS` is ["pglite"] plus "postgres" when TEST_DATABASE_URL is set, for describe.each.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Logger } from "drizzle-orm/logger";
import pg from "pg";
import { MIGRATIONS_FOLDER, openDatabase, type Database } from "../../server/db/client";
import { PG_TEMPLATE, TEMPLATE_DUMP, adminUrl } from "./paths";

export type DbKind = "pglite" | "postgres";

/** A test database that can also EXPLAIN a query with sequential scans discouraged. */
export interface TestDatabase extends Database {
  /**
   * The JSON plan of `sql` with `enable_seqscan = off` (so an index that can serve the shape is
   * used); with `noSort`, also `enable_sort = off`, so a Sort node left in the plan means no index
   * gives the rows in the ORDER BY's order. `settings`: more planner settings for this EXPLAIN
   * (COUNT_PLANNER_SETTINGS, say, to see a capped total as the count pool plans it).
   */
  explain(sql: string, params: unknown[], options?: { noSort?: boolean; settings?: Readonly<Record<string, string>> }): Promise<unknown>;
  /**
   * Resolves once every index can be planned with (waits at most `timeoutMs`; see
   * waitForUsableIndexes). explain() waits up to 20 s itself; a file that seeds in beforeAll waits
   * here too, under the hook's longer timeout. Nothing to wait for on PGlite (one connection).
   */
  indexesUsable(timeoutMs?: number): Promise<void>;
}
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A new database of `kind` with every migration applied; `close()` also drops a PostgreSQL copy. */
export async function createTestDatabase(kind: DbKind, options: { logger?: Logger } = {}): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dump = await fs.readFile(TEMPLATE_DUMP);
    const database = await openDatabase({ dataDir: null, loadDataDir: new Blob([dump]), logger: options.logger });
    return {
      ...database,
      async explain(sql, params, explainOptions = {}) {
        // One connection: the setting applies to the EXPLAIN that follows.
        await database.query("set enable_seqscan = off");
        if (explainOptions.noSort) await database.query("set enable_sort = off");
        const settings = Object.entries(explainOptions.settings ?? {});
        for (const [name, value] of settings) await database.query("select set_config($1, $2, false)", [name, value]);
        try {
          const [row] = await database.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
          return row!["QUERY PLAN"];
        } finally {
          await database.query("reset enable_seqscan");
          await database.query("reset enable_sort");
          for (const [name] of settings) await database.query(`reset ${name}`);
        }
      },
      async indexesUsable() {},
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `buildza_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
      break;
    } catch (err) {
      // Another file copying the template at the same moment: wait and try again.
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openDatabase({ databaseUrl: adminUrl(url, name), poolSize: 5, logger: options.logger });
  return {
    ...database,
    async explain(sql, params, explainOptions = {}) {
      const client = new pg.Client({ connectionString: adminUrl(url, name) });
      await client.connect();
      try {
        await waitForUsableIndexes(client, 20_000);
        await client.query("set enable_seqscan = off");
        if (explainOptions.noSort) await client.query("set enable_sort = off");
        for (const [name, value] of Object.entries(explainOptions.settings ?? {})) await client.query("select set_config($1, $2, false)", [name, value]);
        const { rows } = await client.query(`explain (format json) ${sql}`, params);
        return rows[0]["QUERY PLAN"];
      } finally {
        await client.end();
      }
    },
    async indexesUsable(timeoutMs = 100_000) {
      const client = new pg.Client({ connectionString: adminUrl(url, name) });
      await client.connect();
      try {
        await waitForUsableIndexes(client, timeoutMs);
      } finally {
        await client.end();
      }
    },
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * Waits (up to `timeoutMs`) until no index is hidden from this connection's next snapshot. An index built
 * in a transaction that also updated the table (the seed drops the secondary indexes, loads, updates,
 * and rebuilds them) is marked `indcheckxmin`: PostgreSQL does not plan with it while any transaction
 * older than its build is still running, in any database of the server (another test file seeding
 * at the same time, say). Its plans then show a Sort or a whole-table scan that has nothing to do
 * with the query under test; the check waits that transaction out instead.
 */
async function waitForUsableIndexes(client: pg.Client, timeoutMs: number): Promise<void> {
  const hidden = `select count(*)::int as n from pg_index i
    where i.indcheckxmin and (i.xmin::text)::bigint >= pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296`;
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    const { rows } = await client.query<{ n: number }>(hidden);
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A new, empty PostgreSQL database (nothing migrated) on the server of `serverUrl`
 * (TEST_DATABASE_URL): its `url`, and `drop()`, which ends whatever is still connected to it.
 */
export async function createEmptyPostgresDatabase(serverUrl: string, prefix = "buildza_t_empty"): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const onServer = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  return { url: adminUrl(serverUrl, name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The committed migrations before the one whose tag starts with `tagPrefix` ("0038_"), copied with
 * their journal into a folder of their own (for openDatabase's `migrationsFolder`): a database as
 * it was before that migration. `remove()` deletes the folder. Throws when no migration has the tag.
 */
export async function migrationsBefore(tagPrefix: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(tagPrefix));
  if (upTo < 1) throw new Error(`No migration after the first has a tag starting with ${tagPrefix}`);
  const folder = await fs.mkdtemp(path.join(tmpdir(), "buildza-migrations-"));
  await fs.mkdir(path.join(folder, "meta"));
  await fs.writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  for (const e of journal.entries.slice(0, upTo)) await fs.copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}
