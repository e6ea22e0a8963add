/**
 * Writes that meet on one hire (ARCHITECTURE.md, Locks; decision 0053): milestone changes against
 * completing the project or ending the hire, settling a payment against cancelling the hire,
 * deleting a project against a change on its ended contract, the client and the developer
 * deleting their accounts at once, a moderator suspending an account as it is deleted, and a
 * milestone released as its developer deletes their account, and the operator taking the moderator role
 * away as that moderator deletes their account. Through the API, as the requests arrive. On PostgreSQL a second
 * connection holds a row lock so the two requests meet in the middle of their transactions, in a
 * chosen order, or the two are sent together many times (PGlite has one connection: its writes
 * never overlap).
 */
import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_USER_NAME } from "../../server/auth/settings";
import type { SessionUser } from "../../server/context";
import { contracts, milestoneChanges, milestones, payments, projects, proposals, reports, sessions, users } from "../../server/db/schema";
import { setUserRole } from "../../server/auth/roles";
import { saveDeveloperProfile } from "../../server/developers/service";
import { setDeveloperSaved } from "../../server/favourites/service";
import { inviteDeveloper } from "../../server/invitations/service";
import { sendMessage, startConversation } from "../../server/messages/service";
import { reportProfile, reportProjectForModeration } from "../../server/moderation/service";
import { AppError } from "../../server/errors";
import { BALANCE_BEFORE_DELETION, ESCROW_FOR_WORK_BEFORE_DELETION } from "../../server/payments/contracts";
import { held, ledgerViolations } from "../../server/payments/ledger";
import { proposeMilestoneChange } from "../../server/payments/changes";
import { createTestProvider, TEST_SIGNATURE_HEADER } from "../../server/payments/providers/test";
import { approveMilestone, paymentsDeps, settlePayment, startFunding, submitMilestone, type PaymentsDeps } from "../../server/payments/service";
import { cancelHire, completeProject } from "../../server/projects/lifecycle";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { CONTRACT_COMPLETED, HIRE_ENDED } from "../../shared/payments";
import { apiClient } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { createReview } from "../../server/reviews/service";
import { TEST_PASSWORD } from "../support/app";
import { makeProject, proposalBody } from "../support/factories";

/** What an API call answered: its status and error message, if any. */
interface Answer {
  status: number;
  message?: string;
}

describe.each(DB_KINDS)("writes meeting on one hire on %s", (kind) => {
  let t: TestApp;
  let deps: PaymentsDeps;
  let watcher: pg.Client | undefined;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    deps = paymentsDeps(t.deps);
    if (kind === "postgres") {
      watcher = new pg.Client({ connectionString: t.database.url });
      await watcher.connect();
    }
  });
  afterAll(async () => {
    await watcher?.end();
    await t?.close();
  });
  const db = () => t.database.db;
  const call = (method: string, path: string, options: { cookie: string; body?: unknown; headers?: Record<string, string> }) =>
    apiClient(t.app)(method, path, options).then(async (res): Promise<Answer> => {
      const text = await res.text();
      const body = text ? (JSON.parse(text) as { error?: { message?: string } }) : {};
      return { status: res.status, message: body.error?.message };
    });

  /** A hire through accepted proposal: client and developer with cookies (the developer has a profile), the contract and its milestones. */
  async function hire(amounts: number[]) {
    n++;
    const client = await t.signUp({ email: `lock-client-${n}-${kind}@example.co.za`, userType: "client", name: "Lerato Client" });
    const developer = await t.signUp({ email: `lock-dev-${n}-${kind}@example.co.za`, userType: "developer", name: "Sipho Developer" });
    await saveDeveloperProfile(db(), developer.user, { title: "Flutter Developer" });
    const project = await makeProject(db(), client.user);
    const price = amounts.reduce((a, b) => a + b, 0);
    const proposal = await submitProposal(
      t.domain,
      developer.user,
      project.id,
      proposalBody(price, { milestones: amounts.map((amount, i) => ({ title: `Milestone ${i + 1}`, amount })) }),
    );
    await acceptProposal(t.domain, client.user, proposal.id);
    const [contract] = await db().select({ id: contracts.id }).from(contracts).where(eq(contracts.proposalId, proposal.id));
    return { client, developer, project, proposalId: proposal.id, contractId: contract!.id, milestoneIds: (await milestonesOf(contract!.id)).map((m) => m.id) };
  }
  const milestonesOf = (contractId: string) =>
    db()
      .select({ id: milestones.id, title: milestones.title, amountCents: milestones.amountCents, status: milestones.status })
      .from(milestones)
      .where(eq(milestones.contractId, contractId))
      .orderBy(asc(milestones.position));
  const projectStatus = async (id: string) => (await db().select({ s: projects.status }).from(projects).where(eq(projects.id, id)))[0]?.s;

  /**
   * Another connection in the middle of a transaction, holding the row locks `sql` takes: the
   * requests under test queue behind it until `release()` commits it.
   */
  async function holding(sql: string, params: unknown[]) {
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    await other.query("begin");
    await other.query(sql, params);
    return {
      async release() {
        await other.query("commit");
        await other.end();
      },
    };
  }
  /** Resolves once `count` sessions of this database wait for a lock (at most 10 s). */
  async function waitingForLocks(count: number): Promise<void> {
    for (const started = Date.now(); Date.now() - started < 10_000;) {
      const { rows } = await watcher!.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n >= count) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${count} sessions never waited for a lock`);
  }

  /** Resolves once `p` has settled or `count` sessions of this database wait for a lock (at most 10 s). */
  async function settledOrWaiting(p: Promise<unknown>, count: number): Promise<void> {
    let settled = false;
    void p.finally(() => (settled = true));
    for (const started = Date.now(); !settled && Date.now() - started < 10_000;) {
      const { rows } = await watcher!.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n >= count) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("refuses, with 409 and the contract-closed reason, to propose or accept a change on a completed project's contract, adding nothing", async () => {
    const h = await hire([6000, 12000]);
    const change = await proposeMilestoneChange(deps, h.developer.user, h.contractId, { title: "Extra screens", amount: 3000 });
    await completeProject(t.domain, h.client.user, h.project.id);
    const before = await milestonesOf(h.contractId);
    expect(await call("POST", `/api/v1/milestone-changes/${change.id}/accept`, { cookie: h.client.cookie })).toEqual({
      status: 409,
      message: CONTRACT_COMPLETED,
    });
    expect(
      await call("POST", `/api/v1/contracts/${h.contractId}/milestone-changes`, { cookie: h.client.cookie, body: { title: "One more", amount: 2000 } }),
    ).toEqual({ status: 409, message: CONTRACT_COMPLETED });
    expect(await milestonesOf(h.contractId)).toEqual(before);
    expect(await db().select({ status: milestoneChanges.status }).from(milestoneChanges).where(eq(milestoneChanges.contractId, h.contractId))).toEqual([
      { status: "pending" },
    ]);
  });

  it.runIf(kind === "postgres")(
    "refuses a change accepted while the project is being completed, with the contract-closed reason, and adds no milestone to the completed project",
    async () => {
      const h = await hire([6000]);
      const change = await proposeMilestoneChange(deps, h.developer.user, h.contractId, { title: "Extra screens", amount: 3000 });
      const before = await milestonesOf(h.contractId);
      // Completing locks the project row, marks it completed, then waits here (recounting the
      // developer's figures, whose row another transaction holds): completed, not yet committed.
      const other = await holding("select 1 from developer_profiles where user_id = $1 for update", [h.developer.user.id]);
      const completing = call("POST", `/api/v1/projects/${h.project.id}/complete`, { cookie: h.client.cookie });
      await waitingForLocks(1);
      const accepting = call("POST", `/api/v1/milestone-changes/${change.id}/accept`, { cookie: h.client.cookie });
      // Without the project lock the accept read "in progress" and went through here.
      await Promise.race([accepting, waitingForLocks(2)]);
      await other.release();
      expect((await completing).status).toBe(200);
      expect(await accepting).toEqual({ status: 409, message: CONTRACT_COMPLETED });
      expect(await projectStatus(h.project.id)).toBe("completed");
      expect(await milestonesOf(h.contractId)).toEqual(before);
      expect((await db().select({ status: milestoneChanges.status }).from(milestoneChanges).where(eq(milestoneChanges.id, change.id)))[0]!.status).toBe(
        "pending",
      );
    },
  );

  it.runIf(kind === "postgres")("refuses a change proposed while the hire is being cancelled, with HIRE_ENDED", async () => {
    const h = await hire([6000]);
    const before = await milestonesOf(h.contractId);
    // Cancelling locks the project row, then waits here for the accepted proposal's row, which
    // another transaction holds: the hire is ending, not yet committed.
    const other = await holding("select 1 from proposals where id = $1 for update", [h.proposalId]);
    const cancelling = call("POST", `/api/v1/projects/${h.project.id}/cancel-hire`, { cookie: h.client.cookie });
    await waitingForLocks(1);
    const proposing = call("POST", `/api/v1/contracts/${h.contractId}/milestone-changes`, {
      cookie: h.developer.cookie,
      body: { title: "Extra screens", amount: 3000 },
    });
    // Without the project lock the proposal read "accepted" and was written here.
    await Promise.race([proposing, waitingForLocks(2)]);
    await other.release();
    expect((await cancelling).status).toBe(200);
    expect(await proposing).toEqual({ status: 409, message: HIRE_ENDED });
    expect(await milestonesOf(h.contractId)).toEqual(before);
    expect(await db().select().from(milestoneChanges).where(eq(milestoneChanges.contractId, h.contractId))).toEqual([]);
  });

  for (const first of ["settle", "cancel"] as const) {
    it.runIf(kind === "postgres")(`settles a payment and cancels its hire at the same moment without a 500 (${first} first)`, async () => {
      const h = await hire([6000, 12000]);
      const m1 = h.milestoneIds[0]!;
      const { reference } = await startFunding(deps, h.client.user, m1);
      const event = (await createTestProvider({ db: db(), appUrl: "http://localhost", secret: t.deps.secret }).complete(reference, "success"))!;
      const settle = () =>
        call("POST", "/api/v1/payments/webhooks/test", {
          cookie: "",
          body: event.body,
          headers: { [TEST_SIGNATURE_HEADER]: event.signature },
        });
      const cancel = () => call("POST", `/api/v1/projects/${h.project.id}/cancel-hire`, { cookie: h.client.cookie });
      // Both queue on the project row, which another transaction holds, in the order of the test's name.
      const other = await holding("select 1 from projects where id = $1 for update", [h.project.id]);
      const a = first === "settle" ? settle() : cancel();
      await waitingForLocks(1);
      const b = first === "settle" ? cancel() : settle();
      await waitingForLocks(2);
      await other.release();
      const [settled, cancelled] = first === "settle" ? [await a, await b] : [await b, await a];
      expect(settled.status).toBe(200);
      const [paid] = await db().select({ status: payments.status }).from(payments).where(eq(payments.reference, reference));
      if (first === "settle") {
        // Funded first: the hire is not cancelled with money in escrow.
        expect(cancelled).toEqual({ status: 409, message: "Refund or resolve the funded milestones before cancelling the hire" });
        expect([paid!.status, (await milestonesOf(h.contractId))[0]!.status, await projectStatus(h.project.id)]).toEqual([
          "succeeded",
          "funded",
          "in_progress",
        ]);
      } else {
        // Cancelled first: the late payment funds nothing and goes back whole.
        expect(cancelled.status).toBe(200);
        expect([paid!.status, (await milestonesOf(h.contractId))[0]!.status, await projectStatus(h.project.id)]).toEqual(["refunded", "proposed", "active"]);
      }
    });
  }

  it.runIf(kind === "postgres")("deletes a project while a change is proposed on its ended contract without a deadlock", async () => {
    const h = await hire([6000]);
    await cancelHire(t.domain, h.client.user, h.project.id);
    // Another transaction holds the project row; the delete comes first, then the proposal. Taking
    // the project before the contract, the delete waited for the contract the proposal held while
    // the proposal waited for the project: PostgreSQL broke the deadlock with a 500.
    const other = await holding("select 1 from projects where id = $1 for update", [h.project.id]);
    const deleting = call("DELETE", `/api/v1/projects/${h.project.id}`, { cookie: h.client.cookie });
    await waitingForLocks(1);
    const proposing = call("POST", `/api/v1/contracts/${h.contractId}/milestone-changes`, {
      cookie: h.developer.cookie,
      body: { title: "Extra screens", amount: 3000 },
    });
    await waitingForLocks(2);
    await other.release();
    // Contract, then project, in both: the proposal waits for the delete and finds the contract gone.
    expect(await deleting).toEqual({ status: 204, message: undefined });
    expect(await proposing).toEqual({ status: 404, message: "Contract not found" });
    expect(await projectStatus(h.project.id)).toBeUndefined();
    expect(
      await db()
        .select()
        .from(milestoneChanges)
        .where(and(eq(milestoneChanges.contractId, h.contractId))),
    ).toEqual([]);
  });
  /**
   * Everything a client and the developer they hired share besides the hire `h`: a proposal of
   * the developer on another open project of the client, a completed hire reviewed both ways, a
   * conversation, a save and an invitation. Returns the other project and the proposal on it.
   */
  async function sharedHistory(h: Awaited<ReturnType<typeof hire>>) {
    const other = await makeProject(db(), h.client.user, { title: "Second project" });
    const bid = await submitProposal(t.domain, h.developer.user, other.id, proposalBody(9000));
    const done = await makeProject(db(), h.client.user, { title: "Finished project" });
    const doneBid = await submitProposal(t.domain, h.developer.user, done.id, proposalBody(9000));
    await acceptProposal(t.domain, h.client.user, doneBid.id);
    await completeProject(t.domain, h.client.user, done.id);
    await createReview(db(), h.client.user, done.id, { rating: 5, comment: "Delivered every screen on time, thank you." });
    await createReview(db(), h.developer.user, done.id, { rating: 5, comment: "A clear brief and quick answers throughout." });
    const talk = await startConversation(db(), h.client.user, { to: h.developer.user.id, body: "Can we talk about the next phase?" });
    await sendMessage(db(), h.developer.user, talk.conversation.id, { body: "Yes, send me the details." });
    await setDeveloperSaved(db(), h.client.user, h.developer.user.id, true);
    const invitedTo = await makeProject(db(), h.client.user, { title: "Invited project" });
    await inviteDeveloper(t.domain, h.client.user, h.developer.user.id, { projectId: invitedTo.id });
    return { other, bidId: bid.id };
  }
  const deleteMe = (who: { cookie: string }) => call("DELETE", "/api/v1/me", { cookie: who.cookie, body: { password: TEST_PASSWORD } });
  /** Both accounts' deletions sent together, in `round`'s order. */
  const deleteBoth = (h: Awaited<ReturnType<typeof hire>>, round: number) =>
    round % 2 === 0
      ? Promise.all([deleteMe(h.client), deleteMe(h.developer)])
      : Promise.all([deleteMe(h.developer), deleteMe(h.client)]).then(([d, c]) => [c, d] as const);
  const accountOf = async (id: string) => (await db().select({ name: users.name, isActive: users.isActive }).from(users).where(eq(users.id, id)))[0];
  const proposalStatus = async (id: string) => (await db().select({ s: proposals.status }).from(proposals).where(eq(proposals.id, id)))[0]?.s;
  const ROUNDS = 12;

  it.runIf(kind === "postgres")(
    "deletes a client's and their hired developer's accounts at the same moment: both are deleted every time, never a deadlock",
    async () => {
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const h = await hire([6000]);
        const { other, bidId } = await sharedHistory(h);
        // The client's deletion closes both projects (owned); the developer's takes the hired one
        // back to proposals and withdraws the bid. Before, each locked its own first and waited for
        // the other's (40P01, answered 503), or the second read a project the first had just
        // closed and was refused with the machine's 409.
        const [client, developer] = await deleteBoth(h, round);
        rounds.push({ h, other, bidId, answers: { round, client, developer } });
      }
      const deleted = { status: 204, message: undefined };
      expect(rounds.map((r) => r.answers).filter((a) => a.client.status !== 204 || a.developer.status !== 204)).toEqual([]);
      for (const { h, other, bidId, answers } of rounds) {
        expect(answers).toEqual({ round: answers.round, client: deleted, developer: deleted });
        for (const id of [h.client.user.id, h.developer.user.id]) expect(await accountOf(id)).toEqual({ name: DELETED_USER_NAME, isActive: false });
        expect(await projectStatus(h.project.id)).toBe("closed");
        expect(await projectStatus(other.id)).toBe("closed");
        expect(await proposalStatus(h.proposalId)).toBe("cancelled");
        expect(["withdrawn", "declined"]).toContain(await proposalStatus(bidId));
      }
    },
    120_000,
  );

  it.runIf(kind === "postgres")(
    "deletes a client's account while their developer, holding an available balance, asks to delete theirs: the client goes, the developer is refused with the balance message",
    async () => {
      for (let round = 0; round < ROUNDS / 2; round++) {
        const h = await hire([6000, 12000]);
        const { other } = await sharedHistory(h);
        // The first milestone is paid and released: the developer has a balance, nothing is in escrow.
        const m1 = h.milestoneIds[0]!;
        const { reference } = await startFunding(deps, h.client.user, m1);
        expect(await settlePayment(deps, reference, "success", 600000)).toBe("funded");
        await submitMilestone(deps, h.developer.user, m1, "Done");
        await approveMilestone(deps, h.client.user, m1);
        const [client, developer] = await deleteBoth(h, round);
        expect({ round, client, developer }).toEqual({
          round,
          client: { status: 204, message: undefined },
          developer: { status: 409, message: BALANCE_BEFORE_DELETION },
        });
        expect(await accountOf(h.client.user.id)).toEqual({ name: DELETED_USER_NAME, isActive: false });
        expect(await accountOf(h.developer.user.id)).toMatchObject({ isActive: true });
        expect(await projectStatus(h.project.id)).toBe("closed");
        expect(await projectStatus(other.id)).toBe("closed");
      }
      expect(await ledgerViolations(db())).toEqual([]);
    },
    120_000,
  );

  /** A moderator with a session (two-factor sign-in on, as moderators work: docs/decisions/0030). */
  async function moderator() {
    n++;
    const mod = await t.signUp({ email: `lock-mod-${n}-${kind}@example.co.za`, name: "Mpho Moderator" });
    await db().update(users).set({ role: "moderator", twoFactorEnabled: true }).where(eq(users.id, mod.user.id));
    return mod;
  }
  /**
   * An open report of `target` by `reporter`, whose id it returns: of the project `projectId` when
   * given (a client's), else of the target's developer profile.
   */
  async function reportOf(reporter: { user: SessionUser }, target: { user: SessionUser }, projectId?: string) {
    if (projectId) await reportProjectForModeration(db(), reporter.user, projectId, { reason: "Spam or scam" });
    else await reportProfile(db(), reporter.user, target.user.id, { reason: "Asking to pay outside BuildZA" });
    const [row] = await db()
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.user.id), eq(reports.targetUserId, target.user.id)));
    return row!.id;
  }
  const suspend = (mod: { cookie: string }, reportId: string) =>
    call("POST", `/api/v1/moderation/reports/${reportId}/actions`, {
      cookie: mod.cookie,
      body: { action: "suspend", reason: "Asking to pay outside BuildZA" },
    });
  const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const accountState = async (id: string) =>
    (await db().select({ name: users.name, isActive: users.isActive, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, id)))[0]!;

  for (const first of ["delete", "suspend"] as const) {
    it.runIf(kind === "postgres")(
      `suspends a client's account while the client deletes it without a deadlock (${first} first): deleted, and marked suspended`,
      async () => {
        const h = await hire([6000]);
        const { other } = await sharedHistory(h);
        const mod = await moderator();
        const reportId = await reportOf(h.developer, h.client, other.id);
        // Both queue on the client's projects, which another transaction holds, in the order of the
        // test's name. The suspension used to lock the users row, end the sessions and then wait
        // for the projects, while the deletion, holding the projects, waited for the sessions and
        // the users row: PostgreSQL aborted one (40P01, answered 503).
        const held = await holding("select 1 from projects where user_id = $1 for update", [h.client.user.id]);
        const a = first === "delete" ? deleteMe(h.client) : suspend(mod, reportId);
        await waitingForLocks(1);
        const b = first === "delete" ? suspend(mod, reportId) : deleteMe(h.client);
        await waitingForLocks(2);
        await held.release();
        const [deleted, suspended] = first === "delete" ? [await a, await b] : [await b, await a];
        expect({ deleted, suspended }).toEqual({ deleted: { status: 204, message: undefined }, suspended: { status: 200, message: undefined } });
        expect(await accountState(h.client.user.id)).toEqual({ name: DELETED_USER_NAME, isActive: false, suspendedAt: expect.any(Date) });
        expect(await projectStatus(h.project.id)).toBe("closed");
        expect(await projectStatus(other.id)).toBe("closed");
      },
    );
  }

  it.runIf(kind === "postgres")(
    "suspends an account and deletes it at the same moment, many times: never a deadlock; deleted, suspended then deleted, or suspended with the deletion refused as signed out",
    async () => {
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const h = await hire([6000]);
        const { other } = await sharedHistory(h);
        const mod = await moderator();
        // A client (owning projects) one round, a developer (with a profile and a hire) the next.
        const target = round % 4 < 2 ? h.client : h.developer;
        const reportId = target === h.client ? await reportOf(h.developer, h.client, other.id) : await reportOf(h.client, h.developer);
        // The deletion checks the password before its transaction: the suspension is sent a little
        // later each round (0 to 110 ms), so that some rounds meet inside both transactions.
        const [deleted, suspended] = await Promise.all([deleteMe(target), delay(round * 10).then(() => suspend(mod, reportId))]);
        rounds.push({ round, target: target === h.client ? "client" : "developer", deleted, suspended, account: await accountState(target.user.id) });
      }
      // The suspension always goes through. The deletion either goes through (before the suspension,
      // or after it when it was already under way) or, the suspension having signed the account out
      // first, is refused as any signed-out request is.
      for (const r of rounds) {
        expect(r.suspended, `round ${r.round}`).toEqual({ status: 200, message: undefined });
        if (r.deleted.status === 204)
          expect(r.account, `round ${r.round}`).toEqual({ name: DELETED_USER_NAME, isActive: false, suspendedAt: expect.any(Date) });
        else {
          expect(r.deleted, `round ${r.round}`).toEqual({ status: 401, message: "Please sign in to continue" });
          expect(r.account, `round ${r.round}`).toMatchObject({ isActive: true, suspendedAt: expect.any(Date) });
        }
      }
    },
    120_000,
  );

  it.runIf(kind === "postgres")(
    "takes the moderator role away while that moderator deletes their account without a deadlock: deleted, a member, no sessions",
    async () => {
      const mod = await moderator();
      const email = `lock-mod-${n}-${kind}@example.co.za`;
      // Both queue on the account's users row, which another transaction holds: the demotion first.
      // It used to lock that row and then wait to end the sessions the deletion had just deleted,
      // while the deletion waited for the row: PostgreSQL aborted one (40P01).
      const held = await holding("select 1 from users where id = $1 for update", [mod.user.id]);
      const demotion = setUserRole(db(), email, "member").then(
        (r) => r.previous,
        (e: unknown) => `failed: ${String((e as Error).cause ?? e)}`,
      );
      await waitingForLocks(1);
      const deletion = deleteMe(mod);
      await settledOrWaiting(deletion, 2);
      await held.release();
      expect({ demotion: await demotion, deletion: await deletion }).toEqual({ demotion: "moderator", deletion: { status: 204, message: undefined } });
      const [row] = await db().select({ name: users.name, role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, mod.user.id));
      expect(row).toEqual({ name: DELETED_USER_NAME, role: "member", isActive: false });
      expect(await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, mod.user.id))).toEqual([]);
    },
  );

  /** Milestone `m` of hire `h` paid into escrow and submitted for the client's approval. */
  async function fundedAndSubmitted(h: Awaited<ReturnType<typeof hire>>, m: string) {
    const { reference } = await startFunding(deps, h.client.user, m);
    expect(await settlePayment(deps, reference, "success", (await milestonesOf(h.contractId)).find((x) => x.id === m)!.amountCents)).toBe("funded");
    await submitMilestone(deps, h.developer.user, m, "Done");
  }
  /** The client approves milestone `m` (the contract page's action): 200, or the refusal as the page would answer it. */
  const approve = (h: Awaited<ReturnType<typeof hire>>, m: string): Promise<Answer> =>
    approveMilestone(deps, h.client.user, m).then(
      () => ({ status: 200, message: undefined }),
      (e: unknown) => (e instanceof AppError ? { status: e.status, message: e.message } : { status: 500, message: String((e as Error).cause ?? e) }),
    );
  /** The developer's available balance in cents, and whether their account is deleted. */
  const developerMoney = async (h: Awaited<ReturnType<typeof hire>>) => ({
    deleted: !(await accountState(h.developer.user.id)).isActive,
    balanceCents: await held(db(), { kind: "developer_balance", owner: h.developer.user.id }),
  });

  for (const first of ["release", "delete"] as const) {
    it.runIf(kind === "postgres")(
      `releases a milestone while its developer deletes their account (${first} first): the deletion waits and is refused, never leaving a deleted account with a balance`,
      async () => {
        const h = await hire([6000, 12000]);
        const m1 = h.milestoneIds[0]!;
        await fundedAndSubmitted(h, m1);
        // Release first: it locks the contract, then waits for the milestone, which another
        // transaction holds. Delete first: it locks the contract, then waits for the hired
        // project. Before, the deletion took no contract: it did not wait for a release that was
        // not the contract's last (which takes no project), found no balance, and the release
        // then paid into the deleted account's balance.
        const other =
          first === "release"
            ? await holding("select 1 from milestones where id = $1 for update", [m1])
            : await holding("select 1 from projects where id = $1 for update", [h.project.id]);
        const a = first === "release" ? approve(h, m1) : deleteMe(h.developer);
        await waitingForLocks(1);
        const b = first === "release" ? deleteMe(h.developer) : approve(h, m1);
        await settledOrWaiting(b, 2);
        await other.release();
        const [released, deleted] = first === "release" ? [await a, await b] : [await b, await a];
        expect({ released, deleted }).toEqual({
          released: { status: 200, message: undefined },
          // Released first: the deletion, waiting on the contract, reads the balance. Deleting
          // first: it reads the money in escrow for the developer's work and is refused; the
          // release, waiting on the contract, then goes through.
          deleted: { status: 409, message: first === "release" ? BALANCE_BEFORE_DELETION : ESCROW_FOR_WORK_BEFORE_DELETION },
        });
        expect(await developerMoney(h)).toEqual({ deleted: false, balanceCents: expect.any(Number) });
        expect((await developerMoney(h)).balanceCents).toBeGreaterThan(0);
        expect(await projectStatus(h.project.id)).toBe("in_progress");
        expect(await ledgerViolations(db())).toEqual([]);
      },
    );
  }

  it.runIf(kind === "postgres")(
    "releases milestones and deletes their developers' accounts at the same moment, many times: never a deleted account with a balance",
    async () => {
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const h = await hire([6000, 12000]);
        const m1 = h.milestoneIds[0]!;
        await fundedAndSubmitted(h, m1);
        // The deletion checks the password before its transaction: the release is sent a little
        // later each round (0 to 110 ms), so that some rounds meet inside both transactions.
        const [deleted, released] = await Promise.all([deleteMe(h.developer), delay(round * 10).then(() => approve(h, m1))]);
        rounds.push({ round, deleted, released, money: await developerMoney(h) });
      }
      expect(rounds.filter((r) => r.money.deleted && r.money.balanceCents !== 0)).toEqual([]);
      for (const r of rounds) {
        expect(r.released, `round ${r.round}`).toEqual({ status: 200, message: undefined });
        expect([BALANCE_BEFORE_DELETION, ESCROW_FOR_WORK_BEFORE_DELETION], `round ${r.round}`).toContain(r.deleted.message);
        expect(r.deleted.status, `round ${r.round}`).toBe(409);
      }
      expect(await ledgerViolations(db())).toEqual([]);
    },
    120_000,
  );
});
