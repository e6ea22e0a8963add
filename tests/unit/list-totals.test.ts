/**
 * Capped list totals (docs/decisions/0023-capped-list-totals.md): exact up to LIST_TOTAL_CAP, "1,000+"
 * above it, and the pages themselves (Load More by cursor) unchanged; a broad text search's "1,000+"
 * from the planner's estimate (docs/decisions/0043-estimated-broad-search-totals.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listProjects } from "../../server/projects/service";
import { LIST_TOTAL_CAP } from "../../shared/constants";
import { formatTotal, totalLabel } from "../../shared/format";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { COUNT_PLANNER_SETTINGS, countDbOf } from "../../server/db/count-planner";
import { ESTIMATED_TOTAL_FLOOR, plannedRows } from "../../server/lib/capped-count";
import { projects } from "../../server/db/schema";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makeClient, makeProject } from "../support/factories";

describe("formatTotal", () => {
  it("shows the exact number, or 1,000+ when capped", () => {
    expect(formatTotal(0)).toBe("0");
    expect(formatTotal(999, false)).toBe("999");
    expect(formatTotal(1000, false)).toBe("1000");
    expect(formatTotal(LIST_TOTAL_CAP, true)).toBe("1,000+");
  });

  it("names what is counted in the right number: the phone's Show button and the results count", () => {
    expect(`Show ${totalLabel(1, false, "result")}`).toBe("Show 1 result");
    expect(`Show ${totalLabel(0, false, "result")}`).toBe("Show 0 results");
    expect(`Show ${totalLabel(12, undefined, "result")}`).toBe("Show 12 results");
    expect(`Show ${totalLabel(LIST_TOTAL_CAP, true, "result")}`).toBe("Show 1,000+ results");
    expect(totalLabel(1, false, "project", "projects")).toBe("1 project");
    expect(totalLabel(LIST_TOTAL_CAP, true, "developer", "developers")).toBe("1,000+ developers");
  });
});

describe.each(DB_KINDS)("capped list totals on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const owner = await makeClient(database.db);
    const seedRow = await makeProject(database.db, owner, { title: "Quagga payment app", skills: ["Flutter"], category: "Finance" });
    const narrow = await makeProject(database.db, owner, { title: "Zebu booking app", skills: ["Rust"], category: "Business" });
    expect(narrow.id).not.toBe(seedRow.id);
    // LIST_TOTAL_CAP + 4 more copies of the first project (new ids, spread creation times).
    const cols = await database.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'projects' and column_name not in ('id', 'search_vector', 'created_at')`,
    );
    const list = cols.map((c) => `"${c.column_name}"`).join(", ");
    await database.query(
      `insert into projects (${list}, created_at) select ${list}, now() - (g * interval '1 minute') from projects, generate_series(1, ${LIST_TOTAL_CAP + 4}) g where id = $1`,
      [seedRow.id],
    );
    await database.query("analyze projects");
  }, 120_000);
  afterAll(() => database?.close());

  it("caps a broad total at LIST_TOTAL_CAP and says so", async () => {
    const page = await listProjects(database.db, { search: "quagga" });
    expect(page.totalCapped).toBe(true);
    expect(page.total).toBe(LIST_TOTAL_CAP);
    expect(page.projects).toHaveLength(12);
    expect(page.hasMore).toBe(true);
  });

  it("keeps a total under the cap exact", async () => {
    expect(await listProjects(database.db, { search: "zebu" })).toMatchObject({ total: 1, totalCapped: false, hasMore: false });
    expect(await listProjects(database.db, { skills: "Rust" })).toMatchObject({ total: 1, totalCapped: false });
    expect(await listProjects(database.db, { search: "nothingmatcheshere" })).toMatchObject({ total: 0, totalCapped: false });
  });

  it("Load More still walks past the cap by cursor", async () => {
    let page = await listProjects(database.db, { search: "quagga", category: "Finance", limit: "50" });
    let seen = page.projects.length;
    const ids = new Set(page.projects.map((p) => p.id));
    while (page.nextCursor) {
      page = await listProjects(database.db, { search: "quagga", category: "Finance", limit: "50", cursor: page.nextCursor });
      seen += page.projects.length;
      for (const p of page.projects) ids.add(p.id);
    }
    expect(seen).toBe(LIST_TOTAL_CAP + 5);
    expect(ids.size).toBe(LIST_TOTAL_CAP + 5);
  });

  it("counts on connections planned for counts, and leaves every other query's planner settings alone (decisions 0036, 0038)", async () => {
    const setting = async (db: Db, name: string) =>
      ((await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Array<Record<string, string>> }).rows[0]![name];
    await listProjects(database.db, { search: "quagga" });
    // The pages' own queries never plan with the count's settings (a `set local` would not leak either).
    expect(await setting(database.db, "enable_seqscan")).toBe("on");
    expect(await setting(database.db, "random_page_cost")).toBe("4");
    const countDb = countDbOf(database.db);
    if (kind === "postgres") {
      // One statement per count: its connections start with the settings.
      for (const [name, value] of Object.entries(COUNT_PLANNER_SETTINGS)) expect(await setting(countDb!, name)).toBe(value);
      // Page loaders run a second copy of the module (the React Router build bundles its own):
      // a fresh copy must find the same count pool, or every page's total takes the transaction.
      vi.resetModules();
      const secondCopy = await import("../../server/db/count-planner");
      expect(secondCopy.countDbOf).not.toBe(countDbOf);
      expect(secondCopy.countDbOf(database.db)).toBe(countDb);
    } else {
      // PGlite has one connection: the count sets them inside its own transaction.
      expect(countDb).toBeUndefined();
    }
  });
});

describe.each(DB_KINDS)("estimated totals of broad searches on %s (decision 0043)", (kind) => {
  let database: TestDatabase;
  const copies = Math.ceil(ESTIMATED_TOTAL_FLOOR * 1.5);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // No analyse behind the test's back: it controls when the statistics change.
    if (kind === "postgres") await database.query("alter table projects set (autovacuum_enabled = false)");
    const owner = await makeClient(database.db);
    const tapir = await makeProject(database.db, owner, { title: "Tapir tracking app", skills: ["Flutter"], category: "Travel" });
    await makeProject(database.db, owner, { title: "Okapi tracking app", skills: ["Kotlin"], category: "Travel" });
    const cols = await database.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'projects' and column_name not in ('id', 'search_vector', 'created_at')`,
    );
    const list = cols.map((c) => `"${c.column_name}"`).join(", ");
    // Each copy gets one of 250 extra words: PostgreSQL estimates a prefix search from the table's
    // most common words only when it keeps at least 100 of them (as any real catalogue has), and
    // otherwise assumes 2% of rows match.
    const values = cols.map((c) => (c.column_name === "description" ? `description || ' quokka' || (g % 250)` : `"${c.column_name}"`)).join(", ");
    await database.query(
      `insert into projects (${list}, created_at) select ${values}, now() - (g * interval '1 second') from projects, generate_series(1, ${copies - 1}) g where id = $1`,
      [tapir.id],
    );
    await database.query("analyze projects");
  }, 240_000);
  afterAll(() => database?.close());

  it("answers 1,000+ from the planner's statistics when they expect ten times the cap, and counts below that", async () => {
    const estimate = await plannedRows(
      database.db,
      database.db
        .select({ one: sql`1` })
        .from(projects)
        .where(sql`${projects.searchVector} @@ to_tsquery('english_unaccent', 'tapir:*')`)
        .$dynamic(),
    );
    expect(estimate).toBeGreaterThanOrEqual(ESTIMATED_TOTAL_FLOOR);
    expect(await listProjects(database.db, { search: "tapir" })).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    // A narrow search is counted exactly; so is any list that is not a text search.
    expect(await listProjects(database.db, { search: "okapi" })).toMatchObject({ total: 1, totalCapped: false });

    // All but 30 close: the statistics still say ~15,000, so the search alone is still answered
    // 1,000+ without counting (the trade-off decision 0043 accepts) ...
    const keepOnly = (n: number) =>
      database.query(
        `update projects set status = 'closed' where id in (select id from projects where title like 'Tapir%' order by created_at desc offset ${n})`,
      );
    await keepOnly(30);
    expect(await listProjects(database.db, { search: "tapir" })).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true, hasMore: true });
    // ... while a search with another filter is counted (words and filters are not independent).
    expect(await listProjects(database.db, { search: "tapir", category: "Travel" })).toMatchObject({ total: 30, totalCapped: false });
    expect(await listProjects(database.db, { category: "Travel" })).toMatchObject({ total: 31, totalCapped: false });

    // A first page with nothing after it is its own exact total, whatever the estimate says.
    await keepOnly(3);
    const short = await listProjects(database.db, { search: "tapir" });
    expect(short).toMatchObject({ total: 3, totalCapped: false, hasMore: false });
    expect(short.projects).toHaveLength(3);

    // After the next analyse the estimate is small, and a full page's total is counted exactly.
    await database.query("analyze projects");
    await database.query(
      `update projects set status = 'active' where id in (select id from projects where title like 'Tapir%' and status = 'closed' order by created_at desc limit 27)`,
    );
    expect(await listProjects(database.db, { search: "tapir" })).toMatchObject({ total: 30, totalCapped: false, hasMore: true });
  });
});
