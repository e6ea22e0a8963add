/**
 * Personal API tokens (docs/product.md, "Personal API tokens"; docs/decisions/0028): an owner
 * creates, names, lists and revokes them in Settings; a script sends one as
 * `Authorization: Bearer <token>` and /api/v1 treats the request as the owner's, seeing only what
 * the owner may see. The token is 32 random bytes (base64url) behind the "bza_" prefix, shown once;
 * the database keeps its SHA-256 only (a lookup by hash: a 256-bit random secret needs no slow
 * password hash). Each token's requests are rate limited in the shared rate_limits table.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { apiTokenSchema, MAX_API_TOKENS } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { apiTokens, rateLimits, users } from "../db/schema";
import { ConflictError, NotFoundError, requireUser, TooManyRequestsError, UnauthorizedError } from "../errors";
import { UUID } from "../lib/ids";
import { parseInput } from "../validation";
import { queueSecurityNotice } from "../auth/security-emails";

/** Every token starts with this, so secret scanners and people can recognise one. */
export const TOKEN_PREFIX = "bza_";
/** How a token looks: the prefix and 43 base64url characters (32 bytes). */
const TOKEN_SHAPE = /^bza_[A-Za-z0-9_-]{43}$/;

/** Requests one token may make per minute (docs/product.md, Personal API tokens). */
export const TOKEN_REQUESTS_PER_MINUTE = 120;

/** A token as its owner sees it in Settings (never the token itself). */
export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token ("bza_AbC1"), to tell tokens apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const columns = { id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt };

function toApiToken(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiToken {
  return { ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** The signed-in user's tokens, newest first. Throws UnauthorizedError. */
export async function listApiTokens(db: Db, user: SessionUser | null): Promise<ApiToken[]> {
  const me = requireUser(user);
  const rows = await db.select(columns).from(apiTokens).where(eq(apiTokens.userId, me.id)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/**
 * Creates a token named `input.name` for the signed-in user and returns it with the token text,
 * which is never readable again; the owner's address is told by a security email (outbox, same
 * transaction). `ctx.appUrl` is the public origin for its link. Throws UnauthorizedError, ValidationError, ConflictError (already
 * MAX_API_TOKENS tokens).
 */
export async function createApiToken(
  ctx: { db: Db; appUrl: string },
  user: SessionUser | null,
  input: unknown,
): Promise<{ token: string; apiToken: ApiToken }> {
  const me = requireUser(user);
  const { name } = parseInput(apiTokenSchema, input);
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return ctx.db.transaction(async (tx) => {
    // Lock the owner's row, so two creates at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for("update");
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, me.id));
    if (Number(held?.n ?? 0) >= MAX_API_TOKENS) throw new ConflictError(`You can have at most ${MAX_API_TOKENS} API tokens. Revoke one first.`);
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId: me.id, name, tokenHash: hashOf(token), prefix: token.slice(0, 8) })
      .returning(columns);
    // The owner's address hears of it, always (docs/product.md, Accounts "Security emails").
    await queueSecurityNotice(tx, ctx.appUrl, me, "api_token_created", name);
    return { token, apiToken: toApiToken(row!) };
  });
}

/** Revokes (deletes) one of the signed-in user's tokens. Throws UnauthorizedError, NotFoundError "Token not found" (also for another user's token). */
export async function revokeApiToken(db: Db, user: SessionUser | null, id: string): Promise<void> {
  const me = requireUser(user);
  if (!UUID.test(id)) throw new NotFoundError("Token not found");
  const gone = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, me.id)))
    .returning({ id: apiTokens.id });
  if (gone.length === 0) throw new NotFoundError("Token not found");
}

export interface TokenAuthenticator {
  /**
   * The owner of the token of an `Authorization: Bearer` header value as a SessionUser, after
   * counting the request against the token's limit. Throws UnauthorizedError for an unknown,
   * revoked or malformed token or an inactive owner, TooManyRequestsError (Retry-After) past
   * TOKEN_REQUESTS_PER_MINUTE.
   */
  authenticate(token: string): Promise<SessionUser>;
}

/** The bearer-token check of /api/v1, counting requests in `db`'s rate_limits table. */
export function createTokenAuthenticator(db: Db, perMinute: number = TOKEN_REQUESTS_PER_MINUTE): TokenAuthenticator {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: "api_token",
    points: perMinute,
    duration: 60,
    clearExpiredByTimeout: false,
  });
  return {
    async authenticate(token) {
      if (!TOKEN_SHAPE.test(token)) throw new UnauthorizedError("Invalid API token");
      const [row] = await db
        .select({
          tokenId: apiTokens.id,
          lastUsedAt: apiTokens.lastUsedAt,
          id: users.id,
          name: users.name,
          email: users.email,
          userType: users.userType,
          emailVerified: users.emailVerified,
          isActive: users.isActive,
          role: users.role,
          twoFactorEnabled: users.twoFactorEnabled,
          suspendedAt: users.suspendedAt,
          createdAt: users.createdAt,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, hashOf(token)))
        .limit(1);
      // A suspended account's tokens stop with its sessions (docs/product.md, Trust and safety).
      if (!row || !row.isActive || row.suspendedAt) throw new UnauthorizedError("Invalid API token");
      try {
        await limiter.consume(row.tokenId);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        throw new TooManyRequestsError("Too many requests with this API token. Please wait a minute.", Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      }
      // Last use to the minute: one write a minute per token at most.
      const now = new Date();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
        await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
      }
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        userType: row.userType === "developer" ? "developer" : "client",
        emailVerified: row.emailVerified,
        role: row.role === "moderator" ? "moderator" : "member",
        // The account's setting: a token never stands in for the moderators' two-factor rule (decision 0030).
        twoFactorEnabled: row.twoFactorEnabled,
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}
