/**
 * "You have an unread message" emails (issue 5): a message still unread 10 minutes after it was
 * sent is emailed to its recipient, at most once per conversation an hour, and only about messages
 * that no earlier such email covered (emailed_seq). Each app instance runs the sweep every minute; a row is claimed
 * with UPDATE ... FOR UPDATE SKIP LOCKED before its email goes out, so several instances sharing one
 * PostgreSQL server never send the same email twice. The email respects the "New messages" switch.
 */
import { inArray, sql } from "drizzle-orm";
import { UNREAD_EMAIL_DELAY_MS, UNREAD_EMAIL_INTERVAL_MS } from "../../shared/constants";
import { conversations, users } from "../db/schema";
import { sendUserEmail, type EmailDeps } from "../email/preferences";
import { log } from "../log";

interface Claimed {
  conversation_id: string;
  user_id: string;
  other_user_id: string;
  unread_count: number;
}

/**
 * Claims and sends the unread-message emails due at `now` (default: the current time). Returns
 * how many emails were sent (a claimed email whose type is switched off is not sent).
 */
export async function sendUnreadMessageEmails(deps: EmailDeps, now: Date = new Date(), batch = 50): Promise<number> {
  const dueBefore = new Date(now.getTime() - UNREAD_EMAIL_DELAY_MS).toISOString();
  const emailedBefore = new Date(now.getTime() - UNREAD_EMAIL_INTERVAL_MS).toISOString();
  const result = await deps.db.execute(sql`
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
    (await deps.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u]),
  );
  const about = new Map(
    (
      await deps.db
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
  let sent = 0;
  for (const c of claimed) {
    const recipient = people.get(c.user_id);
    const sender = people.get(c.other_user_id);
    const conversation = about.get(c.conversation_id);
    if (!recipient || !sender || !conversation) continue;
    const count = c.unread_count === 1 ? "a message" : `${c.unread_count} messages`;
    const topic = conversation.title ? ` about "${conversation.title}"` : "";
    try {
      const ok = await sendUserEmail(deps, { userId: recipient.id, email: recipient.email }, "newMessage", {
        subject: `${sender.name} sent you a message on BuildZA`,
        text: `Hi ${recipient.name},\n\n${sender.name} sent you ${count}${topic} that you have not read yet. The latest:\n\n"${conversation.preview}"\n\nRead and reply: ${deps.appUrl}/messages/${c.conversation_id}\n\nBuildZA`,
      });
      if (ok) sent++;
    } catch (err) {
      log().error({ err }, "unread-message email failed");
    }
  }
  return sent;
}

/** Runs the sweep every `intervalMs` (default 60 000 ms) until the returned function is called. */
export function startUnreadEmailJob(deps: EmailDeps, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sendUnreadMessageEmails(deps)).catch((err) => log().error({ err }, "unread-message sweep failed"));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
