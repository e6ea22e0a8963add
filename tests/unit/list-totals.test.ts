/**
 * Capped list totals (docs/decisions/0023-capped-list-totals.md): exact up to LIST_TOTAL_CAP, "1,000+"
 * above it, and the pages themselves (Load More by cursor) unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProjects } from "../../server/projects/service";
import { LIST_TOTAL_CAP } from "../../shared/constants";
import { formatTotal } from "../../shared/format";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { COUNT_PLANNER_SETTINGS, countDbOf } from "../../server/db/count-planner";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makeClient, makeProject } from "../support/factories";

describe("formatTotal", () => {
  it("shows the exact number, or 1,000+ when capped", () => {
    expect(formatTotal(0)).toBe("0");
    expect(formatTotal(999, false)).toBe("999");
    expect(formatTotal(1000, false)).toBe("1000");
    expect(formatTotal(LIST_TOTAL_CAP, true)).toBe("1,000+");
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
    } else {
      // PGlite has one connection: the count sets them inside its own transaction.
      expect(countDb).toBeUndefined();
    }
  });
});
