/**
 * Automatic signals in the moderation queue (docs/product.md, Trust and safety), computed when the
 * queue is read, from the indexed messages of the reported accounts (messages_sender_idx):
 * - "first_message_burst": FIRST_MESSAGE_BURST or more conversations opened by the account within
 *   the last FIRST_MESSAGE_BURST_MINUTES minutes (the pattern of a scammer writing to many people);
 * - "phone_number" and "off_platform_payment": messages of the last SIGNAL_DAYS days holding a
 *   phone number or asking to pay outside BuildZA (shared/moderation.ts patterns).
 */
import { inArray, sql } from "drizzle-orm";
import { OFF_PLATFORM_PAYMENT_PATTERN, PHONE_NUMBER_PATTERN } from "../../shared/moderation";
import type { Db } from "../db/client";
import { messages } from "../db/schema";

export const FIRST_MESSAGE_BURST = 5;
export const FIRST_MESSAGE_BURST_MINUTES = 10;
export const SIGNAL_DAYS = 7;

export type SignalKind = "first_message_burst" | "phone_number" | "off_platform_payment";
/** A signal and how many messages (or first messages) show it. */
export interface Signal {
  kind: SignalKind;
  count: number;
  label: string;
}

/** A JavaScript pattern as a PostgreSQL ARE (the patterns use only syntax both understand, \b aside). */
function toPostgresPattern(re: RegExp): string {
  return re.source.replace(/\\b/g, "\\y").replace(/\(\?:/g, "(");
}

/** The signals of each of `userIds` (users without any are absent from the map). */
export async function signalsFor(db: Db, userIds: string[]): Promise<Map<string, Signal[]>> {
  const out = new Map<string, Signal[]>();
  if (!userIds.length) return out;
  const phone = toPostgresPattern(PHONE_NUMBER_PATTERN);
  const payment = toPostgresPattern(OFF_PLATFORM_PAYMENT_PATTERN);
  const rows = await db
    .select({
      senderId: messages.senderId,
      firstMessages: sql<number>`count(*) filter (where ${messages.seq} = 1 and ${messages.createdAt} > now() - make_interval(mins => ${FIRST_MESSAGE_BURST_MINUTES}))::int`,
      phone: sql<number>`count(*) filter (where ${messages.body} ~ ${phone})::int`,
      payment: sql<number>`count(*) filter (where ${messages.body} ~* ${payment})::int`,
    })
    .from(messages)
    .where(sql`${inArray(messages.senderId, userIds)} and ${messages.createdAt} > now() - make_interval(days => ${SIGNAL_DAYS})`)
    .groupBy(messages.senderId);
  for (const r of rows) {
    const signals: Signal[] = [];
    if (r.firstMessages >= FIRST_MESSAGE_BURST)
      signals.push({
        kind: "first_message_burst",
        count: r.firstMessages,
        label: `${r.firstMessages} new conversations in ${FIRST_MESSAGE_BURST_MINUTES} minutes`,
      });
    if (r.phone > 0) signals.push({ kind: "phone_number", count: r.phone, label: `Phone numbers in ${r.phone} message${r.phone === 1 ? "" : "s"}` });
    if (r.payment > 0)
      signals.push({
        kind: "off_platform_payment",
        count: r.payment,
        label: `Off-platform payment words in ${r.payment} message${r.payment === 1 ? "" : "s"}`,
      });
    if (signals.length) out.set(r.senderId, signals);
  }
  return out;
}
