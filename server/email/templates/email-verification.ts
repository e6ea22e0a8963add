import { escapeHtml, type RenderedEmail } from "./html";

/** The email-address verification email; `url` is valid 24 hours (docs/product.md, Trust and safety). */
export function emailVerificationEmail({ name, url }: { name: string; url: string }): RenderedEmail {
  const text = `Hi ${name},\n\nPlease confirm that this is your email address for BuildZA by opening this link within 24 hours:\n\n${url}\n\nVerified accounts can post more projects, send more proposals and start more conversations each day, and other members see that your email is verified.\n\nIf you did not create a BuildZA account, ignore this email.\n\nBuildZA`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>Please confirm that this is your email address for BuildZA by opening this link within 24 hours:</p><p><a href="${escapeHtml(url)}">Verify my email address</a></p><p>Verified accounts can post more projects, send more proposals and start more conversations each day, and other members see that your email is verified.</p><p>If you did not create a BuildZA account, ignore this email.</p><p>BuildZA</p>`;
  return { subject: "Verify your email address for BuildZA", text, html };
}
