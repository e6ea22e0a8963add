/**
 * Two-factor sign-in (docs/product.md, Accounts; docs/decisions/0030) through better-auth's
 * twoFactor plugin: TOTP from an authenticator app, with 10 single-use backup codes.
 * - Settings turns it on with the password (startTwoFactor: the secret and backup codes, shown
 *   once), and a first code from the app finishes it (confirmTwoFactor); off again with the
 *   password (disableTwoFactor). Both replace the session (better-auth), so their cookie headers
 *   go back with the answer.
 * - Signing in: after the right password better-auth answers "two-factor required" and keeps the
 *   pending sign-in in a signed cookie for 10 minutes; completeTwoFactorSignIn takes the code or a
 *   backup code and creates the session. A wrong password answers as for any account.
 * - Moderators must have it on (requireModerator, server/auth/roles.ts).
 */
import { isAPIError } from "better-auth/api";
import QRCode from "qrcode";
import { confirmPasswordSchema, totpCodeSchema, twoFactorSignInSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import { AppError, requireUser, TooManyRequestsError, UnauthorizedError, ValidationError } from "../errors";
import { log } from "../log";
import { parseInput } from "../validation";
import type { Auth } from "./auth";

export const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
export const WRONG_BACKUP_CODE = "That backup code is not right, or it was already used.";
export const SIGN_IN_EXPIRED = "Your sign-in expired. Please enter your email and password again.";
export const TWO_FACTOR_TOO_MANY = "Too many attempts. Please wait a moment and try again.";

/** What Settings shows once when two-factor sign-in is being turned on. */
export interface TwoFactorSetup {
  /** otpauth:// URI for the QR code. */
  totpURI: string;
  /** The same URI as a QR code: an SVG image as a `data:image/svg+xml` URL (about 4 KB), for an `<img>`. */
  qrCode: string;
  /** The secret in base32, for typing into the app. */
  secret: string;
  backupCodes: string[];
}

/**
 * `uri` as a QR code for an authenticator app's camera: an SVG `data:` URL, drawn on the server so
 * the page loads no QR code library. Error correction M and the standard 4-module quiet zone.
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function bodyOf(err: unknown): { code?: string; message?: string } {
  return isAPIError(err) ? ((err.body as { code?: string; message?: string } | undefined) ?? {}) : {};
}

/** The password check of the plugin's endpoints as the field's ValidationError; rethrows anything else. */
function passwordRefusal(err: unknown): never {
  if (bodyOf(err).code === "INVALID_PASSWORD") throw new ValidationError({ password: "Password is incorrect" });
  if (isAPIError(err) && err.statusCode === 401) throw new UnauthorizedError();
  if (isAPIError(err) && err.statusCode === 429) throw new TooManyRequestsError(TWO_FACTOR_TOO_MANY, 10);
  if (isAPIError(err)) throw new AppError(400, "two_factor_failed", bodyOf(err).message || "Two-factor sign-in could not be changed");
  throw err;
}

/**
 * Starts turning on two-factor sign-in for the signed-in user (`input.password` confirms it is
 * them). Nothing is required at sign-in until confirmTwoFactor. Returns the setup to show once.
 * Throws UnauthorizedError, ValidationError (password), AppError 400 (already on).
 */
export async function startTwoFactor(auth: Auth, user: SessionUser | null, input: unknown, requestHeaders: Headers): Promise<TwoFactorSetup> {
  requireUser(user);
  const { password } = parseInput(confirmPasswordSchema, input);
  try {
    const answer = (await auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: requestHeaders })) as {
      totpURI?: string;
      backupCodes?: string[];
    };
    const totpURI = answer.totpURI ?? "";
    return {
      totpURI,
      qrCode: await qrCodeDataUrl(totpURI),
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      backupCodes: answer.backupCodes ?? [],
    };
  } catch (err) {
    if (bodyOf(err).code === "TOTP_ALREADY_ENABLED") throw new AppError(400, "two_factor_on", "Two-factor sign-in is already on");
    return passwordRefusal(err);
  }
}

/**
 * Finishes turning it on with a first code from the app. Returns the new session's cookie headers
 * (better-auth replaces the session). Throws UnauthorizedError, ValidationError (code: WRONG_CODE).
 */
export async function confirmTwoFactor(auth: Auth, user: SessionUser | null, input: unknown, requestHeaders: Headers): Promise<Headers> {
  const me = requireUser(user);
  const { code } = parseInput(totpCodeSchema, input);
  try {
    const { headers } = await auth.api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true });
    log().info({ event: "auth.two_factor_enabled", userId: me.id }, "auth.two_factor_enabled");
    return headers;
  } catch (err) {
    if (isAPIError(err) && err.statusCode === 401 && bodyOf(err).code !== "INVALID_CODE") throw new UnauthorizedError();
    if (isAPIError(err) && err.statusCode === 429) throw new TooManyRequestsError(TWO_FACTOR_TOO_MANY, 10);
    if (isAPIError(err)) throw new ValidationError({ code: WRONG_CODE });
    throw err;
  }
}

/**
 * Turns two-factor sign-in off (`input.password`). Returns the new session's cookie headers.
 * Throws UnauthorizedError, ValidationError (password).
 */
export async function disableTwoFactor(auth: Auth, user: SessionUser | null, input: unknown, requestHeaders: Headers): Promise<Headers> {
  const me = requireUser(user);
  const { password } = parseInput(confirmPasswordSchema, input);
  try {
    const { headers } = await auth.api.disableTwoFactor({ body: { password }, headers: requestHeaders, returnHeaders: true });
    log().info({ event: "auth.two_factor_disabled", userId: me.id }, "auth.two_factor_disabled");
    return headers;
  } catch (err) {
    return passwordRefusal(err);
  }
}

/**
 * The second step of signing in: `input` { method: "totp" | "backup", code } with the pending
 * sign-in's cookie in `requestHeaders`. A backup code works once. Returns the session cookie
 * headers. Throws ValidationError (code: WRONG_CODE / WRONG_BACKUP_CODE), UnauthorizedError
 * (SIGN_IN_EXPIRED: no or expired pending sign-in), TooManyRequestsError.
 */
export async function completeTwoFactorSignIn(auth: Auth, input: unknown, requestHeaders: Headers): Promise<Headers> {
  const data = parseInput(twoFactorSignInSchema, input);
  try {
    const { headers } =
      data.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code: data.code }, headers: requestHeaders, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: data.code }, headers: requestHeaders, returnHeaders: true });
    log().info({ event: "auth.two_factor_sign_in", method: data.method }, "auth.two_factor_sign_in");
    return headers;
  } catch (err) {
    const { code } = bodyOf(err);
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") throw new ValidationError({ code: data.method === "totp" ? WRONG_CODE : WRONG_BACKUP_CODE });
    if (isAPIError(err) && err.statusCode === 429) throw new TooManyRequestsError(TWO_FACTOR_TOO_MANY, 10);
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "ACCOUNT_TEMPORARILY_LOCKED") throw new TooManyRequestsError(bodyOf(err).message!, 60);
    if (isAPIError(err)) throw new AppError(401, "two_factor_expired", SIGN_IN_EXPIRED);
    throw err;
  }
}
