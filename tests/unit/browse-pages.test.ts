/**
 * The browse pages' loaders (/projects and /developers, app/lib/browse.server.ts): a link with a bad
 * parameter still lists, with the rest of its filters applied; a forged cursor lists the first page;
 * "Load More" without JavaScript (?cursor=) shows the next page; a database failure shows the
 * page's failure state instead of an error page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { loadDevelopersPage } from "../../app/routes/developers.server";
import { loadProjectsPage } from "../../app/routes/projects.server";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makeClient, makeDeveloper, makeProject } from "../support/factories";

const q = (query: string) => new URLSearchParams(query);

describe.each(DB_KINDS)("browse page loaders on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const owner = await makeClient(db);
    for (let i = 0; i < 14; i++) await makeProject(db, owner, { title: `Finance app number ${i}`, category: "Finance", skills: ["React", "Flutter"] });
    await makeProject(db, owner, { title: "Clinic booking app", category: "Healthcare", skills: ["Flutter"] });
    await makeDeveloper(db, { name: "Durban Dev", profile: { city: "Durban" } });
    await makeDeveloper(db, { name: "Cape Dev", profile: { city: "Cape Town" } });
  });
  afterAll(() => database?.close());

  it("drops the parameter the schema refuses and applies the rest", async () => {
    const page = await loadProjectsPage(db, q("category=Finance&budgetMin=abc&platform=watch"));
    expect(page.failed).toBe(false);
    expect(page.filters).toMatchObject({ category: "Finance", budgetMin: null, platform: "" });
    expect(page.total).toBe(14);
    expect(page.projects.every((p) => p.title.startsWith("Finance app"))).toBe(true);

    const developers = await loadDevelopersPage(db, q("location=Durban&minRating=9"));
    expect(developers.failed).toBe(false);
    expect(developers.filters).toMatchObject({ location: "Durban", minRating: null });
    expect(developers.developers.map((d) => d.name)).toEqual(["Durban Dev"]);
  });

  it("joins a repeated parameter as the list's comma list", async () => {
    const page = await loadProjectsPage(db, q("skills=React&skills=Flutter"));
    expect(page.filters.skills).toEqual(["React", "Flutter"]);
    // Either skill matches: the clinic app (Flutter only) too.
    expect(page.total).toBe(15);
    expect((await loadProjectsPage(db, q("skills=React"))).total).toBe(14);
  });

  it("follows ?cursor= to the next page and lists the first page for a forged one", async () => {
    const first = await loadProjectsPage(db, q("category=Finance"));
    expect(first.projects).toHaveLength(12);
    expect(first.hasMore).toBe(true);
    const next = await loadProjectsPage(db, q(`category=Finance&cursor=${first.nextCursor}`));
    expect(next.projects).toHaveLength(2);
    expect(next.projects.map((p) => p.id)).not.toContain(first.projects[0]!.id);

    const forged = await loadProjectsPage(db, q("category=Finance&cursor=not-a-cursor"));
    expect(forged.failed).toBe(false);
    expect(forged.projects.map((p) => p.id)).toEqual(first.projects.map((p) => p.id));
  });

  it("shows the failure state when the database fails", async () => {
    const down = new Proxy(
      {},
      {
        get: () => {
          throw new Error("database down");
        },
      },
    ) as Db;
    const projects = await loadProjectsPage(down, q("category=Finance"));
    expect(projects).toMatchObject({ projects: [], failed: true, total: 0, hasMore: false });
    expect(projects.filters.category).toBe("Finance");
    const developers = await loadDevelopersPage(down, q(""));
    expect(developers).toMatchObject({ developers: [], failed: true });
  });
});
