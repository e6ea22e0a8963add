/** Server side of the project create/edit screens. */
export { createProject, getProject, projectFormValues, updateProject } from "../../server/projects/service";
export { deleteProject } from "../../server/projects/lifecycle";
export { domainDeps } from "../../server/context";
export { AppError, NotFoundError, ForbiddenError } from "../../server/errors";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
