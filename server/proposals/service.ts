/**
 * Proposals, hiring and reviews (issue 4): the marketplace's transaction. Every write that
 * touches a project locks its row first (SELECT ... FOR UPDATE), so concurrent proposals keep
 * proposalCount exact and concurrent accepts hire exactly one developer. Status changes go
 * through the state machines in shared/lifecycle.ts.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { TIMELINES, type ProjectStatus } from "../../shared/constants";
import { formatRand } from "../../shared/format";
import {
  COUNTED_PROPOSAL_STATUSES,
  nextProjectStatus,
  nextProposalStatus,
  PROJECT_TRANSITIONS,
  PROPOSAL_TRANSITIONS,
  type ProjectEvent,
  type ProposalEvent,
  type ProposalStatus,
} from "../../shared/lifecycle";
import { declineSchema, PROPOSAL_SORTS, proposalSchema, reviewSchema, type ProposalSort } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { clientReviews, developerProfiles, projects, proposals, reviews, users, type Milestone } from "../db/schema";
import { sendUserEmail, type EmailDeps } from "../email/preferences";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { UUID } from "../projects/cursor";
import { addNotification } from "../notifications/service";
import { parseInput } from "../validation";

/** What a proposal write needs besides the database: mail for the two emailed events (switchable, issue 5). */
export type ProposalDeps = EmailDeps;

/** A proposal as pages and the API see it. Money in whole rand. */
export interface Proposal {
  id: string;
  projectId: string;
  projectTitle: string;
  projectStatus: ProjectStatus;
  projectOwnerId: string;
  developer: { id: string; name: string; title: string; city: string | null; rating: number; reviewCount: number; completedProjects: number };
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
}

/** Days in which each side may review after completion (issue 4). */
export const REVIEW_WINDOW_DAYS = 30;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function durationLabel(p: { durationCode: string | null; durationDays: number | null }): string {
  if (p.durationCode) return TIMELINES.find((t) => t.code === p.durationCode)?.label ?? p.durationCode;
  return p.durationDays === 1 ? "1 day" : `${p.durationDays} days`;
}

const proposalColumns = {
  id: proposals.id,
  projectId: proposals.projectId,
  projectTitle: projects.title,
  projectStatus: projects.status,
  projectOwnerId: projects.userId,
  developerId: proposals.developerId,
  developerName: users.name,
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

/** Locks a project row for the rest of the transaction. Throws NotFoundError. */
async function lockProject(tx: Tx, projectId: string) {
  if (!UUID.test(projectId)) throw new NotFoundError("Project not found");
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      userId: projects.userId,
      hiredDeveloperId: projects.hiredDeveloperId,
      completedAt: projects.completedAt,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new NotFoundError("Project not found");
  return project;
}

/** Recounts proposalCount from the proposals (pending, shortlisted, accepted) in the same transaction. */
async function recountProposals(tx: Tx, projectId: string) {
  await tx
    .update(projects)
    .set({
      proposalCount: sql`(select count(*)::int from ${proposals} where ${proposals.projectId} = ${projectId} and ${inArray(proposals.status, [...COUNTED_PROPOSAL_STATUSES])})`,
    })
    .where(eq(projects.id, projectId));
}

/** Recomputes a developer's rating, reviewCount and completedProjects from reviews and projects. */
export async function refreshDeveloperStats(tx: Tx | Db, developerId: string) {
  await tx
    .update(developerProfiles)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.developerId} = ${developerId}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.developerId} = ${developerId})`,
      completedProjects: sql`(select count(*)::int from ${projects} where ${projects.hiredDeveloperId} = ${developerId} and ${projects.status} = 'completed')`,
    })
    .where(eq(developerProfiles.userId, developerId));
}

function moveProject(status: string, event: ProjectEvent): ProjectStatus {
  const next = nextProjectStatus(status, event);
  if (!next) throw new ConflictError(PROJECT_TRANSITIONS[event].refusal);
  return next;
}

function moveProposal(status: string, event: ProposalEvent): ProposalStatus {
  const next = nextProposalStatus(status, event);
  if (!next) throw new ConflictError(PROPOSAL_TRANSITIONS[event].refusal);
  return next;
}

/** Records a notification in the same transaction as its event (live via NOTIFY on commit). */
const notify = addNotification;

function parseDuration(duration: string) {
  return /^\d+$/.test(duration) ? { durationCode: null, durationDays: Number(duration) } : { durationCode: duration, durationDays: null };
}

async function loadProposal(tx: Tx | Db, id: string): Promise<Proposal> {
  if (!UUID.test(id)) throw new NotFoundError("Proposal not found");
  const [row] = await selectProposals(tx).where(eq(proposals.id, id)).limit(1);
  if (!row) throw new NotFoundError("Proposal not found");
  return toProposal(row);
}

/**
 * Why `user` may not propose on `project`, or null when they may (issue 4): only developers,
 * never on their own project, only on active projects. submitProposal throws what this returns;
 * pages use it to show or hide "Submit Proposal".
 */
export function proposalRefusal(user: SessionUser, project: { userId: string; status: string }): ForbiddenError | ConflictError | null {
  if (user.userType !== "developer") return new ForbiddenError("Only developers can submit proposals");
  if (project.userId === user.id) return new ForbiddenError("You cannot send a proposal for your own project");
  if (project.status !== "active") return new ConflictError("This project is not open for proposals");
  return null;
}

/**
 * Submits a proposal (issue 4): signed-in developers only, never on their own project, only on
 * active projects, once per project. Notifies the client and emails them. Throws
 * UnauthorizedError, ForbiddenError, NotFoundError, ConflictError, ValidationError.
 */
export async function submitProposal(deps: ProposalDeps, user: SessionUser | null, projectId: string, input: unknown): Promise<Proposal> {
  const developer = requireUser(user);
  if (developer.userType !== "developer") throw new ForbiddenError("Only developers can submit proposals");
  const data = parseInput(proposalSchema, input);
  const { proposal, clientEmail } = await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const refusal = proposalRefusal(developer, project);
    if (refusal) throw refusal;
    const inserted = await tx
      .insert(proposals)
      .values({
        projectId,
        developerId: developer.id,
        coverLetter: data.coverLetter,
        price: data.price,
        milestones: data.milestones,
        ...parseDuration(data.duration),
      })
      .onConflictDoNothing()
      .returning({ id: proposals.id });
    if (!inserted.length) throw new ConflictError("You have already sent a proposal for this project");
    await recountProposals(tx, projectId);
    await notify(
      tx,
      project.userId,
      "proposal_received",
      `${developer.name} sent a proposal for "${project.title}" (${formatRand(data.price)})`,
      `/projects/${projectId}#proposals`,
    );
    const [client] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, project.userId));
    return { proposal: await loadProposal(tx, inserted[0]!.id), clientEmail: client };
  });
  if (clientEmail) {
    await sendUserEmail(deps, { userId: proposal.projectOwnerId, email: clientEmail.email }, "proposalReceived", {
      subject: `New proposal for "${proposal.projectTitle}"`,
      text: `Hi ${clientEmail.name},\n\n${developer.name} sent a proposal of ${formatRand(proposal.price)} (${proposal.durationLabel}) for your project "${proposal.projectTitle}".\n\nCompare proposals: ${deps.appUrl}/projects/${proposal.projectId}#proposals\n\nBuildZA`,
    });
  }
  return proposal;
}

async function ownProposal(tx: Tx, developer: SessionUser, id: string) {
  const proposal = await loadProposal(tx, id);
  if (proposal.developer.id !== developer.id) throw new ForbiddenError("This is not your proposal");
  await lockProject(tx, proposal.projectId);
  return loadProposal(tx, id);
}

/** Edits one's own proposal while it awaits a decision. Throws as submitProposal, and ConflictError. */
export async function updateProposal(db: Db, user: SessionUser | null, id: string, input: unknown): Promise<Proposal> {
  const developer = requireUser(user);
  return db.transaction(async (tx) => {
    const current = await ownProposal(tx, developer, id);
    moveProposal(current.status, "edit");
    const changes = input && typeof input === "object" && !Array.isArray(input) ? input : {};
    const data = parseInput(proposalSchema, {
      coverLetter: current.coverLetter,
      price: current.price,
      duration: current.duration,
      milestones: current.milestones,
      ...changes,
    });
    await tx
      .update(proposals)
      .set({ coverLetter: data.coverLetter, price: data.price, milestones: data.milestones, ...parseDuration(data.duration), updatedAt: new Date() })
      .where(eq(proposals.id, id));
    return loadProposal(tx, id);
  });
}

/** Withdraws one's own proposal while it awaits a decision; notifies the client. */
export async function withdrawProposal(db: Db, user: SessionUser | null, id: string): Promise<Proposal> {
  const developer = requireUser(user);
  return db.transaction(async (tx) => {
    const current = await ownProposal(tx, developer, id);
    const status = moveProposal(current.status, "withdraw");
    await tx.update(proposals).set({ status, updatedAt: new Date() }).where(eq(proposals.id, id));
    await recountProposals(tx, current.projectId);
    await notify(
      tx,
      current.projectOwnerId,
      "proposal_withdrawn",
      `${developer.name} withdrew their proposal for "${current.projectTitle}"`,
      `/projects/${current.projectId}#proposals`,
    );
    return loadProposal(tx, id);
  });
}

async function ownersProposal(tx: Tx, client: SessionUser, id: string) {
  const proposal = await loadProposal(tx, id);
  if (proposal.projectOwnerId !== client.id) throw new ForbiddenError("Only the project owner can do that");
  const project = await lockProject(tx, proposal.projectId);
  return { proposal: await loadProposal(tx, id), project };
}

/** Shortlists a pending proposal (project owner only); notifies the developer. */
export async function shortlistProposal(db: Db, user: SessionUser | null, id: string): Promise<Proposal> {
  const client = requireUser(user);
  return db.transaction(async (tx) => {
    const { proposal } = await ownersProposal(tx, client, id);
    const status = moveProposal(proposal.status, "shortlist");
    await tx.update(proposals).set({ status, updatedAt: new Date() }).where(eq(proposals.id, id));
    await notify(tx, proposal.developer.id, "proposal_shortlisted", `Your proposal for "${proposal.projectTitle}" was shortlisted`, `/proposals`);
    return loadProposal(tx, id);
  });
}

/** Declines a proposal with an optional reason (project owner only); notifies the developer. */
export async function declineProposal(db: Db, user: SessionUser | null, id: string, input: unknown): Promise<Proposal> {
  const client = requireUser(user);
  const { reason } = parseInput(declineSchema, input ?? {});
  return db.transaction(async (tx) => {
    const { proposal } = await ownersProposal(tx, client, id);
    const status = moveProposal(proposal.status, "decline");
    await tx.update(proposals).set({ status, declineReason: reason, updatedAt: new Date() }).where(eq(proposals.id, id));
    await recountProposals(tx, proposal.projectId);
    await notify(
      tx,
      proposal.developer.id,
      "proposal_declined",
      `Your proposal for "${proposal.projectTitle}" was declined${reason ? `: ${reason}` : ""}`,
      `/proposals`,
    );
    return loadProposal(tx, id);
  });
}

/**
 * Accepts a proposal, hiring its developer (issue 4), in one transaction: the proposal becomes
 * accepted, the other open proposals on the project are declined, the project becomes
 * in_progress with the developer recorded. Of concurrent accepts on one project exactly one wins;
 * the others get ConflictError. Emails the hired developer.
 */
export async function acceptProposal(deps: ProposalDeps, user: SessionUser | null, id: string): Promise<Proposal> {
  const client = requireUser(user);
  const { accepted, developerEmail } = await deps.db.transaction(async (tx) => {
    const { proposal, project } = await ownersProposal(tx, client, id);
    const projectStatus = moveProject(project.status, "accept");
    const status = moveProposal(proposal.status, "accept");
    const now = new Date();
    await tx.update(proposals).set({ status, acceptedAt: now, updatedAt: now }).where(eq(proposals.id, id));
    const others = await tx
      .update(proposals)
      .set({ status: "declined", declineReason: "Another proposal was accepted", updatedAt: now })
      .where(and(eq(proposals.projectId, proposal.projectId), ne(proposals.id, id), inArray(proposals.status, ["pending", "shortlisted"])))
      .returning({ developerId: proposals.developerId });
    await tx
      .update(projects)
      .set({ status: projectStatus, hiredDeveloperId: proposal.developer.id, updatedAt: now })
      .where(eq(projects.id, proposal.projectId));
    await recountProposals(tx, proposal.projectId);
    await notify(
      tx,
      proposal.developer.id,
      "proposal_accepted",
      `You were hired for "${proposal.projectTitle}" (${formatRand(proposal.price)})`,
      `/projects/${proposal.projectId}`,
    );
    for (const o of others)
      await notify(
        tx,
        o.developerId,
        "proposal_declined",
        `Your proposal for "${proposal.projectTitle}" was declined: another proposal was accepted`,
        `/proposals`,
      );
    const [dev] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, proposal.developer.id));
    return { accepted: await loadProposal(tx, id), developerEmail: dev };
  });
  if (developerEmail) {
    await sendUserEmail(deps, { userId: accepted.developer.id, email: developerEmail.email }, "proposalAccepted", {
      subject: `You were hired for "${accepted.projectTitle}"`,
      text: `Hi ${developerEmail.name},\n\nYour proposal of ${formatRand(accepted.price)} for "${accepted.projectTitle}" was accepted. Time to start building!\n\nProject: ${deps.appUrl}/projects/${accepted.projectId}\n\nBuildZA`,
    });
  }
  return accepted;
}

async function ownedProject(tx: Tx, user: SessionUser, projectId: string) {
  const project = await lockProject(tx, projectId);
  if (project.userId !== user.id) throw new ForbiddenError("Only the project owner can do that");
  return project;
}

/** Marks an in-progress project completed (owner only); updates the developer's stats; notifies them. */
export async function completeProject(db: Db, user: SessionUser | null, projectId: string): Promise<void> {
  const client = requireUser(user);
  await db.transaction(async (tx) => {
    const project = await ownedProject(tx, client, projectId);
    const status = moveProject(project.status, "complete");
    const now = new Date();
    await tx.update(projects).set({ status, completedAt: now, updatedAt: now }).where(eq(projects.id, projectId));
    if (project.hiredDeveloperId) {
      await refreshDeveloperStats(tx, project.hiredDeveloperId);
      await notify(
        tx,
        project.hiredDeveloperId,
        "project_completed",
        `"${project.title}" was marked complete. Please review the client.`,
        `/projects/${projectId}`,
      );
    }
  });
}

/** Closes an active project (owner only); open proposals are declined. */
export async function closeProject(db: Db, user: SessionUser | null, projectId: string): Promise<void> {
  const client = requireUser(user);
  await db.transaction(async (tx) => {
    const project = await ownedProject(tx, client, projectId);
    const status = moveProject(project.status, "close");
    const now = new Date();
    await tx.update(projects).set({ status, updatedAt: now }).where(eq(projects.id, projectId));
    const declined = await tx
      .update(proposals)
      .set({ status: "declined", declineReason: "The client closed the project", updatedAt: now })
      .where(and(eq(proposals.projectId, projectId), inArray(proposals.status, ["pending", "shortlisted"])))
      .returning({ developerId: proposals.developerId });
    await recountProposals(tx, projectId);
    for (const d of declined) await notify(tx, d.developerId, "proposal_declined", `"${project.title}" was closed by the client`, `/proposals`);
  });
}

/** Cancels the hire of an in-progress project (owner only): the project is active again, the accepted proposal cancelled. */
export async function cancelHire(db: Db, user: SessionUser | null, projectId: string): Promise<void> {
  const client = requireUser(user);
  await db.transaction(async (tx) => {
    const project = await ownedProject(tx, client, projectId);
    const status = moveProject(project.status, "cancelHire");
    const now = new Date();
    const cancelled = await tx
      .update(proposals)
      .set({ status: moveProposal("accepted", "cancel"), updatedAt: now })
      .where(and(eq(proposals.projectId, projectId), eq(proposals.status, "accepted")))
      .returning({ developerId: proposals.developerId });
    await tx.update(projects).set({ status, hiredDeveloperId: null, updatedAt: now }).where(eq(projects.id, projectId));
    await recountProposals(tx, projectId);
    for (const c of cancelled) await notify(tx, c.developerId, "proposal_cancelled", `The client cancelled your hire on "${project.title}"`, `/proposals`);
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
  if (!UUID.test(projectId)) throw new NotFoundError("Project not found");
  const [project] = await db.select({ userId: projects.userId }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new NotFoundError("Project not found");
  if (project.userId !== client.id) throw new ForbiddenError("Only the project owner can see its proposals");
  const order = {
    newest: [desc(proposals.createdAt), desc(proposals.id)],
    price_low: [asc(proposals.price), desc(proposals.createdAt)],
    best_rated: [sql`coalesce(${developerProfiles.rating}, 0) desc`, desc(proposals.createdAt)],
  }[sortBy as ProposalSort];
  const rows = await selectProposals(db)
    .where(eq(proposals.projectId, projectId))
    .orderBy(...order)
    .limit(200);
  return rows.map(toProposal);
}

/** The signed-in developer's own proposal on a project, or null. */
export async function findMyProposal(db: Db, user: SessionUser, projectId: string): Promise<Proposal | null> {
  if (!UUID.test(projectId)) return null;
  const [row] = await selectProposals(db)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.developerId, user.id)))
    .limit(1);
  return row ? toProposal(row) : null;
}

/**
 * /proposals: a developer's own proposals, or the proposals a client received across their
 * projects; optionally one status; newest first (at most 200).
 */
export async function listMyProposals(db: Db, user: SessionUser | null, status?: string): Promise<Proposal[]> {
  const me = requireUser(user);
  const mine = me.userType === "developer" ? eq(proposals.developerId, me.id) : eq(projects.userId, me.id);
  const filter = status ? and(mine, eq(proposals.status, status)) : mine;
  const rows = await selectProposals(db).where(filter).orderBy(desc(proposals.createdAt), desc(proposals.id)).limit(200);
  return rows.map(toProposal);
}

/**
 * Dashboard figures for a developer (issue 4): Active Proposals (pending + shortlisted),
 * Completed Projects, This Month (rand value of proposals accepted this calendar month, SAST).
 */
export async function developerProposalStats(db: Db, developerId: string) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${proposals.status} in ('pending', 'shortlisted'))::int`,
      thisMonth: sql<number>`coalesce(sum(${proposals.price}) filter (where ${proposals.status} in ('accepted') and date_trunc('month', ${proposals.acceptedAt} at time zone 'Africa/Johannesburg') = date_trunc('month', now() at time zone 'Africa/Johannesburg')), 0)::int`,
    })
    .from(proposals)
    .where(eq(proposals.developerId, developerId));
  const [done] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.hiredDeveloperId, developerId), eq(projects.status, "completed")));
  return { activeProposals: row?.active ?? 0, completedProjects: done?.n ?? 0, thisMonth: row?.thisMonth ?? 0 };
}

/** Which reviews the user may still write on a project (for showing the review form). */
export async function reviewState(
  db: Db,
  user: SessionUser,
  projectId: string,
): Promise<{ canReview: boolean; reviewed: boolean; role: "client" | "developer" | null }> {
  if (!UUID.test(projectId)) return { canReview: false, reviewed: false, role: null };
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return { canReview: false, reviewed: false, role: null };
  const role = project.userId === user.id ? "client" : project.hiredDeveloperId === user.id ? "developer" : null;
  if (!role || project.status !== "completed" || !project.completedAt) return { canReview: false, reviewed: false, role };
  const existing =
    role === "client"
      ? await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.projectId, projectId)).limit(1)
      : await db.select({ id: clientReviews.id }).from(clientReviews).where(eq(clientReviews.projectId, projectId)).limit(1);
  const open = Date.now() - project.completedAt.getTime() <= REVIEW_WINDOW_DAYS * 86_400_000;
  return { canReview: open && existing.length === 0, reviewed: existing.length > 0, role };
}

/**
 * Reviews the other side of a completed project, once, within 30 days (issue 4). The client
 * reviews the hired developer (their rating and reviewCount update in the same transaction); the
 * developer reviews the client. Throws UnauthorizedError, NotFoundError, ForbiddenError,
 * ConflictError (not completed, window passed, already reviewed), ValidationError.
 */
export async function createReview(db: Db, user: SessionUser | null, projectId: string, input: unknown): Promise<void> {
  const reviewer = requireUser(user);
  const data = parseInput(reviewSchema, input);
  await db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const role = project.userId === reviewer.id ? "client" : project.hiredDeveloperId === reviewer.id ? "developer" : null;
    if (!role) throw new ForbiddenError("Only the client and the hired developer can review this project");
    if (project.status !== "completed" || !project.completedAt) throw new ConflictError("Reviews open when the project is completed");
    if (Date.now() - project.completedAt.getTime() > REVIEW_WINDOW_DAYS * 86_400_000)
      throw new ConflictError("The 30 days for reviewing this project have passed");
    if (role === "client") {
      const developerId = project.hiredDeveloperId!;
      const inserted = await tx
        .insert(reviews)
        .values({
          developerId,
          clientId: reviewer.id,
          projectId,
          clientName: reviewer.name,
          projectTitle: project.title,
          rating: data.rating,
          comment: data.comment,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!inserted.length) throw new ConflictError("You have already reviewed this project");
      await refreshDeveloperStats(tx, developerId);
      await notify(
        tx,
        developerId,
        "review_received",
        `${reviewer.name} reviewed your work on "${project.title}": ${data.rating} stars`,
        `/developers/${developerId}`,
      );
    } else {
      const inserted = await tx
        .insert(clientReviews)
        .values({ projectId, clientId: project.userId, developerId: reviewer.id, rating: data.rating, comment: data.comment })
        .onConflictDoNothing()
        .returning({ id: clientReviews.id });
      if (!inserted.length) throw new ConflictError("You have already reviewed this project");
      await notify(
        tx,
        project.userId,
        "review_received",
        `${reviewer.name} reviewed you as a client on "${project.title}": ${data.rating} stars`,
        `/projects/${projectId}`,
      );
    }
  });
}
