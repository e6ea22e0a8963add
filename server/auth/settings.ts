/**
 * Settings (/profile, docs/product.md, Developers): change name, change password, sign out of other sessions,
 * download my data and delete my account (POPIA: access to and erasure of personal data).
 * Plain functions taking the database and/or the better-auth instance, the session user, the
 * untrusted input and the request headers; they validate with the shared schemas and throw the
 * typed errors of server/errors.ts.
 */
import { isAPIError } from "better-auth/api";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { changeNameSchema, changePasswordSchema, deleteAccountSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import {
  knownDevices,
  accounts,
  developerProfiles,
  emailOutbox,
  emailPreferences,
  files,
  messages,
  projectDrafts,
  projectInvitations,
  projectReports,
  projects,
  reviews,
  savedDevelopers,
  savedProjects,
  sessions,
  supportMessages,
  twoFactors,
  userBlocks,
  users,
  verifications,
} from "../db/schema";
import { applyEffects } from "../notifications/effects";
import { discardFiles, listMyFiles } from "../files/service";
import { endAccountProjects, lockAccountProjects, type LifecycleDeps } from "../projects/lifecycle";
import { AppError, ConflictError, NotFoundError, requireUser, UnauthorizedError, ValidationError } from "../errors";
import { lockAccountContracts, refuseDeletionWithMoney } from "../payments/contracts";
import { parseInput } from "../validation";
import { signOut } from "./accounts";
import { describeBrowser } from "./devices";
import { listBlockedUsers } from "../blocks/service";
import type { Auth } from "./auth";
import { validationErrorOf } from "./guard";
import { log } from "../log";
import { reviewVisible } from "../reviews/blind";

/** The anonymised name and email a deleted account keeps (its rows stay, its person does not). */
export const DELETED_USER_NAME = "Deleted user";
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;

function codeOf(err: unknown): string | undefined {
  return isAPIError(err) ? (err.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * Renames the signed-in user: users.name and, for a developer, developer_profiles.name (kept equal
 * for search) in one transaction. Returns the new name.
 * Throws UnauthorizedError, ValidationError (name: docs/product.md, Messages and errors messages).
 */
export async function changeName(db: Db, user: SessionUser | null, input: unknown): Promise<{ name: string }> {
  const me = requireUser(user);
  const { name } = parseInput(changeNameSchema, input);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, me.id));
    await tx.update(developerProfiles).set({ name, updatedAt: now }).where(eq(developerProfiles.userId, me.id));
  });
  return { name };
}

/**
 * Changes the password of the signed-in user after checking the current one, and ends every other
 * session (better-auth revokeOtherSessions: all sessions go, a fresh one replaces the caller's).
 * Returns the Set-Cookie headers of the new session, to send with the answer.
 * Throws UnauthorizedError, ValidationError (currentPassword: "Current password is incorrect";
 * newPassword/confirmPassword: schema messages; newPassword: too common, or the account's own
 * email or name, docs/security.md), AppError 400 otherwise.
 */
export async function changePassword(auth: Auth, user: SessionUser | null, input: unknown, requestHeaders: Headers): Promise<{ headers: Headers }> {
  requireUser(user);
  const data = parseInput(changePasswordSchema, input);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: data.currentPassword, newPassword: data.newPassword, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { headers };
  } catch (err) {
    const invalid = validationErrorOf(err);
    if (invalid) throw invalid;
    const code = codeOf(err);
    if (code === "INVALID_PASSWORD") throw new ValidationError({ currentPassword: "Current password is incorrect" });
    if (code === "UNAUTHORIZED") throw new UnauthorizedError();
    if (code === "PASSWORD_TOO_SHORT") throw new ValidationError({ newPassword: "Password must be at least 6 characters" });
    log().error({ err }, "change password failed");
    throw new AppError(400, "change_password_failed", "Failed to change password");
  }
}

/** One of the user's sessions as Settings lists it (docs/product.md, Accounts "Sessions"). */
export interface SessionListing {
  id: string;
  /** "Chrome on Android" (from its User-Agent, via bowser). */
  browser: string;
  /** The client address it signed in from, or "" when unknown. */
  address: string;
  /** When it signed in, and when it was last renewed (a session in use is renewed daily); ISO. */
  signedInAt: string;
  lastActiveAt: string;
  /** The session of this request (signed out with Sign out, not here). */
  current: boolean;
}

/**
 * The user's sessions that still work (not expired), this one first, then newest first, at most
 * 50. The current session is the one of `requestHeaders`.
 */
export async function listMySessions(db: Db, auth: Auth, user: SessionUser, requestHeaders: Headers): Promise<SessionListing[]> {
  const current = await auth.api.getSession({ headers: requestHeaders });
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  const listed = rows.map((r) => ({
    id: r.id,
    browser: describeBrowser(r.userAgent),
    address: r.ipAddress ?? "",
    signedInAt: r.createdAt.toISOString(),
    lastActiveAt: r.updatedAt.toISOString(),
    current: r.id === current?.session.id,
  }));
  return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
}

/**
 * Ends one other session of the signed-in user (Settings, "Sign out" beside it): on every
 * instance at once (deleting the row notifies the session caches, decision 0024). Its browser
 * is signed out on its next request. Throws UnauthorizedError, NotFoundError (not one of the
 * user's sessions), ConflictError (the current one: use Sign out).
 */
export async function signOutSession(db: Db, auth: Auth, user: SessionUser | null, sessionId: unknown, requestHeaders: Headers): Promise<void> {
  const me = requireUser(user);
  const current = await auth.api.getSession({ headers: requestHeaders });
  if (typeof sessionId !== "string" || sessionId.length === 0 || sessionId.length > 200) throw new NotFoundError("Session not found");
  if (current?.session.id === sessionId) throw new ConflictError("This is the session you are using: sign out from the account menu instead");
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, me.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFoundError("Session not found");
}

/**
 * Ends every session of the signed-in user except the one of `requestHeaders`.
 * Throws UnauthorizedError (no session).
 */
export async function signOutOtherSessions(auth: Auth, requestHeaders: Headers): Promise<void> {
  try {
    await auth.api.revokeOtherSessions({ headers: requestHeaders });
  } catch (err) {
    if (codeOf(err) === "UNAUTHORIZED" || (isAPIError(err) && err.statusCode === 401)) throw new UnauthorizedError();
    throw err;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything stored about a user, as the "Download my data" file holds it. */
export interface MyData {
  exportedAt: string;
  account: {
    id: string;
    name: string;
    email: string;
    userType: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    isActive: boolean;
    createdAt: string;
    updatedAt: string;
  };
  credentials: Array<{ providerId: string; createdAt: string; updatedAt: string }>;
  developerProfile: Record<string, unknown> | null;
  reviewsAboutMe: Array<{ id: string; clientName: string; rating: number; comment: string; projectTitle: string; projectId: string | null; createdAt: string }>;
  reviewsWritten: Array<{
    id: string;
    developerId: string;
    rating: number;
    comment: string;
    projectTitle: string;
    projectId: string | null;
    createdAt: string;
  }>;
  projects: Array<Record<string, unknown>>;
  projectReports: Array<{ id: string; projectId: string; reason: string; createdAt: string }>;
  sessions: Array<{ createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }>;
  /** Messages the user sent (docs/product.md, Messages and notifications), oldest first. */
  messagesSent: Array<{ conversationId: string; seq: number; body: string; createdAt: string }>;
  emailPreferences: Record<string, boolean> | null;
  /** The users I blocked (docs/product.md, Trust and safety, Blocking). */
  blockedUsers: Array<{ id: string; name: string; blockedAt: string }>;
  /** Every file I uploaded: name, type, bytes, SHA-256, where attached, download path (docs/product.md, Files). */
  files: Awaited<ReturnType<typeof listMyFiles>>;
  /** Contact-form messages sent from the account or with its address (docs/product.md, Support), oldest first. */
  supportMessages: Array<{ id: string; name: string; email: string; subject: string; message: string; createdAt: string }>;
}

/**
 * The support messages that are the person's (docs/product.md, Support): sent while signed in to
 * the account, or carrying the account's address (lower-case, as the schema stores it).
 */
const supportMessagesOf = (userId: string, email: string) => or(eq(supportMessages.userId, userId), eq(supportMessages.email, email.toLowerCase()));

/**
 * Everything stored about the signed-in user (POPIA access request), JSON-serialisable: the
 * account, the sign-in methods (never the password hash), the developer profile, reviews about
 * them and by them, their projects and reports, their sessions (never the tokens), the messages
 * they sent, their email switches, their files and their support messages.
 * Throws UnauthorizedError.
 */
export async function exportMyData(db: Db, user: SessionUser | null): Promise<MyData> {
  const me = requireUser(user);
  const [account] = await db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!account) throw new UnauthorizedError();
  const [credentialRows, [profile], aboutMe, written, projectRows, reportRows, sessionRows, sentRows, [prefs]] = await Promise.all([
    db
      .select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
      .from(accounts)
      .where(eq(accounts.userId, me.id)),
    db.select().from(developerProfiles).where(eq(developerProfiles.userId, me.id)).limit(1),
    // Reviews about me: only visible ones (blind reviews, server/reviews/blind.ts).
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.developerId, me.id), reviewVisible(reviews.hiddenUntil)))
      .orderBy(reviews.createdAt),
    db.select().from(reviews).where(eq(reviews.clientId, me.id)).orderBy(reviews.createdAt),
    db.select().from(projects).where(eq(projects.userId, me.id)).orderBy(projects.createdAt),
    db.select().from(projectReports).where(eq(projectReports.userId, me.id)).orderBy(projectReports.createdAt),
    db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, me.id))
      .orderBy(sessions.createdAt),
    db
      .select({ conversationId: messages.conversationId, seq: messages.seq, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.senderId, me.id))
      .orderBy(messages.createdAt),
    db.select().from(emailPreferences).where(eq(emailPreferences.userId, me.id)).limit(1),
  ]);
  let developerProfile: MyData["developerProfile"] = null;
  if (profile) {
    const { searchVector: _sv, ...rest } = profile;
    developerProfile = { ...rest, createdAt: iso(rest.createdAt), updatedAt: iso(rest.updatedAt) };
  }
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      userType: account.userType,
      emailVerified: account.emailVerified,
      twoFactorEnabled: account.twoFactorEnabled,
      isActive: account.isActive,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    },
    credentials: credentialRows.map((c) => ({ providerId: c.providerId, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() })),
    developerProfile,
    reviewsAboutMe: aboutMe.map((r) => ({
      id: r.id,
      clientName: r.clientName,
      rating: r.rating,
      comment: r.comment,
      projectTitle: r.projectTitle,
      projectId: r.projectId,
      createdAt: r.createdAt.toISOString(),
    })),
    reviewsWritten: written.map((r) => ({
      id: r.id,
      developerId: r.developerId,
      rating: r.rating,
      comment: r.comment,
      projectTitle: r.projectTitle,
      projectId: r.projectId,
      createdAt: r.createdAt.toISOString(),
    })),
    projects: projectRows.map(({ searchVector: _sv, ...p }) => ({
      ...p,
      deadline: iso(p.deadline),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    projectReports: reportRows.map((r) => ({ id: r.id, projectId: r.projectId, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    sessions: sessionRows.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    messagesSent: sentRows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    emailPreferences: prefs ? { newMessage: prefs.newMessage, proposalReceived: prefs.proposalReceived, proposalAccepted: prefs.proposalAccepted } : null,
    files: await listMyFiles(db, me.id),
    blockedUsers: (await listBlockedUsers(db, me)).map(({ id, name, blockedAt }) => ({ id, name, blockedAt })),
    supportMessages: (
      await db
        .select({
          id: supportMessages.id,
          name: supportMessages.name,
          email: supportMessages.email,
          subject: supportMessages.subject,
          message: supportMessages.message,
          createdAt: supportMessages.createdAt,
        })
        .from(supportMessages)
        .where(supportMessagesOf(me.id, account.email))
        .orderBy(supportMessages.createdAt)
    ).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

/**
 * Deletes the signed-in user's account after checking the password (POPIA erasure;
 * docs/product.md, Accounts). In one transaction: the projects and proposals the account is part
 * of move through their state machines (server/projects/lifecycle.ts endAccountProjects: open and
 * hired projects of a client close, ending the hire; a project the developer was hired for takes
 * proposals again; open proposals are withdrawn; completed projects stay completed), and the other
 * side is told; the developer profile and the reviews about it are deleted; reviews they wrote
 * lose the client's name and id; sessions, known browsers, credentials, verifications and unsent emails go; the
 * users row is anonymised ("Deleted user", deleted-<id>@deleted.invalid, inactive, no image);
 * every file the account uploaded is deleted (its bytes queued: run deleteQueuedFiles after);
 * support messages sent from the account or with its address, and the outbox copies of their
 * emails to support, are deleted (docs/product.md, Accounts).
 * Returns the Set-Cookie headers that clear the session cookie.
 * Throws UnauthorizedError, ValidationError (password: "Password is incorrect" or the schema's),
 * ConflictError while money is held for the account (refuseDeletionWithMoney; nothing changes).
 */
export async function deleteAccount(
  deps: LifecycleDeps & { auth: Auth },
  user: SessionUser | null,
  input: unknown,
  requestHeaders: Headers,
): Promise<{ headers: Headers }> {
  const { db, auth } = deps;
  const me = requireUser(user);
  const { password } = parseInput(deleteAccountSchema, input);
  try {
    await auth.api.verifyPassword({ body: { password }, headers: requestHeaders });
  } catch (err) {
    if (codeOf(err) === "INVALID_PASSWORD") throw new ValidationError({ password: "Password is incorrect" });
    if (codeOf(err) === "UNAUTHORIZED" || (isAPIError(err) && err.statusCode === 401)) throw new UnauthorizedError();
    throw err;
  }
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, me.id)).limit(1);
  const email = (row?.email ?? me.email).toLowerCase();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Its contracts, then the projects it moves, are locked first, each in id order (ARCHITECTURE.md,
    // Locks): two deletions meeting on a hire queue instead of deadlocking, and what follows is read
    // after the wait.
    await lockAccountContracts(tx, me.id);
    await lockAccountProjects(tx, me.id);
    // Money held for the account is paid out or given back first (docs/product.md, Accounts).
    // Checked under those locks: a payment settling, or a milestone released or refunded, on one of
    // its contracts commits before, or waits until this deletion is refused or has ended the hire
    // (decision 0060).
    await refuseDeletionWithMoney(tx, me.id);
    await applyEffects(tx, deps, await endAccountProjects(tx, me.id));
    // Mail to the account, sent or not, holds its address and name.
    await tx.delete(emailOutbox).where(eq(emailOutbox.toUserId, me.id));
    // Contact-form messages hold the sender's name, address and words; support's copy of each
    // email in the outbox carries the address as Reply-To (server/support/service.ts).
    await tx.delete(supportMessages).where(supportMessagesOf(me.id, email));
    await tx.delete(emailOutbox).where(and(eq(emailOutbox.template, "support-message"), sql`${emailOutbox.headers}->>'Reply-To' = ${email}`));
    await tx.update(reviews).set({ clientName: "", clientId: null }).where(eq(reviews.clientId, me.id));
    await tx.delete(reviews).where(eq(reviews.developerId, me.id));
    await tx.delete(developerProfiles).where(eq(developerProfiles.userId, me.id));
    // Favourites, the wizard's draft and invitations, theirs and of them (docs/product.md, Journeys).
    await tx.delete(savedProjects).where(eq(savedProjects.userId, me.id));
    await tx.delete(savedDevelopers).where(or(eq(savedDevelopers.userId, me.id), eq(savedDevelopers.developerId, me.id)));
    await tx.delete(projectDrafts).where(eq(projectDrafts.userId, me.id));
    await tx.delete(projectInvitations).where(or(eq(projectInvitations.clientId, me.id), eq(projectInvitations.developerId, me.id)));
    // Every file the person uploaded, wherever attached (POPIA, docs/product.md, Files).
    await discardFiles(tx, eq(files.ownerId, me.id));
    await tx.delete(sessions).where(eq(sessions.userId, me.id));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, me.id));
    await tx.delete(accounts).where(eq(accounts.userId, me.id));
    // Two-factor sign-in (its key and backup codes) and the blocks the person made go with them.
    await tx.delete(twoFactors).where(eq(twoFactors.userId, me.id));
    await tx.delete(userBlocks).where(eq(userBlocks.blockerId, me.id));
    // Reset links carry the user id as value; their identifier is a hash of the token (auth.ts),
    // so the email clause only finds rows written in clear before hashing was switched on.
    await tx
      .delete(verifications)
      .where(
        or(
          eq(verifications.value, me.id),
          sql`position(${me.id} in ${verifications.value}) > 0`,
          sql`position(${email} in lower(${verifications.identifier})) > 0`,
        ),
      );
    await tx
      .update(users)
      .set({ name: DELETED_USER_NAME, email: deletedEmail(me.id), emailVerified: false, image: null, isActive: false, updatedAt: now })
      .where(eq(users.id, me.id));
  });
  log().info({ event: "auth.account_deleted", userId: me.id }, "account deleted");
  // The session row is gone; signOut still answers with the headers that clear the cookie.
  const headers = await signOut(auth, requestHeaders);
  return { headers };
}
