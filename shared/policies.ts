/**
 * Who may do what, where both sides need the answer: the server enforces these (the domain
 * functions throw what they return) and pages use them to show or hide the action, so a button
 * is never shown for something the server would refuse. Rules: docs/product.md ("Who may do what").
 */
import { REVIEW_WINDOW_DAYS, type UserType } from "./constants";

/** Why an action is refused: 403 (this user may never do it here) or 409 (not in the current state). */
export interface Refusal {
  status: 403 | 409;
  message: string;
}

/** The parts of a signed-in user the policies read. */
export interface PolicyUser {
  id: string;
  userType: UserType;
}

/**
 * Why `user` may not send a proposal for `project`, or null when they may: only developers, never
 * on their own project, only while the project is active, and once per project (`existing`: the
 * user's proposal there, if any).
 */
export function proposalRefusal(user: PolicyUser, project: { userId: string; status: string }, existing?: { status: string } | null): Refusal | null {
  if (user.userType !== "developer") return { status: 403, message: "Only developers can submit proposals" };
  if (project.userId === user.id) return { status: 403, message: "You cannot send a proposal for your own project" };
  if (existing) return { status: 409, message: "You have already sent a proposal for this project" };
  if (project.status !== "active") return { status: 409, message: "This project is not open for proposals" };
  return null;
}

/** True when a signed-in user would see "Submit Proposal" on this project (browse cards, search). */
export function canPropose(user: PolicyUser | null, project: { userId: string; status: string }): boolean {
  return user !== null && proposalRefusal(user, project) === null;
}

/** Statuses whose project the client may still edit: nobody has been hired for it. */
const EDITABLE_PROJECT_STATUSES = ["active", "closed"] as const;

/**
 * Why the owner may not edit `project` now, or null when they may: once a developer is hired the
 * budget, scope and timeline are locked (a change is agreed in messages); docs/product.md, Journeys.
 */
export function projectEditRefusal(project: { status: string; hiredDeveloperId: string | null }): Refusal | null {
  if (project.hiredDeveloperId !== null || !(EDITABLE_PROJECT_STATUSES as readonly string[]).includes(project.status))
    return { status: 409, message: "A project with a hired developer can't be edited. Agree changes with the developer in messages." };
  return null;
}

/** The side `user` is on in a project: its client, its hired developer, or neither. */
export function projectRole(user: { id: string } | null, project: { userId: string; hiredDeveloperId: string | null }): "client" | "developer" | null {
  if (!user) return null;
  if (project.userId === user.id) return "client";
  if (project.hiredDeveloperId === user.id) return "developer";
  return null;
}

/** True while the review window of a completed project is open at `now` (ms since the epoch). */
export function reviewWindowOpen(project: { status: string; completedAt: string | Date | null }, now: number = Date.now()): boolean {
  if (project.status !== "completed" || !project.completedAt) return false;
  return now <= reviewDeadline(project.completedAt).getTime();
}

/** The last moment either side may review a project completed at `completedAt`: REVIEW_WINDOW_DAYS later. */
export function reviewDeadline(completedAt: string | Date): Date {
  return new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_DAYS * 86_400_000);
}

/**
 * Why `user` may not review the other side of `project` now, or null when they may: only its
 * client and hired developer, once the project is completed, within the window, once each
 * (`alreadyReviewed`).
 */
export function reviewRefusal(
  user: { id: string },
  project: { userId: string; hiredDeveloperId: string | null; status: string; completedAt: string | Date | null },
  alreadyReviewed: boolean,
  now: number = Date.now(),
): Refusal | null {
  if (!projectRole(user, project)) return { status: 403, message: "Only the client and the hired developer can review this project" };
  if (project.status !== "completed" || !project.completedAt) return { status: 409, message: "Reviews open when the project is completed" };
  if (!reviewWindowOpen(project, now)) return { status: 409, message: `The ${REVIEW_WINDOW_DAYS} days for reviewing this project have passed` };
  if (alreadyReviewed) return { status: 409, message: "You have already reviewed this project" };
  return null;
}
