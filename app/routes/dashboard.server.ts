/** Server side of /dashboard: the figures of spec section 2 "Dashboard" from the database. */
import { DASHBOARD_PROJECT_LIMIT } from "../../shared/constants";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { clientProjectStats, listUserProjects } from "../../server/projects/service";

export { requireUser } from "../lib/session.server";

/** Client: project counts and the first 3 projects. Developer: tiles (no proposals exist yet: zeros). */
export async function loadDashboard(db: Db, user: SessionUser) {
  if (user.userType === "client") {
    const [stats, projects] = await Promise.all([clientProjectStats(db, user.id), listUserProjects(db, user.id, DASHBOARD_PROJECT_LIMIT)]);
    return {
      role: "client" as const,
      tiles: [
        { label: "Total Projects", value: stats.totalProjects },
        { label: "Active Projects", value: stats.activeProjects },
        { label: "Total Proposals", value: stats.totalProposals },
        { label: "Messages", value: 0 },
      ],
      projects,
    };
  }
  return {
    role: "developer" as const,
    // Proposals and messages arrive with their own issues; until then there is nothing to count.
    tiles: [
      { label: "Active Proposals", value: 0 },
      { label: "Completed Projects", value: 0 },
      { label: "This Month", value: 0 },
      { label: "Messages", value: 0 },
    ],
    projects: [],
  };
}
