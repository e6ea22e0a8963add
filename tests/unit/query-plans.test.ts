/**
 * No list or search query shape scans the whole projects, developer_profiles or files table (docs/performance.md):
 * every query the list functions send is EXPLAINed with enable_seqscan = off over seeded data, so
 * a sequential scan in the plan means no index can serve that shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDevelopers, listTopDevelopers } from "../../server/developers/service";
import { getProject, listProjects, listSimilarProjects, listUserProjects } from "../../server/projects/service";
import type { SessionUser } from "../../server/context";
import { createSavedSearch, listSavedSearches, sweepSavedSearchAlerts } from "../../server/saved-searches/service";
import { filesOf, listMyFiles, usedBytes } from "../../server/files/service";
import { seedDemoData } from "../../server/seed/seed";
import { getClientReputation } from "../../server/clients/reputation";
import { milestoneActions } from "../../server/payments/contracts";
import { DB_KINDS, createTestDatabase, type TestDatabase } from "../support/db";
import { COUNT_PLANNER_SETTINGS } from "../../server/db/count-planner";
import { createPlanRecorder, seqScans, sorts, tableReads, type PlanNode } from "../support/plans";

const WATCHED = ["projects", "developer_profiles"];

describe.each(DB_KINDS)("query plans on %s", (kind) => {
  let database: TestDatabase;
  const plans = createPlanRecorder();
  const { recorded } = plans;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { logger: plans.logger });
    await seedDemoData(database.db, { projects: 300, developers: 40, clients: 30, seed: 5 });
    await database.query("analyze");
    // The seed rebuilds indexes: wait out other files' transactions that hide them (tests/support/db.ts).
    await database.indexesUsable();
  }, 300_000);
  afterAll(() => database?.close());

  const scannedTables = (call: () => Promise<unknown>) => plans.scannedTables(database, call, WATCHED);

  /**
   * Runs `call`, EXPLAINs its page query (the one with ORDER BY) with sorting disabled and expects
   * no Sort: a Sort node left in the plan means no index gives that order, so every matching row is
   * read and sorted however small the page (docs/performance.md: 100,000 projects).
   */
  async function expectNoPageSort(call: () => Promise<unknown>): Promise<void> {
    recorded.length = 0;
    await call();
    const page = recorded.find((q) => /^\s*select/i.test(q.sql) && /order by/i.test(q.sql));
    expect(page).toBeDefined();
    const plan = (await database.explain(page!.sql, page!.params, { noSort: true })) as Array<{ Plan: PlanNode }>;
    // On failure the message carries the query and its plan, so a rare one can be read from CI's log.
    expect(sorts(plan[0]!.Plan), `${page!.sql}\n${JSON.stringify(page!.params)}\n${JSON.stringify(plan[0]!.Plan, null, 1)}`).toBe(0);
  }

  it("detects a whole-table scan (the check itself can fail)", async () => {
    const plan = (await database.explain("select id from projects where target_audience = $1", ["nobody"])) as Array<{ Plan: PlanNode }>;
    expect(seqScans(plan[0]!.Plan)).toContain("projects");
  });

  it("payments lists and jobs use their indexes: no whole-table scan, no sort (docs/product.md, Payments)", async () => {
    const shapes: Array<[string, unknown[]]> = [
      ["select * from payouts where user_id = $1 order by created_at desc limit 100", ["u-1"]],
      ["select * from tax_invoices where user_id = $1 order by number desc limit 200", ["u-1"]],
      ["select id from milestones where status = 'submitted' and submitted_at < $1 limit 100", [new Date().toISOString()]],
      ["select reference from payments where status = 'pending' and created_at < $1 order by created_at limit 100", [new Date().toISOString()]],
      ["select * from milestones where contract_id = $1 order by position", ["00000000-0000-4000-8000-000000000000"]],
      ["select id from contracts where project_id = $1", ["00000000-0000-4000-8000-000000000000"]],
      [
        "select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = $1 and a.owner = $2",
        ["developer_balance", "u-1"],
      ],
      // The contract page's money by kind, and the release check of a finished milestone.
      [
        "select j.kind, coalesce(sum(e.amount_cents), 0) from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow' where j.contract_id = $1 group by j.kind",
        ["00000000-0000-4000-8000-000000000000"],
      ],
      ["select 1 from ledger_journals where contract_id = $1 and kind = 'release' limit 1", ["00000000-0000-4000-8000-000000000000"]],
      // The reminder job, and /payments: a client's payments by cursor, their refunds and totals.
      [
        "select id from milestones where status = 'submitted' and submitted_at < $1 and submitted_at > $2 and release_reminder_at is null limit 100",
        [new Date().toISOString(), new Date(0).toISOString()],
      ],
      ["select id from payments where payer_id = $1 order by created_at desc, id desc limit 21", ["u-1"]],
      // /payments: what a client paid twice and got back whole.
      ["select sum(amount_cents) from payments where payer_id = $1 and status = 'refunded'", ["u-1"]],
      // The moderators' money queues: open disputes oldest first, refunds given up newest first (decision 0050).
      ["select id from milestones where status = 'disputed' order by disputed_at limit 100", []],
      ["select id from provider_refunds where status = 'failed' order by created_at desc limit 100", []],
      ["select id from users where role = 'moderator' and is_active", []],
      // The payout transfer sender's claim and the payout reconciliation (decision 0051).
      ["select id from payouts where transfer_next_at <= $1 order by transfer_next_at, id limit 20", [new Date().toISOString()]],
      ["select reference from payouts where status = 'pending' and transfer_sent_at < $1 order by transfer_sent_at limit 100", [new Date().toISOString()]],
      // The dashboard's reviews still owed, a client's and a developer's.
      [
        "select p.id from projects p where p.user_id = $1 and p.status = 'completed' and p.completed_at > $2 and not exists (select 1 from reviews r where r.project_id = p.id) order by p.completed_at desc limit 5",
        ["u-1", new Date(0).toISOString()],
      ],
      [
        "select p.id from projects p where p.hired_developer_id = $1 and p.status = 'completed' and p.completed_at > $2 and not exists (select 1 from client_reviews r where r.project_id = p.id) order by p.completed_at desc limit 5",
        ["u-1", new Date(0).toISOString()],
      ],
      // The review reminder's claim (docs/product.md, Reviews), oldest completion first.
      [
        "select id from projects where status = 'completed' and review_reminded_at is null and completed_at <= $1 order by completed_at limit 100",
        [new Date().toISOString()],
      ],
      [
        "select id from payments where payer_id = $1 and (created_at < $2 or (created_at = $2 and id < $3)) order by created_at desc, id desc limit 21",
        ["u-1", new Date().toISOString(), "00000000-0000-4000-8000-000000000000"],
      ],
      [
        "select j.milestone_id, sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id where j.kind = 'refund' and j.milestone_id in ($1) group by j.milestone_id",
        ["00000000-0000-4000-8000-000000000000"],
      ],
      [
        "select j.kind, sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id where j.contract_id in (select id from contracts where client_id = $1) group by j.kind",
        ["u-1"],
      ],
    ];
    for (const [sql, params] of shapes) {
      const plan = (await database.explain(sql, params, { noSort: true })) as Array<{ Plan: PlanNode }>;
      expect(seqScans(plan[0]!.Plan), sql).toEqual([]);
      expect(sorts(plan[0]!.Plan), sql).toBe(0);
    }
    // The dashboard's invitations a developer has not answered: read through the developer's own
    // invitations (a handful; the planner may sort them), never a whole table.
    const invitations =
      "select i.id from project_invitations i join projects p on p.id = i.project_id where i.developer_id = $1 and p.status = 'active' and p.hidden_at is null and not exists (select 1 from proposals r where r.project_id = i.project_id and r.developer_id = $1) order by i.created_at desc limit 5";
    const plan = (await database.explain(invitations, ["u-1"])) as Array<{ Plan: PlanNode }>;
    expect(seqScans(plan[0]!.Plan), invitations).toEqual([]);
    // Moderation's payouts whose transfer has not started: through the queued-transfer index (only
    // payouts not yet started are in it; the few found are sorted by age).
    const stuck =
      "select p.id from payouts p join users u on u.id = p.user_id where p.transfer_next_at is not null and p.transfer_attempts >= 8 and p.status = 'pending' order by p.created_at limit 100";
    const stuckPlan = (await database.explain(stuck, [])) as Array<{ Plan: PlanNode }>;
    expect(seqScans(stuckPlan[0]!.Plan), stuck).toEqual([]);
  });

  it("the dashboard's milestones waiting on a client or a developer go through their contracts' index", async () => {
    for (const userType of ["client", "developer"] as const) {
      const reader = { id: "u-1", userType } as SessionUser;
      expect(await plans.scannedTables(database, () => milestoneActions(database.db, reader), ["contracts", "milestones", "projects"])).toEqual([]);
    }
  });

  const projectShapes: Array<Record<string, string>> = [
    {},
    { category: "Finance" },
    { platform: "mobile" },
    { platform: "both" },
    { budgetMin: "15000", budgetMax: "35000" },
    { budgetMin: "75000" },
    { budgetMax: "15000" },
    { skills: "Flutter,React" },
    { search: "booking app" },
    { sortBy: "budget_high" },
    { sortBy: "most_proposals" },
    { category: "Business", platform: "web", sortBy: "budget_high" },
    { search: "spaza", skills: "Flutter", sortBy: "most_proposals" },
  ];

  it.each(projectShapes)("projects list %o uses indexes", async (shape) => {
    expect(await scannedTables(() => listProjects(database.db, shape))).toEqual([]);
    const first = await listProjects(database.db, shape);
    if (first.nextCursor) {
      expect(await scannedTables(() => listProjects(database.db, { ...shape, cursor: first.nextCursor! }))).toEqual([]);
    }
  });

  // A capped total of a shape a btree index serves reads that index only, no table page: the
  // partial indexes' predicate is the lists' own (active, not hidden), so no row's `hidden_at` has
  // to be fetched (docs/performance.md, "fifth pass"). Vacuumed first, as autovacuum (PostgreSQL)
  // or the maintenance job (PGlite, decision 0040) keep the table.
  it.each([
    {},
    { category: "Finance" },
    { platform: "web" },
    { budgetMin: "15000", budgetMax: "35000" },
    { skills: "Flutter,React" },
    { category: "Finance", platform: "mobile" },
  ])("the total of projects list %o is an index-only scan", async (shape) => {
    await database.query("vacuum analyze projects");
    recorded.length = 0;
    await listProjects(database.db, shape);
    const total = recorded.find((q) => /^\s*select count\(/i.test(q.sql));
    expect(total).toBeDefined();
    const plan = (await database.explain(total!.sql, total!.params, { settings: COUNT_PLANNER_SETTINGS })) as Array<{ Plan: PlanNode }>;
    expect(tableReads(plan[0]!.Plan, "projects"), `${total!.sql}\n${JSON.stringify(plan[0]!.Plan, null, 1)}`).toEqual(["Index Only Scan"]);
  });

  // Shapes whose order an index gives directly (the first page and a page by cursor): no Sort.
  const indexOrderedProjectShapes: Array<Record<string, string>> = [{}, { sortBy: "budget_high" }, { sortBy: "most_proposals" }, { category: "Finance" }];

  it.each(indexOrderedProjectShapes)("projects list %o reads the rows in index order, first page and by cursor", async (shape) => {
    await expectNoPageSort(() => listProjects(database.db, shape));
    const first = await listProjects(database.db, { ...shape, limit: "5" });
    expect(first.nextCursor).not.toBeNull();
    await expectNoPageSort(() => listProjects(database.db, { ...shape, cursor: first.nextCursor! }));
  });

  it("detects a sort no index serves (the check itself can fail)", async () => {
    const plan = (await database.explain("select id from projects where status = 'active' order by title limit 5", [], { noSort: true })) as Array<{
      Plan: PlanNode;
    }>;
    expect(sorts(plan[0]!.Plan)).toBeGreaterThan(0);
  });

  it("Similar Projects read a bounded candidate set through indexes", async () => {
    const [row] = await database.query<{ id: string }>("select id from projects where status = 'active' order by created_at desc limit 1 offset 7");
    const project = await getProject(database.db, row!.id);
    expect(await scannedTables(() => listSimilarProjects(database.db, project))).toEqual([]);
    expect((await listSimilarProjects(database.db, project)).length).toBeGreaterThan(0);
  });

  it("capped totals of a broad search and of every list shape use indexes", async () => {
    // The count is a LIMIT subquery over the list's own filters (decision 0023).
    expect(await scannedTables(() => listProjects(database.db, { search: "app" }))).toEqual([]);
    expect(await scannedTables(() => listDevelopers(database.db, { search: "developer" }))).toEqual([]);
  });

  it("a client's own projects use an index", async () => {
    const [row] = await database.query<{ user_id: string }>("select user_id from projects limit 1");
    expect(await scannedTables(() => listUserProjects(database.db, row!.user_id, { limit: 12 }))).toEqual([]);
  });

  it("a client's record counts their projects by status from an index alone (About the Client on every project page)", async () => {
    const [row] = await database.query<{ user_id: string }>("select user_id from projects group by user_id order by count(*) desc, user_id limit 1");
    await database.query("vacuum analyze projects");
    recorded.length = 0;
    const record = await getClientReputation(database.db, row!.user_id);
    expect(record.projectsPosted).toBeGreaterThan(1);
    const query = recorded.find((q) => /from projects p where p\.user_id/i.test(q.sql));
    expect(query).toBeDefined();
    const plan = (await database.explain(query!.sql, query!.params)) as Array<{ Plan: PlanNode }>;
    expect(tableReads(plan[0]!.Plan, "projects"), JSON.stringify(plan[0]!.Plan, null, 1)).toEqual(["Index Only Scan", "Index Only Scan", "Index Only Scan"]);
  });

  const developerShapes: Array<Record<string, string>> = [
    {},
    { sortBy: "reviewCount" },
    { sortBy: "completedProjects" },
    { sortBy: "hourlyRate" },
    { skills: "Flutter,DevOps" },
    { location: "Durban" },
    { minRating: "4.5" },
    { availability: "busy" },
    { search: "android" },
    { location: "Johannesburg", skills: "React Native", minRating: "4.0" },
  ];

  it.each(developerShapes)("developers list %o uses indexes, also for the next page by cursor", async (shape) => {
    expect(await scannedTables(() => listDevelopers(database.db, shape))).toEqual([]);
    const first = await listDevelopers(database.db, { ...shape, limit: "2" });
    if (first.nextCursor) {
      expect(await scannedTables(() => listDevelopers(database.db, { ...shape, cursor: first.nextCursor! }))).toEqual([]);
    }
  });

  it.each(["rating", "reviewCount", "completedProjects", "hourlyRate"])("developers sorted by %s are read in index order", async (sortBy) => {
    await expectNoPageSort(() => listDevelopers(database.db, { sortBy }));
  });

  it("saved searches: a user's list and the job-alert sweep's due searches use indexes", async () => {
    const [dev] = await database.query<{ id: string }>("select id from users where user_type = 'developer' limit 1");
    const user = { id: dev!.id, userType: "developer" } as SessionUser;
    await createSavedSearch(database.db, user, { filters: { skills: "Flutter" }, alert: "instant" });
    const watched = ["saved_searches", "saved_search_matches"];
    expect(await plans.scannedTables(database, () => listSavedSearches(database.db, user), watched)).toEqual([]);
    expect(
      await plans.scannedTables(database, () => sweepSavedSearchAlerts({ db: database.db, appUrl: "http://localhost", secret: "s".repeat(40) }), watched),
    ).toEqual([]);
  });

  it("projects keep their search vector in the row, not in TOAST (decision 0045)", async () => {
    // A narrow text search tests hundreds of rows against the vector on its way down the newest
    // index: each one read from TOAST cost three more pages.
    const [column] = await database.query<{ attstorage: string }>(
      "select attstorage from pg_attribute where attrelid = 'projects'::regclass and attname = 'search_vector'",
    );
    expect(column?.attstorage).toBe("m");
  });

  it("top developers use an index", async () => {
    expect(await scannedTables(() => listTopDevelopers(database.db))).toEqual([]);
  });

  it("a target's files, a user's files and their quota use indexes (docs/product.md, Files)", async () => {
    const [row] = await database.query<{ id: string; user_id: string }>("select id, user_id from projects limit 1");
    const files = ["files"];
    expect(await plans.scannedTables(database, () => filesOf(database.db, "project", [row!.id]), files)).toEqual([]);
    expect(await plans.scannedTables(database, () => listMyFiles(database.db, row!.user_id), files)).toEqual([]);
    expect(await plans.scannedTables(database, () => usedBytes(database.db, row!.user_id), files)).toEqual([]);
  });
});
