/**
 * Notifications (docs/product.md, Messages and notifications): the proposal and review events recorded by the proposals domain and
 * new-message notices, listed newest first with an unread count; one or all can be marked read.
 * Every change publishes a `notification` event so open pages update live.
 */
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { NOTIFICATION_PAGE_SIZE } from "../../shared/constants";
import { pageQuerySchema, seenNotificationsSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { notifications } from "../db/schema";
import { requireUser } from "../errors";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { UUID } from "../lib/ids";
import { publish } from "../realtime/events";
import { parseInput } from "../validation";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A notification as pages and the API see it; `link` is a path inside the app. */
export interface Notification {
  id: string;
  type: string;
  message: string;
  link: string;
  read: boolean;
  createdAt: string;
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

function toNotification(r: { id: string; type: string; message: string; link: string; readAt: Date | null; createdAt: Date }): Notification {
  return { id: r.id, type: r.type, message: r.message, link: r.link, read: r.readAt !== null, createdAt: r.createdAt.toISOString() };
}

/** Records a notification for `userId` inside transaction `tx` and publishes it on commit. */
export async function addNotification(tx: Tx, userId: string, type: string, message: string, link: string): Promise<void> {
  await tx.insert(notifications).values({ userId, type, message, link });
  await publish(tx, { type: "notification", users: [userId] });
}

/**
 * Records "new message" for `userId` about the conversation at `link`: while an earlier such
 * notice is still unread it is refreshed (text and time) instead of stacking one per message.
 */
export async function addMessageNotification(tx: Tx, userId: string, message: string, link: string): Promise<void> {
  const updated = await tx
    .update(notifications)
    .set({ message, createdAt: sql`clock_timestamp()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link), eq(notifications.type, "new_message"), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (!updated.length) await tx.insert(notifications).values({ userId, type: "new_message", message, link });
  await publish(tx, { type: "notification", users: [userId] });
}

/** Marks read the unread notifications of `userId` that link to `link` (opening a conversation). */
export async function markNotificationsReadByLink(tx: Tx, userId: string, link: string): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length) await publish(tx, { type: "notification", users: [userId] });
  return rows.length > 0;
}

/**
 * The signed-in user's notifications, newest first, `limit` (1-50, default 20) per page; the
 * cursor is opaque. Also returns the unread count. Throws UnauthorizedError, ValidationError.
 */
export async function listNotifications(
  db: Db,
  user: SessionUser | null,
  query: unknown,
): Promise<{ notifications: Notification[]; nextCursor: string | null; unreadCount: number }> {
  const me = requireUser(user);
  const { cursor, limit = NOTIFICATION_PAGE_SIZE } = parseInput(pageQuerySchema, query);
  const conditions = [eq(notifications.userId, me.id)];
  if (cursor) {
    const [at, id] = decodeCursor(cursor, ["date", "uuid"]) as [string, string];
    const after = new Date(at);
    conditions.push(or(lt(notifications.createdAt, after), and(eq(notifications.createdAt, after), lt(notifications.id, id)))!);
  }
  const [rows, unread] = await Promise.all([
    prepared(
      "notifications",
      db
        .select(columns)
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1),
    ),
    unreadNotificationCount(db, me.id),
  ]);
  const page = rows.slice(0, limit).map(toNotification);
  const last = page.at(-1);
  return { notifications: page, nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt, last.id]) : null, unreadCount: unread };
}

/** How many notifications `userId` has not read. */
export async function unreadNotificationCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await prepared(
    "unread_notifications",
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  );
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; unknown ids and other users' notifications change nothing. */
export async function markNotificationRead(db: Db, user: SessionUser | null, id: string): Promise<void> {
  const me = requireUser(user);
  if (!UUID.test(id)) return;
  await markRead(db, me.id, eq(notifications.id, id));
}

/**
 * Marks read the still-unread notifications of `userId` that `which` picks (all of them when
 * undefined) and, when any changed, tells the user's tabs (the header badge), in one transaction.
 * Returns how many changed.
 */
async function markRead(db: Db, userId: string, which?: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(which, eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length) await publish(tx, { type: "notification", users: [userId] });
    return rows.length;
  });
}

/** Marks all of the user's notifications read. */
export async function markAllNotificationsRead(db: Db, user: SessionUser | null): Promise<void> {
  const me = requireUser(user);
  await markRead(db, me.id);
}

/**
 * Marks read the notifications `input.ids` (seenNotificationsSchema: 1-50 uuids) that /notifications
 * showed the user, once the page has rendered (decision 0061): only the user's own and only those
 * still unread; others' ids and unknown ids change nothing. Tells the user's tabs (the header badge).
 * Returns how many changed. Throws UnauthorizedError, ValidationError.
 */
export async function markNotificationsSeen(db: Db, user: SessionUser | null, input: unknown): Promise<{ marked: number }> {
  const me = requireUser(user);
  const { ids } = parseInput(seenNotificationsSchema, input);
  return { marked: await markRead(db, me.id, inArray(notifications.id, ids)) };
}
