/**
 * The gate before money moves on a user's behalf (funding a milestone, bank accounts, payouts).
 * Seam for the trust branch (issue 12): unverified-email gating goes here; today every signed-in
 * user passes.
 */
import type { SessionUser } from "../context";

export function assertMayMoveMoney(user: SessionUser): void {
  void user;
}
