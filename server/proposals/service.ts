/**
 * Proposals (docs/product.md, Proposals): sending, editing, withdrawing, shortlisting, declining
 * and accepting them, and reading them. Every status change goes through the proposal or project
 * transition function (server/proposals/lifecycle.ts, server/projects/lifecycle.ts), which lock
 * the project row first, so concurrent proposals keep proposalCount exact and concurrent accepts
 * hire exactly one developer (docs/decisions/0006-proposals-locking.md). Notices and emails are
 * written in the same transaction (the email outbox sends them after commit).
 */
import { checkUnverifiedLimit } from "../auth/verification";
import { assertMayPropose } from "../blocks/service";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { MAX_PROPOSAL_FILES, TIMELINES, type ProjectStatus } from "../../shared/constants";
import { countLabel, formatRand } from "../../shared/format";
import { PROPOSAL_INITIAL_STATUS, PROPOSAL_STATUSES, type ProposalStatus } from "../../shared/lifecycle";
import { proposalRefusal } from "../../shared/policies";
import { declineSchema, PROPOSAL_SORTS, proposalSchema, proposalVersionSchema, type ProposalSort } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { prepared } from "../db/prepared";
import { developerProfiles, projects, proposals, users, type Milestone } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { isUuid } from "../lib/ids";
import { applyEffects, noEffects } from "../notifications/effects";
import { transitionProject, type LifecycleDeps } from "../projects/lifecycle";
import { parseInput, parseVersion } from "../validation";
import { photoIdColumn } from "../files/profile-photos";
import { filesOf, setAttachments, type FileInfo } from "../files/service";
import { lockProject, recountProposals, transitionProposal } from "./lifecycle";

export { PROPOSAL_CHANGED_ELSEWHERE } from "./lifecycle";

/** What a proposal write needs: the database and the mail context of the emails it queues. */
export type ProposalDeps = LifecycleDeps;

/** A proposal as pages and the API see it. Money in whole rand. */
export interface Proposal {
  id: string;
  projectId: string;
  projectTitle: string;
  projectStatus: ProjectStatus;
  projectOwnerId: string;
  /** The proposing developer; `photoId` is their profile photo (null shows the initial; docs/product.md, Files). */
  developer: {
    id: string;
    name: string;
    photoId: string | null;
    title: string;
    city: string | null;
    rating: number;
    reviewCount: number;
    completedProjects: number;
  };
  coverLetter: string;
  price: number;
  /** A timeline code ("4-8") or a number of days as text ("30"). */
  duration: string;
  durationLabel: string;
  milestones: Milestone[];
  status: ProposalStatus;
  declineReason: string;
  acceptedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its files (docs/product.md, Files): on one proposal's reads and the project owner's list. */
  attachments?: FileInfo[];
}

function durationLabel(p: { durationCode: string | null; durationDays: number | null }): string {
  if (p.durationCode) return TIMELINES.find((t) => t.code === p.durationCode)?.label ?? p.durationCode;
  return countLabel(p.durationDays ?? 0, "day");
}

const proposalColumns = {
  id: proposals.id,
  projectId: proposals.projectId,
  projectTitle: projects.title,
  projectStatus: projects.status,
  projectOwnerId: projects.userId,
  developerId: proposals.developerId,
  developerName: users.name,
  developerPhotoId: photoIdColumn(`"users"."id"`),
  developerTitle: sql<string>`coalesce(${developerProfiles.title}, '')`,
  developerCity: developerProfiles.city,
  developerRating: sql<number>`coalesce(${developerProfiles.rating}, 0)::float`,
  developerReviewCount: sql<number>`coalesce(${developerProfiles.reviewCount}, 0)`,
  developerCompleted: sql<number>`coalesce(${developerProfiles.completedProjects}, 0)`,
  coverLetter: proposals.coverLetter,
  price: proposals.price,
  durationCode: proposals.durationCode,
  durationDays: proposals.durationDays,
  milestones: proposals.milestones,
  status: proposals.status,
  declineReason: proposals.declineReason,
  acceptedAt: proposals.acceptedAt,
  createdAt: proposals.createdAt,
  updatedAt: proposals.updatedAt,
};

function selectProposals(db: Db | Tx) {
  return db
    .select(proposalColumns)
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .innerJoin(users, eq(users.id, proposals.developerId))
    .leftJoin(developerProfiles, eq(developerProfiles.userId, proposals.developerId));
}

type ProposalRowJoined = Awaited<ReturnType<typeof selectProposals>>[number];

function toProposal(r: ProposalRowJoined): Proposal {
  return {
    id: r.id,
    projectId: r.projectId,
    projectTitle: r.projectTitle,
    projectStatus: r.projectStatus as ProjectStatus,
    projectOwnerId: r.projectOwnerId,
    developer: {
      id: r.developerId,
      name: r.developerName,
      photoId: r.developerPhotoId,
      title: r.developerTitle,
      city: r.developerCity,
      rating: Number(r.developerRating),
      reviewCount: Number(r.developerReviewCount),
      completedProjects: Number(r.developerCompleted),
    },
    coverLetter: r.coverLetter,
    price: r.price,
    duration: r.durationCode ?? String(r.durationDays),
    durationLabel: durationLabel(r),
    milestones: r.milestones,
    status: r.status as ProposalStatus,
    declineReason: r.declineReason,
    acceptedAt: r.acceptedAt ? r.acceptedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function parseDuration(duration: string) {
  return /^\d+$/.test(duration) ? { durationCode: null, durationDays: Number(duration) } : { durationCode: duration, durationDays: null };
}

async function loadProposal(tx: Tx | Db, id: string): Promise<Proposal> {
  if (!isUuid(id)) throw new NotFoundError("Proposal not found");
  const [row] = await selectProposals(tx).where(eq(proposals.id, id)).limit(1);
  if (!row) throw new NotFoundError("Proposal not found");
  return (await withAttachments(tx, [toProposal(row)]))[0]!;
}

/** Proposals with their files (one query for the list). */
async function withAttachments(db: Tx | Db, list: Proposal[]): Promise<Proposal[]> {
  const byProposal = await filesOf(
    db,
    "proposal",
    list.map((p) => p.id),
  );
  return list.map((p) => ({ ...p, attachments: byProposal.get(p.id) ?? [] }));
}

/** A policy refusal as the error the domain throws. */
function refusalError(r: { status: 403 | 409; message: string }) {
  return r.status === 403 ? new ForbiddenError(r.message) : new ConflictError(r.message);
}

/**
 * Submits a proposal (docs/product.md, Proposals): signed-in developers only, never on their own
 * project, only on active projects, once per project (shared/policies.ts proposalRefusal), never
 * on a hidden project (NotFoundError) nor across a block (server/blocks/service.ts). The
 * client is told and emailed (switch "New proposals"). Throws UnauthorizedError, ForbiddenError,
 * NotFoundError, ConflictError, ValidationError.
 */
export async function submitProposal(deps: ProposalDeps, user: SessionUser | null, projectId: string, input: unknown): Promise<Proposal> {
  const developer = requireUser(user);
  if (developer.userType !== "developer") throw new ForbiddenError("Only developers can submit proposals");
  const data = parseInput(proposalSchema, input);
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    // A hidden project (moderator, suspended client) is not found for developers, as on its page.
    if (project.hiddenAt) throw new NotFoundError("Project not found");
    const refusal = proposalRefusal(developer, project);
    if (refusal) throw refusalError(refusal);
    await assertMayPropose(tx, developer.id, project.userId);
    await checkUnverifiedLimit(tx, developer, "proposals");
    const inserted = await tx
      .insert(proposals)
      .values({
        projectId,
        developerId: developer.id,
        status: PROPOSAL_INITIAL_STATUS,
        coverLetter: data.coverLetter,
        price: data.price,
        milestones: data.milestones,
        ...parseDuration(data.duration),
      })
      .onConflictDoNothing()
      .returning({ id: proposals.id });
    if (!inserted.length) throw new ConflictError("You have already sent a proposal for this project");
    await setAttachments(tx, developer.id, "proposal", inserted[0]!.id, data.attachments ?? [], { max: MAX_PROPOSAL_FILES, field: "attachments" });
    await recountProposals(tx, projectId);
    const proposal = await loadProposal(tx, inserted[0]!.id);
    const effects = noEffects();
    effects.notices.push({
      userId: project.userId,
      type: "proposal_received",
      message: `${developer.name} sent a proposal for "${project.title}" (${formatRand(data.price)})`,
      link: `/projects/${projectId}#proposals`,
    });
    effects.emails.push({
      template: "proposal-received",
      userId: project.userId,
      data: { developerName: developer.name, price: proposal.price, durationLabel: proposal.durationLabel, projectTitle: project.title, projectId },
    });
    await applyEffects(tx, deps, effects);
    return proposal;
  });
}

/** Runs one proposal transition by the signed-in user in its own transaction, applies its effects, returns the proposal. */
async function proposalAction(
  deps: ProposalDeps,
  user: SessionUser | null,
  id: string,
  role: "client" | "developer",
  event: "edit" | "withdraw" | "shortlist" | "decline",
  extra: { reason?: string; input?: unknown } = {},
): Promise<Proposal> {
  const me = requireUser(user);
  return deps.db.transaction(async (tx) => {
    let changes;
    let attachments: string[] | undefined;
    let version: string | null | undefined;
    if (event === "edit") {
      const current = await loadProposal(tx, id);
      if (current.developer.id !== me.id) throw new ForbiddenError("This is not your proposal");
      const input = (extra.input && typeof extra.input === "object" && !Array.isArray(extra.input) ? extra.input : {}) as Record<string, unknown>;
      const { version: opened, ...given } = input;
      // A malformed version ("", a number) is bad input (400), not a stale one (docs/product.md, Proposals).
      // Checked under the row lock by the transition; a form's version is read after it was
      // committed, so when it still matches there, `current` (read just before) is that version too.
      version = parseVersion(proposalVersionSchema, opened);
      const data = parseInput(proposalSchema, {
        coverLetter: current.coverLetter,
        price: current.price,
        duration: current.duration,
        milestones: current.milestones,
        ...given,
      });
      changes = { coverLetter: data.coverLetter, price: data.price, milestones: data.milestones, ...parseDuration(data.duration) };
      attachments = data.attachments;
    }
    const result = await transitionProposal(tx, { proposalId: id, event, actor: { role, userId: me.id }, reason: extra.reason, changes, version });
    if (attachments) await setAttachments(tx, me.id, "proposal", id, attachments, { max: MAX_PROPOSAL_FILES, field: "attachments" });
    await applyEffects(tx, deps, result.effects);
    return loadProposal(tx, id);
  });
}

/**
 * Edits one's own proposal while it awaits a decision (fields not sent keep their value). With
 * `version` (the proposal's updatedAt when the edit form was opened), an edit of a proposal changed
 * since is refused with ConflictError PROPOSAL_CHANGED_ELSEWHERE and nothing is written; without
 * one (absent or null: API callers) it is not checked; one that is not such a time ("", a number) is
 * a ValidationError on `version` (docs/product.md, Proposals). Throws as submitProposal.
 */
export function updateProposal(deps: ProposalDeps, user: SessionUser | null, id: string, input: unknown): Promise<Proposal> {
  return proposalAction(deps, user, id, "developer", "edit", { input });
}

/** Withdraws one's own proposal while it awaits a decision; the client is told. */
export function withdrawProposal(deps: ProposalDeps, user: SessionUser | null, id: string): Promise<Proposal> {
  return proposalAction(deps, user, id, "developer", "withdraw");
}

/** Shortlists a pending proposal (the project's client only); the developer is told. */
export function shortlistProposal(deps: ProposalDeps, user: SessionUser | null, id: string): Promise<Proposal> {
  return proposalAction(deps, user, id, "client", "shortlist");
}

/** Declines a proposal with an optional reason (the project's client only); the developer is told. */
export function declineProposal(deps: ProposalDeps, user: SessionUser | null, id: string, input: unknown): Promise<Proposal> {
  const { reason } = parseInput(declineSchema, input ?? {});
  return proposalAction(deps, user, id, "client", "decline", { reason });
}

/**
 * Accepts a proposal, hiring its developer, in one transaction (the project transition "accept"):
 * the proposal becomes accepted, the other open proposals on the project are declined, the
 * project is in progress with the developer recorded, the developer is told and emailed (switch
 * "Hired"). Of concurrent accepts on one project exactly one wins; the others get ConflictError.
 */
export async function acceptProposal(deps: ProposalDeps, user: SessionUser | null, id: string): Promise<Proposal> {
  const client = requireUser(user);
  return deps.db.transaction(async (tx) => {
    const current = await loadProposal(tx, id);
    if (current.projectOwnerId !== client.id) throw new ForbiddenError("Only the project owner can do that");
    const result = await transitionProject(tx, { projectId: current.projectId, event: "accept", actor: { role: "client", userId: client.id }, proposalId: id });
    await applyEffects(tx, deps, result.effects);
    return loadProposal(tx, id);
  });
}

/** One proposal: only its developer and the project owner may read it. */
export async function getProposal(db: Db, user: SessionUser | null, id: string): Promise<Proposal> {
  const reader = requireUser(user);
  const proposal = await loadProposal(db, id);
  if (proposal.developer.id !== reader.id && proposal.projectOwnerId !== reader.id) throw new ForbiddenError("You cannot read this proposal");
  return proposal;
}

/**
 * The proposals on a project, for its owner: sorted newest | price_low | best_rated (developer
 * rating). Throws UnauthorizedError, NotFoundError, ForbiddenError, ValidationError.
 */
export async function listProjectProposals(db: Db, user: SessionUser | null, projectId: string, sortBy: string = "newest"): Promise<Proposal[]> {
  const client = requireUser(user);
  if (!(PROPOSAL_SORTS as readonly string[]).includes(sortBy)) throw new ValidationError({ sortBy: "Unknown sort" });
  if (!isUuid(projectId)) throw new NotFoundError("Project not found");
  const [project] = await db.select({ userId: projects.userId }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new NotFoundError("Project not found");
  if (project.userId !== client.id) throw new ForbiddenError("Only the project owner can see its proposals");
  const order = {
    newest: [desc(proposals.createdAt), desc(proposals.id)],
    price_low: [asc(proposals.price), desc(proposals.createdAt)],
    best_rated: [sql`coalesce(${developerProfiles.rating}, 0) desc`, desc(proposals.createdAt)],
  }[sortBy as ProposalSort];
  const rows = await prepared(
    "project_proposals",
    selectProposals(db)
      .where(eq(proposals.projectId, projectId))
      .orderBy(...order)
      .limit(200),
  );
  return withAttachments(db, rows.map(toProposal));
}

/** The signed-in developer's own proposal on a project, or null. */
export async function findMyProposal(db: Db, user: SessionUser, projectId: string): Promise<Proposal | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await prepared(
    "my_proposal",
    selectProposals(db)
      .where(and(eq(proposals.projectId, projectId), eq(proposals.developerId, user.id)))
      .limit(1),
  );
  return row ? (await withAttachments(db, [toProposal(row)]))[0]! : null;
}

/**
 * /proposals: a developer's own proposals, or the proposals a client received across their
 * projects; optionally one status; newest first (at most 200). Throws UnauthorizedError,
 * ValidationError (an unknown status).
 */
export async function listMyProposals(db: Db, user: SessionUser | null, status?: string): Promise<Proposal[]> {
  const me = requireUser(user);
  if (status !== undefined && !(PROPOSAL_STATUSES as readonly string[]).includes(status)) throw new ValidationError({ status: "Unknown proposal status" });
  const mine = me.userType === "developer" ? eq(proposals.developerId, me.id) : eq(projects.userId, me.id);
  const filter = status ? and(mine, eq(proposals.status, status as ProposalStatus)) : mine;
  const rows = await prepared("my_proposals", selectProposals(db).where(filter).orderBy(desc(proposals.createdAt), desc(proposals.id)).limit(200));
  return rows.map(toProposal);
}

/**
 * Dashboard figures for a developer (docs/product.md, Dashboard): Active Proposals (pending + shortlisted),
 * Completed Projects, This Month (rand value of proposals accepted this calendar month, SAST).
 */
export async function developerProposalStats(db: Db, developerId: string) {
  const [row] = await prepared(
    "developer_proposal_stats",
    db
      .select({
        active: sql<number>`count(*) filter (where ${proposals.status} in ('pending', 'shortlisted'))::int`,
        thisMonth: sql<number>`coalesce(sum(${proposals.price}) filter (where ${proposals.status} in ('accepted') and date_trunc('month', ${proposals.acceptedAt} at time zone 'Africa/Johannesburg') = date_trunc('month', now() at time zone 'Africa/Johannesburg')), 0)::int`,
      })
      .from(proposals)
      .where(eq(proposals.developerId, developerId)),
  );
  const [done] = await prepared(
    "developer_completed",
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(eq(projects.hiredDeveloperId, developerId), eq(projects.status, "completed"))),
  );
  return { activeProposals: row?.active ?? 0, completedProjects: done?.n ?? 0, thisMonth: row?.thisMonth ?? 0 };
}
