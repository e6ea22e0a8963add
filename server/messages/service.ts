/**
 * Conversations and messages (docs/product.md, Messages and notifications). A conversation joins two users, optionally about a
 * project; only they may read or post in it (ForbiddenError 403 for anyone else). Sending locks
 * the conversation row and numbers the message (`seq`), so within a conversation the order of
 * numbers is the order of commits: a client that has seen message n catches up with `after=n`
 * without missing or repeating one. Every change publishes a real-time event on commit.
 */
import { checkUnverifiedLimit } from "../auth/verification";
import { assertMayMessage } from "../blocks/service";
import { and, asc, desc, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DELETED_MESSAGE_TEXT, INBOX_PAGE_SIZE, MAX_MESSAGE_FILES, MESSAGE_PAGE_SIZE, MESSAGES_PER_MINUTE, type UserType } from "../../shared/constants";
import { REMOVED_MESSAGE_TEXT } from "../../shared/moderation";
import { EMPTY_MESSAGE, messageListQuerySchema, messageSchema, pageQuerySchema, startConversationSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { conversationParticipants, conversations, files, messages, projectInvitations, projects, proposals, users } from "../db/schema";
import { discardTargetFiles, filesOf, setAttachments, toFileInfo, type FileInfo } from "../files/service";
import { ForbiddenError, NotFoundError, requireUser, TooManyRequestsError, ValidationError } from "../errors";
import { addMessageNotification, markNotificationsReadByLink } from "../notifications/service";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { UUID } from "../lib/ids";
import { photoIdColumn } from "../files/profile-photos";
import { publish } from "../realtime/events";
import { parseInput } from "../validation";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const SELF_CONVERSATION = "You cannot start a conversation with yourself";
export const NOT_A_PARTICIPANT = "You are not part of this conversation";
export const SENDING_TOO_FAST = `You are sending messages too fast: at most ${MESSAGES_PER_MINUTE} a minute. Please wait a moment and try again.`;

/** The other person in a conversation, as the inbox and thread show them. */
export interface Person {
  id: string;
  name: string;
  userType: UserType;
  /** The profile photo's file id (server/files/profile-photos.ts), or null for the initial letter. */
  photoId: string | null;
}

/** One row of the inbox (and the thread's header). Dates are ISO strings. */
export interface ConversationSummary {
  id: string;
  other: Person;
  project: { id: string | null; title: string } | null;
  lastMessage: { preview: string; at: string; fromMe: boolean };
  unreadCount: number;
  /** Number of the newest message; the seq up to which each side has read. */
  lastSeq: number;
  myLastReadSeq: number;
  otherLastReadSeq: number;
}

/** A message; `body` is plain text (never HTML), shown as text with safe links. */
export interface Message {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  /** The text, REMOVED_MESSAGE_TEXT once a moderator removed the message, or DELETED_MESSAGE_TEXT once its sender deleted it. */
  body: string;
  /** Removed by a moderator (docs/product.md, Trust and safety). */
  removed: boolean;
  createdAt: string;
  /** Files and photos sent with it (docs/product.md, Files). */
  attachments: FileInfo[];
}

/**
 * The inbox line of a message: its first non-empty line, at most 140 characters; a message of files
 * without text reads "Sent a file" / "Sent 3 files" (docs/product.md, Messages and notifications).
 */
export function previewOf(body: string, files = 0): string {
  if (!body.trim() && files > 0) return files === 1 ? "Sent a file" : `Sent ${files} files`;
  const line =
    body
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "";
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

function pair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

const other = alias(users, "other_user");
const otherPart = alias(conversationParticipants, "other_part");

function summaryQuery(db: Db | Tx) {
  return db
    .select({
      id: conversations.id,
      otherId: other.id,
      otherName: other.name,
      otherType: other.userType,
      otherPhotoId: photoIdColumn(`"other_user"."id"`),
      projectId: conversations.projectId,
      projectTitle: conversations.projectTitle,
      preview: conversations.lastMessagePreview,
      lastAt: conversationParticipants.lastMessageAt,
      lastSenderId: conversations.lastSenderId,
      lastSeq: conversations.lastSeq,
      unread: conversationParticipants.unreadCount,
      myRead: conversationParticipants.lastReadSeq,
      otherRead: otherPart.lastReadSeq,
      me: conversationParticipants.userId,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(other, eq(other.id, conversationParticipants.otherUserId))
    .innerJoin(
      otherPart,
      and(eq(otherPart.conversationId, conversationParticipants.conversationId), eq(otherPart.userId, conversationParticipants.otherUserId)),
    );
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["execute"]>>[number];

function toSummary(r: SummaryRow): ConversationSummary {
  return {
    id: r.id,
    other: { id: r.otherId, name: r.otherName, userType: r.otherType, photoId: r.otherPhotoId },
    project: r.projectTitle !== null ? { id: r.projectId, title: r.projectTitle } : null,
    lastMessage: { preview: r.preview, at: r.lastAt.toISOString(), fromMe: r.lastSenderId === r.me },
    unreadCount: r.unread,
    lastSeq: r.lastSeq,
    myLastReadSeq: r.myRead,
    otherLastReadSeq: r.otherRead,
  };
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  seq: messages.seq,
  senderId: messages.senderId,
  // A removed message's text never leaves the server again (docs/product.md, Trust and safety).
  body: sql<string>`case when ${messages.deletedAt} is not null then ${DELETED_MESSAGE_TEXT} when ${messages.removedAt} is null then ${messages.body} else ${REMOVED_MESSAGE_TEXT} end`,
  removed: sql<boolean>`(${messages.removedAt} is not null or ${messages.deletedAt} is not null)`,
  createdAt: messages.createdAt,
};

function toMessage(
  r: { id: string; conversationId: string; seq: number; senderId: string; body: string; removed: boolean; createdAt: Date },
  attachments: FileInfo[] = [],
): Message {
  return { ...r, createdAt: r.createdAt.toISOString(), attachments };
}

/** Messages of `rows` with their attachments (one query for the page). */
async function withAttachments(db: Db, rows: Parameters<typeof toMessage>[0][]): Promise<Message[]> {
  const byMessage = await filesOf(
    db,
    "message",
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMessage(r, byMessage.get(r.id) ?? []));
}

/**
 * Attachments count toward the send limit like messages (docs/product.md, Files): the sender's
 * messages and message attachments of the last minute, plus this message and its `adding`
 * files, may not pass MESSAGES_PER_MINUTE. Runs under the sender lock checkSendRate takes.
 */
async function checkAttachmentRate(tx: Tx, senderId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const [row] = await tx
    .select({
      n: sql<number>`(select count(*)::int from ${messages} where ${messages.senderId} = ${senderId} and ${messages.createdAt} >= now() - interval '1 minute')
        + (select count(*)::int from ${files} where ${files.ownerId} = ${senderId} and ${files.targetType} = 'message' and ${files.createdAt} >= now() - interval '1 minute')`,
    })
    .from(sql`(select 1) as one`);
  if ((row?.n ?? 0) + 1 + adding > MESSAGES_PER_MINUTE) throw new TooManyRequestsError(SENDING_TOO_FAST, 60);
}

/**
 * The signed-in user's conversations, newest activity first, `limit` (1-50, default 20) per page
 * with an opaque cursor. One indexed query (conversation_participants_inbox_idx), no N+1.
 */
export async function listConversations(
  db: Db,
  user: SessionUser | null,
  query: unknown,
): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
  const me = requireUser(user);
  const { cursor, limit = INBOX_PAGE_SIZE } = parseInput(pageQuerySchema, query);
  const conditions = [eq(conversationParticipants.userId, me.id)];
  if (cursor) {
    const [at, id] = decodeCursor(cursor, ["date", "uuid"]) as [string, string];
    const after = new Date(at);
    conditions.push(
      or(
        lt(conversationParticipants.lastMessageAt, after),
        and(eq(conversationParticipants.lastMessageAt, after), lt(conversationParticipants.conversationId, id)),
      )!,
    );
  }
  const rows = await prepared(
    "conversations",
    summaryQuery(db)
      .where(and(...conditions))
      .orderBy(desc(conversationParticipants.lastMessageAt), desc(conversationParticipants.conversationId))
      .limit(limit + 1),
  );
  const page = rows.slice(0, limit).map(toSummary);
  const last = page.at(-1);
  return { conversations: page, nextCursor: rows.length > limit && last ? encodeCursor([last.lastMessage.at, last.id]) : null };
}

/**
 * One conversation as its participant `user` sees it. Throws UnauthorizedError, NotFoundError
 * ("Conversation not found"), ForbiddenError (not a participant).
 */
export async function getConversation(db: Db | Tx, user: SessionUser | null, id: string): Promise<ConversationSummary> {
  const me = requireUser(user);
  if (!UUID.test(id)) throw new NotFoundError("Conversation not found");
  const [row] = await summaryQuery(db)
    .where(and(eq(conversationParticipants.conversationId, id), eq(conversationParticipants.userId, me.id)))
    .limit(1);
  if (row) return toSummary(row);
  const [exists] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id)).limit(1);
  if (exists) throw new ForbiddenError(NOT_A_PARTICIPANT);
  throw new NotFoundError("Conversation not found");
}

/** Who `/messages/new?to=` or `?project=` is about, and their existing conversation with the user if any. */
export interface ConversationTarget {
  recipient: Person;
  project: { id: string; title: string } | null;
  conversationId: string | null;
}

/**
 * Resolves `{ to }` (a user id) or `{ projectId }` (its owner, about that project) for the
 * signed-in user. Throws UnauthorizedError, ValidationError (yourself: SELF_CONVERSATION; neither
 * or both given), NotFoundError ("User not found", "Project not found").
 */
export async function findConversationTarget(db: Db | Tx, user: SessionUser | null, input: unknown): Promise<ConversationTarget> {
  const me = requireUser(user);
  const data = parseInput(startConversationSchema, input);
  let recipientId: string;
  let project: { id: string; title: string } | null = null;
  if (data.projectId) {
    if (!UUID.test(data.projectId)) throw new NotFoundError("Project not found");
    const [p] = await db
      .select({ id: projects.id, title: projects.title, userId: projects.userId })
      .from(projects)
      .where(eq(projects.id, data.projectId))
      .limit(1);
    if (!p) throw new NotFoundError("Project not found");
    recipientId = p.userId;
    project = { id: p.id, title: p.title };
    if (data.to && data.to !== p.userId) {
      // The owner writing to a developer about their project (docs/product.md, Journeys "Message a
      // proposer"): only to a developer who proposed on it or was invited to it.
      if (p.userId !== me.id) throw new ForbiddenError("Only the project's owner can message its proposers");
      const [proposal] = await db
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.projectId, p.id), eq(proposals.developerId, data.to)))
        .limit(1);
      const [invited] = proposal
        ? [proposal]
        : await db
            .select({ id: projectInvitations.id })
            .from(projectInvitations)
            .where(and(eq(projectInvitations.projectId, p.id), eq(projectInvitations.developerId, data.to)))
            .limit(1);
      if (!invited) throw new ForbiddenError("You can message developers who proposed on or were invited to this project");
      recipientId = data.to;
    }
  } else {
    recipientId = data.to!;
  }
  if (recipientId === me.id) throw new ValidationError({ to: SELF_CONVERSATION }, SELF_CONVERSATION);
  const [recipient] = await db
    .select({
      id: users.id,
      name: users.name,
      userType: users.userType,
      photoId: photoIdColumn(`"users"."id"`),
    })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!recipient) throw new NotFoundError("User not found");
  const [a, b] = pair(me.id, recipient.id);
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.userAId, a),
        eq(conversations.userBId, b),
        project ? eq(conversations.projectId, project.id) : sql`${conversations.projectTitle} is null`,
      ),
    )
    .limit(1);
  return { recipient, project, conversationId: existing?.id ?? null };
}

/**
 * Opens the conversation described by `input` ({ to } or { projectId }, optional `body` and
 * `attachments`: file ids, as messageSchema), creating
 * it with its first message when it does not exist yet (a new conversation needs a message, so no
 * empty conversations fill inboxes). Returns the conversation, the message sent (if any) and
 * whether the conversation is new. Throws as findConversationTarget and sendMessage.
 */
export async function startConversation(
  db: Db,
  user: SessionUser | null,
  input: unknown,
): Promise<{ conversation: ConversationSummary; message: Message | null; created: boolean }> {
  const me = requireUser(user);
  const data = parseInput(startConversationSchema, input);
  // The first message: text, files, or both (messageSchema checks it again in sendMessage).
  const first = { body: data.body ?? "", attachments: data.attachments ?? [] };
  const hasMessage = first.body.length > 0 || first.attachments.length > 0;
  // Text given but blank (only spaces), with no file: refused, as in the thread.
  if (data.body !== undefined && !hasMessage) throw new ValidationError({ body: EMPTY_MESSAGE }, EMPTY_MESSAGE);
  const target = await findConversationTarget(db, me, data);
  if (target.conversationId) {
    const message = hasMessage ? await sendMessage(db, me, target.conversationId, first) : null;
    return { conversation: await getConversation(db, me, target.conversationId), message, created: false };
  }
  if (!hasMessage) throw new ValidationError({ body: EMPTY_MESSAGE }, EMPTY_MESSAGE);
  // A block either way refuses the conversation before anything is written (docs/product.md, Blocking).
  await assertMayMessage(db, me.id, target.recipient.id);
  await checkUnverifiedLimit(db, me, "conversations");
  const [a, b] = pair(me.id, target.recipient.id);
  // The conversation and its first message, with its files, commit together: a first message refused
  // (the send limit, a file not the sender's) leaves no empty conversation behind.
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversations)
      .values({ userAId: a, userBId: b, projectId: target.project?.id ?? null, projectTitle: target.project?.title ?? null })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    let conversationId = inserted[0]?.id;
    if (conversationId) {
      await tx.insert(conversationParticipants).values([
        { conversationId, userId: me.id, otherUserId: target.recipient.id },
        { conversationId, userId: target.recipient.id, otherUserId: me.id },
      ]);
    } else {
      // Someone opened it at the same moment: write into theirs.
      conversationId = (await findConversationTarget(tx, me, data)).conversationId!;
    }
    const message = await sendMessage(tx, me, conversationId, first);
    return { conversation: await getConversation(tx, me, conversationId), message, created: inserted.length > 0 };
  });
}

async function requireParticipant(tx: Db | Tx, me: SessionUser, conversationId: string) {
  if (!UUID.test(conversationId)) throw new NotFoundError("Conversation not found");
  const [c] = await tx
    .select({ a: conversations.userAId, b: conversations.userBId, lastSeq: conversations.lastSeq, projectTitle: conversations.projectTitle })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!c) throw new NotFoundError("Conversation not found");
  if (c.a !== me.id && c.b !== me.id) throw new ForbiddenError(NOT_A_PARTICIPANT);
  return { ...c, otherId: c.a === me.id ? c.b : c.a };
}

/**
 * The send limit, checked inside the sending transaction: locks the sender's user row (so the
 * sends of one user, on any instance, take turns) and looks at their messages of the last minute,
 * which the index messages_sender_idx serves. Throws TooManyRequestsError (429) with the seconds
 * until the oldest of the last MESSAGES_PER_MINUTE leaves the minute (docs/decisions/0011-rate-limits.md).
 */
async function checkSendRate(tx: Tx, senderId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for("no key update");
  const [limiting] = await tx
    .select({ waitMs: sql<number>`ceil(extract(epoch from (${messages.createdAt} + interval '1 minute' - now())) * 1000)::int` })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gte(messages.createdAt, sql`now() - interval '1 minute'`)))
    .orderBy(desc(messages.createdAt))
    .limit(1)
    .offset(MESSAGES_PER_MINUTE - 1);
  if (limiting) throw new TooManyRequestsError(SENDING_TOO_FAST, Math.max(1, Math.ceil(limiting.waitMs / 1000)));
}

/**
 * Sends a message (body 1-5000 characters, plain text, or none with at least one attachment). At most MESSAGES_PER_MINUTE per sender in
 * any minute, counted in the sending transaction under a lock on the sender, so the limit holds
 * exactly across concurrent sends and app instances (checkSendRate). One transaction: numbers the
 * message under the conversation's row lock, updates both inboxes, the recipient's unread count
 * and new-message notification, and publishes the event. Throws UnauthorizedError, NotFoundError,
 * ForbiddenError (not a participant; a block either way, server/blocks/service.ts), ValidationError, TooManyRequestsError (429, with retryAfter in seconds).
 */
export async function sendMessage(db: Db, user: SessionUser | null, conversationId: string, input: unknown): Promise<Message> {
  const me = requireUser(user);
  const { body, attachments = [] } = parseInput(messageSchema, input);
  const conversation = await requireParticipant(db, me, conversationId);
  const preview = previewOf(body, attachments.length);
  return db.transaction(async (tx) => {
    await assertMayMessage(tx, me.id, conversation.otherId);
    await checkSendRate(tx, me.id);
    await checkAttachmentRate(tx, me.id, attachments.length);
    const [c] = await tx
      .update(conversations)
      .set({ lastSeq: sql`${conversations.lastSeq} + 1`, lastMessageAt: sql`clock_timestamp()`, lastMessagePreview: preview, lastSenderId: me.id })
      .where(eq(conversations.id, conversationId))
      .returning({ seq: conversations.lastSeq, at: conversations.lastMessageAt });
    if (!c) throw new NotFoundError("Conversation not found");
    const [row] = await tx.insert(messages).values({ conversationId, seq: c.seq, senderId: me.id, body, createdAt: c.at }).returning(messageColumns);
    await tx
      .update(conversationParticipants)
      .set({ lastMessageAt: c.at, lastReadSeq: c.seq, unreadCount: 0 })
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, me.id)));
    await tx
      .update(conversationParticipants)
      .set({ lastMessageAt: c.at, unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, conversation.otherId)));
    // The sender has now seen the conversation: their own new-message notice for it is done.
    await markNotificationsReadByLink(tx, me.id, `/messages/${conversationId}`);
    const about = conversation.projectTitle ? ` about "${conversation.projectTitle}"` : "";
    // Files without text: "Thandi sent you 2 files about ...", not "a message: Sent 2 files".
    const what = body ? `a message${about}: ${preview}` : `${attachments.length === 1 ? "a file" : `${attachments.length} files`}${about}`;
    await addMessageNotification(tx, conversation.otherId, `${me.name} sent you ${what}`, `/messages/${conversationId}`);
    await publish(tx, { type: "message", users: [me.id, conversation.otherId], conversationId, seq: c.seq });
    const attached = await setAttachments(tx, me.id, "message", row!.id, attachments, { max: MAX_MESSAGE_FILES, field: "attachments" });
    return toMessage(row!, attached.map(toFileInfo));
  });
}

/**
 * Messages of a conversation in ascending order. Without `after`: the newest page (`limit`,
 * default 30) and `nextCursor`, the seq to pass as `cursor` for the page before it (null at the
 * start). With `cursor`: the page before that seq. With `after`: every message after that seq
 * (up to `limit`), for catching up after a reconnect. Throws as getConversation, ValidationError.
 */
export async function listMessages(
  db: Db,
  user: SessionUser | null,
  conversationId: string,
  query: unknown,
): Promise<{ messages: Message[]; nextCursor: number | null }> {
  const me = requireUser(user);
  const { cursor, after, limit = MESSAGE_PAGE_SIZE } = parseInput(messageListQuerySchema, query);
  await requireParticipant(db, me, conversationId);
  if (after !== undefined) {
    const rows = await db
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, after)))
      .orderBy(asc(messages.seq))
      .limit(limit);
    return { messages: await withAttachments(db, rows), nextCursor: null };
  }
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), cursor !== undefined ? lt(messages.seq, cursor) : undefined))
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const page = await withAttachments(db, rows.slice(0, limit).reverse());
  return { messages: page, nextCursor: rows.length > limit && page[0] ? page[0].seq : null };
}

/**
 * Marks the conversation read by `user` up to `seq` (default: its newest message): recounts their
 * unread messages, marks its new-message notifications read, and tells both sides (the other sees
 * "Seen"). Changes nothing when already read that far. Returns the read seq. Throws as getConversation.
 */
export async function markConversationRead(db: Db, user: SessionUser | null, conversationId: string, seq?: number): Promise<{ lastReadSeq: number }> {
  const me = requireUser(user);
  const conversation = await requireParticipant(db, me, conversationId);
  const upTo = Math.min(seq ?? conversation.lastSeq, conversation.lastSeq);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationParticipants)
      .set({
        lastReadSeq: upTo,
        unreadCount: sql`(select count(*) from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.seq} > ${upTo} and ${messages.senderId} <> ${me.id})::int`,
      })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, me.id),
          lt(conversationParticipants.lastReadSeq, upTo),
        ),
      )
      .returning({ lastReadSeq: conversationParticipants.lastReadSeq });
    await markNotificationsReadByLink(tx, me.id, `/messages/${conversationId}`);
    if (!updated) {
      const [current] = await tx
        .select({ lastReadSeq: conversationParticipants.lastReadSeq })
        .from(conversationParticipants)
        .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, me.id)));
      return { lastReadSeq: current?.lastReadSeq ?? 0 };
    }
    await publish(tx, { type: "read", users: [me.id, conversation.otherId], conversationId, userId: me.id, seq: updated.lastReadSeq });
    return updated;
  });
}

/** Unread messages (all conversations) and unread notifications of one user: the header badges. */
export interface UnreadCounts {
  messages: number;
  notifications: number;
}

// Both badges as scalar subqueries of the user's own row: one round trip, each an index lookup
// (conversation_participants by user, notifications by user and read_at).
const unreadColumns = {
  messages: sql<number>`(select coalesce(sum(cp.unread_count), 0)::int from conversation_participants cp where cp.user_id = "users"."id" and cp.unread_count > 0)`,
  notifications: sql<number>`(select count(*)::int from notifications n where n.user_id = "users"."id" and n.read_at is null)`,
};

/** The header badges of `userId` (docs/product.md, Messages and notifications), in one query; zeros for an unknown user. */
export async function unreadCounts(db: Db | Tx, userId: string): Promise<UnreadCounts> {
  const [row] = await prepared("unread_counts", db.select(unreadColumns).from(users).where(eq(users.id, userId)));
  return { messages: row?.messages ?? 0, notifications: row?.notifications ?? 0 };
}

/**
 * What the header shows a signed-in user, in one query (every signed-in page asks): the unread
 * badges and the profile photo file id (null without one). Unknown user: zeros and null.
 */
export async function headerState(db: Db, userId: string): Promise<{ unread: UnreadCounts; photoId: string | null }> {
  const [row] = await prepared(
    "header_state",
    db
      .select({ ...unreadColumns, photoId: photoIdColumn(`"users"."id"`) })
      .from(users)
      .where(eq(users.id, userId)),
  );
  return { unread: { messages: row?.messages ?? 0, notifications: row?.notifications ?? 0 }, photoId: row?.photoId ?? null };
}

/** One message by conversation and seq, with its attachments (the real-time hub loads what a NOTIFY names). */
export async function messageAt(db: Db, conversationId: string, seq: number): Promise<Message | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.seq, seq)))
    .limit(1);
  // With its files: the real-time event replaces the sender's copy from the POST answer, and the
  // other side shows it as it comes, so a message without them lost its files until a reload.
  return row ? ((await withAttachments(db, [row]))[0] ?? null) : null;
}

/**
 * Deletes a message its sender sent, with its files (POPIA, docs/product.md, Files): its text is
 * overwritten and the row marked deleted, so both participants see DELETED_MESSAGE_TEXT in its
 * place, and the files' bytes are queued for deletion in the same transaction (run
 * deleteQueuedFiles after). When it was the conversation's newest message, the inbox line says
 * "Message deleted". Deleting it again changes nothing.
 * Throws UnauthorizedError, NotFoundError ("Message not found"), ForbiddenError (anyone but its sender).
 */
export async function deleteMessage(db: Db, user: SessionUser | null, messageId: string): Promise<void> {
  const me = requireUser(user);
  if (!UUID.test(messageId)) throw new NotFoundError("Message not found");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, messageId)).for("update");
    if (!row) throw new NotFoundError("Message not found");
    if (row.senderId !== me.id) throw new ForbiddenError("Only its sender can delete a message");
    await discardTargetFiles(tx, "message", [row.id]);
    await tx
      .update(messages)
      .set({ body: DELETED_MESSAGE_TEXT, deletedAt: row.deletedAt ?? new Date() })
      .where(eq(messages.id, row.id));
    await tx
      .update(conversations)
      .set({ lastMessagePreview: "Message deleted" })
      .where(and(eq(conversations.id, row.conversationId), eq(conversations.lastSeq, row.seq)));
    // An open thread replaces the message by its number: the other person sees it deleted at once.
    const participants = await tx
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, row.conversationId));
    await publish(tx, { type: "message", users: participants.map((p) => p.userId), conversationId: row.conversationId, seq: row.seq });
  });
}
