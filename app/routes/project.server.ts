/** Server side of the project page (/projects/{id}). */
import { blockState } from "../../server/blocks/service";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { NotFoundError } from "../../server/errors";
import { findMyProposal, listProjectProposals, type Proposal } from "../../server/proposals/service";
import { reviewState } from "../../server/reviews/service";
import { proposalRefusal } from "../../shared/policies";
import { getClientReputation, type ClientReputation } from "../../server/clients/reputation";
import { getVisibleProject, listSimilarProjects, type Project } from "../../server/projects/service";
import { yearOf } from "../../shared/format";
import { PROPOSAL_SORTS, type ProposalSort } from "../../shared/schemas";
import { log } from "../../server/log";
import { isProjectSaved } from "../../server/favourites/service";
import { projectInvitationsFor, type Invitation } from "../../server/invitations/service";

export { acceptProposal, declineProposal, shortlistProposal } from "../../server/proposals/service";
export { cancelHire, closeProject, completeProject } from "../../server/projects/lifecycle";
export { createReview } from "../../server/reviews/service";
export { contractIdOfProject } from "../../server/payments/contracts";
export { domainDeps } from "../../server/context";
export { failure, readBody } from "../lib/action.server";
export { requireUser, safeRedirect } from "../lib/session.server";
export { setProjectSaved } from "../../server/favourites/service";

export interface SimilarProject {
  id: string;
  title: string;
  budgetMin: number;
  budgetMax: number | null;
  skills: string[];
}

export interface ProjectDetail {
  project: Project;
  /** The owner's public facts; null if they could not be read. */
  client: {
    id: string;
    name: string;
    /** The profile photo's file id, or null for the initial. */
    photoId: string | null;
    verified: boolean;
    memberSinceYear: number;
    projectsPosted: number;
    /** Developers' visible reviews of the client (server/clients/reputation.ts). */
    rating: number;
    reviewCount: number;
    hires: number;
    hireRate: number | null;
    completedProjects: number;
    payment: ClientReputation["payment"];
  } | null;
  similar: SimilarProject[];
  /** What the viewer may do here (docs/product.md, Who may do what). */
  viewer: { signedIn: boolean; isOwner: boolean; canPropose: boolean; canReport: boolean; canContact: boolean };
  /** The owner's view of the proposals (sorted by `proposalSort`); null for everyone else. */
  proposals: Proposal[] | null;
  proposalSort: ProposalSort;
  /** The signed-in developer's own proposal here, or null. */
  myProposal: Proposal | null;
  /** Whether the signed-in developer saved this project (docs/product.md, Journeys "Favourites"). */
  saved: boolean;
  /**
   * Invitations (docs/product.md, Journeys "Invite a developer"): the owner sees every developer they
   * invited, an invited developer their own invitation; [] for everyone else.
   */
  invitations: Invitation[];
  /** Which review the viewer may still write (client or hired developer of a completed project). */
  review: { canReview: boolean; reviewed: boolean; role: "client" | "developer" | null } | null;
}

/** ?proposalSort= as one of PROPOSAL_SORTS (newest when missing or unknown). */
export function parseProposalSort(value: string | null): ProposalSort {
  return (PROPOSAL_SORTS as readonly string[]).includes(value ?? "") ? (value as ProposalSort) : "newest";
}

/**
 * The project `id` with its client card and similar projects (read in parallel), or null when
 * there is no such project. A failure to read the client or similar projects only empties that
 * card; any other failure throws.
 */
export async function loadProjectDetail(db: Db, id: string, user: SessionUser | null, proposalSort: ProposalSort = "newest"): Promise<ProjectDetail | null> {
  let project: Project;
  try {
    project = await getVisibleProject(db, id, user);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const [client, similar] = await Promise.all([
    getClientReputation(db, project.userId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) log().error({ err: error }, "Failed to load the project's client");
      return null;
    }),
    listSimilarProjects(db, project).catch((error: unknown) => {
      log().error({ err: error }, "Failed to load similar projects");
      return [];
    }),
  ]);
  const signedIn = user !== null;
  const isOwner = signedIn && user.id === project.userId;
  const isDeveloper = signedIn && !isOwner && user.userType === "developer";
  const [proposals, myProposal, review, saved, invitations, block] = await Promise.all([
    isOwner ? listProjectProposals(db, user, project.id, proposalSort) : null,
    isDeveloper ? findMyProposal(db, user, project.id) : null,
    signedIn && (isOwner || project.hiredDeveloperId === user.id) ? reviewState(db, user, project.id) : null,
    isDeveloper ? isProjectSaved(db, user, project.id) : false,
    projectInvitationsFor(db, user, project.id, project.userId),
    // A block either way hides Submit Proposal and the client's contact button (docs/product.md, Trust and safety, Blocking).
    signedIn && !isOwner ? blockState(db, user.id, project.userId) : ("none" as const),
  ]);
  return {
    project,
    client: client
      ? {
          id: client.id,
          name: client.name,
          photoId: client.photoId,
          verified: client.emailVerified,
          memberSinceYear: yearOf(client.memberSince),
          projectsPosted: client.projectsPosted,
          rating: client.rating,
          reviewCount: client.reviewCount,
          hires: client.hires,
          hireRate: client.hireRate,
          completedProjects: client.completedProjects,
          payment: client.payment,
        }
      : null,
    similar: similar.map(({ id, title, budgetMin, budgetMax, skills }) => ({ id, title, budgetMin, budgetMax, skills })),
    viewer: {
      signedIn,
      isOwner,
      canPropose: signedIn && proposalRefusal(user, project, myProposal) === null && block === "none",
      canReport: signedIn && !isOwner,
      canContact: signedIn && !isOwner && block === "none",
    },
    proposals,
    proposalSort,
    myProposal,
    review,
    saved,
    invitations,
  };
}
