/**
 * "You have an unread message" emails (docs/product.md, Emails): a message still unread 10
 * minutes after it was sent is emailed to its recipient, at most once per conversation an hour,
 * and only about messages that no earlier such email covered (emailed_seq). The sweep claims due
 * participant rows with UPDATE ... FOR UPDATE SKIP LOCKED and, in the same transaction, queues
 * their emails in the outbox, so several instances sharing one PostgreSQL server never queue the
 * same email twice, and a claim without its email cannot commit. The outbox sends them
 * (server/email/outbox.ts). The email obeys the "New messages" switch.
 */
import { inArray, sql } from "drizzle-orm";
import { UNREAD_EMAIL_DELAY_MS, UNREAD_EMAIL_INTERVAL_MS } from "../../shared/constants";
import { conversations, users } from "../db/schema";
import type { Db } from "../db/client";
import { queueUserEmail, type MailContext } from "../email/preferences";
import { unreadMessageEmail } from "../email/templates";

interface Claimed {
  conversation_id: string;
  user_id: string;
  other_user_id: string;
  unread_count: number;
}

/**
 * Claims the unread-message emails due at `now` (default: the current time) and queues them.
 * Returns how many were queued (a claimed email whose type is switched off is not).
 */
export async function queueUnreadMessageEmails(deps: { db: Db } & MailContext, now: Date = new Date(), batch = 50): Promise<number> {
  const dueBefore = new Date(now.getTime() - UNREAD_EMAIL_DELAY_MS).toISOString();
  const emailedBefore = new Date(now.getTime() - UNREAD_EMAIL_INTERVAL_MS).toISOString();
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select p.conversation_id, p.user_id
        from conversation_participants p
        where p.unread_count > 0
          and (p.emailed_at is null or p.emailed_at <= ${emailedBefore}::timestamptz)
          and exists (
            select 1 from messages m
            where m.conversation_id = p.conversation_id and m.seq > p.last_read_seq and m.sender_id <> p.user_id
              and m.seq > p.emailed_seq and m.created_at <= ${dueBefore}::timestamptz)
        limit ${batch}
        for update of p skip locked)
      update conversation_participants p
      set emailed_at = ${now.toISOString()}::timestamptz,
          emailed_seq = (select c.last_seq from conversations c where c.id = p.conversation_id)
      from due where p.conversation_id = due.conversation_id and p.user_id = due.user_id
      returning p.conversation_id, p.user_id, p.other_user_id, p.unread_count`);
    const claimed = (result as unknown as { rows: Claimed[] }).rows;
    if (!claimed.length) return 0;

    const ids = [...new Set(claimed.flatMap((c) => [c.user_id, c.other_user_id]))];
    const people = new Map(
      (await tx.select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive }).from(users).where(inArray(users.id, ids))).map((u) => [
        u.id,
        u,
      ]),
    );
    const about = new Map(
      (
        await tx
          .select({ id: conversations.id, title: conversations.projectTitle, preview: conversations.lastMessagePreview })
          .from(conversations)
          .where(
            inArray(
              conversations.id,
              claimed.map((c) => c.conversation_id),
            ),
          )
      ).map((c) => [c.id, c]),
    );
    let queued = 0;
    for (const c of claimed) {
      const recipient = people.get(c.user_id);
      const sender = people.get(c.other_user_id);
      const conversation = about.get(c.conversation_id);
      if (!recipient?.isActive || !sender || !conversation) continue;
      const content = unreadMessageEmail({
        recipientName: recipient.name,
        senderName: sender.name,
        count: c.unread_count,
        projectTitle: conversation.title,
        preview: conversation.preview,
        conversationId: c.conversation_id,
        appUrl: deps.appUrl,
      });
      if (await queueUserEmail(tx, deps, { userId: recipient.id, email: recipient.email }, "newMessage", "unread-message", content)) queued++;
    }
    return queued;
  });
}
