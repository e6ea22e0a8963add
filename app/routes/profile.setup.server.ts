/** Server side of /profile/setup: the developer profile form (issue 3). */
export { findOwnDeveloperProfile, profileCompletion, saveDeveloperProfile } from "../../server/developers/service";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
