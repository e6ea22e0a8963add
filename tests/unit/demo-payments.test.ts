/**
 * Demo money (server/seed/payments.ts): the demo client's hires of the demo developer have
 * contracts whose money moved through the payments domain, the ledger balances, the developer has
 * a balance left after a paid payout, and no email is queued.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { contracts, emailOutbox, milestones, notifications, payouts, projects, proposals, taxInvoices, users } from "../../server/db/schema";
import { held, ledgerViolations } from "../../server/payments/ledger";
import { seedDemoPayments, type DemoPayments } from "../../server/seed/payments";
import { seedHireContracts } from "../../server/seed/contracts";
import { contractIdOfProject, getContract, milestoneActions } from "../../server/payments/contracts";
import type { SessionUser } from "../../server/context";
import { DEMO_CLIENT, DEMO_DEVELOPER, seedDemoData } from "../../server/seed/seed";
import { createTestDatabase, DB_KINDS, type TestDatabase } from "../support/db";

const config = loadConfig({ APP_URL: "http://localhost:3000", NODE_ENV: "test", DATA_DIR: "tests/.tmp/data" });

describe.each(DB_KINDS)("demo payments on %s", (kind) => {
  let database: TestDatabase;
  let done: DemoPayments | null;
  let clientId: string;
  let developerId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, { projects: 30, developers: 6, clients: 4, seed: 5 });
    done = await seedDemoPayments(database.db, config);
    const people = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_CLIENT.email, DEMO_DEVELOPER.email]));
    clientId = people.find((p) => p.email === DEMO_CLIENT.email)!.id;
    developerId = people.find((p) => p.email === DEMO_DEVELOPER.email)!.id;
  });
  afterAll(() => database?.close());

  it("gives each of the demo client's hires of the demo developer one contract", async () => {
    const hires = await database.db
      .select({ id: projects.id, status: projects.status })
      .from(projects)
      .where(and(eq(projects.userId, clientId), eq(projects.hiredDeveloperId, developerId)));
    expect(hires.map((h) => h.status).sort()).toEqual(["completed", "completed", "in_progress"]);
    const written = await database.db.select({ projectId: contracts.projectId, developerId: contracts.developerId }).from(contracts);
    expect(written.map((c) => c.projectId).sort()).toEqual(hires.map((h) => h.id).sort());
    expect(written.every((c) => c.developerId === developerId)).toBe(true);
    expect(done?.contracts).toBe(3);
  });

  it("releases every milestone of a completed hire and leaves the in-progress one delivered and awaiting approval", async () => {
    const rows = await database.db
      .select({ status: milestones.status, position: milestones.position, projectStatus: projects.status })
      .from(milestones)
      .innerJoin(contracts, eq(contracts.id, milestones.contractId))
      .innerJoin(projects, eq(projects.id, contracts.projectId));
    const completed = rows.filter((r) => r.projectStatus === "completed");
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((r) => r.status === "released")).toBe(true);
    const current = rows.filter((r) => r.projectStatus === "in_progress").sort((a, b) => a.position - b.position);
    // The demo hires always have 2-4 milestones (server/seed/market.ts).
    expect(current.length).toBeGreaterThanOrEqual(2);
    expect(current.map((r) => r.status)).toEqual(["released", "submitted", ...current.slice(2).map(() => "proposed")]);
    expect(done?.released).toBe(completed.length + 1);
  });

  it("keeps the ledger balanced, issues a fee invoice per release and leaves the developer a balance after a paid payout", async () => {
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await database.db.select({ number: taxInvoices.number }).from(taxInvoices).where(eq(taxInvoices.userId, developerId))).toHaveLength(done!.released);
    const paid = await database.db.select({ status: payouts.status, amountCents: payouts.amountCents }).from(payouts).where(eq(payouts.userId, developerId));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.status).toBe("paid");
    expect(paid[0]!.amountCents % 10_000).toBe(0);
    const balance = await held(database.db, { kind: "developer_balance", owner: developerId });
    expect(balance).toBeGreaterThanOrEqual(paid[0]!.amountCents);
  });

  it("tells the demo accounts through notifications, a completed hire's read and dated when it completed, and queues no email", async () => {
    const notices = await database.db
      .select({
        message: notifications.message,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        projectStatus: projects.status,
        completedAt: projects.completedAt,
      })
      .from(notifications)
      .innerJoin(contracts, eq(notifications.link, sql`'/contracts/' || ${contracts.id}`))
      .innerJoin(projects, eq(projects.id, contracts.projectId));
    const current = notices.filter((n) => n.projectStatus === "in_progress");
    const history = notices.filter((n) => n.projectStatus === "completed");
    const currentTitles = (
      await database.db
        .select({ title: milestones.title })
        .from(milestones)
        .innerJoin(contracts, eq(contracts.id, milestones.contractId))
        .innerJoin(projects, eq(projects.id, contracts.projectId))
        .where(eq(projects.status, "in_progress"))
        .orderBy(milestones.position)
    ).map((m) => m.title);
    // The in-progress hire: the released first milestone's notices were answered (read); the submitted second one's are new.
    const released = current.filter((n) => n.message.startsWith(`"${currentTitles[0]}" (`));
    const waiting = current.filter((n) => n.message.startsWith(`"${currentTitles[1]}" (`));
    expect(released.length).toBeGreaterThan(0);
    expect(released.every((n) => n.readAt !== null)).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((n) => n.readAt === null)).toBe(true);
    expect(history.length).toBeGreaterThan(0);
    for (const n of history) {
      expect(n.readAt).not.toBeNull();
      expect(Math.abs(n.createdAt.getTime() - n.completedAt!.getTime())).toBeLessThan(60_000);
    }
    expect(await database.db.select({ id: emailOutbox.id }).from(emailOutbox)).toEqual([]);
  });

  it("does nothing with a real payment provider", async () => {
    const paystack = { ...config, payments: { ...config.payments, provider: "paystack" as const } };
    expect(await seedDemoPayments(database.db, paystack)).toBeNull();
    expect(await database.db.select({ id: contracts.id }).from(contracts)).toHaveLength(3);
  });
});

describe.each(DB_KINDS)("the other seeded hires in progress on %s", (kind) => {
  let database: TestDatabase;
  let written = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, { projects: 40, developers: 6, clients: 4, seed: 5 });
    await seedDemoPayments(database.db, config);
    written = await seedHireContracts(database.db);
  });
  afterAll(() => database?.close());

  /** A seeded user as their session reads. */
  async function session(id: string): Promise<SessionUser> {
    const [u] = await database.db.select().from(users).where(eq(users.id, id));
    return { id: u!.id, name: u!.name, email: u!.email, userType: u!.userType, emailVerified: true, role: "member", createdAt: u!.createdAt.toISOString() };
  }

  it("gives every hire in progress its contract, as accepting the proposal does: its milestones, nothing funded yet", async () => {
    const hires = await database.db
      .select({ projectId: projects.id, clientId: projects.userId, developerId: proposals.developerId, price: proposals.price, planned: proposals.milestones })
      .from(projects)
      .innerJoin(proposals, and(eq(proposals.projectId, projects.id), eq(proposals.status, "accepted")))
      .where(eq(projects.status, "in_progress"));
    // The demo client's hire has its contract (and money) from seedDemoPayments; the others had none.
    expect(written).toBe(hires.length - 1);
    expect(written).toBeGreaterThan(0);
    for (const hire of hires) {
      // The project page links its client and developer to the contract (contractIdOfProject).
      const contractId = await contractIdOfProject(database.db, hire.projectId);
      expect(contractId).not.toBeNull();
      const developer = await session(hire.developerId);
      const client = await session(hire.clientId);
      const view = await getContract(database.db, developer, contractId!);
      expect(view.viewer).toBe("developer");
      expect((await getContract(database.db, client, contractId!)).viewer).toBe("client");
      if (client.email === DEMO_CLIENT.email) continue;
      const planned = hire.planned.length ? hire.planned : [{ title: "Whole project", amount: hire.price }];
      expect(view.milestones.map((m) => [m.title, m.amountCents, m.status])).toEqual(planned.map((m) => [m.title, m.amount * 100, "proposed"]));
      expect(view.totals).toMatchObject({ escrow: 0, released: 0, refunded: 0, total: hire.price * 100 });
      // ...and the client's dashboard asks them to fund the first milestone.
      expect((await milestoneActions(database.db, client)).filter((a) => a.contractId === contractId).map((a) => [a.milestoneTitle, a.action])).toEqual([
        [planned[0]!.title, "fund"],
      ]);
    }
  });

  it("writes no contract twice and none for a hire that is over", async () => {
    expect(await seedHireContracts(database.db)).toBe(0);
    const perProject = await database.db
      .select({ projectId: contracts.projectId, status: projects.status, n: sql<number>`count(*)::int` })
      .from(contracts)
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .groupBy(contracts.projectId, projects.status);
    expect(perProject.every((c) => c.n === 1)).toBe(true);
    // Completed hires keep theirs only where the demo money moved (the demo client's hires of the demo developer).
    expect(perProject.filter((c) => c.status === "completed")).toHaveLength(2);
  });
});
