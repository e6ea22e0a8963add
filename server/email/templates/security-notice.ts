import { formatDateTime } from "../../../shared/format";
import { escapeHtml, type RenderedEmail } from "./html";

/** The account security changes that email their owner (docs/product.md, Accounts). */
export type SecurityChange = "password_changed" | "password_reset" | "two_factor_on" | "two_factor_off" | "api_token_created" | "new_sign_in";

const CHANGES: Record<SecurityChange, { subject: string; what: (detail: string) => string }> = {
  password_changed: { subject: "Your BuildZA password was changed", what: () => "The password of your BuildZA account was changed in Settings" },
  password_reset: {
    subject: "Your BuildZA password was reset",
    what: () =>
      "The password of your BuildZA account was reset with a link sent to this address, every session was signed out and its API tokens were revoked,",
  },
  two_factor_on: { subject: "Two-factor sign-in was turned on", what: () => "Two-factor sign-in was turned on for your BuildZA account" },
  two_factor_off: { subject: "Two-factor sign-in was turned off", what: () => "Two-factor sign-in was turned off for your BuildZA account" },
  api_token_created: {
    subject: "A new API token was created on your BuildZA account",
    what: (name) => `A personal API token named "${name}" was created on your BuildZA account (it acts as you on the BuildZA API until revoked in Settings)`,
  },
  new_sign_in: {
    subject: "New sign-in to your BuildZA account",
    what: (where) => `Your BuildZA account was signed in to from a browser it had not been used on before: ${where},`,
  },
};

/**
 * To the account's own address after a security change, always sent (like the reset email: no
 * switch, no unsubscribe link). Says what changed and when (South African time), and what to do
 * if it was not them: reset the password, which ends every session and revokes every API token.
 * `detail` names what the change concerns (an API token's name; for a new sign-in, the browser and address).
 */
export function securityNoticeEmail(d: { name: string; appUrl: string; change: SecurityChange; at: Date; detail?: string }): RenderedEmail {
  const { subject, what } = CHANGES[d.change];
  const first = `${what(d.detail ?? "")} on ${formatDateTime(d.at)}.`;
  const fine = "If this was you, there is nothing more to do.";
  const reset = `${d.appUrl}/forgot-password`;
  const notYou =
    d.change === "password_reset"
      ? "If it was not you, someone can read your email: secure your email account first, then reset your BuildZA password again (that signs everyone out):"
      : "If it was not you, reset your password now (that signs everyone out and revokes every API token) and then turn on two-factor sign-in in Settings:";
  const text = [`Hi ${d.name},`, first, fine, `${notYou}\n${reset}`, "BuildZA"].join("\n\n");
  const html = `<p>Hi ${escapeHtml(d.name)},</p><p>${escapeHtml(first)}</p><p>${escapeHtml(fine)}</p><p>${escapeHtml(notYou)} <a href="${escapeHtml(reset)}">Reset your password</a></p><p>BuildZA</p>`;
  return { subject, text, html };
}
