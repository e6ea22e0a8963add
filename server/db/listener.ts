/**
 * PostgreSQL LISTEN for an instance: one dedicated connection for every channel the instance
 * listens on (real-time events, session revocation, outbox kicks; docs/operations.md, Database
 * timeouts). It was one connection per channel, three per instance, each with its own heartbeat.
 *
 * The connection is opened by the first `listen` and closed when the last one stops. Every
 * `heartbeatMs` it runs a trivial query: a connection that no longer answers (a network partition
 * sends no error) is ended and, like one that closed, re-opened with back-off (1 to 10 s); on the
 * new connection every channel is listened on again and every subscription's `onReconnect` runs,
 * since NOTIFYs sent while it was down are lost.
 */
import pg from "pg";
import { log } from "../log";

/** What `listen` needs: the connection's settings and the heartbeat's period and timeout, in ms. */
export interface ListenerOptions {
  client: pg.ClientConfig;
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
}

interface Subscription {
  channel: string;
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/** The channel's name as an SQL identifier. */
const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * A shared LISTEN connection. `listen(channel, onPayload, onReconnect)` resolves once the channel
 * is listened on (rejects when the server cannot be reached) with a function that stops that
 * subscription. Payloads go to each subscription of the notification's channel.
 */
export function createListener(options: ListenerOptions) {
  const subscriptions = new Set<Subscription>();
  /** The open connection and the channels LISTENed on it. */
  let current: { client: pg.Client; channels: Set<string> } | null = null;
  let connecting: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = 1000;
  /** A connection dropped since the last one opened: its replacement must tell the subscribers. */
  let dropped = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(options.client);
    client.on("notification", (n) => {
      if (n.payload === undefined) return;
      for (const s of subscriptions) if (s.channel === n.channel) s.onPayload(n.payload);
    });
    client.on("error", (err) => log().warn({ err }, "LISTEN connection error"));
    client.on("end", () => {
      if (current?.client !== client) return;
      current = null;
      dropped = true;
      scheduleRetry();
    });
    const channels = new Set<string>();
    try {
      await client.connect();
      // Channels subscribed while this connection opens are listened on by their own `listen`.
      for (const channel of new Set([...subscriptions].map((s) => s.channel))) {
        await client.query(`LISTEN ${quoted(channel)}`);
        channels.add(channel);
      }
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    current = { client, channels };
    delay = 1000;
    if (dropped) {
      dropped = false;
      for (const s of [...subscriptions]) s.onReconnect?.();
    }
  };

  const ensureConnected = (): Promise<void> => {
    if (current) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  function scheduleRetry() {
    if (retryTimer || !subscriptions.size) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!subscriptions.size || current) return;
      ensureConnected().catch((err: unknown) => {
        log().warn({ err }, "LISTEN reconnect failed");
        delay = Math.min(delay * 2, 10_000);
        scheduleRetry();
      });
    }, delay);
    retryTimer.unref();
  }

  const startHeartbeat = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      const client = current?.client;
      if (!client) return;
      client.query({ text: "select 1", query_timeout: options.heartbeatTimeoutMs } as pg.QueryConfig).catch((err: unknown) => {
        log().warn({ err }, "LISTEN connection does not answer: reconnecting");
        // Destroys the socket (a query is still waiting on it); "end" then schedules the reconnect.
        void client.end().catch(() => {});
      });
    }, options.heartbeatMs);
    heartbeat.unref();
  };

  /** Closes the connection and stops the timers once no subscription is left. */
  const closeIfUnused = async () => {
    if (subscriptions.size) return;
    if (heartbeat) clearInterval(heartbeat);
    if (retryTimer) clearTimeout(retryTimer);
    heartbeat = retryTimer = null;
    const client = current?.client;
    current = null;
    dropped = false;
    await client?.end().catch(() => {});
  };

  async function listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
    const subscription: Subscription = { channel, onPayload, onReconnect };
    subscriptions.add(subscription);
    try {
      await ensureConnected();
      const open = current;
      if (open && !open.channels.has(channel)) {
        open.channels.add(channel);
        await open.client.query(`LISTEN ${quoted(channel)}`);
      }
    } catch (err) {
      subscriptions.delete(subscription);
      await closeIfUnused();
      throw err;
    }
    startHeartbeat();
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      subscriptions.delete(subscription);
      const open = current;
      if (open && open.channels.has(channel) && ![...subscriptions].some((s) => s.channel === channel)) {
        open.channels.delete(channel);
        await open.client.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
      }
      await closeIfUnused();
    };
  }

  return { listen };
}
