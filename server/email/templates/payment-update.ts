import type { RenderedEmail } from "./html";

/**
 * To a contract's client or developer when money moves or waits on them: a milestone funded,
 * submitted (with the date it releases by itself), sent back for changes, released, refunded,
 * disputed or resolved; a payout paid, failed or reversed. `subject` is the notice's own sentence;
 * `details` are paragraphs (amounts already formatted); `link` is an in-app path. Always sent, no
 * unsubscribe link: it is about money held for the recipient (docs/product.md, Emails).
 */
export function paymentUpdateEmail(d: {
  recipientName: string;
  appUrl: string;
  subject: string;
  details: string[];
  link: string;
  linkLabel: string;
}): RenderedEmail {
  const body = [`Hi ${d.recipientName},`, `${d.subject}.`, ...d.details, `${d.linkLabel}: ${d.appUrl}${d.link}`, "BuildZA"];
  return { subject: d.subject, text: body.join("\n\n") };
}
