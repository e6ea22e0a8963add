/** Server side of /moderation (docs/product.md, Trust and safety): moderators only. */
import type { AppLoadContext } from "react-router";
import { isModerator, MODERATOR_NEEDS_2FA } from "../../server/auth/roles";
import { redirectWithFlash } from "../lib/flash.server";
import type { SessionUser } from "../../server/context";
import { requireUser } from "../lib/session.server";
export {
  actOnReport,
  listMeasuresInEffect,
  listModerationLog,
  listOpenReports,
  type AuditEntry,
  type MeasureInEffect,
  type QueueReport,
} from "../../server/moderation/service";
export { listFailedRefunds, listOpenDisputes, listStuckPayouts, retryFailedRefund, retryStuckPayout } from "../../server/payments/disputes";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash };

/**
 * The signed-in moderator: a visitor is sent to sign in (302 to /login), anyone else gets the
 * 403 page "Only moderators can see this page", a moderator without two-factor sign-in is sent to
 * Settings to turn it on.
 */
export async function requireModeratorPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = requireUser(request, context);
  if (!isModerator(user)) throw new Response("Only moderators can see this page", { status: 403, statusText: "Only moderators can see this page" });
  // Moderators work with two-factor sign-in on: sent to set it up first (docs/decisions/0030).
  if (user.twoFactorEnabled !== true) throw await redirectWithFlash("/profile#two-factor", { type: "error", message: MODERATOR_NEEDS_2FA });
  return user;
}
