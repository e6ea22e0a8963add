/** Server side of the project create/edit screens. */
export { createProject, getProject, projectFormValues, updateProject } from "../../server/projects/service";
export { deleteProject } from "../../server/projects/lifecycle";
export { deleteQueuedFilesSoon } from "../../server/files/service";
export { domainDeps } from "../../server/context";
export { AppError, NotFoundError, ForbiddenError } from "../../server/errors";
export { createOnce, failure, newFormKey, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { discardProjectDraft, getProjectDraft } from "../../server/drafts/service";
