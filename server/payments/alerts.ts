/**
 * What moderators are told by notice and email (docs/product.md, Payments "Moderators" and
 * "Disputes"): a dispute opened or answered, a refund given up (decision 0050) and a payout whose
 * transfer cannot start (decision 0051). Each links to /moderation, where it waits until dealt with.
 */
import { moderatorIds } from "../auth/roles";
import type { Tx } from "../db/client";
import type { MailContext } from "../email/preferences";
import { applyEffects, noEffects, type Effects } from "../notifications/effects";

/** A notice `type` with its `subject`, and the email's paragraphs. */
export interface ModeratorAlert {
  type: string;
  subject: string;
  details: string[];
}

/**
 * The effects telling every active moderator of `alert`: a notice linking to /moderation and an
 * always-sent email ("payment-update"), for the caller to write with the change that caused it.
 */
export async function moderatorAlert(tx: Tx, alert: ModeratorAlert): Promise<Effects> {
  const effects = noEffects();
  for (const userId of await moderatorIds(tx)) {
    effects.notices.push({ userId, type: alert.type, message: alert.subject, link: "/moderation" });
    effects.emails.push({
      template: "payment-update",
      userId,
      data: { subject: alert.subject, details: alert.details, link: "/moderation", linkLabel: "Moderation" },
    });
  }
  return effects;
}

/** Writes `moderatorAlert(alert)` on `tx` at once (the refund and payout senders, which have no other effects). */
export async function alertModerators(tx: Tx, ctx: MailContext, alert: ModeratorAlert): Promise<void> {
  await applyEffects(tx, ctx, await moderatorAlert(tx, alert));
}
