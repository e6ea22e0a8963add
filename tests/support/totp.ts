/**
 * The current 6-digit code of an authenticator app holding `secret` (the base32 key Settings shows,
 * spaces allowed), made with the same library better-auth checks codes with (@better-auth/utils).
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

export function totpNow(secret: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret.replace(/\s+/g, "")))).totp();
}
