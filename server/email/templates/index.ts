/**
 * Every email the product sends, by name. A template takes the recipient's name, the app's public
 * origin and its own data, and returns the subject and text (docs/product.md, Emails).
 */
import type { RenderedEmail } from "./html";
import { invitationEmail } from "./invitation";
import { jobAlertEmail } from "./job-alert";
import { emailChangedEmail, emailChangeVerificationEmail } from "./email-change";
import { emailVerificationEmail } from "./email-verification";
import { passwordResetEmail } from "./password-reset";
import { paymentUpdateEmail } from "./payment-update";
import { proposalAcceptedEmail } from "./proposal-accepted";
import { proposalReceivedEmail } from "./proposal-received";
import { reviewRequestEmail } from "./review-request";
import { securityNoticeEmail, type SecurityChange } from "./security-notice";
import { unreadMessageEmail } from "./unread-message";

export {
  emailChangedEmail,
  emailChangeVerificationEmail,
  emailVerificationEmail,
  invitationEmail,
  jobAlertEmail,
  passwordResetEmail,
  paymentUpdateEmail,
  proposalAcceptedEmail,
  proposalReceivedEmail,
  reviewRequestEmail,
  securityNoticeEmail,
  unreadMessageEmail,
};
export type { RenderedEmail, SecurityChange };
