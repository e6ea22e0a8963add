/**
 * Account operations behind the Login, Register, Forgot password and Reset screens
 * (docs/product.md, Accounts). They validate with the shared schemas, call better-auth, and
 * return the Set-Cookie headers to send. better-auth's messages pass through (docs/product.md, Messages and errors).
 */
import { isAPIError } from "better-auth/api";
import { forgotPasswordSchema, INVALID_RESET_LINK, loginSchema, registerSchema, resetPasswordSchema } from "../../shared/schemas";
import { AppError, ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validation";
import type { Auth } from "./auth";
import { withClientAddress } from "./address-header";
import { validationErrorOf } from "./guard";
import type { AuthLimits } from "./limits";
import { log } from "../log";

function messageOf(err: unknown, fallback: string): string {
  if (isAPIError(err)) return (err.body as { message?: string } | undefined)?.message || err.message || fallback;
  return fallback;
}

/**
 * Creates an account (user row with userType, name, isActive, plus its credential, one
 * transaction) and signs it in. Emails are case-insensitive and unique. Returns the user's type
 * and the session cookie headers. Throws ValidationError (also password: too common, or the
 * account's own email or name: docs/security.md), ConflictError (email taken), AppError 400
 * "Registration failed".
 */
export async function registerAccount(auth: Auth, input: unknown, requestHeaders: Headers) {
  const data = parseInput(registerSchema, input);
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { name: data.name, email: data.email, password: data.password, userType: data.userType, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { headers, userId: response.user.id, userType: data.userType };
  } catch (err) {
    const invalid = validationErrorOf(err);
    if (invalid) throw invalid;
    if (isAPIError(err) && (err.body as { code?: string } | undefined)?.code?.startsWith("USER_ALREADY_EXISTS")) {
      throw new ConflictError("An account with this email already exists", { email: "An account with this email already exists" });
    }
    log().error({ err }, "registration failed");
    throw new AppError(400, "registration_failed", messageOf(err, "Registration failed"));
  }
}

/** Where an attempt comes from, for the rate limits (server/auth/limits.ts). */
export interface LimitedBy {
  limits: AuthLimits;
  /** The client address as TRUST_PROXY allows (RequestContext.clientAddress). */
  clientAddress: string;
}

/**
 * Signs in with email and password. rememberMe: 30-day cookie, else a browser-session cookie
 * whose session ends on the server after 1 day (docs/product.md). Throws ValidationError,
 * AppError 401 with better-auth's message ("Invalid email or password") or "Login failed",
 * TooManyRequestsError 429 "Too many attempts. Try again in N seconds." when `guard` is given and
 * a sign-in limit of the email or the client address is reached (docs/decisions/0011-rate-limits.md).
 * `twoFactor` true: the account has two-factor sign-in on and no session was made yet; the
 * headers set the pending sign-in's cookie for completeTwoFactorSignIn (server/auth/two-factor.ts).
 */
export async function signIn(auth: Auth, input: unknown, requestHeaders: Headers, guard?: LimitedBy) {
  const data = parseInput(loginSchema, input);
  const run = async () => {
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email: data.email, password: data.password, rememberMe: data.rememberMe },
        headers: guard ? withClientAddress(requestHeaders, guard.clientAddress) : requestHeaders,
        returnHeaders: true,
      });
      // Two-factor sign-in on (server/auth/two-factor.ts): the password was right, no session yet;
      // the headers carry the pending sign-in's cookie for the code step.
      return { headers, twoFactor: Boolean((response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) };
    } catch (err) {
      throw new AppError(401, "login_failed", messageOf(err, "Login failed"));
    }
  };
  if (!guard) return run();
  return guard.limits.guard("login", { account: data.email, address: guard.clientAddress }, run, () => true);
}

/** Ends the session on the server (docs/product.md) and returns the headers that clear the cookie. */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<Headers> {
  try {
    const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return headers;
  } catch {
    // No session: nothing to end; still clear whatever cookie the browser holds.
    return new Headers();
  }
}

/**
 * Emails a single-use reset link valid 1 hour when the address has an account; answers the same
 * either way (docs/product.md: never reveals whether an email has an account). Throws ValidationError,
 * TooManyRequestsError 429 when `guard` is given and a reset limit of the email or the client
 * address is reached (the same for emails with and without an account).
 */
export async function requestPasswordReset(auth: Auth, input: unknown, guard?: LimitedBy): Promise<void> {
  const data = parseInput(forgotPasswordSchema, input);
  const run = () => auth.api.requestPasswordReset({ body: { email: data.email } }).then(() => undefined);
  if (!guard) return run();
  return guard.limits.guard("reset", { account: data.email, address: guard.clientAddress }, run);
}

/**
 * Sets a new password with a reset token; the token works once, every other reset link of the
 * account stops working and every session of the account is ended. Throws ValidationError
 * (token: INVALID_RESET_LINK; password: too common, or the account's own email or name).
 */
export async function resetPassword(auth: Auth, input: unknown): Promise<void> {
  const data = parseInput(resetPasswordSchema, input);
  try {
    await auth.api.resetPassword({ body: { newPassword: data.password, token: data.token } });
  } catch (err) {
    const invalid = validationErrorOf(err, { newPassword: "password" });
    if (invalid) throw invalid;
    if (isAPIError(err)) throw new ValidationError({ token: INVALID_RESET_LINK }, INVALID_RESET_LINK);
    throw err;
  }
}
