/**
 * better-auth set-up: email and password, sessions stored in the database, httpOnly SameSite=Lax
 * cookies (Secure when APP_URL is https). Sign-up writes the user (account + profile fields
 * userType, name, isActive) and the credential in one transaction (decisions.md).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { RESET_LINK_SECONDS, SESSION_REMEMBER_SECONDS } from "../../shared/constants";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import type { Mailer } from "../email/mailer";
import { passwordResetEmail } from "../email/templates";
import { CLIENT_ADDRESS_HEADER } from "./address-header";
import type { AuthLimits } from "./limits";
import { hashPassword, verifyPassword } from "./password";

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  /** The shared limits: their table also keeps better-auth's own rate-limit counts. */
  limits: AuthLimits;
}

/** Creates the better-auth instance; its HTTP handler is mounted at /api/auth. */
export function createAuth({ db, mailer, appUrl, secret, limits }: AuthOptions) {
  return betterAuth({
    appName: "BuildZA",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db as never, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    user: {
      additionalFields: {
        userType: { type: "string", required: false, defaultValue: "client", input: true },
        isActive: { type: "boolean", required: false, defaultValue: true, input: false },
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
        // Our own set-new-password screen, not better-auth's redirecting callback.
        const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, ...passwordResetEmail({ name: user.name, url }) });
      },
    },
    session: {
      // Remember me: 30 days; otherwise a browser-session cookie and 1 day on the server
      // (better-auth's rememberMe: false) - decisions.md.
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
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
