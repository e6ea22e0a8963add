/**
 * The bench's database-time step (scripts/bench/explain.ts): what each list shape's rows query
 * touches, and issue 17's check that a deep page by cursor costs about what the first page costs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cursorPageCheck, explainShapes, projectCursorForPage, type QueryTiming } from "../../scripts/bench/explain";
import { seedDemoData } from "../../server/seed/seed";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";

const rows = (medianMs: number, blocks: number): QueryTiming => ({ role: "page", medianMs, blocks, seqScans: [] });

describe("cursorPageCheck", () => {
  it("passes a deep page that touches as many blocks, even when its few microseconds are twice the first page's", () => {
    const check = cursorPageCheck(rows(0.014, 40), rows(0.027, 42), 1.5);
    expect(check).toMatchObject({ ratio: 1.93, blocksRatio: 1.05, pass: true });
  });

  it("fails a deep page that touches more than the factor's blocks, however fast", () => {
    expect(cursorPageCheck(rows(0.014, 40), rows(0.015, 61), 1.5).pass).toBe(false);
  });

  it("fails a deep page that is slower by more than the clock's noise and the factor", () => {
    expect(cursorPageCheck(rows(0.2, 40), rows(0.4, 40), 1.5).pass).toBe(false);
    expect(cursorPageCheck(rows(0.2, 40), rows(0.29, 40), 1.5).pass).toBe(true);
  });
});

describe.each(DB_KINDS)("explainShapes on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) } });
    await seedDemoData(database.db, { projects: 300, developers: 10, clients: 10, seed: 7 });
  }, 300_000);
  afterAll(() => database?.close());

  const recorded: Array<{ sql: string; params: unknown[] }> = [];

  it("counts the buffer blocks of each rows query, and page 10 by cursor reads about what page 1 reads", async () => {
    const cursor = await projectCursorForPage(database, 10);
    const [first, deep] = await explainShapes(
      database,
      recorded,
      [
        { name: "first", list: "projects", query: {} },
        { name: "page 10", list: "projects", query: { cursor } },
      ],
      3,
    );
    const firstRows = first!.queries.find((q) => q.role === "page")!;
    const deepRows = deep!.queries.find((q) => q.role === "page")!;
    expect(firstRows.blocks).toBeGreaterThan(0);
    expect(deepRows.blocks).toBeGreaterThan(0);
    // The work a cursor bounds: the deep page's rows query reads about the first page's blocks.
    // Not its timing: three runs' median of a 0.06 ms query on a busy CI machine is noise (a
    // timed assertion failed CI at 0.061 against 0.121 ms); the check's timing rule is tested
    // above with fixed figures.
    expect(cursorPageCheck(firstRows, deepRows, 1.5).blocksRatio).toBeLessThanOrEqual(1.5);
  });
});
