/**
 * The gate before money moves on a user's behalf (funding a milestone, bank accounts, payouts):
 * an account whose email address is not verified may not fund or be paid (docs/product.md, Trust
 * and safety, "Verified accounts"). Throws ForbiddenError with the message the page shows.
 */
import type { SessionUser } from "../context";
import { ForbiddenError } from "../errors";

/** The message of an unverified account at a payment step. */
export const VERIFY_BEFORE_PAYMENTS = "Verify your email address before you pay or get paid: use the link we emailed you, or Resend it from the banner.";

export function assertMayMoveMoney(user: SessionUser): void {
  if (!user.emailVerified) throw new ForbiddenError(VERIFY_BEFORE_PAYMENTS);
}
