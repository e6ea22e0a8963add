/**
 * The one path by which a project's status changes (ARCHITECTURE.md, State machines), and the
 * public lifecycle actions built on it: complete, close, cancel the hire, delete. A transition
 * locks the project row, checks the actor and the machine of shared/lifecycle.ts, moves the
 * proposals the event affects through their own machine (server/proposals/lifecycle.ts), writes,
 * recounts, and returns the notices and emails to send, which the actions apply in the same
 * transaction (server/notifications/effects.ts). Rules: docs/product.md, Project lifecycle.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { decideProject, OPEN_PROPOSAL_STATUSES, type ProjectEvent, type ProjectTarget } from "../../shared/lifecycle";
import type { ProjectStatus } from "../../shared/constants";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { projects, proposals } from "../db/schema";
import type { MailContext } from "../email/preferences";
import { ConflictError, ForbiddenError, NotFoundError, requireUser } from "../errors";
import { refreshDeveloperStats } from "../developers/stats";
import { discardTargetFiles } from "../files/service";
import { applyEffects, mergeEffects, noEffects, type Effects } from "../notifications/effects";
import { createContract, dropUnusedContracts, lockProjectContracts, refuseWithEscrow } from "../payments/contracts";
import { reviewRequestEffects } from "../reviews/reminders";
import { lockProject, recountProposals, transitionProposal, type ActorRef, type LockedProject } from "../proposals/lifecycle";

/** The refusal of "Mark as complete" while a milestone of the project's contract holds money in escrow (docs/product.md, Payments "Contracts"). */
export const COMPLETE_WITH_ESCROW =
  "Money is still in escrow on this project's milestones: approve, refund or resolve them before marking the project complete";

/** What lifecycle actions need: the database and, for the emails they queue, the mail context. */
export type LifecycleDeps = { db: Db } & MailContext;

export interface ProjectTransitionInput {
  projectId: string;
  event: ProjectEvent;
  actor: ActorRef;
  /** accept: the proposal to accept (it must belong to the project). */
  proposalId?: string;
}

export interface ProjectTransitionResult {
  project: LockedProject;
  from: ProjectStatus;
  to: ProjectTarget;
  effects: Effects;
}

/** Moves every proposal of `project` in `statuses` by `event` (system), collecting effects. */
async function moveProposals(
  tx: Tx,
  project: LockedProject,
  statuses: readonly string[],
  event: "autoDecline" | "endHire" | "cancel",
  actor: ActorRef,
  reason?: string,
) {
  const rows = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.projectId, project.id), inArray(proposals.status, [...statuses] as (typeof proposals.$inferSelect)["status"][])));
  let effects = noEffects();
  const moved: Array<{ developerId: string }> = [];
  for (const r of rows) {
    const result = await transitionProposal(tx, { proposalId: r.id, event, actor, reason, project, deferRecount: true });
    effects = mergeEffects(effects, result.effects);
    moved.push({ developerId: result.proposal.developerId });
  }
  return { effects, moved };
}

/**
 * Moves project `projectId` by `event` taken by `actor`. Throws NotFoundError, ForbiddenError
 * (not the project's client, or an actor the machine does not allow), ConflictError (the status
 * does not allow it, e.g. deleting a project with a hired developer).
 */
export async function transitionProject(tx: Tx, input: ProjectTransitionInput): Promise<ProjectTransitionResult> {
  // Deleting removes the project's unused contracts: their rows are locked before the project's, in
  // the order of every contract write (ARCHITECTURE.md, Locks). Only an accept, which needs an
  // active project and so makes the delete refused, adds a contract between this and the project lock.
  if (input.event === "delete") await lockProjectContracts(tx, input.projectId);
  const project = await lockProject(tx, input.projectId);
  if (input.actor.role === "client" && project.userId !== input.actor.userId) throw new ForbiddenError("Only the project owner can do that");
  const decision = decideProject(project.status, input.event, input.actor.role);
  if (!decision.ok) throw decision.reason === "actor" ? new ForbiddenError(decision.message) : new ConflictError(decision.message);
  const now = new Date();
  const link = `/projects/${project.id}`;
  let effects = noEffects();
  const set: Partial<typeof projects.$inferInsert> = { updatedAt: now };

  switch (input.event) {
    case "accept": {
      if (!input.proposalId) throw new NotFoundError("Proposal not found");
      const accepted = await transitionProposal(tx, { proposalId: input.proposalId, event: "accept", actor: input.actor, project, deferRecount: true });
      const others = await moveProposals(tx, project, OPEN_PROPOSAL_STATUSES, "autoDecline", { role: "system" }, "another proposal was accepted");
      effects = mergeEffects(accepted.effects, others.effects);
      set.hiredDeveloperId = accepted.proposal.developerId;
      await createContract(tx, { projectId: project.id, proposalId: accepted.proposal.id, clientId: project.userId });
      break;
    }
    case "complete":
    case "paidInFull":
      // Completing ends the contract: nothing more is funded on it (CONTRACT_COMPLETED), so the
      // client answers the money in escrow first, as Upwork asks before a contract ends
      // (docs/product.md, Payments "Contracts"). paidInFull comes only once every milestone is settled.
      if (input.event === "complete") await refuseWithEscrow(tx, project.id, COMPLETE_WITH_ESCROW);
      set.completedAt = now;
      // Both sides are asked to review (docs/product.md, Reviews): the developer always; the
      // client too when the last payment completed it, since the client did not mark it complete.
      effects = await reviewRequestEffects(
        tx,
        { ...project, completedAt: now },
        {
          sides: input.event === "paidInFull" ? ["developer", "client"] : ["developer"],
          reminder: false,
          now,
          // The client marked it complete, or its last open milestone was released or refunded (nobody marked it).
          developerNotice:
            input.event === "paidInFull"
              ? `"${project.title}" is complete: every milestone is settled. Please review the client.`
              : `"${project.title}" was marked complete. Please review the client.`,
        },
      );
      break;
    case "close":
      effects = (await moveProposals(tx, project, OPEN_PROPOSAL_STATUSES, "autoDecline", { role: "system" }, "the client closed the project")).effects;
      break;
    case "cancelHire":
      await refuseWithEscrow(tx, project.id, "Refund or resolve the funded milestones before cancelling the hire");
      effects = (await moveProposals(tx, project, ["accepted"], "cancel", input.actor)).effects;
      set.hiredDeveloperId = null;
      break;
    case "delete": {
      await dropUnusedContracts(tx, project.id);
      // The proposals go with the project (cascade); their developers are told.
      const open = await tx
        .select({ developerId: proposals.developerId })
        .from(proposals)
        .where(and(eq(proposals.projectId, project.id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])));
      for (const p of open) {
        effects.notices.push({ userId: p.developerId, type: "proposal_declined", message: `"${project.title}" was deleted by the client`, link: "/proposals" });
      }
      // Its files and its proposals' files go too (POPIA, docs/product.md, Files).
      const proposalRows = await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.projectId, project.id));
      await discardTargetFiles(tx, "project", [project.id]);
      await discardTargetFiles(
        tx,
        "proposal",
        proposalRows.map((p) => p.id),
      );
      await tx.delete(projects).where(eq(projects.id, project.id));
      return { project, from: project.status, to: "deleted", effects };
    }
    case "ownerDeleted": {
      const declined = await moveProposals(tx, project, OPEN_PROPOSAL_STATUSES, "autoDecline", { role: "system" }, "the client closed their account");
      const ended = await moveProposals(tx, project, ["accepted"], "endHire", { role: "system" });
      effects = mergeEffects(declined.effects, ended.effects);
      for (const d of ended.moved) {
        effects.notices.push({
          userId: d.developerId,
          type: "proposal_cancelled",
          message: `Your hire on "${project.title}" ended: the client closed their account`,
          link: "/proposals",
        });
      }
      set.hiredDeveloperId = null;
      break;
    }
    case "developerDeleted": {
      await moveProposals(tx, project, ["accepted"], "endHire", { role: "system" });
      effects.notices.push({
        userId: project.userId,
        type: "proposal_cancelled",
        message: `The developer hired for "${project.title}" closed their account. The project takes proposals again.`,
        link: `${link}#proposals`,
      });
      set.hiredDeveloperId = null;
      break;
    }
  }

  const to = decision.to as ProjectStatus;
  set.status = to;
  await tx.update(projects).set(set).where(eq(projects.id, project.id));
  await recountProposals(tx, project.id);
  // completedProjects counts completed projects: recount whoever gained or lost one.
  if ((input.event === "complete" || input.event === "paidInFull") && project.hiredDeveloperId) await refreshDeveloperStats(tx, project.hiredDeveloperId);
  return {
    project: { ...project, status: to, hiredDeveloperId: set.hiredDeveloperId !== undefined ? set.hiredDeveloperId : project.hiredDeveloperId },
    from: project.status,
    to,
    effects,
  };
}

/** Runs one transition taken by the signed-in client in its own transaction and applies its effects. Throws as transitionProject, and UnauthorizedError. */
export async function clientTransition(deps: LifecycleDeps, user: SessionUser | null, projectId: string, event: ProjectEvent, proposalId?: string) {
  const client = requireUser(user);
  return deps.db.transaction(async (tx) => {
    const result = await transitionProject(tx, { projectId, event, actor: { role: "client", userId: client.id }, proposalId });
    await applyEffects(tx, deps, result.effects);
    return result;
  });
}

/**
 * Marks an in-progress project completed (its client only); the developer's completed count grows;
 * they are told. Its contract then takes no more funding or changes (CONTRACT_COMPLETED). Throws as
 * transitionProject, and ConflictError COMPLETE_WITH_ESCROW while money is in escrow on it.
 */
export async function completeProject(deps: LifecycleDeps, user: SessionUser | null, projectId: string): Promise<void> {
  await clientTransition(deps, user, projectId, "complete");
}

/** Closes an active project (its client only); open proposals are declined and their developers told. */
export async function closeProject(deps: LifecycleDeps, user: SessionUser | null, projectId: string): Promise<void> {
  await clientTransition(deps, user, projectId, "close");
}

/** Cancels the hire of an in-progress project (its client only): the project is active again, the accepted proposal cancelled. */
export async function cancelHire(deps: LifecycleDeps, user: SessionUser | null, projectId: string): Promise<void> {
  await clientTransition(deps, user, projectId, "cancelHire");
}

/**
 * Deletes an active or closed project (its client only), with its proposals; developers with an
 * open proposal are told. A project that hired a developer cannot be deleted (409). Throws
 * UnauthorizedError, NotFoundError, ForbiddenError, ConflictError.
 */
export async function deleteProject(deps: LifecycleDeps, user: SessionUser | null, projectId: string): Promise<void> {
  await clientTransition(deps, user, projectId, "delete");
}

/** Account deletion (docs/product.md, Accounts) moves the open and hired projects the user owns... */
const openProjectsOwnedBy = (userId: string) => and(eq(projects.userId, userId), inArray(projects.status, ["active", "in_progress"]));
/** ...the projects the user is hired for... */
const projectsHiredFor = (userId: string) => and(eq(projects.hiredDeveloperId, userId), eq(projects.status, "in_progress"));
/** ...and the user's open proposals. */
const openProposalsOf = (userId: string) => and(eq(proposals.developerId, userId), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]));

/**
 * Locks, FOR UPDATE and in id order, every project deleting account `userId` moves (docs/product.md,
 * Accounts): the open and hired projects it owns, the projects it is hired for, and those of its
 * open proposals. Called in the deletion's transaction after its contracts are locked
 * (lockAccountContracts, server/payments/contracts.ts) and before endAccountProjects: two
 * deletions that meet on projects (a client and the developer they hired, one holding the
 * project the other's proposal is on) then queue on the first one they share instead of each
 * holding one the other waits for (a deadlock, PostgreSQL 40P01; ARCHITECTURE.md, Locks; decision 0053).
 * A project that changed while the lock waited is locked only if it still qualifies.
 */
export async function lockAccountProjects(tx: Tx, userId: string): Promise<void> {
  const proposedOn = tx.select({ id: proposals.projectId }).from(proposals).where(openProposalsOf(userId));
  await tx
    .select({ id: projects.id })
    .from(projects)
    .where(or(openProjectsOwnedBy(userId), projectsHiredFor(userId), inArray(projects.id, proposedOn)))
    .orderBy(asc(projects.id))
    .for("update");
}

/**
 * What deleting an account does to the projects it is part of (docs/product.md, Accounts): the
 * user's open and hired projects close (hires end, open proposals are declined, the developers
 * told); a project they were hired for takes proposals again (the client told); their open
 * proposals are withdrawn. Completed and closed projects stay as they are. Returns the effects.
 * Call after lockAccountProjects: what it moves is read once those locks are granted, so a
 * project another deletion moved meanwhile is taken as that deletion left it, not refused by the machine.
 */
export async function endAccountProjects(tx: Tx, userId: string): Promise<Effects> {
  let effects = noEffects();
  const owned = await tx.select({ id: projects.id }).from(projects).where(openProjectsOwnedBy(userId)).orderBy(asc(projects.id));
  for (const p of owned) {
    effects = mergeEffects(effects, (await transitionProject(tx, { projectId: p.id, event: "ownerDeleted", actor: { role: "system" } })).effects);
  }
  const hiredOn = await tx.select({ id: projects.id }).from(projects).where(projectsHiredFor(userId)).orderBy(asc(projects.id));
  for (const p of hiredOn) {
    effects = mergeEffects(effects, (await transitionProject(tx, { projectId: p.id, event: "developerDeleted", actor: { role: "system" } })).effects);
  }
  const open = await tx.select({ id: proposals.id }).from(proposals).where(openProposalsOf(userId)).orderBy(asc(proposals.id));
  for (const p of open) {
    effects = mergeEffects(effects, (await transitionProposal(tx, { proposalId: p.id, event: "autoWithdraw", actor: { role: "system" } })).effects);
  }
  return effects;
}
