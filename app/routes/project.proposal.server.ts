/** Server side of /projects/{id}/proposal: who may propose here, and the developer's own proposal. */
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { NotFoundError } from "../../server/errors";
import { findMyProposal, type Proposal } from "../../server/proposals/service";
import { proposalRefusal } from "../../shared/policies";
import { getProject } from "../../server/projects/service";
import { redirectWithFlash } from "../lib/flash.server";

export { submitProposal, updateProposal, withdrawProposal, type Proposal } from "../../server/proposals/service";
export { domainDeps } from "../../server/context";
export { feePolicy } from "../../server/payments/service";
export { createOnce, failure, newFormKey, readFormBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";

/**
 * The project and the developer's own proposal on it, or a redirect (thrown) with the reason
 * the viewer cannot propose here: clients, the owner, and (without a proposal) projects that
 * are not active.
 */
export async function loadProposalPage(db: Db, user: SessionUser, projectId: string) {
  const project = await getProject(db, projectId).catch((err: unknown) => {
    if (err instanceof NotFoundError) return null;
    throw err;
  });
  if (!project) throw await redirectWithFlash("/projects", { type: "error", message: "Project not found" });
  const back = `/projects/${project.id}`;
  // With a proposal already sent, the developer may still see it on a project that is no longer active.
  const mine: Proposal | null = user.userType === "developer" ? await findMyProposal(db, user, project.id) : null;
  const refusal = proposalRefusal(user, mine ? { ...project, status: "active" } : project);
  if (refusal) throw await redirectWithFlash(back, { type: "error", message: refusal.message });
  return {
    project: {
      id: project.id,
      title: project.title,
      status: project.status,
      budgetMin: project.budgetMin,
      budgetMax: project.budgetMax,
      timeline: project.timeline,
    },
    mine,
  };
}
