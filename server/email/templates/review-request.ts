import { formatDate } from "../../../shared/format";
import type { RenderedEmail } from "./html";

/**
 * To the client or the hired developer of a completed project: review the other side (switch
 * "Review requests"; docs/product.md, Reviews). `reminder` is the one reminder REVIEW_REMINDER_DAYS
 * after completion; `otherReviewed` says the other side's review is waiting (blind reviews: it is
 * shown once this one is written). `until` is the last day a review can be written.
 */
export function reviewRequestEmail(d: {
  recipientName: string;
  appUrl: string;
  otherName: string;
  projectTitle: string;
  projectId: string;
  until: Date | string;
  reminder: boolean;
  otherReviewed: boolean;
}): RenderedEmail {
  const subject = d.reminder ? `Reminder: review ${d.otherName} on "${d.projectTitle}"` : `"${d.projectTitle}" is complete: review ${d.otherName}`;
  const opening = d.reminder
    ? `You have not reviewed ${d.otherName} on "${d.projectTitle}" yet.`
    : `"${d.projectTitle}" was completed. How did working with ${d.otherName} go?`;
  const waiting = d.otherReviewed
    ? `${d.otherName} has already reviewed you: their review is shown to you once you write yours.`
    : `Reviews stay hidden until both of you have written one, so neither review sways the other.`;
  const body = [
    `Hi ${d.recipientName},`,
    opening,
    `${waiting} You can review until ${formatDate(d.until)}: a few honest sentences help the next client or developer choose.`,
    `Write your review: ${d.appUrl}/projects/${d.projectId}#review`,
    "BuildZA",
  ];
  return { subject, text: body.join("\n\n") };
}
