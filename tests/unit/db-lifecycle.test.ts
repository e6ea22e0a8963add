/**
 * The database side of running several instances (docs/operations.md): instances starting together
 * on an empty PostgreSQL database all migrate it without failing (advisory lock), and readiness
 * reports a reachable database with every migration applied, or pending ones; through a quiet spell
 * an instance keeps a few warm connections open and closes the rest.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, WARM_CONNECTIONS, type Database } from "../../server/db/client";
import { countDbOf } from "../../server/db/count-planner";
import { createEmptyPostgresDatabase, createTestDatabase, DB_KINDS, migrationsBefore } from "../support/db";
import { makeClient, makeProject } from "../support/factories";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Runs `fn` on a new, empty database (no template: nothing migrated), dropped afterwards. */
async function withEmptyDatabase(fn: (url: string) => Promise<void>): Promise<void> {
  const empty = await createEmptyPostgresDatabase(serverUrl!);
  try {
    await fn(empty.url);
  } finally {
    await empty.drop();
  }
}

describe.runIf(serverUrl)("migrations on PostgreSQL", () => {
  it("several instances migrating one empty database at once all succeed, applying each migration once", async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      await withEmptyDatabase(async (url) => {
        const instances = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, poolSize: 2 })));
        try {
          const results = await Promise.allSettled(instances.map((d) => d.migrate()));
          expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
          const [applied] = await instances[0]!.query<{ count: string }>("select count(*)::text as count from drizzle.__drizzle_migrations");
          const [projects] = await instances[0]!.query<{ tables: string }>("select count(*)::text as tables from pg_tables where tablename = 'projects'");
          expect({ count: Number(applied!.count), tables: projects!.tables }).toEqual({
            count: (await import("../../drizzle/meta/_journal.json")).entries.length,
            tables: "1",
          });
          for (const d of instances) expect(await d.checkReady(2000)).toEqual({ database: "ok", migrations: "ok" });
        } finally {
          await Promise.all(instances.map((d) => d.close()));
        }
      });
    }
  });

  it("a migration that rewrites a table (0037) leaves it vacuumed: its pages are all-visible again for index-only counts", async () => {
    // The migrations before 0037, in a folder of their own.
    const { folder: older, remove } = await migrationsBefore("0037_");
    try {
      await withEmptyDatabase(async (url) => {
        const before = await openDatabase({ databaseUrl: url, poolSize: 1, migrationsFolder: older });
        try {
          await before.migrate();
          // Projects written before the upgrade, vacuumed as autovacuum would leave them.
          const owner = await makeClient(before.db);
          for (let i = 0; i < 30; i++) await makeProject(before.db, owner, { title: `Café booking app number ${i}` });
          await before.query("vacuum (analyze) projects");
        } finally {
          await before.close();
        }
        const after = await openDatabase({ databaseUrl: url, poolSize: 1 });
        try {
          await after.migrate();
          const [projects] = await after.query<{ allVisible: number; pages: number }>(
            `select relallvisible::int as "allVisible", (pg_relation_size(oid) / current_setting('block_size')::int)::int as pages from pg_class where relname = 'projects'`,
          );
          expect(projects!.pages).toBeGreaterThan(0);
          expect(projects!.allVisible).toBe(projects!.pages);
          const found = await after.query<{ n: number }>(
            `select count(*)::int as n from projects where search_vector @@ to_tsquery('english_unaccent', 'cafe')`,
          );
          expect(found[0]!.n).toBe(30);
        } finally {
          await after.close();
        }
      });
    } finally {
      await remove();
    }
  });

  it("readiness says migrations are pending on a database that was not migrated", async () => {
    await withEmptyDatabase(async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
      try {
        expect(await database.checkReady(2000)).toEqual({ database: "ok", migrations: "pending" });
      } finally {
        await database.close();
      }
    });
  });

  it("readiness says unreachable, within its timeout, when nothing answers", async () => {
    // A port nothing listens on: refused at once.
    const database = await openDatabase({ databaseUrl: "postgres://root@127.0.0.1:9/none", poolSize: 1, timeouts: { connectMs: 1000 } });
    try {
      const started = Date.now();
      expect(await database.checkReady(1500)).toEqual({ database: "unreachable", migrations: "unknown" });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(database.isUnavailable()).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(serverUrl)("pooled connections on PostgreSQL", () => {
  it("after a quiet spell the pools keep their warm connections open and close the others", async () => {
    await withEmptyDatabase(async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolSize: 6, timeouts: { idleMs: 1000 } });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const open = async () =>
        Number((await admin.query("select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows[0].count);
      try {
        // Busy: six statements at once on the main pool and three on the count pool open up to nine
        // connections (on a loaded machine the first may finish, and be reused, before the last opens).
        const countDb = countDbOf(database.db)!;
        await Promise.all([
          ...Array.from({ length: 6 }, () => database.query("select pg_sleep(0.3)")),
          ...Array.from({ length: 3 }, () => countDb.execute(sql`select pg_sleep(0.3)`)),
        ]);
        expect(await open()).toBeGreaterThan(WARM_CONNECTIONS.main + WARM_CONNECTIONS.count);
        // Quiet: past the idle timeout only the warm ones are left, and they still answer.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await expect.poll(open, { timeout: 10_000 }).toBe(WARM_CONNECTIONS.main + WARM_CONNECTIONS.count);
        expect(WARM_CONNECTIONS.main + WARM_CONNECTIONS.count).toBeGreaterThan(0);
        expect(await database.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
        expect(await open()).toBe(WARM_CONNECTIONS.main + WARM_CONNECTIONS.count);
      } finally {
        await admin.end();
        await database.close();
      }
    });
  });
});

describe.each(DB_KINDS)("readiness on a migrated %s database", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("is ready, and pending once the newest migration's record is gone", async () => {
    expect(await database.checkReady(2000)).toEqual({ database: "ok", migrations: "ok" });
    await database.query("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
    expect(await database.checkReady(2000)).toEqual({ database: "ok", migrations: "pending" });
  });
});
