/** Server side of /profile/setup: the developer profile form (docs/product.md, Developers). */
export { findOwnDeveloperProfile, profileCompletion, saveDeveloperProfile } from "../../server/developers/service";
export { failure, readFormBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { deleteQueuedFilesSoon } from "../../server/files/service";
