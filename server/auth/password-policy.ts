/**
 * Password rules beyond the length of the shared schema (docs/security.md "Authentication"):
 * a new password is not one of the ~49,000 common passwords of @zxcvbn-ts/language-common, nor
 * the account's own email, its local part or name. Server only: the list (about 380 KB) is
 * loaded here, once, and never reaches the browser bundle.
 */
import { PASSWORD_COMMON_MESSAGE, personalPasswordProblem } from "../../shared/schemas";

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The common-password list as a set of lower-case words, loaded on first use. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].map((w) => w.toLowerCase())));
  return commonPasswords;
}

/** True when `password` (ignoring case and surrounding blanks) is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.trim().toLowerCase());
}

/**
 * The field message why `password` may not be set for the account `who` (its email and name, when
 * known), or null when it may: PASSWORD_PERSONAL_MESSAGE or PASSWORD_COMMON_MESSAGE of
 * shared/schemas.ts. Length is the shared schema's business (6 to 128 characters).
 */
export async function passwordProblem(password: string, who: { email?: string | null; name?: string | null } = {}): Promise<string | null> {
  const personal = personalPasswordProblem(password, who);
  if (personal) return personal;
  return (await isCommonPassword(password)) ? PASSWORD_COMMON_MESSAGE : null;
}
