/** Server side of /report/{kind}/{id}: the report form for visitors whose page has no scripts (yet). */
export { REPORTABLE, reportMessage, reportProfile } from "../../server/moderation/service";
export { reportProject } from "../../server/projects/service";
export { failure, orHttpError, readFormBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser, safeRedirect } from "../lib/session.server";
export { ConflictError } from "../../server/errors";
