import { escapeHtml, type RenderedEmail } from "./html";

/** The password reset email; `url` is single-use and valid 1 hour (docs/product.md, Accounts). */
export function passwordResetEmail({ name, url }: { name: string; url: string }): RenderedEmail {
  const text = `Hi ${name},\n\nSomeone asked to reset the password of your BuildZA account. Open this link within 1 hour to choose a new password:\n\n${url}\n\nThe link works once. If you did not ask for this, ignore this email: your password stays as it is.\n\nBuildZA`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>Someone asked to reset the password of your BuildZA account. Open this link within 1 hour to choose a new password:</p><p><a href="${escapeHtml(url)}">Set a new password</a></p><p>The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p><p>BuildZA</p>`;
  return { subject: "Reset your BuildZA password", text, html };
}
