/**
 * Changing the email address (docs/product.md, Accounts) through better-auth's changeEmail: Settings
 * asks for the new address and the password; better-auth signs a link (24 hours) that goes to the
 * new address only; the account's address changes when that link is used on /verify-email
 * (verifyEmailToken, server/auth/verification.ts), which then tells the old address through the
 * outbox. An address already in use is refused at once; requests are limited per account.
 */
import { isAPIError } from "better-auth/api";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { EMAIL_CHANGES_PER_HOUR } from "../../shared/constants";
import { changeEmailSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { emailOutbox, users } from "../db/schema";
import { requireUser, TooManyRequestsError, UnauthorizedError, ValidationError } from "../errors";
import { log } from "../log";
import { parseInput } from "../validation";
import type { Auth } from "./auth";

/** The outbox template of the link to the new address (counted by the limit). */
export const EMAIL_CHANGE_TEMPLATE = "email-change-verification";
export const EMAIL_IN_USE = "An account with this email already exists";
export const EMAIL_UNCHANGED = "This is already your email address";
export const EMAIL_CHANGE_TOO_SOON = "We just sent a confirmation link. Please wait a minute before asking again.";
export const EMAIL_CHANGE_TOO_MANY = "Too many email changes. Please try again in an hour.";

/** The claims of a better-auth email link this module cares about, read without checking the signature (better-auth checks it). */
export function emailLinkClaims(token: string): { email: string; updateTo: string | null; requestType: string | null } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof payload.email !== "string") return null;
    return {
      email: payload.email,
      updateTo: typeof payload.updateTo === "string" ? payload.updateTo : null,
      requestType: typeof payload.requestType === "string" ? payload.requestType : null,
    };
  } catch {
    return null;
  }
}

function codeOf(err: unknown): string | undefined {
  return isAPIError(err) ? (err.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * Asks for the signed-in user's address to become `input.newEmail` (the password in
 * `input.password` confirms it is them): queues the link to the new address (template
 * EMAIL_CHANGE_TEMPLATE) and changes nothing yet. At most one a minute and EMAIL_CHANGES_PER_HOUR an
 * hour per account (counted in the outbox, so across instances). Returns the new address. Throws
 * UnauthorizedError, ValidationError (newEmail: EMAIL_IN_USE, EMAIL_UNCHANGED or the schema's;
 * password: "Password is incorrect"), TooManyRequestsError.
 */
export async function requestEmailChange(db: Db, auth: Auth, user: SessionUser | null, input: unknown, requestHeaders: Headers): Promise<string> {
  const me = requireUser(user);
  const { newEmail, password } = parseInput(changeEmailSchema, input);
  if (newEmail === me.email.toLowerCase()) throw new ValidationError({ newEmail: EMAIL_UNCHANGED });
  try {
    await auth.api.verifyPassword({ body: { password }, headers: requestHeaders });
  } catch (err) {
    if (codeOf(err) === "INVALID_PASSWORD") throw new ValidationError({ password: "Password is incorrect" });
    if (isAPIError(err) && err.statusCode === 401) throw new UnauthorizedError();
    throw err;
  }
  // better-auth answers the same for a free and a taken address; Settings says it plainly, as
  // registration does (docs/product.md, Accounts).
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, newEmail))
    .limit(1);
  if (taken) throw new ValidationError({ newEmail: EMAIL_IN_USE });
  const sent = await db
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toUserId, me.id), eq(emailOutbox.template, EMAIL_CHANGE_TEMPLATE), gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`)))
    .orderBy(desc(emailOutbox.createdAt));
  const last = sent[0]?.createdAt;
  if (last && Date.now() - last.getTime() < 60_000) throw new TooManyRequestsError(EMAIL_CHANGE_TOO_SOON, 60);
  if (sent.length >= EMAIL_CHANGES_PER_HOUR) throw new TooManyRequestsError(EMAIL_CHANGE_TOO_MANY, 3600);
  await auth.api.changeEmail({ body: { newEmail }, headers: requestHeaders });
  log().info({ event: "auth.email_change_requested", userId: me.id }, "auth.email_change_requested");
  return newEmail;
}
