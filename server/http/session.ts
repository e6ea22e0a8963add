/**
 * Resolves the better-auth session of a request into the domain's SessionUser: through the
 * instance's session cache when it has one (server/http/session-cache.ts, decision 0024), else
 * straight from better-auth.
 */
import type { Auth } from "../auth/auth";
import type { AppDeps, SessionUser } from "../context";
import { lookupSession, sessionCookieKey, type ResolvedSession } from "./session-cache";

/** The request's session with its expiry; null when signed out (no session cookie: nothing asked), expired or deactivated. */
export async function resolveSession(deps: Pick<AppDeps, "auth" | "sessions">, headers: Headers): Promise<ResolvedSession | null> {
  if (deps.sessions) return deps.sessions.resolve(headers);
  return sessionCookieKey(headers.get("cookie")) ? lookupSession(deps.auth, headers) : null;
}

/** The request's signed-in user, or null. Given better-auth alone, it asks the database. */
export async function getSessionUser(deps: Pick<AppDeps, "auth" | "sessions"> | Auth, headers: Headers): Promise<SessionUser | null> {
  const from = "api" in deps ? { auth: deps } : deps;
  return (await resolveSession(from, headers))?.user ?? null;
}
