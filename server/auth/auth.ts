/**
 * better-auth set-up: email and password, sessions stored in the database, httpOnly SameSite=Lax
 * cookies (Secure when APP_URL is https). Sign-up writes the user (account + profile fields
 * userType, name, isActive) and the credential in one transaction (docs/product.md).
 * Hardening (docs/security.md "Authentication"): an allowlist of HTTP endpoints, bodies checked
 * with the shared schemas and the password rules (guard.ts), no session token in any answer,
 * reset tokens stored hashed and one valid reset link per account.
 */
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { createHash } from "node:crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq, ne } from "drizzle-orm";
import { RESET_LINK_SECONDS, SESSION_REMEMBER_SECONDS, VERIFY_LINK_SECONDS } from "../../shared/constants";
import type { Db } from "../db/client";
import { accounts, apiTokens, sessions, twoFactors, users, verifications } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { log } from "../log";
import { emailChangeVerificationEmail, emailVerificationEmail, passwordResetEmail, type SecurityChange } from "../email/templates";
import { queueSecurityNotice } from "./security-emails";
import { DEVICE_COOKIE, DEVICE_MEMORY_DAYS, recordSignIn } from "./devices";
import { EMAIL_CHANGE_TEMPLATE, emailLinkClaims } from "./email-change";
import { CLIENT_ADDRESS_HEADER } from "./address-header";
import type { AuthLimits } from "./limits";
import { answerWithoutTokens, beforeAuthEndpoint, DISABLED_AUTH_PATHS } from "./guard";
import { hashPassword, verifyPassword } from "./password";
import { suspendedMessage } from "../../shared/moderation";

export interface AuthOptions {
  db: Db;
  appUrl: string;
  secret: string;
  /** The shared limits: their table also keeps better-auth's own rate-limit counts. */
  limits: AuthLimits;
}

/** The auth events worth a log line, by better-auth path (ARCHITECTURE.md, Logging). */
const AUTH_EVENTS: Record<string, string> = {
  "/sign-in/email": "auth.sign_in",
  "/sign-up/email": "auth.sign_up",
  "/sign-out": "auth.sign_out",
  "/change-password": "auth.password_changed",
  "/request-password-reset": "auth.password_reset_requested",
  "/reset-password": "auth.password_reset",
  "/revoke-other-sessions": "auth.other_sessions_revoked",
  "/two-factor/verify-totp": "auth.two_factor_code",
  "/two-factor/verify-backup-code": "auth.two_factor_backup_code",
};

/** A short, stable, non-reversible tag of an email address, to correlate failures without logging the address. */
function emailTag(email: unknown): string | undefined {
  return typeof email === "string" ? createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16) : undefined;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Logs every auth event, on the HTTP API and through auth.api alike: success or failure, the
 * user id when known, an email tag, never a password or token (server/log.ts redacts those too).
 */
function logAuthEvent(ctx: HookContext): void {
  const event = ctx.path ? AUTH_EVENTS[ctx.path] : undefined;
  if (!event) return;
  const returned = ctx.context.returned;
  const failed = isAPIError(returned);
  const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id;
  const fields = { event, outcome: failed ? "failure" : "success", userId, emailTag: emailTag((ctx.body as { email?: unknown } | undefined)?.email) };
  if (failed) log().warn({ ...fields, code: (returned.body as { code?: string } | undefined)?.code, status: returned.statusCode }, `${event} failed`);
  else log().info(fields, event);
}

/** The code steps that finish a two-factor sign-in. */
const TWO_FACTOR_SIGN_IN_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * The security change a successful call of `ctx.path` made, if it emails its owner (docs/product.md,
 * Accounts). Verifying a code with a session already open turns two-factor sign-in on (the second
 * step of signing in has no session yet).
 */
function securityChangeOf(ctx: HookContext): SecurityChange | null {
  if (isAPIError(ctx.context.returned)) return null;
  if (ctx.path === "/change-password") return "password_changed";
  if (ctx.path === "/two-factor/disable") return "two_factor_off";
  if (ctx.path === "/two-factor/verify-totp" && ctx.context.session) return "two_factor_on";
  return null;
}

/** Creates the better-auth instance; its HTTP handler is mounted at /api/auth. */
export function createAuth({ db, appUrl, secret, limits }: AuthOptions) {
  /**
   * One valid reset link per account (docs/security.md): issuing link `token` deletes the user's
   * other verification rows (in this product every verification row is a reset link: email
   * verification is off). Rows store only a hash of the token, so the new row is found through
   * better-auth, which hashes the same way.
   */
  const keepOnlyResetLink = async (userId: string, token: string): Promise<void> => {
    const current = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
    await db.delete(verifications).where(and(eq(verifications.value, userId), current ? ne(verifications.id, current.id) : undefined));
  };

  /**
   * better-auth `hooks.after`: the event's log line; the owner's email after a security change,
   * whichever way it came (Settings or the HTTP API); then the answer without session tokens (guard.ts).
   */
  const afterAuthEndpoint = createAuthMiddleware(async (ctx) => {
    logAuthEvent(ctx);
    const change = securityChangeOf(ctx);
    const user = ctx.context.session?.user ?? ctx.context.newSession?.user;
    if (change && user) await queueSecurityNotice(db, appUrl, user, change);
    await rememberBrowser(ctx);
    return answerWithoutTokens(ctx);
  });

  /**
   * After a sign-up or a finished sign-in (the password alone, or the code step of a two-factor
   * one), the browser is recorded and, when the account has not been used on it before, the owner
   * emailed (server/auth/devices.ts); the device cookie is set again either way.
   */
  const rememberBrowser = async (ctx: HookContext): Promise<void> => {
    const created = ctx.context.newSession;
    if (!created || isAPIError(ctx.context.returned) || !ctx.path) return;
    const signUp = ctx.path === "/sign-up/email";
    // The code step of a sign-in runs without a session; with one, it turns two-factor on.
    const signIn = ctx.path === "/sign-in/email" || (TWO_FACTOR_SIGN_IN_PATHS.has(ctx.path) && !ctx.context.session);
    if (!signUp && !signIn) return;
    // Two-factor sign-in on: the password step gives the browser no session (the plugin's own
    // after-hook, which runs after this one, swaps it for the pending sign-in); the code step counts.
    if (ctx.path === "/sign-in/email" && (created.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
    let id: string;
    try {
      id = await recordSignIn(db, appUrl, {
        user: created.user,
        cookieId: ctx.getCookie(DEVICE_COOKIE),
        userAgent: created.session.userAgent ?? ctx.headers?.get("user-agent"),
        ipAddress: created.session.ipAddress,
        firstBrowser: signUp,
      });
    } catch (err) {
      // The session is made: a sign-in never fails for want of its notice (the next one records the browser).
      log().error({ err, userId: created.user.id }, "could not record the browser of a sign-in");
      return;
    }
    ctx.setCookie(DEVICE_COOKIE, id, {
      httpOnly: true,
      sameSite: "lax",
      secure: appUrl.startsWith("https://"),
      path: "/",
      maxAge: DEVICE_MEMORY_DAYS * 86_400,
    });
  };

  const auth = betterAuth({
    appName: "BuildZA",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db as never, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
      transaction: true,
    }),
    // Served over HTTP: guard.ts AUTH_HTTP_ENDPOINTS only (also enforced by its before-hook and server/auth/http.ts).
    disabledPaths: DISABLED_AUTH_PATHS,
    // Reset tokens are stored as SHA-256 hashes: a leaked table or backup holds no working link.
    verification: { storeIdentifier: "hashed" },
    user: {
      // Settings' email change (server/auth/email-change.ts): the link goes to the new address and
      // the address changes only when it is used; never without it, verified or not.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      additionalFields: {
        // Input at sign-up only: guard.ts refuses it on /update-user (never writable afterwards).
        userType: { type: "string", required: false, defaultValue: "client", input: true },
        isActive: { type: "boolean", required: false, defaultValue: true, input: false },
        // Never input (server/auth/roles.ts): granted by `npm run user:role` only.
        role: { type: "string", required: false, defaultValue: "member", input: false },
        // Set by moderation (server/moderation/service.ts) only.
        suspendedAt: { type: "date", required: false, input: false },
        suspensionReason: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          /**
           * A suspended account gets no session, whatever the way in (sign-in, sign-up, reset):
           * after the password was checked, the sign-in answers with the moderator's reason
           * (docs/product.md, Trust and safety).
           */
          async before(session) {
            // Through better-auth's adapter: inside sign-up's transaction it reads with that
            // transaction (PGlite has one connection; a query beside it would wait forever).
            const user = (await (await auth.$context).internalAdapter.findUserById(session.userId)) as {
              suspendedAt?: Date | null;
              suspensionReason?: string | null;
            } | null;
            if (user?.suspendedAt) throw new APIError("FORBIDDEN", { message: suspendedMessage(user.suspensionReason), code: "ACCOUNT_SUSPENDED" });
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await keepOnlyResetLink(user.id, token);
        // Our own set-new-password screen, not better-auth's redirecting callback.
        const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Through the outbox: a mail server that is down never fails the request (it answers the
        // same either way) and the email is retried.
        await enqueueEmail(db, { template: "password-reset", to: user.email, toUserId: user.id, ...passwordResetEmail({ name: user.name, url }) });
      },
      async onPasswordReset({ user }) {
        // The link used is consumed; any other one of the account stops working too.
        await db.delete(verifications).where(eq(verifications.value, user.id));
        // A reset recovers a lost or taken account: API tokens go with the sessions (docs/product.md, Accounts).
        await db.delete(apiTokens).where(eq(apiTokens.userId, user.id));
        await queueSecurityNotice(db, appUrl, user, "password_reset");
      },
    },
    emailVerification: {
      // Sign-up queues it (after the sign-up transaction commits); a new account can still post
      // at once, within the unverified limits (docs/product.md, Trust and safety).
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      async sendVerificationEmail({ user, token }) {
        // Our own /verify-email page (better-auth's HTTP endpoint stays closed, guard.ts).
        const url = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
        // The link of an email change goes to the new address (user.email here) and says so.
        if (emailLinkClaims(token)?.updateTo) {
          await enqueueEmail(db, {
            template: EMAIL_CHANGE_TEMPLATE,
            to: user.email,
            toUserId: user.id,
            ...emailChangeVerificationEmail({ name: user.name, url }),
          });
          return;
        }
        await enqueueEmail(db, { template: "email-verification", to: user.email, toUserId: user.id, ...emailVerificationEmail({ name: user.name, url }) });
      },
    },
    session: {
      // Remember me: 30 days; otherwise a browser-session cookie and 1 day on the server
      // (better-auth's rememberMe: false) - docs/product.md.
      expiresIn: SESSION_REMEMBER_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: appUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The client address comes from a header only this server sets, from TRUST_PROXY's answer
      // (server/auth/address-header.ts), never from a client's X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    rateLimit: {
      // Every endpoint under /api/auth: better-auth's rules (sign-up 3 per 10 s, ...; others 100 a
      // minute) per client address, counted in the shared rate_limits table, so they hold across
      // instances. Sign-in and reset requests are limited by server/auth/limits.ts instead (per
      // account and per address, docs/decisions/0011-rate-limits.md), in front of better-auth.
      enabled: true,
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": false, "/request-password-reset": false },
      customStorage: limits.betterAuthStorage,
    },
    hooks: { before: beforeAuthEndpoint, after: afterAuthEndpoint },
    plugins: [
      // Two-factor sign-in (docs/product.md, Accounts; docs/decisions/0030): TOTP with backup codes,
      // turned on in Settings with the password and finished by a first code. No "trust this
      // device": every sign-in of such an account asks for a code. The pending sign-in lives 10
      // minutes in better-auth's signed two_factor cookie.
      twoFactor({ issuer: "BuildZA", backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    telemetry: { enabled: false },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
