/** Server side of /report/{kind}/{id}: the report form for visitors whose page has no scripts (yet). */
export { reportMessage, reportProfile } from "../../server/moderation/service";
export { reportProject } from "../../server/projects/service";
export { failure, readFormBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser, safeRedirect } from "../lib/session.server";
