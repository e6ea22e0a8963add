/**
 * Roles (docs/product.md, Trust and safety): every account is a "member"; a "moderator" may work
 * the moderation queue. The role lives in users.role, is granted only by `npm run user:role`
 * (scripts/user-role.ts, logged), and can never be set through sign-up or any API (better-auth
 * additionalField with input: false; server/auth/guard.ts refuses it in bodies too).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { sessions, users } from "../db/schema";
import { ForbiddenError, NotFoundError, requireUser } from "../errors";
import { log } from "../log";

export const ROLES = ["member", "moderator"] as const;
export type Role = (typeof ROLES)[number];

/** Whether `user` (a SessionUser or any object with a role) is a moderator; false for no user. */
export function isModerator(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === "moderator";
}

/** The ids of the active moderators (a few; users_moderators_idx), on `db` or a transaction: whom disputes are told to. */
export async function moderatorIds(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "moderator"), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

/** The refusal of a moderator whose account has no two-factor sign-in (docs/decisions/0030). */
export const MODERATOR_NEEDS_2FA = "Moderators must turn on two-factor sign-in in Settings before using moderation.";

/**
 * The user when they are a moderator with two-factor sign-in on (docs/product.md, Trust and safety;
 * docs/decisions/0030: whether through a session or an API token, the account's setting counts).
 * Throws UnauthorizedError (401) without a user, ForbiddenError (403) for anyone else, and
 * ForbiddenError MODERATOR_NEEDS_2FA for a moderator without it.
 */
export function requireModerator<U extends { role?: string | null; twoFactorEnabled?: boolean | null }>(user: U | null | undefined): U {
  const me = requireUser(user);
  if (!isModerator(me)) throw new ForbiddenError("Only moderators can do that");
  if (me.twoFactorEnabled !== true) throw new ForbiddenError(MODERATOR_NEEDS_2FA);
  return me;
}

/**
 * Sets the role of the account with `email` (case-insensitive), logged as `user.role_changed`.
 * Taking the moderator role away ends the account's sessions, so it stops at once. Returns the
 * user id and the previous role. Throws NotFoundError when no account has that email.
 */
export async function setUserRole(db: Db, email: string, role: Role): Promise<{ userId: string; previous: Role }> {
  return db.transaction(async (tx) => {
    const byEmail = eq(sql`lower(${users.email})`, email.trim().toLowerCase());
    // The account's sessions are locked before its users row, the order in which deleting an
    // account and suspending one write them (ARCHITECTURE.md, Locks): a demotion meeting that
    // account's own deletion queues behind it instead of deadlocking.
    await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.userId} in (select ${users.id} from ${users} where ${byEmail})`)
      .orderBy(sessions.id)
      .for("update");
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(byEmail).for("update");
    if (!user) throw new NotFoundError("No account has that email");
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (user.role === "moderator" && role !== "moderator") await tx.delete(sessions).where(eq(sessions.userId, user.id));
    log().info({ event: "user.role_changed", userId: user.id, from: user.role, to: role }, "user.role_changed");
    return { userId: user.id, previous: user.role };
  });
}
