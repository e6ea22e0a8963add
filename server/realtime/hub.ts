/**
 * The real-time hub of one app instance (docs/product.md, Messages and notifications): LISTENs on the events channel and fans each
 * event out to the server-sent-event connections of its users on this instance. Events are
 * handled one at a time, in the order the database delivered them, so message n always reaches a
 * page before message n+1. Each event is loaded once per instance, not once per connection.
 *
 * Data sent to a connection (SSE event name: data):
 * - ready / counts: { messages, notifications } unread counts (ready opens every connection,
 *   also after a reconnect: the page then catches up on what it missed);
 * - message: a Message (server/messages/service.ts);
 * - read: { conversationId, userId, seq };
 * - notification: {} (the notifications changed: refetch if shown);
 * - resync: {} (this instance's LISTEN connection dropped and came back: events may be lost, catch up).
 */
import type { Database, Db } from "../db/client";
import { messageAt, unreadCounts } from "../messages/service";
import { EVENTS_CHANNEL, parseEvent, type RealtimeEvent } from "./events";
import { log } from "../log";

export type Send = (event: string, data: unknown) => void;

export interface RealtimeHub {
  /** Adds a connection of `userId`; returns the function that removes it. */
  subscribe(userId: string, send: Send): () => void;
  /** Open connections on this instance. */
  connectionCount(): number;
  /** Stops listening (call before closing the database). */
  close(): Promise<void>;
}

/** Starts listening on `database`; resolves once LISTEN is in place. */
export async function createRealtimeHub(database: Pick<Database, "listen">, db: Db): Promise<RealtimeHub> {
  const subscribers = new Map<string, Set<Send>>();
  let chain: Promise<void> = Promise.resolve();

  const sendTo = (userId: string, event: string, data: unknown) => {
    for (const send of subscribers.get(userId) ?? []) {
      try {
        send(event, data);
      } catch (err) {
        log().warn({ err }, "SSE send failed");
      }
    }
  };

  const sendCounts = async (userIds: Iterable<string>) => {
    for (const userId of userIds) {
      if (subscribers.has(userId)) sendTo(userId, "counts", await unreadCounts(db, userId));
    }
  };

  const handle = async (event: RealtimeEvent) => {
    const local = event.users.filter((u) => subscribers.has(u));
    if (!local.length) return;
    if (event.type === "message") {
      const message = await messageAt(db, event.conversationId, event.seq);
      if (message) for (const u of local) sendTo(u, "message", message);
      await sendCounts(local);
    } else if (event.type === "read") {
      for (const u of local) sendTo(u, "read", { conversationId: event.conversationId, userId: event.userId, seq: event.seq });
      await sendCounts(local.filter((u) => u === event.userId));
    } else {
      for (const u of local) sendTo(u, "notification", {});
      await sendCounts(local);
    }
  };

  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((err) => log().error({ err }, "real-time event failed"));
  };

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      const event = parseEvent(payload);
      if (event) enqueue(() => handle(event));
    },
    () =>
      enqueue(async () => {
        for (const userId of subscribers.keys()) sendTo(userId, "resync", {});
        await sendCounts([...subscribers.keys()]);
      }),
  );

  return {
    subscribe(userId, send) {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(send);
      return () => {
        set.delete(send);
        if (!set.size && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },
    connectionCount: () => [...subscribers.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      await unlisten();
      await chain;
    },
  };
}
