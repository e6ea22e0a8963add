/** Server side of /moderation (docs/product.md, Trust and safety): moderators only. */
import type { AppLoadContext } from "react-router";
import { isModerator } from "../../server/auth/roles";
import type { SessionUser } from "../../server/context";
import { requireUser } from "../lib/session.server";
export { actOnReport, listModerationLog, listOpenReports, type AuditEntry, type QueueReport } from "../../server/moderation/service";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";

/**
 * The signed-in moderator: a visitor is sent to sign in (302 to /login), anyone else gets the
 * 403 page "Only moderators can see this page".
 */
export function requireModeratorPage(request: Request, context: AppLoadContext): SessionUser {
  const user = requireUser(request, context);
  if (!isModerator(user)) throw new Response("Only moderators can see this page", { status: 403, statusText: "Only moderators can see this page" });
  return user;
}
