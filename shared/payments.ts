/**
 * Contracts and milestones (docs/product.md, Payments): the milestone state machine with its
 * actors, the fee arithmetic in cents, and money formatting for cents. Isomorphic: the server's
 * transitionMilestone (server/payments/milestones.ts) is the only code that changes a milestone's
 * status, and it asks this table first; pages use it to show only the actions that can succeed.
 */
import { isBlankAmount, randText } from "./format";

/** Who takes a milestone transition: the contract's client or developer, a moderator, or the system (payments, timers). */
export type MilestoneActor = "client" | "developer" | "moderator" | "system";

export const MILESTONE_STATUSES = ["proposed", "funded", "submitted", "changes_requested", "released", "refunded", "disputed", "resolved"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export type MilestoneEvent = "fund" | "submit" | "requestChanges" | "approve" | "autoRelease" | "refund" | "dispute" | "resolve";

export interface MilestoneTransition {
  from: readonly MilestoneStatus[];
  to: MilestoneStatus;
  actors: readonly MilestoneActor[];
  /** The message of the 409 when the status does not allow it. */
  refusal: string;
}

/** Days after submission after which an unanswered milestone is released automatically. */
export const AUTO_RELEASE_DAYS = 14;
/** AUTO_RELEASE_DAYS in milliseconds. */
export const AUTO_RELEASE_MS = AUTO_RELEASE_DAYS * 24 * 60 * 60 * 1000;
/** Days before an automatic release that the client is reminded of it (docs/product.md, Payments). */
export const RELEASE_REMINDER_DAYS = 3;
/** RELEASE_REMINDER_DAYS in milliseconds. */
export const RELEASE_REMINDER_MS = RELEASE_REMINDER_DAYS * 24 * 60 * 60 * 1000;

/**
 * When a milestone submitted at `submittedAt` is released without an answer: AUTO_RELEASE_DAYS of
 * elapsed time later (South Africa keeps no daylight saving, so that is also 14 calendar days).
 * The auto-release job and the contract page and emails that announce it use this one rule.
 */
export function autoReleaseAt(submittedAt: Date | string): Date {
  return new Date(new Date(submittedAt).getTime() + AUTO_RELEASE_MS);
}

/**
 * Milestone transitions; anything not listed is refused. "fund" is taken by the system when the
 * provider confirms the client's payment (the client starts it at checkout). "refund" is the
 * developer agreeing to give a funded milestone back, or a moderator.
 */
export const MILESTONE_TRANSITIONS: Record<MilestoneEvent, MilestoneTransition> = {
  fund: { from: ["proposed"], to: "funded", actors: ["system"], refusal: "Only an unfunded milestone can be funded" },
  submit: { from: ["funded", "changes_requested"], to: "submitted", actors: ["developer"], refusal: "Only a funded milestone can be submitted" },
  requestChanges: { from: ["submitted"], to: "changes_requested", actors: ["client"], refusal: "Only a submitted milestone can get change requests" },
  approve: { from: ["submitted"], to: "released", actors: ["client"], refusal: "Only a submitted milestone can be approved" },
  autoRelease: { from: ["submitted"], to: "released", actors: ["system"], refusal: "Only a submitted milestone is released automatically" },
  refund: {
    from: ["funded"],
    to: "refunded",
    actors: ["developer", "moderator"],
    refusal: "Only a funded milestone that is not yet submitted can be refunded",
  },
  dispute: {
    from: ["funded", "submitted", "changes_requested"],
    to: "disputed",
    actors: ["client", "developer"],
    refusal: "Only a funded or submitted milestone can be disputed",
  },
  resolve: { from: ["disputed"], to: "resolved", actors: ["moderator"], refusal: "Only a disputed milestone can be resolved" },
};

/**
 * The refusal of a contract whose hire has ended (the client cancelled it, or either side closed
 * their account): it stays as a record, but nothing more is funded or changed on it
 * (docs/product.md, Payments "Contracts").
 */
export const HIRE_ENDED = "This hire has ended: nothing more can be funded or changed on its contract";

/** Whether a contract's hire still stands: its proposal is still accepted (a completed project's is too). */
export const hireStands = (proposalStatus: string) => proposalStatus === "accepted";

/**
 * The refusal of a contract whose project is complete (the client marked it complete, or its last
 * milestone was settled): it stays as a record, and nothing more is funded or changed on it
 * (docs/product.md, Payments "Contracts").
 */
export const CONTRACT_COMPLETED = "This project is complete: nothing more can be funded or changed on its contract";

/**
 * Why nothing more can be funded or changed on a contract, or null while it is open
 * (docs/product.md, Payments "Contracts"): its hire ended (HIRE_ENDED), or its project is complete
 * (CONTRACT_COMPLETED). Funding, milestone changes, the contract page and a payment confirmed late
 * all ask this one rule.
 */
export function contractClosedReason(c: { proposalStatus: string; projectStatus: string }): string | null {
  if (!hireStands(c.proposalStatus)) return HIRE_ENDED;
  if (c.projectStatus === "completed") return CONTRACT_COMPLETED;
  return null;
}

/** Statuses whose money is still in escrow. */
export const ESCROWED_STATUSES: readonly MilestoneStatus[] = ["funded", "submitted", "changes_requested", "disputed"];
/** Statuses after which nothing more happens to a milestone. */
export const FINAL_MILESTONE_STATUSES: readonly MilestoneStatus[] = ["released", "refunded", "resolved"];

export type MilestoneDecision = { ok: true; to: MilestoneStatus } | { ok: false; reason: "status" | "actor"; message: string };

/**
 * May `actor` take `event` on a milestone in `status`, and where does it lead? A refusal for the
 * status says what the milestone is now ("Only a submitted milestone can be approved: this one is
 * released"), so a page left open while the other side acted tells what happened.
 */
export function decideMilestone(status: string, event: MilestoneEvent, actor: MilestoneActor): MilestoneDecision {
  const t = MILESTONE_TRANSITIONS[event];
  if (!t.actors.includes(actor)) return { ok: false, reason: "actor", message: "You are not allowed to do that" };
  if (!(t.from as readonly string[]).includes(status)) {
    const now = MILESTONE_STATUS_LABELS[status as MilestoneStatus];
    return { ok: false, reason: "status", message: now ? `${t.refusal}: this one is ${now.toLowerCase()}` : t.refusal };
  }
  return { ok: true, to: t.to };
}

/** True when `actor` may take `event` now (pages show the button). */
export function canMilestone(status: string, event: MilestoneEvent, actor: MilestoneActor): boolean {
  return decideMilestone(status, event, actor).ok;
}

export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  proposed: "Awaiting funding",
  funded: "Funded",
  submitted: "Submitted",
  changes_requested: "Changes requested",
  released: "Released",
  refunded: "Refunded",
  disputed: "Disputed",
  resolved: "Resolved",
};

/** Fee settings: platform fee in basis points (750 = 7.5%), VAT in basis points on the fee when registered. */
export interface FeePolicy {
  feeBps: number;
  /** 1500 when VAT_NUMBER is set, else 0. */
  vatBps: number;
  /** The platform's VAT number (VAT_NUMBER), printed on tax invoices; undefined when not registered. */
  vatNumber?: string;
}

/** Rounds a non-negative `cents * bps / 10000` half up, in integer arithmetic (bigint, no floats). */
function applyBps(cents: number, bps: number): number {
  return Number((BigInt(cents) * BigInt(bps) + 5000n) / 10000n);
}

/**
 * What a release of `cents` pays (docs/product.md, Payments "Fees"): the platform fee on it, the
 * VAT on the fee, and the developer's share (the rest). All in cents; they sum to `cents`.
 */
export function splitRelease(cents: number, policy: FeePolicy): { fee: number; vat: number; developer: number } {
  const fee = applyBps(cents, policy.feeBps);
  const vat = applyBps(fee, policy.vatBps);
  return { fee, vat, developer: cents - fee - vat };
}

/** The smallest payout, in cents (R100). */
export const MIN_PAYOUT_CENTS = 10_000;

/**
 * Hours after a developer replaces their bank account before a payout may go to the new one
 * (docs/product.md, Payments "Payouts"): someone who took over the account cannot empty the balance
 * into their own bank before the owner, told by email, can react. Adding the first account has none.
 */
export const BANK_CHANGE_HOLD_HOURS = 48;

/** A bank in the provider's list (Paystack's bank codes for South Africa). */
export interface Bank {
  code: string;
  name: string;
}

/** A client's payments per page on /payments. */
export const PAYMENTS_PAGE_SIZE = 20;

/** Payment statuses as a client reads them on /payments. */
export const PAYMENT_STATUS_LABELS: Record<"pending" | "succeeded" | "failed" | "refunded", string> = {
  pending: "Pending",
  succeeded: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

/** What /payments says of a payment refunded whole because the milestone was already funded. */
export const PAID_TWICE_NOTE = "Paid twice: the milestone was already funded, so this payment is refunded in full.";
/** What /payments says of a payment refunded whole because the hire ended before it came through. */
export const HIRE_ENDED_NOTE = "The hire had ended when this payment came through, so it is refunded in full.";

export const PAYOUT_STATUSES = ["pending", "paid", "failed", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What happens to a payout: the provider's answers (transfer webhook or verification), or a transfer it refused to start. */
export type PayoutEvent = "paid" | "failed" | "reversed";

/**
 * Payout transitions (docs/product.md, Payments "Payouts"); anything not listed is refused. Every
 * one is taken by the system on the provider's word: a pending payout is paid, fails (the
 * provider refused to start it, or the bank refused it) or is reversed; a paid one can still be
 * reversed by the bank. Failed and reversed give the money back to the developer's balance.
 */
export const PAYOUT_TRANSITIONS: Record<PayoutEvent, { from: readonly PayoutStatus[]; to: PayoutStatus; actors: readonly MilestoneActor[] }> = {
  paid: { from: ["pending"], to: "paid", actors: ["system"] },
  failed: { from: ["pending"], to: "failed", actors: ["system"] },
  reversed: { from: ["pending", "paid"], to: "reversed", actors: ["system"] },
};

/**
 * May `actor` take `event` on a payout in `status`? The status it enters, or null: the provider's
 * answer repeats or comes too late (a replayed webhook, a job and a webhook racing), and the
 * caller leaves the payout as it is.
 */
export function decidePayout(status: PayoutStatus, event: PayoutEvent, actor: MilestoneActor): PayoutStatus | null {
  const t = PAYOUT_TRANSITIONS[event];
  return t.actors.includes(actor) && t.from.includes(status) ? t.to : null;
}

/** Payout statuses and their labels (docs/product.md, Payments "Payouts"). */
export const PAYOUT_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed (balance restored)",
  reversed: "Reversed (balance restored)",
};

/** "••••1234": the last four digits of an account number. */
export function maskAccount(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/**
 * Rand to the cent as typed ("1500", "R 1 500,50", "1,500.50"; shared/format.ts randText): cents, or
 * null when it is not an amount, is negative, or has more than two decimals.
 */
export function parseRandCents(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? randText(value) : null;
  if (text === null || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "", frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** A payout amount in rand ("1500", "R1 500,50"; parseRandCents), at least R100: cents, or the field's message. */
export function parsePayoutAmount(value: unknown): { ok: true; cents: number } | { ok: false; message: string } {
  if (isBlankAmount(value)) return { ok: false, message: "Please enter the amount to withdraw" };
  const cents = parseRandCents(value);
  if (cents === null) return { ok: false, message: "Enter an amount in rand, e.g. 1500" };
  if (cents < MIN_PAYOUT_CENTS) return { ok: false, message: "The smallest payout is R100" };
  return { ok: true, cents };
}

/** A proposed milestone change's statuses (docs/decisions/0032). */
export const MILESTONE_CHANGE_STATUSES = ["pending", "accepted", "declined"] as const;
export type MilestoneChangeStatus = (typeof MILESTONE_CHANGE_STATUSES)[number];
/** Who acts on a proposed change: the party who proposed it, or the other party of the contract. */
export type MilestoneChangeActor = "proposer" | "otherParty";
export type MilestoneChangeEvent = "accept" | "decline";

/**
 * The milestone-change machine (docs/product.md, Payments "Milestone changes"; decision 0032):
 * only the other party of the contract answers a pending change, once; the proposer cannot accept
 * their own. Nothing in the contract changes until it is accepted.
 */
export const MILESTONE_CHANGE_TRANSITIONS: Record<
  MilestoneChangeEvent,
  { from: readonly MilestoneChangeStatus[]; to: MilestoneChangeStatus; actors: readonly MilestoneChangeActor[] }
> = {
  accept: { from: ["pending"], to: "accepted", actors: ["otherParty"] },
  decline: { from: ["pending"], to: "declined", actors: ["otherParty"] },
};

/** May `actor` take `event` on a change in `status`? The refusal says why (actor: 403, status: 409). */
export function decideMilestoneChange(
  status: string,
  event: MilestoneChangeEvent,
  actor: MilestoneChangeActor,
): { ok: true; to: MilestoneChangeStatus } | { ok: false; reason: "status" | "actor"; message: string } {
  const t = MILESTONE_CHANGE_TRANSITIONS[event];
  if (!t.actors.includes(actor)) return { ok: false, reason: "actor", message: "The other side of the contract answers this proposal" };
  if (!(t.from as readonly string[]).includes(status)) return { ok: false, reason: "status", message: "This proposal was already answered" };
  return { ok: true, to: t.to };
}

/** Milestone statuses whose due date can pass (work not yet delivered): shown "Overdue" after it. */
export const OPEN_WORK_STATUSES: readonly MilestoneStatus[] = ["proposed", "funded", "changes_requested"];

/** True when a milestone in `status` due on `dueDate` (YYYY-MM-DD) is overdue on `today` (YYYY-MM-DD, South African date). */
export function isOverdue(status: string, dueDate: string | null, today: string): boolean {
  return !!dueDate && dueDate < today && (OPEN_WORK_STATUSES as readonly string[]).includes(status);
}

/** Our payment references ("bz_" and 24 hex digits); anything else names no payment (404, never a database error). */
export const PAYMENT_REFERENCE = /^bz_[0-9a-f]{24}$/;
