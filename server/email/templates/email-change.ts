import { escapeHtml, type RenderedEmail } from "./html";

/**
 * To the new address of an email change: the link that makes the change, valid 24 hours
 * (docs/product.md, Accounts). Nothing changes until it is used.
 */
export function emailChangeVerificationEmail({ name, url }: { name: string; url: string }): RenderedEmail {
  const text = `Hi ${name},\n\nYou asked to use this email address for your BuildZA account. To confirm it, open this link within 24 hours:\n\n${url}\n\nUntil you do, your account keeps its current address.\n\nIf you did not ask for this, ignore this email.\n\nBuildZA`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>You asked to use this email address for your BuildZA account. To confirm it, open this link within 24 hours:</p><p><a href="${escapeHtml(url)}">Confirm my new email address</a></p><p>Until you do, your account keeps its current address.</p><p>If you did not ask for this, ignore this email.</p><p>BuildZA</p>`;
  return { subject: "Confirm your new email address for BuildZA", text, html };
}

/** To the old address once an email change is done (docs/product.md, Accounts). */
export function emailChangedEmail({ name, newEmail, supportUrl }: { name: string; newEmail: string; supportUrl: string }): RenderedEmail {
  const text = `Hi ${name},\n\nThe email address of your BuildZA account was changed to ${newEmail}. BuildZA will no longer write to this address.\n\nIf you did not make this change, contact us at once: ${supportUrl}\n\nBuildZA`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>The email address of your BuildZA account was changed to <strong>${escapeHtml(newEmail)}</strong>. BuildZA will no longer write to this address.</p><p>If you did not make this change, <a href="${escapeHtml(supportUrl)}">contact us</a> at once.</p><p>BuildZA</p>`;
  return { subject: "Your BuildZA email address was changed", text, html };
}
