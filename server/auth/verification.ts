/**
 * Email verification (docs/product.md, Trust and safety) through better-auth: the link of the
 * verification email (queued through the outbox at sign-up and on "Resend") opens /verify-email,
 * which checks it here. Links are signed, valid VERIFY_LINK_SECONDS, and work once: a link of an
 * address already verified answers "already used". Resending is limited per account.
 */
import { isAPIError } from "better-auth/api";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { UNVERIFIED_DAILY_LIMITS, VERIFY_EMAILS_PER_HOUR } from "../../shared/constants";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { conversationParticipants, conversations, emailOutbox, projects, proposals, users } from "../db/schema";
import { ConflictError, requireUser, TooManyRequestsError, ValidationError } from "../errors";
import { log } from "../log";
import type { Auth } from "./auth";
import { emailLinkClaims } from "./email-change";
import { enqueueEmail } from "../email/outbox";
import { emailChangedEmail } from "../email/templates";

export const INVALID_VERIFY_LINK = "This verification link is invalid or has expired. Sign in and choose Resend to get a new one.";

/**
 * Verifies the email address of the link's `token`. Returns "verified", or "already" when the
 * address was verified before (the link was used). The link of an email change (server/auth/email-change.ts)
 * returns "changed": the account's address becomes the new one, which the link proved, so it is
 * verified, and the old address is told through the outbox in the same transaction; used again it
 * returns "already". Throws ValidationError INVALID_VERIFY_LINK.
 */
export async function verifyEmailToken(db: Db, auth: Auth, token: string, appUrl = ""): Promise<"verified" | "already" | "changed"> {
  if (!token || token.length > 2000) throw new ValidationError({ token: INVALID_VERIFY_LINK }, INVALID_VERIFY_LINK);
  // better-auth answers the same for a first and a repeated use: look at the account first (the
  // address in the token's payload; better-auth then checks the signature and expiry).
  const claims = emailLinkClaims(token);
  if (!claims) throw new ValidationError({ token: INVALID_VERIFY_LINK }, INVALID_VERIFY_LINK);
  const email = claims.email;
  const [before] = await db
    .select({ id: users.id, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const change = claims.updateTo !== null && claims.requestType === "change-email-verification" ? claims.updateTo : null;
  if (change && !before) {
    // The change was made: the old address has no account any more, the new one has.
    const [done] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, change.toLowerCase()));
    if (done) return "already";
  }
  try {
    const answer = (await auth.api.verifyEmail({ query: { token } })) as { status?: boolean } | null;
    if (!answer?.status || !before) throw new ValidationError({ token: INVALID_VERIFY_LINK }, INVALID_VERIFY_LINK);
    if (change) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, before.id));
        await enqueueEmail(tx, {
          template: "email-changed",
          to: email,
          toUserId: before.id,
          ...emailChangedEmail({ name: before.name, newEmail: change, supportUrl: `${appUrl}/support` }),
        });
      });
      log().info({ event: "auth.email_changed", userId: before.id }, "auth.email_changed");
      return "changed";
    }
    const outcome = before.emailVerified ? "already" : "verified";
    log().info({ event: "auth.email_verified", outcome }, "auth.email_verified");
    return outcome;
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if (isAPIError(err) || (err as { status?: unknown })?.status === "FOUND") throw new ValidationError({ token: INVALID_VERIFY_LINK }, INVALID_VERIFY_LINK);
    throw err;
  }
}

/**
 * Queues a new verification email for the signed-in user. At most VERIFY_EMAILS_PER_HOUR an hour
 * and one a minute (counted in the outbox, so the limit holds across instances). Throws
 * UnauthorizedError, ConflictError (already verified), TooManyRequestsError.
 */
export async function resendVerificationEmail(db: Db, auth: Auth, user: SessionUser | null): Promise<void> {
  const me = requireUser(user);
  if (me.emailVerified) throw new ConflictError("Your email address is already verified");
  const sent = await db
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toUserId, me.id), eq(emailOutbox.template, "email-verification"), gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`)))
    .orderBy(desc(emailOutbox.createdAt));
  const last = sent[0]?.createdAt;
  if (last && Date.now() - last.getTime() < 60_000) {
    throw new TooManyRequestsError("We just sent you a verification email. Please wait a minute before asking again.", 60);
  }
  if (sent.length >= VERIFY_EMAILS_PER_HOUR) throw new TooManyRequestsError("Too many verification emails. Please try again in an hour.", 3600);
  await auth.api.sendVerificationEmail({ body: { email: me.email } });
}

type Limited = keyof typeof UNVERIFIED_DAILY_LIMITS;
const LIMIT_WORDS: Record<Limited, string> = {
  projects: "post more than 3 projects",
  proposals: "send more than 10 proposals",
  conversations: "start more than 10 new conversations",
};

/** The message of an unverified account's daily limit: verifying lifts it. */
export function unverifiedLimitMessage(kind: Limited): string {
  return `Verify your email address to ${LIMIT_WORDS[kind]} a day. Verifying lifts the limit: use the link we emailed you, or choose Resend in the banner.`;
}

/**
 * Refuses (TooManyRequestsError 429, code "unverified_limit") a create by an account whose email
 * is not verified once it made UNVERIFIED_DAILY_LIMITS[kind] in the last 24 hours. Verified
 * accounts are never limited here.
 */
export async function checkUnverifiedLimit(db: Db | Tx, user: SessionUser, kind: Limited): Promise<void> {
  if (user.emailVerified) return;
  const since = sql`now() - interval '24 hours'`;
  let made = 0;
  if (kind === "projects") {
    [{ made = 0 } = { made: 0 }] = await db
      .select({ made: count() })
      .from(projects)
      .where(and(eq(projects.userId, user.id), gt(projects.createdAt, since)));
  } else if (kind === "proposals") {
    [{ made = 0 } = { made: 0 }] = await db
      .select({ made: count() })
      .from(proposals)
      .where(and(eq(proposals.developerId, user.id), gt(proposals.createdAt, since)));
  } else {
    // Conversations the user opened: those whose first message they sent.
    const mine = db.select({ id: conversationParticipants.conversationId }).from(conversationParticipants).where(eq(conversationParticipants.userId, user.id));
    [{ made = 0 } = { made: 0 }] = await db
      .select({ made: count() })
      .from(conversations)
      .where(
        and(
          inArray(conversations.id, mine),
          gt(conversations.createdAt, since),
          sql`exists (select 1 from messages m where m.conversation_id = ${conversations.id} and m.seq = 1 and m.sender_id = ${user.id})`,
        ),
      );
  }
  if (made >= UNVERIFIED_DAILY_LIMITS[kind]) throw new TooManyRequestsError(unverifiedLimitMessage(kind), undefined, "unverified_limit");
}
