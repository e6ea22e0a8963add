/**
 * Blocking a user (docs/product.md, Trust and safety, Blocking). A block is one row
 * (user_blocks: blocker, blocked). While it exists:
 * - neither side can message the other (a new conversation or a message in an existing thread);
 * - the blocked user cannot send proposals to the blocker's projects (nor the blocker to theirs);
 * - the blocked user does not see the blocker's contact buttons.
 * The checks run inside the writes' transactions, so a refused write leaves nothing behind.
 */
import { and, desc, eq, or } from "drizzle-orm";
import type { UserType } from "../../shared/constants";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { prepared } from "../db/prepared";
import { userBlocks, users } from "../db/schema";
import { ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";

import { BLOCK_SELF, MESSAGE_BLOCKED_BY_ME, MESSAGE_BLOCKED_BY_THEM, PROPOSAL_BLOCKED_BY_ME, PROPOSAL_BLOCKED_BY_THEM } from "../../shared/moderation";

export { BLOCK_SELF, MESSAGE_BLOCKED_BY_ME, MESSAGE_BLOCKED_BY_THEM, PROPOSAL_BLOCKED_BY_ME, PROPOSAL_BLOCKED_BY_THEM };

/** Who blocked whom between the viewer and another user. */
export type BlockState = "none" | "byMe" | "byThem" | "both";

/** A user the signed-in user blocked, as Settings lists them. `blockedAt` is an ISO date. */
export interface BlockedUser {
  id: string;
  name: string;
  userType: UserType;
  blockedAt: string;
}

/** The block state between `meId` and `otherId` (one indexed query); "none" when either is missing. */
export async function blockState(db: Db | Tx, meId: string | null | undefined, otherId: string): Promise<BlockState> {
  if (!meId || meId === otherId) return "none";
  const rows = await prepared(
    "block_state",
    db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(and(eq(userBlocks.blockerId, meId), eq(userBlocks.blockedId, otherId)), and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, meId))),
      ),
  );
  const byMe = rows.some((r) => r.blockerId === meId);
  const byThem = rows.some((r) => r.blockerId === otherId);
  return byMe && byThem ? "both" : byMe ? "byMe" : byThem ? "byThem" : "none";
}

/**
 * The ids of everyone `meId` blocked or is blocked by (both indexed by user_blocks' two indexes),
 * for lists that hide contact buttons across a block (docs/product.md, Trust and safety, Blocking).
 * At most 1,000; [] when signed out.
 */
export async function blockedEitherWay(db: Db | Tx, meId: string | null | undefined): Promise<string[]> {
  if (!meId) return [];
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, meId), eq(userBlocks.blockedId, meId)))
    .limit(1000);
  return [...new Set(rows.map((r) => (r.blockerId === meId ? r.blockedId : r.blockerId)))];
}

/**
 * Refuses a message between `meId` and `otherId` when either blocked the other: ForbiddenError 403
 * with MESSAGE_BLOCKED_BY_ME or MESSAGE_BLOCKED_BY_THEM. Call inside the sending transaction.
 */
export async function assertMayMessage(db: Db | Tx, meId: string, otherId: string): Promise<void> {
  const state = await blockState(db, meId, otherId);
  if (state === "byMe" || state === "both") throw new ForbiddenError(MESSAGE_BLOCKED_BY_ME);
  if (state === "byThem") throw new ForbiddenError(MESSAGE_BLOCKED_BY_THEM);
}

/**
 * Refuses a proposal by `developerId` to a project of `clientId` when either blocked the other:
 * ForbiddenError 403 with PROPOSAL_BLOCKED_BY_THEM or PROPOSAL_BLOCKED_BY_ME.
 */
export async function assertMayPropose(db: Db | Tx, developerId: string, clientId: string): Promise<void> {
  const state = await blockState(db, developerId, clientId);
  if (state === "byThem" || state === "both") throw new ForbiddenError(PROPOSAL_BLOCKED_BY_THEM);
  if (state === "byMe") throw new ForbiddenError(PROPOSAL_BLOCKED_BY_ME);
}

/**
 * Blocks the user `targetId` for the signed-in user. Blocking twice is the same as once. Returns
 * the block. Throws UnauthorizedError, ValidationError (yourself: BLOCK_SELF), NotFoundError ("User not found").
 */
export async function blockUser(db: Db, user: SessionUser | null, targetId: string): Promise<BlockedUser> {
  const me = requireUser(user);
  if (targetId === me.id) throw new ValidationError({ id: BLOCK_SELF }, BLOCK_SELF);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, name: users.name, userType: users.userType }).from(users).where(eq(users.id, targetId)).limit(1);
    if (!target) throw new NotFoundError("User not found");
    await tx.insert(userBlocks).values({ blockerId: me.id, blockedId: target.id }).onConflictDoNothing();
    const [row] = await tx
      .select({ createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, me.id), eq(userBlocks.blockedId, target.id)));
    return { id: target.id, name: target.name, userType: target.userType, blockedAt: row!.createdAt.toISOString() };
  });
}

/** Lifts the signed-in user's block of `targetId` (nothing happens when there is none). Throws UnauthorizedError. */
export async function unblockUser(db: Db, user: SessionUser | null, targetId: string): Promise<void> {
  const me = requireUser(user);
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, me.id), eq(userBlocks.blockedId, targetId)));
}

/** The users the signed-in user blocked, newest block first. Throws UnauthorizedError. */
export async function listBlockedUsers(db: Db, user: SessionUser | null): Promise<BlockedUser[]> {
  const me = requireUser(user);
  const rows = await db
    .select({ id: users.id, name: users.name, userType: users.userType, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, me.id))
    .orderBy(desc(userBlocks.createdAt));
  return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}
