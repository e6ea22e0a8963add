/** Server side of the project create/edit screens. */
export { createProject, deleteProject, getProject, projectFormValues, updateProject } from "../../server/projects/service";
export { AppError, NotFoundError, ForbiddenError } from "../../server/errors";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
