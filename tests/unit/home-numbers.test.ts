/**
 * The home page's figures (app/routes/home.server.ts; docs/product.md, Journeys): each is what its
 * list shows, kept 5 minutes per instance, and counted again once a write on this instance has
 * moved the totals cache's generation on, so a project posted here is on the tiles at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_NUMBERS_TTL_MS, loadHomeNumbers } from "../../app/routes/home.server";
import { listProjects } from "../../server/projects/service";
import { createTotalsCache } from "../../server/lib/totals-cache";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makeClient, makeProject } from "../support/factories";

describe("home page figures", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("are kept within their time to live, and counted again after a write or once it has passed", async () => {
    const db = database.db;
    const totals = createTotalsCache();
    const client = await makeClient(db);
    await makeProject(db, client, { platform: "mobile" });
    const t0 = Date.now();
    const mobile = async () => (await listProjects(db, { platform: "mobile", limit: "1" })).total;

    const first = await loadHomeNumbers(db, totals.generation, t0);
    expect(first!.tiles["Mobile Apps"]).toBe(await mobile());
    const before = first!.tiles["Mobile Apps"]!;

    // A project posted elsewhere (another instance): these figures are kept until their time is up.
    await makeProject(db, client, { platform: "mobile" });
    expect((await loadHomeNumbers(db, totals.generation, t0 + 1000))!.tiles["Mobile Apps"]).toBe(before);
    expect((await loadHomeNumbers(db, totals.generation, t0 + HOME_NUMBERS_TTL_MS + 1))!.tiles["Mobile Apps"]).toBe(before + 1);

    // A project posted through this instance empties its caches: the next figures count it.
    await makeProject(db, client, { platform: "mobile" });
    totals.clear();
    const after = await loadHomeNumbers(db, totals.generation, t0 + HOME_NUMBERS_TTL_MS + 2);
    expect(after!.tiles["Mobile Apps"]).toBe(before + 2);
    expect(after!.tiles["Mobile Apps"]).toBe(await mobile());
    expect(after!.openProjects).toBe(first!.openProjects + 2);
  });
});
