import { escapeHtml, type RenderedEmail } from "./html";

/**
 * To a contract's client or developer when money moves or waits on them: a milestone funded,
 * submitted (with the date it releases by itself), sent back for changes, released, refunded,
 * disputed or resolved; a payout paid, failed or reversed. `subject` is the notice's own sentence;
 * `details` are paragraphs (amounts already formatted); `link` is an in-app path. Always sent, no
 * unsubscribe link: it is about money held for the recipient (docs/product.md, Emails). Plain text
 * with an HTML twin of the same paragraphs, as the account emails have; every name, title and
 * quoted note in it is escaped.
 */
export function paymentUpdateEmail(d: {
  recipientName: string;
  appUrl: string;
  subject: string;
  details: string[];
  link: string;
  linkLabel: string;
}): RenderedEmail {
  const url = `${d.appUrl}${d.link}`;
  const body = [`Hi ${d.recipientName},`, `${d.subject}.`, ...d.details, `${d.linkLabel}: ${url}`, "BuildZA"];
  // A quoted note may hold line breaks: kept as <br> in the HTML twin.
  const paragraph = (s: string) => `<p>${escapeHtml(s).replace(/\r?\n/g, "<br>")}</p>`;
  const html = [
    paragraph(`Hi ${d.recipientName},`),
    paragraph(`${d.subject}.`),
    ...d.details.map(paragraph),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(d.linkLabel)}</a></p>`,
    paragraph("BuildZA"),
  ].join("");
  return { subject: d.subject, text: body.join("\n\n"), html };
}
