/**
 * Asking the two sides of a completed project to review each other (docs/product.md, Reviews):
 * at completion, and once more REVIEW_REMINDER_DAYS later to a side that has not reviewed yet.
 * Both are a notice and an email (switch "Review requests"), written as effects in the caller's
 * transaction (server/notifications/effects.ts).
 */
import { and, desc, eq, gt, inArray, isNull, lte, notExists } from "drizzle-orm";
import { REVIEW_REMINDER_DAYS, REVIEW_WINDOW_DAYS } from "../../shared/constants";
import { formatDate } from "../../shared/format";
import { reviewDeadline, reviewWindowOpen } from "../../shared/policies";
import type { Db, Tx } from "../db/client";
import type { SessionUser } from "../context";
import { clientReviews, projects, reviews, users } from "../db/schema";
import type { MailContext } from "../email/preferences";
import { applyEffects, noEffects, type Effects } from "../notifications/effects";
import { hasReviewed } from "./service";

const DAY_MS = 86_400_000;

/** The project fields a review request needs. */
export interface ReviewableProject {
  id: string;
  title: string;
  /** The client. */
  userId: string;
  hiredDeveloperId: string | null;
  completedAt: Date | null;
}

/**
 * Notices and emails asking `sides` of completed `project` to review the other side, skipping a
 * side that has reviewed already. `reminder` picks the reminder's wording (notice type
 * "review_reminder"); otherwise the notice is "project_completed". The developer's completion
 * notice keeps its own sentence (`developerNotice`), given by the project lifecycle. Returns no
 * effects when nobody was hired or the window has closed.
 */
export async function reviewRequestEffects(
  tx: Tx,
  project: ReviewableProject,
  options: { sides: Array<"client" | "developer">; reminder: boolean; now?: Date; developerNotice?: string },
): Promise<Effects> {
  const effects = noEffects();
  const developerId = project.hiredDeveloperId;
  const completedAt = project.completedAt;
  const now = options.now ?? new Date();
  if (!developerId || !completedAt || !reviewWindowOpen({ status: "completed", completedAt }, now.getTime())) return effects;
  const people = new Map(
    (
      await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [project.userId, developerId]))
    ).map((u) => [u.id, u.name]),
  );
  const until = reviewDeadline(completedAt);
  const link = `/projects/${project.id}`;
  const reviewed = { client: await hasReviewed(tx, "client", project.id), developer: await hasReviewed(tx, "developer", project.id) };
  for (const side of options.sides) {
    if (reviewed[side]) continue;
    const userId = side === "client" ? project.userId : developerId;
    const otherName = people.get(side === "client" ? developerId : project.userId);
    if (!otherName || !people.has(userId)) continue;
    const otherReviewed = reviewed[side === "client" ? "developer" : "client"];
    const message = options.reminder
      ? `Reminder: review ${otherName} on "${project.title}" by ${formatDate(until)}`
      : side === "developer" && options.developerNotice
        ? options.developerNotice
        : `"${project.title}" is complete. Please review ${otherName}.`;
    effects.notices.push({ userId, type: options.reminder ? "review_reminder" : "project_completed", message, link });
    effects.emails.push({
      template: "review-request",
      userId,
      data: { otherName, projectTitle: project.title, projectId: project.id, until, reminder: options.reminder, otherReviewed },
    });
  }
  return effects;
}

/**
 * The hourly reminder: each project completed at least REVIEW_REMINDER_DAYS ago and not reminded
 * yet is claimed (FOR UPDATE SKIP LOCKED, so several instances remind once), marked, and each side
 * that has not reviewed gets a notice and an email with the last day to review. A project whose
 * review window has closed is marked without a reminder. At most 100 a round, through
 * projects_review_reminder_idx; returns how many projects were handled.
 */
export async function remindReviews(deps: { db: Db } & MailContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REVIEW_REMINDER_DAYS * DAY_MS);
  const waiting = and(eq(projects.status, "completed"), isNull(projects.reviewRemindedAt), lte(projects.completedAt, cutoff));
  const due = await deps.db.select({ id: projects.id }).from(projects).where(waiting).orderBy(projects.completedAt).limit(100);
  let handled = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [project] = await tx
        .select({
          id: projects.id,
          title: projects.title,
          userId: projects.userId,
          hiredDeveloperId: projects.hiredDeveloperId,
          completedAt: projects.completedAt,
        })
        .from(projects)
        .where(and(eq(projects.id, id), waiting))
        .for("update", { skipLocked: true });
      if (!project) return false;
      await tx.update(projects).set({ reviewRemindedAt: now }).where(eq(projects.id, id));
      await applyEffects(tx, deps, await reviewRequestEffects(tx, project, { sides: ["client", "developer"], reminder: true, now }));
      return true;
    });
    if (done) handled++;
  }
  return handled;
}

/** A review the reader still owes: the completed project, who to review, and the last moment to (ISO). */
export interface PendingReview {
  projectId: string;
  projectTitle: string;
  otherName: string;
  until: string;
}

/** The most pending reviews the dashboard lists. */
export const PENDING_REVIEWS_LIMIT = 5;

/**
 * The reviews `user` may still write (docs/product.md, Dashboard "Needs your attention"): their
 * completed projects within the review window that they have not reviewed, newest completion
 * first, at most PENDING_REVIEWS_LIMIT. A client's through projects_user_status_idx, a developer's
 * through projects_hired_idx; the review checks are one unique-index probe each.
 */
export async function pendingReviews(db: Db, user: SessionUser, now = new Date()): Promise<PendingReview[]> {
  const since = new Date(now.getTime() - REVIEW_WINDOW_DAYS * DAY_MS);
  const client = user.userType === "client";
  const rows = await db
    .select({ projectId: projects.id, projectTitle: projects.title, completedAt: projects.completedAt, otherName: users.name })
    .from(projects)
    .innerJoin(users, eq(users.id, client ? projects.hiredDeveloperId : projects.userId))
    .where(
      and(
        client ? eq(projects.userId, user.id) : eq(projects.hiredDeveloperId, user.id),
        eq(projects.status, "completed"),
        gt(projects.completedAt, since),
        client
          ? notExists(db.select({ one: reviews.id }).from(reviews).where(eq(reviews.projectId, projects.id)))
          : notExists(db.select({ one: clientReviews.id }).from(clientReviews).where(eq(clientReviews.projectId, projects.id))),
      ),
    )
    .orderBy(desc(projects.completedAt))
    .limit(PENDING_REVIEWS_LIMIT);
  return rows.map((r) => ({
    projectId: r.projectId,
    projectTitle: r.projectTitle,
    otherName: r.otherName,
    until: reviewDeadline(r.completedAt!).toISOString(),
  }));
}
