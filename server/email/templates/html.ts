/** Helpers shared by the email templates. */

/** Escapes text for HTML (the HTML twin of a plain-text email). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** What every template renders: plain text first (cheap on mobile data), optionally an HTML twin. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html?: string;
}
