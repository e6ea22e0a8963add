/** Server side of /verify-email (docs/product.md, Trust and safety): the link of the verification email, and Resend. */
export { INVALID_VERIFY_LINK, resendVerificationEmail, verifyEmailToken } from "../../server/auth/verification";
export { AppError } from "../../server/errors";
export { failure, readBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { emailLinkClaims } from "../../server/auth/email-change";
