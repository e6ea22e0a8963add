/**
 * Roles (users.role): 'member' (everyone) or 'moderator', who may resolve payment disputes
 * (docs/product.md, Payments "Disputes"). Moderators are named by an operator in the database.
 */
import { ForbiddenError } from "../errors";

/** True when `user` carries the moderator role. */
export function isModerator(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === "moderator";
}

/** Throws ForbiddenError unless `user` is a moderator. */
export function requireModerator<U extends { role?: string | null }>(user: U | null | undefined): U {
  if (!user || !isModerator(user)) throw new ForbiddenError("Only a moderator can do that");
  return user;
}
