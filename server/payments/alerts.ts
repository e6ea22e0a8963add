/**
 * Moderators hear of money the payment provider will not move (docs/product.md, Payments
 * "Moderators"): a refund given up (decision 0050) and a payout whose transfer cannot start
 * (decision 0051). Both also wait on /moderation until dealt with.
 */
import { moderatorIds } from "../auth/roles";
import type { Tx } from "../db/client";
import type { MailContext } from "../email/preferences";
import { applyEffects, noEffects } from "../notifications/effects";
/**
 * Tells every active moderator of money the payment provider will not move (a refund given up, a
 * payout whose transfer cannot start): a notice linking to /moderation and an always-sent email,
 * written on `tx` with the change that caused it (docs/product.md, Payments "Moderators").
 */
export async function alertModerators(tx: Tx, ctx: MailContext, alert: { type: string; subject: string; details: string[] }): Promise<void> {
  const effects = noEffects();
  for (const userId of await moderatorIds(tx)) {
    effects.notices.push({ userId, type: alert.type, message: alert.subject, link: "/moderation" });
    effects.emails.push({
      template: "payment-update",
      userId,
      data: { subject: alert.subject, details: alert.details, link: "/moderation", linkLabel: "Moderation" },
    });
  }
  await applyEffects(tx, ctx, effects);
}
