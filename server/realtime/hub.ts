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
 * - resync: {} (this instance's LISTEN connection dropped and came back: events may be lost, catch up);
 * - reconnect: { reason: "shutdown", retryMs } (sent by the stream's owner when this instance shuts
 *   down, just before the stream ends: connect again after retryMs, to another instance).
 *
 * Limits (docs/operations.md): at most `maxStreamsPerUser` streams per user and `maxStreams` in
 * all on this instance; `subscribe` refuses more with TooManyRequestsError (429, Retry-After).
 * The limits are per instance: each bounds that instance's memory, which is what they protect.
 */
import type { Database, Db } from "../db/client";
import { messageAt, unreadCounts } from "../messages/service";
import { EVENTS_CHANNEL, parseEvent, type RealtimeEvent } from "./events";
import { TooManyRequestsError, UnavailableError } from "../errors";
import { log } from "../log";

export type Send = (event: string, data: unknown) => void;

export interface RealtimeHub {
  /**
   * Adds a connection of `userId`; returns the function that removes it. `onShutdown` is called
   * by `closeStreams()`: the owner then sends its reconnect hint and ends the stream.
   * Throws TooManyRequestsError (429) past a limit, UnavailableError (503) once shutting down.
   */
  subscribe(userId: string, send: Send, onShutdown?: () => void): () => void;
  /** Open connections on this instance. */
  connectionCount(): number;
  /** Shutdown, first step: refuses new connections and asks every open one to end (onShutdown). */
  closeStreams(): void;
  /** Stops listening (call before closing the database). */
  close(): Promise<void>;
}

export interface HubLimits {
  /** Streams open at once on this instance (default 2000). */
  maxStreams?: number;
  /** Streams of one user open at once on this instance (default 8). */
  maxStreamsPerUser?: number;
}

/** Starts listening on `database`; resolves once LISTEN is in place. */
export async function createRealtimeHub(database: Pick<Database, "listen">, db: Db, limits: HubLimits = {}): Promise<RealtimeHub> {
  const maxStreams = limits.maxStreams ?? 2000;
  const maxPerUser = limits.maxStreamsPerUser ?? 8;
  const subscribers = new Map<string, Set<Send>>();
  const shutdownHooks = new Map<Send, () => void>();
  let streams = 0;
  let closing = false;
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
    subscribe(userId, send, onShutdown) {
      if (closing) throw new UnavailableError("This server is restarting. Please reconnect in a moment.", 1);
      let set = subscribers.get(userId);
      if ((set?.size ?? 0) >= maxPerUser) {
        throw new TooManyRequestsError(`At most ${maxPerUser} live connections per account: close some tabs and try again`, 30, "too_many_streams");
      }
      if (streams >= maxStreams) throw new TooManyRequestsError("Too many live connections on this server: try again shortly", 10, "too_many_streams");
      if (!set) subscribers.set(userId, (set = new Set()));
      const own = set;
      // Its own function, so one `send` passed twice still counts (and is removed) twice.
      const entry: Send = (event, data) => send(event, data);
      own.add(entry);
      streams++;
      if (onShutdown) shutdownHooks.set(entry, onShutdown);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        streams--;
        own.delete(entry);
        shutdownHooks.delete(entry);
        if (!own.size && subscribers.get(userId) === own) subscribers.delete(userId);
      };
    },
    connectionCount: () => streams,
    closeStreams() {
      closing = true;
      for (const [entry, hook] of [...shutdownHooks]) {
        shutdownHooks.delete(entry);
        try {
          hook();
        } catch (err) {
          log().warn({ err }, "SSE shutdown hint failed");
        }
      }
    },
    async close() {
      closing = true;
      await unlisten();
      await chain;
    },
  };
}
