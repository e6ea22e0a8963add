/**
 * The one path by which a proposal's status changes (ARCHITECTURE.md, State machines). A
 * transition locks the proposal's project row and then the proposal row (always in that order, so
 * concurrent writers queue instead of deadlocking), checks the actor and the state machine of
 * shared/lifecycle.ts, writes, recounts the project's proposalCount, and returns the notices and
 * emails the change causes for the caller to apply in the same transaction.
 *
 * Refusals: the wrong user is a ForbiddenError (403), a status the event cannot leave from is a
 * ConflictError (409) with the machine's message.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatRand } from "../../shared/format";
import { COUNTED_PROPOSAL_STATUSES, decideProposal, type Actor, type ProposalEvent, type ProposalStatus } from "../../shared/lifecycle";
import type { Tx } from "../db/client";
import { projects, proposals, users, type Milestone } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { isUuid } from "../lib/ids";
import { noEffects, type Effects } from "../notifications/effects";

/** The project columns a transition reads, from a row locked FOR UPDATE. */
export interface LockedProject {
  id: string;
  title: string;
  status: (typeof projects.$inferSelect)["status"];
  userId: string;
  hiredDeveloperId: string | null;
  completedAt: Date | null;
  /** Set while hidden by a moderator or because its client is suspended. */
  hiddenAt: Date | null;
}

/** Who takes a transition: their role, and (for client and developer) their user id. */
export interface ActorRef {
  role: Actor;
  userId?: string;
}

/** Locks a project row for the rest of the transaction. Throws NotFoundError "Project not found". */
export async function lockProject(tx: Tx, projectId: string): Promise<LockedProject> {
  if (!isUuid(projectId)) throw new NotFoundError("Project not found");
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      userId: projects.userId,
      hiredDeveloperId: projects.hiredDeveloperId,
      completedAt: projects.completedAt,
      hiddenAt: projects.hiddenAt,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new NotFoundError("Project not found");
  return project;
}

/** Recounts proposalCount from the counted statuses (pending, shortlisted, accepted) on `tx`. */
export async function recountProposals(tx: Tx, projectId: string): Promise<void> {
  await tx
    .update(projects)
    .set({
      proposalCount: sql`(select count(*)::int from ${proposals} where ${proposals.projectId} = ${projectId} and ${inArray(proposals.status, [...COUNTED_PROPOSAL_STATUSES])})`,
    })
    .where(eq(projects.id, projectId));
}

/**
 * The refusal of an edit made on a form opened before the proposal last changed: saved in another
 * tab or window, or shortlisted by the client meanwhile (docs/product.md, Proposals).
 */
export const PROPOSAL_CHANGED_ELSEWHERE =
  "This proposal was changed after you opened this form (in another tab or window, or the client shortlisted it). Reload the page to see the latest version, then make your changes again.";

/** The fields an "edit" writes (already validated by proposalSchema). Price in whole rand. */
export interface ProposalChanges {
  coverLetter: string;
  price: number;
  milestones: Milestone[];
  durationCode: string | null;
  durationDays: number | null;
}

export interface ProposalTransitionInput {
  proposalId: string;
  event: ProposalEvent;
  actor: ActorRef;
  /** decline / autoDecline: why, stored on the proposal and told to the developer. */
  reason?: string;
  /** edit: the new content. */
  changes?: ProposalChanges;
  /**
   * edit: the proposal's updatedAt (ISO) when the form was opened; an edit of a proposal changed
   * since is refused (PROPOSAL_CHANGED_ELSEWHERE). Undefined or null: not checked (API callers).
   * Already read by proposalVersionSchema (a malformed one is the caller's 400).
   */
  version?: string | null;
  /** The proposal's project, when the caller has locked it already (a project transition). */
  project?: LockedProject;
  /** Leave the recount to the caller (a project transition moving many proposals recounts once). */
  deferRecount?: boolean;
}

export interface ProposalTransitionResult {
  proposal: { id: string; projectId: string; developerId: string; developerName: string; price: number };
  from: ProposalStatus;
  to: ProposalStatus;
  effects: Effects;
}

/** The notices each event causes; `name` is the developer's name, `title` the project's. */
function proposalEffects(
  event: ProposalEvent,
  p: { developerId: string; developerName: string; price: number },
  project: LockedProject,
  reason: string,
): Effects {
  const effects = noEffects();
  const toDeveloper = (type: string, message: string, link = "/proposals") => effects.notices.push({ userId: p.developerId, type, message, link });
  const toClient = (type: string, message: string) =>
    effects.notices.push({ userId: project.userId, type, message, link: `/projects/${project.id}#proposals` });
  switch (event) {
    case "shortlist":
      toDeveloper("proposal_shortlisted", `Your proposal for "${project.title}" was shortlisted`);
      break;
    case "decline":
    case "autoDecline":
      toDeveloper("proposal_declined", `Your proposal for "${project.title}" was declined${reason ? `: ${reason}` : ""}`);
      break;
    case "withdraw":
      toClient("proposal_withdrawn", `${p.developerName} withdrew their proposal for "${project.title}"`);
      break;
    case "autoWithdraw":
      toClient("proposal_withdrawn", `A proposal for "${project.title}" was withdrawn: its developer deleted their account`);
      break;
    case "accept":
      toDeveloper("proposal_accepted", `You were hired for "${project.title}" (${formatRand(p.price)})`, `/projects/${project.id}`);
      effects.emails.push({
        template: "proposal-accepted",
        userId: p.developerId,
        data: { price: p.price, projectTitle: project.title, projectId: project.id },
      });
      break;
    case "cancel":
      toDeveloper("proposal_cancelled", `The client cancelled your hire on "${project.title}"`);
      break;
    case "endHire":
      // Told by the project transition, which knows whose account went.
      break;
    case "edit":
      break;
  }
  return effects;
}

/**
 * Moves a proposal by `event` taken by `actor` (docs/product.md, Proposal lifecycle). Throws
 * NotFoundError, ForbiddenError (not the project's client / not the proposal's developer / an
 * actor the machine does not allow), ConflictError (the status does not allow it; an edit whose
 * `version` is not the locked row's updatedAt, PROPOSAL_CHANGED_ELSEWHERE).
 */
export async function transitionProposal(tx: Tx, input: ProposalTransitionInput): Promise<ProposalTransitionResult> {
  if (!isUuid(input.proposalId)) throw new NotFoundError("Proposal not found");
  const [ref] = await tx.select({ projectId: proposals.projectId }).from(proposals).where(eq(proposals.id, input.proposalId));
  if (!ref) throw new NotFoundError("Proposal not found");
  const project = input.project ?? (await lockProject(tx, ref.projectId));
  if (project.id !== ref.projectId) throw new NotFoundError("Proposal not found");
  const [row] = await tx
    .select({
      id: proposals.id,
      projectId: proposals.projectId,
      developerId: proposals.developerId,
      status: proposals.status,
      price: proposals.price,
      updatedAt: proposals.updatedAt,
      developerName: users.name,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.developerId))
    .where(eq(proposals.id, input.proposalId))
    .for("update", { of: proposals });
  if (!row) throw new NotFoundError("Proposal not found");

  if (input.actor.role === "client" && project.userId !== input.actor.userId) throw new ForbiddenError("Only the project owner can do that");
  if (input.actor.role === "developer" && row.developerId !== input.actor.userId) throw new ForbiddenError("This is not your proposal");
  const decision = decideProposal(row.status, input.event, input.actor.role);
  if (!decision.ok) throw decision.reason === "actor" ? new ForbiddenError(decision.message) : new ConflictError(decision.message);
  // Checked under the row lock: of two tabs saving at once with one version, the second finds the
  // first's updatedAt and is refused instead of putting back what the first replaced.
  if (input.version !== undefined && input.version !== null && input.version !== row.updatedAt.toISOString()) {
    throw new ConflictError(PROPOSAL_CHANGED_ELSEWHERE);
  }

  const now = new Date();
  const reason = input.reason ?? "";
  const set: Partial<typeof proposals.$inferInsert> = { status: decision.to, updatedAt: now };
  if (input.event === "accept") set.acceptedAt = now;
  if (input.event === "decline" || input.event === "autoDecline") set.declineReason = reason;
  if (input.event === "edit") {
    if (!input.changes) throw new ConflictError("Nothing to change");
    Object.assign(set, input.changes);
  }
  await tx
    .update(proposals)
    .set(set)
    .where(and(eq(proposals.id, row.id), eq(proposals.status, row.status)));
  if (!input.deferRecount && decision.to !== row.status) await recountProposals(tx, project.id);
  return {
    proposal: {
      id: row.id,
      projectId: row.projectId,
      developerId: row.developerId,
      developerName: row.developerName,
      price: input.changes?.price ?? row.price,
    },
    from: row.status,
    to: decision.to,
    effects: proposalEffects(input.event, row, project, reason),
  };
}
