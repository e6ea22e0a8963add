/** Server side of /dashboard: the figures of spec section 2 "Dashboard" from the database. */
import { DASHBOARD_PROJECT_LIMIT, PAGE_SIZE } from "../../shared/constants";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { findOwnDeveloperProfile, profileCompletion } from "../../server/developers/service";
import { ValidationError } from "../../server/errors";
import { clientProjectStats, listUserProjects } from "../../server/projects/service";

export { requireUser } from "../lib/session.server";

/**
 * Client: project counts and the first 3 projects, or with `allProjects` every project of theirs
 * (the "View all" section, paged by `cursor`). Developer: tiles and profile completion.
 * Proposals and messages are counted once they exist (issues 4 and 5); until then those tiles
 * are 0 because there is nothing in the database to count.
 */
export async function loadDashboard(db: Db, user: SessionUser, view: { allProjects: boolean; cursor: string | null }) {
  if (user.userType === "client") {
    const limit = view.allProjects ? PAGE_SIZE : DASHBOARD_PROJECT_LIMIT;
    const cursor = view.allProjects ? view.cursor : null;
    const [stats, page] = await Promise.all([
      clientProjectStats(db, user.id),
      listUserProjects(db, user.id, { limit, cursor }).catch((err: unknown) => {
        if (err instanceof ValidationError) return listUserProjects(db, user.id, { limit });
        throw err;
      }),
    ]);
    return {
      role: "client" as const,
      tiles: [
        { label: "Total Projects", value: stats.totalProjects },
        { label: "Active Projects", value: stats.activeProjects },
        { label: "Total Proposals", value: stats.totalProposals },
        { label: "Messages", value: 0 },
      ],
      projects: page.projects,
      nextCursor: view.allProjects ? page.nextCursor : null,
      completion: null,
    };
  }
  const profile = await findOwnDeveloperProfile(db, user);
  return {
    role: "developer" as const,
    tiles: [
      { label: "Active Proposals", value: 0 },
      { label: "Completed Projects", value: profile?.completedProjects ?? 0 },
      { label: "This Month", value: 0 },
      { label: "Messages", value: 0 },
    ],
    projects: [],
    nextCursor: null,
    completion: profileCompletion(profile),
  };
}
