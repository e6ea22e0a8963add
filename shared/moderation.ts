/**
 * Moderation words and limits shared by pages and server (docs/product.md, Trust and safety).
 * No zod here, so pages that only show the lists do not download it.
 */

/** Reasons a profile or a message can be reported for (the report dialogs and userReportSchema). */
export const USER_REPORT_REASONS = [
  "Spam or scam",
  "Harassment or abuse",
  "Asking to pay outside BuildZA",
  "Fake or misleading profile",
  "Offensive content",
  "Other",
] as const;

/**
 * The refusal of a second report of one target by one person (docs/product.md, Trust and safety):
 * what sending it answers, and what the report page and the report dialogs say before the form.
 */
export const ALREADY_REPORTED = {
  project: "You have already reported this project",
  profile: "You have already reported this profile",
  message: "You have already reported this message",
} as const;

/** What a moderator can do with a report, with the button label (the /moderation queue). */
export const MODERATION_ACTION_LABELS = {
  dismiss: "Dismiss",
  hide_project: "Hide project",
  remove_message: "Remove message",
  warn: "Warn",
  suspend: "Suspend account",
  restore: "Restore",
} as const;
export type ModerationActionName = keyof typeof MODERATION_ACTION_LABELS;

/**
 * The refusal of a suspension whose target is a moderator (docs/product.md, Trust and safety): staff
 * accounts change only through the role command, never from the queue, so one moderator cannot
 * lock another out.
 */
export const MODERATOR_NOT_SUSPENDABLE =
  "A moderator's account cannot be suspended from the queue. An operator changes a moderator's role with the role command.";

/** What a suspended account is told at sign-in (and what the API answers). */
export function suspendedMessage(reason: string | null | undefined): string {
  return `Your account has been suspended by a moderator${reason ? `: ${reason}` : "."} Contact support if you think this is a mistake.`;
}

/** The text a removed message shows in its thread instead of its body. */
/** A restore where nothing of the report's target is hidden, removed or suspended (docs/product.md, Trust and safety). */
export const NOTHING_TO_RESTORE = "Nothing to restore: nothing of this report is hidden, removed or suspended.";

export const REMOVED_MESSAGE_TEXT = "This message was removed by a moderator.";

/** The notice a reporter gets when their report was handled (it never says what was done to whom). */
export const REPORT_HANDLED_NOTICE = "Thank you for your report. A moderator has reviewed it and taken the action needed.";

/**
 * South African phone numbers as people type them in messages (+27 or 0, then 9 digits, spaces or
 * dashes allowed): a signal in the queue and the reason for the thread's note.
 */
export const PHONE_NUMBER_PATTERN = /(?:\+27|\b0)[\s-]?[1-9]\d[\s-]?\d{3}[\s-]?\d{4}\b/;

/** Words of a request to pay outside BuildZA (case-insensitive). */
export const OFF_PLATFORM_PAYMENT_PATTERN =
  /\b(?:eft|bank transfer|bank details|account number|pay (?:me )?directly|outside (?:the )?(?:platform|buildza)|paypal|payshap|e-?wallet|cash ?send|crypto|bitcoin|usdt|western union)\b/i;

/** The note a thread shows when a message in it holds a phone number or asks to pay outside BuildZA. */
export const OFF_PLATFORM_NOTE =
  "For your safety, keep your conversation and payments on BuildZA: fund the contract's milestones here and the money is held in escrow until the work is approved. We can only help with payments made on BuildZA.";

/** Whether a message's text should bring up the thread's note (PHONE_NUMBER_PATTERN or OFF_PLATFORM_PAYMENT_PATTERN). */
export function needsOffPlatformNote(text: string): boolean {
  return PHONE_NUMBER_PATTERN.test(text) || OFF_PLATFORM_PAYMENT_PATTERN.test(text);
}

/** The refusals of a block (docs/product.md, Trust and safety, Blocking); the API and the thread show them. */
export const BLOCK_SELF = "You cannot block yourself";
export const MESSAGE_BLOCKED_BY_ME = "You have blocked this user. Unblock them in Settings to send messages.";
export const MESSAGE_BLOCKED_BY_THEM = "This user has blocked you, so you cannot message them.";
export const PROPOSAL_BLOCKED_BY_ME = "You have blocked this client. Unblock them in Settings to send a proposal.";
export const PROPOSAL_BLOCKED_BY_THEM = "This client has blocked you, so you cannot send proposals to their projects.";
