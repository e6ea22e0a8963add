/**
 * The state machines of projects and proposals (docs/product.md, "Lifecycles"). Isomorphic: the
 * server's transition functions (server/projects/lifecycle.ts, server/proposals/lifecycle.ts) are
 * the only code that changes a status, and they ask these tables first; pages use the same tables
 * to show only the actions that can succeed.
 *
 * Each transition names the statuses it leaves from, the status it enters, and the actors allowed
 * to take it: the project's client (its owner), the developer (of the proposal, or the one hired),
 * or the system (automatic consequences of another event, account deletion).
 */
import type { ProjectStatus } from "./constants";

/** Who takes a transition. */
export type Actor = "client" | "developer" | "system";

export type ProjectEvent = "accept" | "complete" | "paidInFull" | "close" | "cancelHire" | "delete" | "ownerDeleted" | "developerDeleted";

/** What a project transition enters: a status, or "deleted" (the row is removed). */
export type ProjectTarget = ProjectStatus | "deleted";

export interface Transition<S extends string, T extends string> {
  from: readonly S[];
  to: T;
  actors: readonly Actor[];
  /** The message of the 409 when the status does not allow it. */
  refusal: string;
}

/** Project transitions; anything not listed is refused. */
export const PROJECT_TRANSITIONS: Record<ProjectEvent, Transition<ProjectStatus, ProjectTarget>> = {
  /** The client accepts a proposal: the developer is hired. */
  accept: { from: ["active"], to: "in_progress", actors: ["client"], refusal: "Only an active project can hire a developer" },
  complete: { from: ["in_progress"], to: "completed", actors: ["client"], refusal: "Only a project in progress can be marked complete" },
  /** The last milestone of the hire's contract was released (server/payments/milestones.ts). */
  paidInFull: { from: ["in_progress"], to: "completed", actors: ["system"], refusal: "Only a project in progress completes when its milestones are paid" },
  /** Open proposals are declined. */
  close: { from: ["active"], to: "closed", actors: ["client"], refusal: "Only an active project can be closed" },
  /** The accepted proposal is cancelled and the project takes proposals again. */
  cancelHire: { from: ["in_progress"], to: "active", actors: ["client"], refusal: "Only a project in progress can cancel its hire" },
  /**
   * A project that has hired a developer (in progress) or been completed is part of someone's
   * record (completed projects, reviews): it can be closed or completed, never deleted.
   */
  delete: {
    from: ["active", "closed"],
    to: "deleted",
    actors: ["client"],
    refusal: "A project with a hired or completed developer can't be deleted. Cancel the hire or complete the project instead.",
  },
  /** The client deleted their account: an open or hired project closes (the hire is cancelled); completed ones stay. */
  ownerDeleted: {
    from: ["active", "in_progress"],
    to: "closed",
    actors: ["system"],
    refusal: "Only an open or hired project closes with its client's account",
  },
  /** The hired developer deleted their account: the project takes proposals again. */
  developerDeleted: { from: ["in_progress"], to: "active", actors: ["system"], refusal: "Only a project in progress loses its hired developer" },
};

export const PROPOSAL_STATUSES = ["pending", "shortlisted", "accepted", "declined", "withdrawn", "cancelled"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The status a new proposal starts in. */
export const PROPOSAL_INITIAL_STATUS: ProposalStatus = "pending";

export type ProposalEvent = "edit" | "shortlist" | "accept" | "decline" | "withdraw" | "cancel" | "autoDecline" | "autoWithdraw" | "endHire";

/**
 * Proposal transitions. "edit" keeps the status (to: null). A shortlisted proposal still awaits the
 * client's decision, so its developer may still edit or withdraw it.
 */
export const PROPOSAL_TRANSITIONS: Record<ProposalEvent, Transition<ProposalStatus, ProposalStatus | "same">> = {
  edit: { from: ["pending", "shortlisted"], to: "same", actors: ["developer"], refusal: "Only a proposal awaiting a decision can be edited" },
  shortlist: { from: ["pending"], to: "shortlisted", actors: ["client"], refusal: "Only a pending proposal can be shortlisted" },
  accept: { from: ["pending", "shortlisted"], to: "accepted", actors: ["client"], refusal: "Only a pending or shortlisted proposal can be accepted" },
  decline: { from: ["pending", "shortlisted"], to: "declined", actors: ["client"], refusal: "Only a pending or shortlisted proposal can be declined" },
  withdraw: { from: ["pending", "shortlisted"], to: "withdrawn", actors: ["developer"], refusal: "Only a proposal awaiting a decision can be withdrawn" },
  /** The client cancels the hire. */
  cancel: { from: ["accepted"], to: "cancelled", actors: ["client"], refusal: "Only an accepted proposal can be cancelled" },
  /** Another proposal was accepted, or the project closed (by its client or with the client's account). */
  autoDecline: { from: ["pending", "shortlisted"], to: "declined", actors: ["system"], refusal: "Only a proposal awaiting a decision can be declined" },
  /** The developer deleted their account while the proposal awaited a decision. */
  autoWithdraw: { from: ["pending", "shortlisted"], to: "withdrawn", actors: ["system"], refusal: "Only a proposal awaiting a decision can be withdrawn" },
  /** A hire ends because the client's or the developer's account was deleted. */
  endHire: { from: ["accepted"], to: "cancelled", actors: ["system"], refusal: "Only an accepted proposal can end its hire" },
};

/** Proposal statuses that count towards a project's proposalCount (docs/product.md). */
export const COUNTED_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["pending", "shortlisted", "accepted"];

/** Statuses of a proposal that still awaits the client's decision. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["pending", "shortlisted"];

/** The outcome of asking a machine: the target, or why not (a status refusal is a 409, an actor refusal a 403). */
export type Decision<T> = { ok: true; to: T } | { ok: false; reason: "status" | "actor"; message: string };

function decide<S extends string, T extends string>(t: Transition<S, T>, status: string, actor: Actor): Decision<T> {
  if (!t.actors.includes(actor)) return { ok: false, reason: "actor", message: "You are not allowed to do that" };
  if (!(t.from as readonly string[]).includes(status)) return { ok: false, reason: "status", message: t.refusal };
  return { ok: true, to: t.to };
}

/** May `actor` take `event` on a project in `status`, and where does it lead? */
export function decideProject(status: string, event: ProjectEvent, actor: Actor): Decision<ProjectTarget> {
  return decide(PROJECT_TRANSITIONS[event], status, actor);
}

/** May `actor` take `event` on a proposal in `status`, and to which status ("edit" keeps it)? */
export function decideProposal(status: string, event: ProposalEvent, actor: Actor): Decision<ProposalStatus> {
  const d = decide(PROPOSAL_TRANSITIONS[event], status, actor);
  return d.ok && d.to === "same" ? { ok: true, to: status as ProposalStatus } : (d as Decision<ProposalStatus>);
}

/** The status after `event` when its usual actor takes it, or null when the status refuses it (pages). */
export function nextProjectStatus(status: string, event: ProjectEvent): ProjectTarget | null {
  const d = decideProject(status, event, PROJECT_TRANSITIONS[event].actors[0]!);
  return d.ok ? d.to : null;
}

/** The status after `event` when its usual actor takes it, or null when the status refuses it (pages). */
export function nextProposalStatus(status: string, event: ProposalEvent): ProposalStatus | null {
  const d = decideProposal(status, event, PROPOSAL_TRANSITIONS[event].actors[0]!);
  return d.ok ? d.to : null;
}

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: "Pending",
  shortlisted: "Shortlisted",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  cancelled: "Cancelled",
};
