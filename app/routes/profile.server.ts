/** Server side of /profile (Settings) and /profile/export: calls server/auth/settings.ts. */
export { changeName, changePassword, countOtherSessions, deleteAccount, exportMyData, signOutOtherSessions } from "../../server/auth/settings";
export { AppError } from "../../server/errors";
export { readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
