/**
 * What better-auth may do over HTTP (docs/security.md "Authentication"). better-auth validates
 * its bodies with its own loose schemas, so every endpoint we use goes through our shared ones:
 *
 * - an allowlist: the endpoints the product uses answer, every other one is 404 (three layers:
 *   the Hono routes of server/auth/http.ts, `disabledPaths`, and the before-hook below, which
 *   also catches parametrised paths such as /callback/:id that `disabledPaths` cannot name);
 * - the before-hook validates each body with the shared schemas (strict: unknown keys such as
 *   `userType` on /update-user or `image` on sign-up are refused) and the password rules, for
 *   HTTP requests and for the server's own `auth.api` calls alike, and hands better-auth the
 *   parsed (trimmed, lower-cased) body;
 * - the after-hook removes session tokens from every answer: the httpOnly cookie is their only
 *   carrier, so a same-origin script cannot read another session's token.
 */
import { APIError, createAuthMiddleware, getAuthoritativeSessionFromCtx, isAPIError } from "better-auth/api";
import { z } from "zod";
import { USER_TYPES } from "../../shared/constants";
import { emailSchema, fieldErrorsOf, loginSchema, nameSchema, newPasswordSchema, resetTokenSchema, type FieldErrors } from "../../shared/schemas";
import { ValidationError } from "../errors";
import { log } from "../log";
import { passwordProblem } from "./password-policy";

/**
 * The better-auth endpoints served over HTTP under /api/auth, as [method, path]: the JSON API's
 * account flows (README "JSON API") and the Settings ones an API client may need. Anything else,
 * such as /update-user (a rename must also rename the developer profile: server/auth/settings.ts
 * changeName) or /delete-user (DELETE /api/v1/me), is 404.
 */
export const AUTH_HTTP_ENDPOINTS = [
  ["POST", "/sign-up/email"],
  ["POST", "/sign-in/email"],
  ["POST", "/sign-out"],
  ["GET", "/get-session"],
  ["POST", "/request-password-reset"],
  ["POST", "/reset-password"],
  ["POST", "/change-password"],
  ["GET", "/list-sessions"],
  ["POST", "/revoke-other-sessions"],
  // The second step of signing in to an account with two-factor sign-in on (server/auth/two-factor.ts).
  ["POST", "/two-factor/verify-totp"],
  ["POST", "/two-factor/verify-backup-code"],
] as const;

const ALLOWED_PATHS: ReadonlySet<string> = new Set(AUTH_HTTP_ENDPOINTS.map(([, path]) => path));

/**
 * Every other path of better-auth's core endpoints (1.7), for its `disabledPaths` option.
 * tests/unit/auth-guard.test.ts fails when an upgrade adds an endpoint missing here.
 * (Parametrised ones, /callback/:id and /reset-password/:token, are refused by the hook.)
 */
export const DISABLED_AUTH_PATHS = [
  "/sign-in/social",
  "/verify-password",
  "/verify-email",
  "/send-verification-email",
  "/change-email",
  "/update-session",
  "/update-user",
  "/delete-user",
  "/revoke-session",
  "/revoke-sessions",
  "/link-social",
  "/list-accounts",
  "/delete-user/callback",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/error",
  // The twoFactor plugin's endpoints that Settings calls on the server (server/auth/two-factor.ts).
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
];

/** The largest body an /api/auth request may send (bytes); names, emails and passwords are short. */
export const AUTH_BODY_LIMIT = 16 * 1024;

/** An object with exactly these keys: any other key is refused by name (e.g. `userType` on /update-user). */
function exactly<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` : "Send a JSON object",
  });
}

/**
 * better-auth's own redirect fields (its browser client sends them): accepted as short text, as
 * better-auth checks them against the trusted origins; our emails always link to our own screens.
 */
const redirectField = z
  .string({ error: "Must be text" })
  .max(2000, "Must be at most 2000 characters")
  .refine((v) => !/\p{Cc}/u.test(v), "Cannot contain control characters")
  .optional();

const currentPassword = z.string({ error: "Current password is required" }).min(1, "Current password is required").max(128);

/** The body each endpoint accepts (better-auth's field names), checked before better-auth runs. */
const BODY_RULES: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-up/email": exactly({
    name: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    // Chosen once, at registration (docs/product.md); never writable afterwards (/update-user).
    userType: z.enum(USER_TYPES, { error: "Please choose an account type" }).optional(),
    rememberMe: z.boolean({ error: "rememberMe must be true or false" }).optional(),
    callbackURL: redirectField,
  }),
  "/sign-in/email": exactly({
    email: emailSchema,
    password: loginSchema.shape.password,
    rememberMe: z.boolean({ error: "rememberMe must be true or false" }).optional(),
    callbackURL: redirectField,
  }),
  "/request-password-reset": exactly({ email: emailSchema, redirectTo: redirectField }),
  "/reset-password": exactly({ token: resetTokenSchema, newPassword: newPasswordSchema }),
  "/change-password": exactly({
    currentPassword,
    newPassword: newPasswordSchema,
    revokeOtherSessions: z.boolean({ error: "revokeOtherSessions must be true or false" }).optional(),
  }),
  // No "trust this device" (docs/decisions/0030): every sign-in asks for a code.
  "/two-factor/verify-totp": exactly({ code: z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(40, "Enter the code") }),
  "/two-factor/verify-backup-code": exactly({ code: z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(40, "Enter the code") }),
  // Not served over HTTP; should server code ever call it, only the name may change.
  "/update-user": exactly({ name: nameSchema }),
};

/** The code of the 400 answers of the before-hook; server/auth/accounts.ts turns them into ValidationErrors. */
export const AUTH_VALIDATION_CODE = "VALIDATION_FAILED";

/**
 * The ValidationError for a refusal of the before-hook (field names renamed by `rename`, e.g.
 * better-auth's newPassword to the form's password), or null for any other error.
 */
export function validationErrorOf(err: unknown, rename: Record<string, string> = {}): ValidationError | null {
  if (!isAPIError(err)) return null;
  const body = err.body as { code?: string; message?: string; fields?: FieldErrors } | undefined;
  if (body?.code !== AUTH_VALIDATION_CODE || !body.fields) return null;
  const fields = Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [rename[k] ?? k, v]));
  return new ValidationError(fields);
}

function refuse(path: string, fields: FieldErrors): never {
  // Field names only: the values may be passwords.
  log().warn({ event: "auth.input_refused", path, fields: Object.keys(fields) }, "auth input refused");
  throw new APIError("BAD_REQUEST", { code: AUTH_VALIDATION_CODE, message: Object.values(fields)[0] ?? "Please correct the highlighted fields", fields });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Person = { email: string; name: string };

/** The account whose password a body sets (its email and name), or null when unknown (the endpoint then fails on its own). */
async function personOf(ctx: HookContext, body: Record<string, unknown>): Promise<Person | null> {
  if (ctx.path === "/sign-up/email") return { email: String(body.email), name: String(body.name) };
  if (ctx.path === "/reset-password") {
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${String(body.token)}`);
    const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
    return user ? { email: user.email, name: user.name } : null;
  }
  if (ctx.path === "/change-password") {
    const session = await getAuthoritativeSessionFromCtx(ctx);
    return session ? { email: session.user.email, name: session.user.name } : null;
  }
  return null;
}

const PASSWORD_FIELD: Record<string, string> = { "/sign-up/email": "password", "/reset-password": "newPassword", "/change-password": "newPassword" };

/** better-auth `hooks.before`: the allowlist for HTTP requests, then the body rules and password rules. */
export const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  // Only HTTP requests carry `request`; the server's own auth.api calls reach every endpoint.
  if (ctx.request && !ALLOWED_PATHS.has(ctx.path)) throw new APIError("NOT_FOUND", { code: "NOT_FOUND", message: "Not found" });
  const rule = BODY_RULES[ctx.path];
  if (!rule) return;
  const parsed = rule.safeParse(ctx.body);
  if (!parsed.success) refuse(ctx.path, fieldErrorsOf(parsed.error));
  const body = parsed.data;
  const field = PASSWORD_FIELD[ctx.path];
  if (field) {
    const problem = await passwordProblem(String(body[field]), (await personOf(ctx, body)) ?? {});
    if (problem) refuse(ctx.path, { [field]: problem });
  }
  return { context: { body } };
});

/** A session as answers show it: every stored field but the token. */
function withoutToken(session: unknown): unknown {
  if (!session || typeof session !== "object") return session;
  const { token: _token, ...rest } = session as Record<string, unknown>;
  return rest;
}

/**
 * For better-auth's `hooks.after` (server/auth/auth.ts): the answer again without session tokens
 * (sign-in, sign-up, get-session, list-sessions), or undefined to keep it.
 */
export function answerWithoutTokens(ctx: HookContext) {
  const returned: unknown = ctx.context.returned;
  if (!returned || typeof returned !== "object" || returned instanceof Response || returned instanceof Error) return;
  if (Array.isArray(returned)) {
    if (ctx.path === "/list-sessions") return ctx.json(returned.map(withoutToken));
    return;
  }
  const answer = returned as Record<string, unknown>;
  if ("token" in answer || (answer.session && typeof answer.session === "object" && "token" in answer.session)) {
    const { token: _token, ...rest } = answer;
    return ctx.json("session" in rest ? { ...rest, session: withoutToken(rest.session) } : rest);
  }
}
