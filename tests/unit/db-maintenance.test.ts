/**
 * The embedded database's vacuum and analyse (server/db/maintenance.ts, decision 0040): PGlite
 * runs no autovacuum, so the app does it at autovacuum's default thresholds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintainDatabase, maintenanceFor, tableActivity, type TableActivity } from "../../server/db/maintenance";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makeClient, makeProject } from "../support/factories";

const quiet: TableActivity = {
  table: "projects",
  identifier: "projects",
  rows: 10_000,
  pages: 500,
  allVisiblePages: 480,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  hasStatistics: true,
};

describe("maintenanceFor (autovacuum's default thresholds)", () => {
  it.each([
    ["a quiet table", {}, null],
    ["50 + 20% of the rows dead: not yet", { deadRows: 2_050 }, null],
    ["more than 50 + 20% dead", { deadRows: 2_051 }, "vacuum analyze"],
    ["1,000 + 20% inserted: not yet", { insertedSinceVacuum: 3_000 }, null],
    ["more than 1,000 + 20% inserted", { insertedSinceVacuum: 3_001, modifiedSinceAnalyze: 3_001 }, "vacuum analyze"],
    ["more than 50 + 10% changed", { modifiedSinceAnalyze: 1_051 }, "analyze"],
    ["50 + 10% changed: not yet", { modifiedSinceAnalyze: 1_050 }, null],
    ["rows but no statistics (loaded before a restart reset the counters)", { hasStatistics: false }, "analyze"],
    ["empty, no statistics", { hasStatistics: false, pages: 0, rows: -1 }, null],
    ["no page all-visible (rewritten by a migration)", { allVisiblePages: 0 }, "vacuum analyze"],
    ["empty, no page all-visible", { pages: 0, allVisiblePages: 0, rows: 0 }, null],
  ] as const)("%s", (_label, changes, expected) => {
    expect(maintenanceFor({ ...quiet, ...changes })).toBe(expected);
  });
});

describe("maintainDatabase on PGlite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The planner's estimate of active projects, and the share of the table's pages marked all-visible (index-only scans skip those). */
  async function plannerView(): Promise<{ estimatedActive: number; allVisible: number }> {
    const [plan] = await database.query<{ "QUERY PLAN": { Plan: { "Plan Rows": number } }[] }>(
      "explain (format json) select id from projects where status = 'active'",
    );
    const [pages] = await database.query<{ visible: number; total: number }>(
      "select relallvisible::float8 as visible, greatest(relpages, 1)::float8 as total from pg_class where relname = 'projects'",
    );
    return { estimatedActive: plan!["QUERY PLAN"][0]!.Plan["Plan Rows"], allVisible: Number(pages!.visible) / Number(pages!.total) };
  }

  it("vacuums and analyses a table once enough rows arrive, then leaves it alone", async () => {
    const client = await makeClient(database.db);
    const template = await makeProject(database.db, client);
    // 1,200 more projects in one statement, as a busy day of posting would leave them.
    await database.query(
      `insert into projects (user_id, title, description, platform, skills, budget_range, budget_min, budget_max, timeline)
       select user_id, title || ' ' || n, description, platform, skills, budget_range, budget_min, budget_max, timeline
         from projects, generate_series(1, 1200) n where id = $1`,
      [template.id],
    );
    const before = (await tableActivity(database)).find((t) => t.table === "projects")!;
    expect(before.insertedSinceVacuum).toBeGreaterThan(1200);
    const unmaintained = await plannerView();
    expect(unmaintained.estimatedActive, "never analysed: the planner guesses").toBeLessThan(100);
    expect(unmaintained.allVisible).toBe(0);

    const done = await maintainDatabase(database);
    expect(done.find((d) => d.table === "projects")?.action).toBe("vacuum analyze");

    const after = (await tableActivity(database)).find((t) => t.table === "projects")!;
    expect(after.rows).toBe(1201);
    expect(after.hasStatistics).toBe(true);
    expect(after.insertedSinceVacuum).toBe(0);
    // The planner now knows how many rows match, and index-only scans (list totals) need not visit the table.
    expect(await plannerView()).toEqual({ estimatedActive: 1201, allVisible: 1 });

    const again = await maintainDatabase(database);
    expect(again.map((d) => d.table)).not.toContain("projects");
  });
});

describe("maintainDatabase on PGlite after a migration rewrote a table", () => {
  // A database of its own: the tests run shuffled (npm test), and this one needs rows of its own.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The share of the projects table's pages marked all-visible (index-only scans skip those). */
  async function allVisible(): Promise<number> {
    const [pages] = await database.query<{ visible: number; total: number }>(
      "select relallvisible::float8 as visible, greatest(relpages, 1)::float8 as total from pg_class where relname = 'projects'",
    );
    return Number(pages!.visible) / Number(pages!.total);
  }

  it("vacuums a table a migration rewrote, though no counter says it changed", async () => {
    const client = await makeClient(database.db);
    for (let i = 0; i < 20; i++) await makeProject(database.db, client);
    await maintainDatabase(database);
    expect(await allVisible()).toBe(1);
    // Replacing a generated column rewrites the table (migration 0037) and empties its visibility
    // map; the migration's ANALYZE records that, and no activity counter moves.
    await database.query(
      "alter table projects drop column search_vector, add column search_vector tsvector generated always as (to_tsvector('english_unaccent'::regconfig, title)) stored",
    );
    await database.query("analyze projects");
    const rewritten = (await tableActivity(database)).find((t) => t.table === "projects")!;
    expect(rewritten).toMatchObject({ allVisiblePages: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 });
    expect(rewritten.pages).toBeGreaterThan(0);
    expect(await allVisible()).toBe(0);

    const done = await maintainDatabase(database);
    expect(done.find((d) => d.table === "projects")?.action).toBe("vacuum analyze");
    expect(await allVisible()).toBe(1);
    expect((await maintainDatabase(database)).map((d) => d.table)).not.toContain("projects");
  });
});
