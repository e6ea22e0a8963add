/**
 * Per-instance cache of resolved sessions (docs/decisions/0024-session-cache-and-revocation.md).
 *
 * Without it every signed-in request asked better-auth for its session (a session and a user
 * lookup), and every event stream did so again every 20 s. An entry maps the request's session
 * cookie to its user and session expiry and lives at most `ttlMs` (default 60 s) and never past
 * the session's expiry. It is dropped at once:
 * - on every instance, when the `buildza_sessions` channel names its user: triggers on `sessions`
 *   and `users` (drizzle/0008) notify on commit when a session is deleted (sign-out, password
 *   change or reset, revoke, account deletion) or a user row changes;
 * - on this instance, after any write request by that user (so the instance that signed a user
 *   out never waits for its own notification);
 * - entirely, when the LISTEN connection was lost (notifications may have been missed).
 * A lookup that started before a revocation does not store its answer (a generation counter).
 * Only signed-in answers are cached; a request without a session cookie has no session and asks
 * nothing (better-auth reads the session from that cookie only: no bearer plugin, server/auth/auth.ts).
 */
import type { Auth } from "../auth/auth";
import type { SessionUser } from "../context";
import type { Database } from "../db/client";
import { log } from "../log";

/** The channel the triggers of drizzle/0008 notify, payload: the user id. */
export const SESSIONS_CHANNEL = "buildza_sessions";

/** A resolved session: its user, and when the session expires (ms since the epoch). */
export interface ResolvedSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: number;
}

export interface SessionCacheOptions {
  /** Longest an entry is trusted without asking the database, in ms (default 60 000). */
  ttlMs?: number;
  /** Entries kept at most (oldest dropped first; default 20 000). */
  maxEntries?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

interface Entry {
  session: ResolvedSession;
  until: number;
}

export interface SessionCache {
  /** The session of a request (null: none, expired, or its user is deactivated). */
  resolve(headers: Headers): Promise<ResolvedSession | null>;
  /** Drops every entry of `userId` on this instance. */
  forgetUser(userId: string): void;
  /** After a write request: drops every entry of the user whose cached session `headers` carry. */
  forgetOwnerOf(headers: Headers): void;
  /** Calls `listener` with the user id of every revocation this instance learns of. */
  onRevoked(listener: (userId: string) => void): () => void;
  /** Entries held (tests, metrics). */
  size(): number;
  /** Stops listening. */
  close(): Promise<void>;
}

/** The session cookie's value(s) of a Cookie header: the cache key; null without one. */
export function sessionCookieKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.endsWith(".session_token")) values.push(`${name}=${part.slice(eq + 1).trim()}`);
  }
  return values.length ? values.sort().join("; ") : null;
}

/** Asks better-auth (the database) for the session of `headers`. */
export async function lookupSession(auth: Auth, headers: Headers): Promise<ResolvedSession | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const u = found.user as typeof found.user & {
    userType?: string;
    isActive?: boolean;
    role?: string;
    suspendedAt?: Date | string | null;
    twoFactorEnabled?: boolean | null;
  };
  // A deleted or suspended account's sessions stop at once (suspension also deletes them).
  if (u.isActive === false || u.suspendedAt) return null;
  return {
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      userType: u.userType === "developer" ? "developer" : "client",
      emailVerified: u.emailVerified,
      role: u.role === "moderator" ? "moderator" : "member",
      twoFactorEnabled: u.twoFactorEnabled === true,
      createdAt: new Date(u.createdAt).toISOString(),
    },
    sessionId: found.session.id,
    expiresAt: new Date(found.session.expiresAt).getTime(),
  };
}

/**
 * Creates the cache of one instance and starts listening for revocations on `database`; resolves
 * once LISTEN is in place, so no revocation committed after that is missed.
 */
export async function createSessionCache(auth: Auth, database: Pick<Database, "listen">, options: SessionCacheOptions = {}): Promise<SessionCache> {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  const listeners = new Set<(userId: string) => void>();
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfUser.get(entry.session.user.id);
    keys?.delete(key);
    if (keys && !keys.size) keysOfUser.delete(entry.session.user.id);
  };
  const forgetUser = (userId: string) => {
    generation++;
    for (const key of keysOfUser.get(userId) ?? []) entries.delete(key);
    keysOfUser.delete(userId);
  };
  const revoked = (userId: string) => {
    forgetUser(userId);
    for (const listener of listeners) {
      try {
        listener(userId);
      } catch (err) {
        log().warn({ err }, "session revocation listener failed");
      }
    }
  };

  const unlisten = await database.listen(
    SESSIONS_CHANNEL,
    (payload) => revoked(payload),
    () => {
      // Notifications may have been lost while the connection was down: trust nothing cached.
      generation++;
      const users = [...keysOfUser.keys()];
      entries.clear();
      keysOfUser.clear();
      for (const userId of users) for (const listener of listeners) listener(userId);
    },
  );

  return {
    async resolve(headers) {
      const key = sessionCookieKey(headers.get("cookie"));
      // No session cookie, no session: better-auth is not asked (it would cost ~1 ms per request).
      if (!key) return null;
      const hit = entries.get(key);
      const t = now();
      if (hit && hit.until > t && hit.session.expiresAt > t) return hit.session;
      if (hit) drop(key);
      const started = generation;
      const session = await lookupSession(auth, headers);
      if (session && started === generation) {
        if (entries.size >= maxEntries) drop(entries.keys().next().value!);
        entries.set(key, { session, until: t + ttlMs });
        let keys = keysOfUser.get(session.user.id);
        if (!keys) keysOfUser.set(session.user.id, (keys = new Set()));
        keys.add(key);
      }
      return session;
    },
    forgetUser,
    forgetOwnerOf(headers) {
      const key = sessionCookieKey(headers.get("cookie"));
      const entry = key ? entries.get(key) : undefined;
      if (entry) forgetUser(entry.session.user.id);
    },
    onRevoked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => entries.size,
    close: unlisten,
  };
}
