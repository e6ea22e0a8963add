/**
 * Explicit state machines for project status and proposal status (issue 4). Isomorphic: the
 * server enforces them, the pages use them to show only the actions that can succeed.
 */
import type { ProjectStatus } from "./constants";

export type ProjectEvent = "accept" | "complete" | "close" | "cancelHire";

/** Project transitions (issue 4): anything not listed is refused with `refusal`. */
export const PROJECT_TRANSITIONS: Record<ProjectEvent, { from: readonly ProjectStatus[]; to: ProjectStatus; refusal: string }> = {
  accept: { from: ["active"], to: "in_progress", refusal: "Only an active project can hire a developer" },
  complete: { from: ["in_progress"], to: "completed", refusal: "Only a project in progress can be marked complete" },
  close: { from: ["active"], to: "closed", refusal: "Only an active project can be closed" },
  cancelHire: { from: ["in_progress"], to: "active", refusal: "Only a project in progress can cancel its hire" },
};

export const PROPOSAL_STATUSES = ["pending", "shortlisted", "accepted", "declined", "withdrawn", "cancelled"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export type ProposalEvent = "edit" | "shortlist" | "accept" | "decline" | "withdraw" | "cancel";

/**
 * Proposal transitions. "edit" keeps the status. A shortlisted proposal is still awaiting the
 * client's decision, so the developer may still edit or withdraw it.
 */
export const PROPOSAL_TRANSITIONS: Record<ProposalEvent, { from: readonly ProposalStatus[]; to: ProposalStatus | null; refusal: string }> = {
  edit: { from: ["pending", "shortlisted"], to: null, refusal: "Only a proposal awaiting a decision can be edited" },
  shortlist: { from: ["pending"], to: "shortlisted", refusal: "Only a pending proposal can be shortlisted" },
  accept: { from: ["pending", "shortlisted"], to: "accepted", refusal: "Only a pending or shortlisted proposal can be accepted" },
  decline: { from: ["pending", "shortlisted"], to: "declined", refusal: "Only a pending or shortlisted proposal can be declined" },
  withdraw: { from: ["pending", "shortlisted"], to: "withdrawn", refusal: "Only a proposal awaiting a decision can be withdrawn" },
  cancel: { from: ["accepted"], to: "cancelled", refusal: "Only an accepted proposal can be cancelled" },
};

/** Statuses that count towards a project's proposalCount (issue 4: pending and accepted). */
export const COUNTED_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["pending", "shortlisted", "accepted"];

/** The status after `event`, or null when the state machine refuses it. */
export function nextProjectStatus(status: string, event: ProjectEvent): ProjectStatus | null {
  const t = PROJECT_TRANSITIONS[event];
  return (t.from as readonly string[]).includes(status) ? t.to : null;
}

/** The status after `event` (the same status for "edit"), or null when refused. */
export function nextProposalStatus(status: string, event: ProposalEvent): ProposalStatus | null {
  const t = PROPOSAL_TRANSITIONS[event];
  if (!(t.from as readonly string[]).includes(status)) return null;
  return t.to ?? (status as ProposalStatus);
}

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: "Pending",
  shortlisted: "Shortlisted",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  cancelled: "Cancelled",
};
