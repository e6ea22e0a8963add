/**
 * Reviews after a completed project (docs/product.md, Reviews): the client reviews the hired
 * developer and the developer reviews the client, once each, within REVIEW_WINDOW_DAYS of
 * completion. Who may review when is one policy shared with the pages (shared/policies.ts).
 */
import { eq } from "drizzle-orm";
import { BLIND_REVIEW_DAYS } from "../../shared/constants";
import { reviewDeadline, reviewRefusal, projectRole } from "../../shared/policies";
import { reviewSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { clientReviews, projects, reviews } from "../db/schema";
import { refreshDeveloperStats } from "../developers/stats";
import { ConflictError, ForbiddenError, requireUser } from "../errors";
import { isUuid } from "../lib/ids";
import { addNotification } from "../notifications/service";
import { lockProject } from "../proposals/lifecycle";
import { parseInput } from "../validation";
import { blindUntil } from "./blind";

/** The stars (1-5) of `role`'s review of project `projectId` (the client's of the developer, or the developer's of the client), null when none is written. */
async function writtenRating(db: Db | Tx, role: "client" | "developer", projectId: string): Promise<number | null> {
  const [row] =
    role === "client"
      ? await db.select({ rating: reviews.rating }).from(reviews).where(eq(reviews.projectId, projectId)).limit(1)
      : await db.select({ rating: clientReviews.rating }).from(clientReviews).where(eq(clientReviews.projectId, projectId)).limit(1);
  return row?.rating ?? null;
}

/** Whether `role`'s review of project `projectId` exists. */
export async function hasReviewed(db: Db | Tx, role: "client" | "developer", projectId: string): Promise<boolean> {
  return (await writtenRating(db, role, projectId)) !== null;
}

/** Project `projectId` as its reviews need it and `user`'s side of it; null when it is not there or the user is neither its client nor its hired developer. */
async function reviewerOf(db: Db, user: SessionUser, projectId: string) {
  if (!isUuid(projectId)) return null;
  const [project] = await db
    .select({ userId: projects.userId, hiredDeveloperId: projects.hiredDeveloperId, status: projects.status, completedAt: projects.completedAt })
    .from(projects)
    .where(eq(projects.id, projectId));
  const role = project ? projectRole(user, project) : null;
  return project && role ? { project, role } : null;
}

/** Which review the user may still write on a project (for showing the review form). */
export async function reviewState(
  db: Db,
  user: SessionUser,
  projectId: string,
): Promise<{ canReview: boolean; reviewed: boolean; role: "client" | "developer" | null }> {
  const subject = await reviewerOf(db, user, projectId);
  if (!subject) return { canReview: false, reviewed: false, role: null };
  const { project, role } = subject;
  const reviewed = project.status === "completed" ? await hasReviewed(db, role, projectId) : false;
  return { canReview: reviewRefusal(user, project, reviewed) === null, reviewed, role };
}

/** The reader's own review of a completed project as its contract page shows it (ownReview). */
export interface OwnReview {
  /** The reader's side: the client reviews the hired developer, the developer the client. */
  role: "client" | "developer";
  /** True while the review window is open and the reader has not reviewed yet. */
  canReview: boolean;
  /** The stars (1-5) of the reader's review once written (shown to its writer even while blind), else null. */
  rating: number | null;
  /** The last moment to review (ISO; completion + REVIEW_WINDOW_DAYS). */
  until: string;
}

/**
 * The review `user` wrote or may still write on completed project `projectId` (docs/product.md,
 * Reviews; the contract page's "Leave a review" / "You reviewed {name}"): null when the project is
 * not completed or the user is neither its client nor its hired developer. Reads only; the review
 * itself is written by createReview from the project page's form.
 */
export async function ownReview(db: Db, user: SessionUser, projectId: string, now: number = Date.now()): Promise<OwnReview | null> {
  const subject = await reviewerOf(db, user, projectId);
  if (!subject || subject.project.status !== "completed" || !subject.project.completedAt) return null;
  const { project, role } = subject;
  const rating = await writtenRating(db, role, projectId);
  return {
    role,
    canReview: reviewRefusal(user, project, rating !== null, now) === null,
    rating,
    until: reviewDeadline(subject.project.completedAt).toISOString(),
  };
}

/**
 * Reviews the other side of a completed project, once, within the review window. The client
 * reviews the hired developer; the developer reviews the client. Reviews are blind
 * (server/reviews/blind.ts): the first one is hidden until the other side reviews too or the blind
 * window ends, and its notice says only that a review is waiting (never the stars). The second one
 * makes both visible at once (and the developer's rating is recounted) and tells the first
 * reviewer. Throws UnauthorizedError, NotFoundError, ForbiddenError, ConflictError (not
 * completed, window passed, already reviewed), ValidationError.
 */
export async function createReview(db: Db, user: SessionUser | null, projectId: string, input: unknown): Promise<void> {
  const reviewer = requireUser(user);
  const data = parseInput(reviewSchema, input);
  await db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const role = projectRole(reviewer, project);
    const refusal = reviewRefusal(reviewer, project, role ? await hasReviewed(tx, role, projectId) : false);
    if (refusal) throw refusal.status === 403 ? new ForbiddenError(refusal.message) : new ConflictError(refusal.message);
    const developerId = project.hiredDeveloperId!;
    // The other side's review, if written: the project row lock orders the two writes.
    const otherReviewed = await hasReviewed(tx, role === "client" ? "developer" : "client", projectId);
    const hiddenUntil = otherReviewed ? null : blindUntil(project.completedAt);
    if (role === "client") {
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
          hiddenUntil,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!inserted.length) throw new ConflictError("You have already reviewed this project");
      if (otherReviewed) await tx.update(clientReviews).set({ hiddenUntil: null }).where(eq(clientReviews.projectId, projectId));
    } else {
      const inserted = await tx
        .insert(clientReviews)
        .values({ projectId, clientId: project.userId, developerId: reviewer.id, rating: data.rating, comment: data.comment, hiddenUntil })
        .onConflictDoNothing()
        .returning({ id: clientReviews.id });
      if (!inserted.length) throw new ConflictError("You have already reviewed this project");
      if (otherReviewed) await tx.update(reviews).set({ hiddenUntil: null }).where(eq(reviews.projectId, projectId));
    }
    await refreshDeveloperStats(tx, developerId);
    const otherId = role === "client" ? developerId : project.userId;
    const link = role === "client" ? `/developers/${developerId}` : `/projects/${projectId}`;
    await addNotification(
      tx,
      otherId,
      "review_received",
      otherReviewed
        ? `${reviewer.name} reviewed you on "${project.title}". Both reviews are now visible.`
        : `A review is waiting for you on "${project.title}". Write yours to see it: reviews stay hidden until both of you have reviewed, or for ${BLIND_REVIEW_DAYS} days.`,
      otherReviewed ? link : `/projects/${projectId}`,
    );
  });
}
