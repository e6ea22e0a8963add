/**
 * The state machines (shared/lifecycle.ts) and the transition functions that are the only path
 * for a status change (server/projects/lifecycle.ts, server/proposals/lifecycle.ts): every actor x
 * status x event, first as pure decisions against a table written out here from docs/product.md,
 * then on the database, where a refusal changes nothing and an allowed transition writes the
 * status, recounts, and returns its notices.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_STATUSES, type ProjectStatus } from "../../shared/constants";
import {
  decideProject,
  decideProposal,
  PROPOSAL_STATUSES,
  type Actor,
  type ProjectEvent,
  type ProposalEvent,
  type ProposalStatus,
} from "../../shared/lifecycle";
import type { SessionUser } from "../../server/context";
import { developerProfiles, notifications, projects, proposals } from "../../server/db/schema";
import { ConflictError, ForbiddenError } from "../../server/errors";
import { cancelHire, closeProject, completeProject, deleteProject, transitionProject } from "../../server/projects/lifecycle";
import { acceptProposal, declineProposal, shortlistProposal, withdrawProposal } from "../../server/proposals/service";
import { transitionProposal } from "../../server/proposals/lifecycle";
import { apiClient } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeHire, makeProject, makeProposal, type Hire } from "../support/factories";

const ACTORS: Actor[] = ["client", "developer", "system"];

/** docs/product.md, Project lifecycle: event -> who may take it, and from which status to which. */
const PROJECT_TABLE: Record<ProjectEvent, { actor: Actor; moves: Partial<Record<ProjectStatus, string>> }> = {
  accept: { actor: "client", moves: { active: "in_progress" } },
  complete: { actor: "client", moves: { in_progress: "completed" } },
  paidInFull: { actor: "system", moves: { in_progress: "completed" } },
  close: { actor: "client", moves: { active: "closed" } },
  cancelHire: { actor: "client", moves: { in_progress: "active" } },
  delete: { actor: "client", moves: { active: "deleted", closed: "deleted" } },
  ownerDeleted: { actor: "system", moves: { active: "closed", in_progress: "closed" } },
  developerDeleted: { actor: "system", moves: { in_progress: "active" } },
};

/** docs/product.md, Proposal lifecycle. */
const PROPOSAL_TABLE: Record<ProposalEvent, { actor: Actor; moves: Partial<Record<ProposalStatus, ProposalStatus>> }> = {
  edit: { actor: "developer", moves: { pending: "pending", shortlisted: "shortlisted" } },
  shortlist: { actor: "client", moves: { pending: "shortlisted" } },
  accept: { actor: "client", moves: { pending: "accepted", shortlisted: "accepted" } },
  decline: { actor: "client", moves: { pending: "declined", shortlisted: "declined" } },
  withdraw: { actor: "developer", moves: { pending: "withdrawn", shortlisted: "withdrawn" } },
  cancel: { actor: "client", moves: { accepted: "cancelled" } },
  autoDecline: { actor: "system", moves: { pending: "declined", shortlisted: "declined" } },
  autoWithdraw: { actor: "system", moves: { pending: "withdrawn", shortlisted: "withdrawn" } },
  endHire: { actor: "system", moves: { accepted: "cancelled" } },
};

describe("state machines: every actor x status x event", () => {
  for (const [event, { actor: allowed, moves }] of Object.entries(PROJECT_TABLE) as Array<[ProjectEvent, (typeof PROJECT_TABLE)[ProjectEvent]]>) {
    it(`project ${event}`, () => {
      for (const actor of ACTORS) {
        for (const status of PROJECT_STATUSES) {
          const d = decideProject(status, event, actor);
          const label = `${actor}: ${status} --${event}-->`;
          if (actor !== allowed) expect(d, label).toMatchObject({ ok: false, reason: "actor" });
          else if (moves[status]) expect(d, label).toEqual({ ok: true, to: moves[status] });
          else expect(d, label).toMatchObject({ ok: false, reason: "status" });
        }
      }
    });
  }
  for (const [event, { actor: allowed, moves }] of Object.entries(PROPOSAL_TABLE) as Array<[ProposalEvent, (typeof PROPOSAL_TABLE)[ProposalEvent]]>) {
    it(`proposal ${event}`, () => {
      for (const actor of ACTORS) {
        for (const status of PROPOSAL_STATUSES) {
          const d = decideProposal(status, event, actor);
          const label = `${actor}: ${status} --${event}-->`;
          if (actor !== allowed) expect(d, label).toMatchObject({ ok: false, reason: "actor" });
          else if (moves[status]) expect(d, label).toEqual({ ok: true, to: moves[status] });
          else expect(d, label).toMatchObject({ ok: false, reason: "status" });
        }
      }
    });
  }
});

describe.each(DB_KINDS)("transition functions on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;

  const statusOf = async (projectId: string) => (await db().select({ s: projects.status }).from(projects).where(eq(projects.id, projectId)))[0]?.s ?? "deleted";
  const proposalStatus = async (id: string) => (await db().select({ s: proposals.status }).from(proposals).where(eq(proposals.id, id)))[0]!.s;

  /** A project in `status` with a pending proposal besides any hire. */
  async function projectIn(status: ProjectStatus): Promise<Hire & { pendingId: string }> {
    const hire = await makeHire(t.domain);
    const project = hire.project;
    if (status === "active") await cancelHire(t.domain, hire.client, project.id);
    if (status === "completed") await completeProject(t.domain, hire.client, project.id);
    if (status === "closed") {
      await cancelHire(t.domain, hire.client, project.id);
      await closeProject(t.domain, hire.client, project.id);
    }
    const pending = status === "active" ? await makeProposal(t.domain, project) : null;
    expect(await statusOf(project.id)).toBe(status);
    return { ...hire, pendingId: pending?.id ?? "" };
  }

  it.each(Object.keys(PROJECT_TABLE) as ProjectEvent[])("project %s: only its actor, only from its statuses; a refusal changes nothing", async (event) => {
    const { actor: allowed, moves } = PROJECT_TABLE[event];
    for (const status of PROJECT_STATUSES) {
      const h = await projectIn(status);
      const stranger = await makeClient(db());
      const system = { role: "system" as const, label: "the system" };
      const owner = { role: "client" as const, userId: h.client.id, label: "the owner" };
      // The actor that may succeed goes last: a success changes the status the others would meet.
      const actors: Array<{ role: Actor; userId?: string; label: string }> = [
        { role: "client", userId: stranger.id, label: "another client" },
        { role: "developer", userId: h.developer.id, label: "the developer" },
        ...(allowed === "system" ? [owner, system] : [system, owner]),
      ];
      for (const actor of actors) {
        const proposalId = event === "accept" ? h.pendingId || h.proposal.id : undefined;
        const attempt = db().transaction((tx) => transitionProject(tx, { projectId: h.project.id, event, actor, proposalId }));
        const isOwnerOrSystem = actor.label === "the owner" || actor.label === "the system";
        const label = `${actor.label}: ${status} --${event}-->`;
        if (actor.role === allowed && isOwnerOrSystem && moves[status]) {
          const result = await attempt;
          expect(result.to, label).toBe(moves[status]);
          expect(await statusOf(h.project.id), label).toBe(moves[status]);
        } else {
          const err = await attempt.catch((e: unknown) => e);
          const expected = actor.role !== allowed || !isOwnerOrSystem ? ForbiddenError : ConflictError;
          expect(err, label).toBeInstanceOf(expected);
          expect(await statusOf(h.project.id), label).toBe(status);
        }
      }
    }
  });

  /** A proposal in `status`, with its client and developer. */
  async function proposalIn(status: ProposalStatus): Promise<{ client: SessionUser; developer: SessionUser; id: string; projectId: string }> {
    const client = await makeClient(db());
    const developer = await makeDeveloper(db());
    const project = await makeProject(db(), client);
    const p = await makeProposal(t.domain, project, developer);
    if (status === "shortlisted") await shortlistProposal(t.domain, client, p.id);
    if (status === "accepted" || status === "cancelled") await acceptProposal(t.domain, client, p.id);
    if (status === "cancelled") await cancelHire(t.domain, client, project.id);
    if (status === "declined") await declineProposal(t.domain, client, p.id, {});
    if (status === "withdrawn") await withdrawProposal(t.domain, developer, p.id);
    expect(await proposalStatus(p.id)).toBe(status);
    return { client, developer, id: p.id, projectId: project.id };
  }

  const changes = { coverLetter: "x".repeat(120), price: 9000, milestones: [], durationCode: "2-4", durationDays: null };

  it.each(Object.keys(PROPOSAL_TABLE) as ProposalEvent[])("proposal %s: only its actor, only from its statuses; a refusal changes nothing", async (event) => {
    const { actor: allowed, moves } = PROPOSAL_TABLE[event];
    for (const status of PROPOSAL_STATUSES) {
      const p = await proposalIn(status);
      const strangers = { client: await makeClient(db()), developer: await makeDeveloper(db(), { profile: false }) };
      const actors: Array<{ role: Actor; userId?: string; label: string; own: boolean }> = [
        { role: "client", userId: strangers.client.id, label: "another client", own: false },
        { role: "developer", userId: strangers.developer.id, label: "another developer", own: false },
        { role: "client", userId: p.client.id, label: "the project's client", own: true },
        { role: "developer", userId: p.developer.id, label: "the proposal's developer", own: true },
        { role: "system", label: "the system", own: true },
      ];
      for (const actor of actors) {
        const label = `${actor.label}: ${status} --${event}-->`;
        const attempt = db().transaction((tx) => transitionProposal(tx, { proposalId: p.id, event, actor, changes: event === "edit" ? changes : undefined }));
        if (actor.role === allowed && actor.own && moves[status]) {
          expect((await attempt).to, label).toBe(moves[status]);
          expect(await proposalStatus(p.id), label).toBe(moves[status]);
          break; // moved: the remaining actors would meet a new status
        }
        const err = await attempt.catch((e: unknown) => e);
        expect(err, label).toBeInstanceOf(actor.role !== allowed || !actor.own ? ForbiddenError : ConflictError);
        expect(await proposalStatus(p.id), label).toBe(status);
      }
    }
  });

  it("returns the notices and emails of a hire for the caller to apply in the same transaction", async () => {
    const client = await makeClient(db());
    const project = await makeProject(db(), client, { title: "Effects project" });
    const chosen = await makeProposal(t.domain, project);
    const other = await makeProposal(t.domain, project);
    const result = await db().transaction((tx) =>
      transitionProject(tx, { projectId: project.id, event: "accept", actor: { role: "client", userId: client.id }, proposalId: chosen.id }),
    );
    expect(result.effects.notices.map((n) => [n.userId, n.type])).toEqual([
      [chosen.developer.id, "proposal_accepted"],
      [other.developer.id, "proposal_declined"],
    ]);
    expect(result.effects.emails).toEqual([expect.objectContaining({ template: "proposal-accepted", userId: chosen.developer.id })]);
    // Not applied by the transition itself: nothing was recorded for the hired developer.
    expect(await db().select().from(notifications).where(eq(notifications.userId, chosen.developer.id))).toEqual([]);
    expect(await statusOf(project.id)).toBe("in_progress");
    expect((await db().select({ c: projects.proposalCount }).from(projects).where(eq(projects.id, project.id)))[0]!.c).toBe(1);
  });

  it("a status outside the machine cannot be written from anywhere (CHECK constraints)", async () => {
    const { project, proposal } = await makeHire(t.domain);
    await expect(db().execute(sql`update projects set status = 'paused' where id = ${project.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update proposals set status = 'maybe' where id = ${proposal.id}`)).rejects.toThrow();
    expect(await statusOf(project.id)).toBe("in_progress");
  });

  it("deleting a project that hired a developer is refused; counts stay equal to a recount (decision 0006)", async () => {
    const call = apiClient(t.app);
    const owner = await t.signUp({ email: `del-owner-${kind}@example.co.za` });
    const developer = await makeDeveloper(db());
    const completedCount = async () =>
      (await db().select({ n: developerProfiles.completedProjects }).from(developerProfiles).where(eq(developerProfiles.userId, developer.id)))[0]!.n;
    const hiredProject = async () => {
      const project = await makeProject(db(), owner.user);
      const proposal = await makeProposal(t.domain, project, developer);
      await acceptProposal(t.domain, owner.user, proposal.id);
      return project;
    };
    const completed = await hiredProject();
    await completeProject(t.domain, owner.user, completed.id);
    const inProgress = await hiredProject();
    expect(await completedCount()).toBe(1);

    for (const project of [completed, inProgress]) {
      await expect(deleteProject(t.domain, owner.user, project.id)).rejects.toThrow("A project with a hired or completed developer can't be deleted");
      const res = await call("DELETE", `/api/v1/projects/${project.id}`, { cookie: owner.cookie });
      expect(res.status).toBe(409);
    }
    expect(await statusOf(completed.id)).toBe("completed");
    expect(await statusOf(inProgress.id)).toBe("in_progress");
    expect(await completedCount()).toBe(1);

    // An active project can be deleted; a developer with an open proposal there is told.
    const open = await makeProject(db(), owner.user, { title: "Short-lived project" });
    const bidder = await makeProposal(t.domain, open);
    expect((await call("DELETE", `/api/v1/projects/${open.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await statusOf(open.id)).toBe("deleted");
    const notes = await db().select().from(notifications).where(eq(notifications.userId, bidder.developer.id));
    expect(notes.map((n) => n.message)).toContain('"Short-lived project" was deleted by the client');
  });
});
