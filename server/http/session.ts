/** Resolves the better-auth session of a request into the domain's SessionUser. */
import type { Auth } from "../auth/auth";
import type { SessionUser } from "../context";

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { userType?: string; isActive?: boolean; role?: string; suspendedAt?: Date | string | null };
  // A deleted or suspended account's sessions stop at once (suspension also deletes them).
  if (u.isActive === false || u.suspendedAt) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    userType: u.userType === "developer" ? "developer" : "client",
    emailVerified: u.emailVerified,
    role: u.role === "moderator" ? "moderator" : "member",
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
