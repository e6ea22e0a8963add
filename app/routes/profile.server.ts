/** Server side of /profile (Settings) and /profile/export: calls server/auth/settings.ts and the email switches of server/email/preferences.ts. */
export { changeName, changePassword, deleteAccount, exportMyData, listMySessions, signOutOtherSessions, signOutSession } from "../../server/auth/settings";
export { AppError, ValidationError } from "../../server/errors";
export { FILE_MAX_BYTES } from "../../shared/constants";
export { fileTooLarge, uploadFile } from "../../server/files/service";
export { deleteQueuedFilesSoon } from "../../server/files/service";
export { domainDeps } from "../../server/context";
export { emailTypesFor, getEmailPreferences, updateEmailPreferences } from "../../server/email/preferences";
export { readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { createApiToken, listApiTokens, revokeApiToken } from "../../server/tokens/service";
export { listBlockedUsers, unblockUser } from "../../server/blocks/service";
export { requestEmailChange } from "../../server/auth/email-change";
export { confirmTwoFactor, disableTwoFactor, startTwoFactor } from "../../server/auth/two-factor";
export { profilePhotoOf, removeProfilePhoto, setProfilePhoto } from "../../server/files/profile-photos";
