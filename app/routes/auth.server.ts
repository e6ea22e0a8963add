/** Server side of the account screens: calls server/auth/accounts.ts and answers with redirects. */
export { registerAccount, requestPasswordReset, resetPassword, signIn, signOut } from "../../server/auth/accounts";
export { failure, readBody, retryAfterHeaders } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { safeRedirect } from "../lib/session.server";
export { completeTwoFactorSignIn } from "../../server/auth/two-factor";
