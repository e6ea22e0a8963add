/** Resolves the better-auth session of a request into the domain's SessionUser. */
import type { Auth } from "../auth/auth";
import type { SessionUser } from "../context";

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { userType?: string; isActive?: boolean };
  if (u.isActive === false) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    userType: u.userType === "developer" ? "developer" : "client",
    emailVerified: u.emailVerified,
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
