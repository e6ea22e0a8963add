/**
 * Email switches and unsubscribe links (docs/product.md, Emails). Each email type in EMAIL_TYPES can be switched
 * off in Settings or by the link at the bottom of every such email, which works without signing in:
 * it carries a token signed with the app secret (HS256 JWT via hono/jwt) naming the user and the
 * email type. Security emails (password reset) are not switchable and carry no such link.
 */
import { eq } from "drizzle-orm";
import { sign, verify } from "hono/jwt";
import { EMAIL_TYPES, type EmailType, type UserType } from "../../shared/constants";
import { EMAIL_TYPE_LABELS } from "../../shared/email-labels";
import { emailPreferencesSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { emailPreferences, users } from "../db/schema";
import { requireUser, ValidationError } from "../errors";
import { parseInput } from "../validation";
import { enqueueEmail } from "./outbox";
import { escapeHtml, type RenderedEmail } from "./templates/html";

export type EmailPreferences = Record<EmailType, boolean>;

const ALL_ON = Object.fromEntries(EMAIL_TYPES.map((t) => [t, true])) as EmailPreferences;
const UNSUBSCRIBE_PURPOSE = "unsubscribe";
export const INVALID_UNSUBSCRIBE = "This unsubscribe link is not valid. Sign in and change your email settings in Settings.";

/**
 * The switches Settings shows an account type: the emails that type can get. Only clients receive
 * proposals and only developers get hired; both get messages and review requests. (Every type
 * stays switchable by its unsubscribe link, and updateEmailPreferences accepts them all.)
 */
export function emailTypesFor(userType: UserType): EmailType[] {
  return EMAIL_TYPES.filter(
    (t) => t === "newMessage" || t === "reviewRequests" || (userType === "client" ? t === "proposalReceived" : t === "proposalAccepted" || t === "jobAlerts"),
  );
}

/** The user's switches; every type is on until switched off. */
export async function getEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  if (!row) return { ...ALL_ON };
  return Object.fromEntries(EMAIL_TYPES.map((t) => [t, row[t]])) as EmailPreferences;
}

/** Changes some of the signed-in user's switches ({ newMessage?: boolean, ... }); returns them all. Throws UnauthorizedError, ValidationError. */
export async function updateEmailPreferences(db: Db, user: SessionUser | null, input: unknown): Promise<EmailPreferences> {
  const me = requireUser(user);
  const changes = parseInput(emailPreferencesSchema, input);
  return setPreferences(db, me.id, changes);
}

async function setPreferences(db: Db, userId: string, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => typeof v === "boolean"));
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return Object.fromEntries(EMAIL_TYPES.map((t) => [t, row![t]])) as EmailPreferences;
}

/** The signed token of an unsubscribe link for `userId` and `type` (no expiry: old emails keep working). */
export function unsubscribeToken(secret: string, userId: string, type: EmailType): Promise<string> {
  return sign({ sub: userId, typ: type, purpose: UNSUBSCRIBE_PURPOSE }, secret, "HS256");
}

/** Checks an unsubscribe token; returns who and what, or throws ValidationError (INVALID_UNSUBSCRIBE). */
export async function readUnsubscribeToken(secret: string, token: string): Promise<{ userId: string; type: EmailType }> {
  const invalid = new ValidationError({ token: INVALID_UNSUBSCRIBE }, INVALID_UNSUBSCRIBE);
  if (!token || token.length > 1000) throw invalid;
  try {
    const payload = await verify(token, secret, "HS256");
    const type = payload.typ as EmailType;
    if (payload.purpose !== UNSUBSCRIBE_PURPOSE || typeof payload.sub !== "string" || !EMAIL_TYPES.includes(type)) throw invalid;
    return { userId: payload.sub, type };
  } catch {
    throw invalid;
  }
}

async function resolveUnsubscribe(db: Db, secret: string, token: string) {
  const { userId, type } = await readUnsubscribeToken(secret, token);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new ValidationError({ token: INVALID_UNSUBSCRIBE }, INVALID_UNSUBSCRIBE);
  return { userId, type, label: EMAIL_TYPE_LABELS[type].label, email: user.email };
}

/** What an unsubscribe page shows before and after: the email type's label and the account's email. */
export async function describeUnsubscribe(
  db: Db,
  secret: string,
  token: string,
): Promise<{ type: EmailType; label: string; email: string; subscribed: boolean }> {
  const { userId, type, label, email } = await resolveUnsubscribe(db, secret, token);
  const prefs = await getEmailPreferences(db, userId);
  return { type, label, email, subscribed: prefs[type] };
}

/** Switches off the email type named by a valid token (no session needed). Throws ValidationError. */
export async function unsubscribe(db: Db, secret: string, token: string): Promise<{ type: EmailType; label: string; email: string }> {
  const { userId, type, label, email } = await resolveUnsubscribe(db, secret, token);
  await setPreferences(db, userId, { [type]: false });
  return { type, label, email };
}

/** What queuing an email needs besides the transaction: links point at `appUrl`; `secret` signs unsubscribe links. */
export interface MailContext {
  appUrl: string;
  secret: string;
}

/**
 * Queues a switchable email of `type` to a user on `tx` unless they switched it off: adds the
 * unsubscribe link to the text (and to the HTML part, when the email has one) and the List-Unsubscribe headers (RFC 8058 one-click). Returns
 * whether it was queued. The outbox sends it after commit (server/email/outbox.ts).
 */
export async function queueUserEmail(
  tx: Db,
  ctx: MailContext,
  to: { userId: string; email: string },
  type: EmailType,
  template: string,
  content: RenderedEmail,
): Promise<boolean> {
  const prefs = await getEmailPreferences(tx, to.userId);
  if (!prefs[type]) return false;
  const url = `${ctx.appUrl}/unsubscribe?token=${await unsubscribeToken(ctx.secret, to.userId, type)}`;
  const why = `You get this email because "${EMAIL_TYPE_LABELS[type].label}" emails are on in your BuildZA settings.`;
  await enqueueEmail(tx, {
    template,
    to: to.email,
    toUserId: to.userId,
    subject: content.subject,
    text: `${content.text}\n\n--\n${why} Unsubscribe: ${url}`,
    // An HTML part keeps the same footer, so the link is there whichever part the mail app shows.
    ...(content.html ? { html: `${content.html}<hr><p>${escapeHtml(why)} <a href="${escapeHtml(url)}">Unsubscribe</a></p>` } : {}),
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  return true;
}
