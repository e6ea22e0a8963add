/** Server side of /dashboard: the figures of docs/product.md, Screens "Dashboard" from the database. */
import { DASHBOARD_PROJECT_LIMIT, PAGE_SIZE } from "../../shared/constants";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { findOwnDeveloperProfile, profileCompletion } from "../../server/developers/service";
import { ValidationError } from "../../server/errors";
import { unreadCounts, type UnreadCounts } from "../../server/messages/service";
import { listNotifications } from "../../server/notifications/service";
import { milestoneActions } from "../../server/payments/contracts";
import { pendingReviews } from "../../server/reviews/reminders";
import { invitationsToAnswer } from "../../server/invitations/service";
import { developerProposalStats, listMyProposals } from "../../server/proposals/service";
import { clientProjectStats, listUserProjects } from "../../server/projects/service";
import { listSavedSearches } from "../../server/saved-searches/service";
import { listSavedDevelopers, listSavedProjects } from "../../server/favourites/service";
import { formatRand } from "../../shared/format";

export { requireUser } from "../lib/session.server";

/** Notifications shown under Recent Activity. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * Client: project counts and the first 3 projects, or with `allProjects` every project of theirs
 * (the "View all" section, paged by `cursor`). Developer: tiles and profile completion.
 * Developer tiles count proposals (docs/product.md, Proposals: Active = pending + shortlisted, This Month = rand
 * accepted this month) and list the first 3 proposals. Both: the Messages tile counts unread
 * messages and Recent Activity lists the newest notifications (docs/product.md, Messages and notifications).
 * Both: the milestones waiting on them and the reviews they still owe ("Needs your attention",
 * server/payments/contracts.ts milestoneActions, server/reviews/reminders.ts pendingReviews);
 * developers also the invitations they have not answered with a proposal (invitationsToAnswer).
 * Developers also get their saved searches (docs/product.md, Journeys "Saved searches") and saved
 * projects, clients their saved developers (docs/product.md, Journeys "Favourites").
 * `unreadPromise`: the user's unread counts when the caller is already reading them (the
 * header's, app/lib/unread.server.ts); read here otherwise.
 */
export async function loadDashboard(
  db: Db,
  user: SessionUser,
  view: { allProjects: boolean; cursor: string | null },
  unreadPromise: Promise<UnreadCounts> = unreadCounts(db, user.id),
) {
  // Everything below is read at once: the shared part beside the role's own.
  const sharedPromise = Promise.all([
    listNotifications(db, user, { limit: RECENT_ACTIVITY_LIMIT }),
    unreadPromise,
    milestoneActions(db, user),
    pendingReviews(db, user),
  ]);
  if (user.userType === "client") {
    const limit = view.allProjects ? PAGE_SIZE : DASHBOARD_PROJECT_LIMIT;
    const cursor = view.allProjects ? view.cursor : null;
    const [[activity, unread, actions, reviewsOwed], stats, page, savedDevelopers] = await Promise.all([
      sharedPromise,
      clientProjectStats(db, user.id),
      listUserProjects(db, user.id, { limit, cursor }).catch((err: unknown) => {
        if (err instanceof ValidationError) return listUserProjects(db, user.id, { limit });
        throw err;
      }),
      listSavedDevelopers(db, user),
    ]);
    return {
      role: "client" as const,
      tiles: [
        { label: "Total Projects", value: stats.totalProjects },
        { label: "Active Projects", value: stats.activeProjects },
        { label: "Total Proposals", value: stats.totalProposals },
        { label: "Messages", value: unread.messages },
      ],
      notifications: activity.notifications,
      unreadNotifications: activity.unreadCount,
      actions,
      reviewsOwed,
      invitations: [],
      projects: page.projects,
      nextCursor: view.allProjects ? page.nextCursor : null,
      completion: null,
      proposals: [],
      savedSearches: null,
      savedProjects: null,
      savedDevelopers,
    };
  }
  const [[activity, unread, actions, reviewsOwed], profile, stats, proposals, savedSearches, savedProjects, invitations] = await Promise.all([
    sharedPromise,
    findOwnDeveloperProfile(db, user),
    developerProposalStats(db, user.id),
    listMyProposals(db, user),
    listSavedSearches(db, user),
    listSavedProjects(db, user),
    invitationsToAnswer(db, user),
  ]);
  return {
    role: "developer" as const,
    tiles: [
      { label: "Active Proposals", value: stats.activeProposals },
      { label: "Completed Projects", value: stats.completedProjects },
      { label: "This Month", value: formatRand(stats.thisMonth) },
      { label: "Messages", value: unread.messages },
    ],
    notifications: activity.notifications,
    unreadNotifications: activity.unreadCount,
    actions,
    reviewsOwed,
    invitations: invitations.map((i) => ({ projectId: i.projectId, projectTitle: i.projectTitle, clientName: i.clientName, createdAt: i.createdAt })),
    projects: [],
    nextCursor: null,
    completion: profileCompletion(profile),
    proposals: proposals.slice(0, DASHBOARD_PROJECT_LIMIT).map((p) => ({
      id: p.id,
      projectId: p.projectId,
      projectTitle: p.projectTitle,
      price: p.price,
      durationLabel: p.durationLabel,
      status: p.status,
      createdAt: p.createdAt,
    })),
    savedSearches,
    savedProjects,
    savedDevelopers: null,
  };
}
