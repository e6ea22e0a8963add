/**
 * What a status change tells people: notices (the bell, live through NOTIFY) and emails (through
 * the outbox). The transition functions (server/projects/lifecycle.ts, server/proposals/lifecycle.ts)
 * return them as data and `applyEffects` writes them in the same transaction, so a change and its
 * notices commit or roll back together, and a mail failure can never undo a change
 * (ARCHITECTURE.md, State machines and Email outbox).
 */
import { inArray } from "drizzle-orm";
import type { EmailType } from "../../shared/constants";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import { queueUserEmail, type MailContext } from "../email/preferences";
import { paymentUpdateEmail, proposalAcceptedEmail, proposalReceivedEmail, reviewRequestEmail, type RenderedEmail } from "../email/templates";
import { enqueueEmail } from "../email/outbox";
import { addNotification } from "./service";

/** A notice for `userId`: a type, a short text and the in-app link it is about. */
export interface Notice {
  userId: string;
  type: string;
  message: string;
  link: string;
}

/** Data of each email a transition can cause; rendered by its template when applied. */
export type EmailEffect =
  | {
      template: "proposal-received";
      userId: string;
      data: { developerName: string; price: number; durationLabel: string; projectTitle: string; projectId: string };
    }
  | { template: "proposal-accepted"; userId: string; data: { price: number; projectTitle: string; projectId: string } }
  | { template: "payment-update"; userId: string; data: { subject: string; details: string[]; link: string; linkLabel: string } }
  | {
      template: "review-request";
      userId: string;
      data: { otherName: string; projectTitle: string; projectId: string; until: Date; reminder: boolean; otherReviewed: boolean };
    };

/** The switch (docs/product.md, Emails) each email obeys; null: always sent (money held for the recipient). */
const EMAIL_SWITCH: Record<EmailEffect["template"], EmailType | null> = {
  "proposal-received": "proposalReceived",
  "proposal-accepted": "proposalAccepted",
  "payment-update": null,
  "review-request": "reviewRequests",
};

function render(effect: EmailEffect, recipientName: string, appUrl: string): RenderedEmail {
  switch (effect.template) {
    case "proposal-received":
      return proposalReceivedEmail({ recipientName, appUrl, ...effect.data });
    case "proposal-accepted":
      return proposalAcceptedEmail({ recipientName, appUrl, ...effect.data });
    case "payment-update":
      return paymentUpdateEmail({ recipientName, appUrl, ...effect.data });
    case "review-request":
      return reviewRequestEmail({ recipientName, appUrl, ...effect.data });
  }
}

export interface Effects {
  notices: Notice[];
  emails: EmailEffect[];
}

/** No notices, no emails. */
export function noEffects(): Effects {
  return { notices: [], emails: [] };
}

/** `a` followed by each of `more`. */
export function mergeEffects(a: Effects, ...more: Effects[]): Effects {
  return { notices: [...a.notices, ...more.flatMap((m) => m.notices)], emails: [...a.emails, ...more.flatMap((m) => m.emails)] };
}

/**
 * Writes `effects` on `tx`: each notice as a notification (published on commit), each email into
 * the outbox when its recipient has an active account and, for a switchable email, the switch on.
 */
export async function applyEffects(tx: Tx, ctx: MailContext, effects: Effects): Promise<void> {
  for (const n of effects.notices) await addNotification(tx, n.userId, n.type, n.message, n.link);
  if (!effects.emails.length) return;
  const ids = [...new Set(effects.emails.map((e) => e.userId))];
  const people = new Map(
    (await tx.select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive }).from(users).where(inArray(users.id, ids))).map((u) => [
      u.id,
      u,
    ]),
  );
  for (const e of effects.emails) {
    const to = people.get(e.userId);
    if (!to || !to.isActive) continue;
    const content = render(e, to.name, ctx.appUrl);
    const type = EMAIL_SWITCH[e.template];
    if (type) await queueUserEmail(tx, ctx, { userId: to.id, email: to.email }, type, e.template, content);
    else await enqueueEmail(tx, { template: e.template, to: to.email, toUserId: to.id, ...content });
  }
}
