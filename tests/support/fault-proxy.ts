/**
 * A TCP proxy in front of PostgreSQL that can fail like a network: `blackhole()` (a partition:
 * connections are accepted but nothing is forwarded either way, no error is ever sent),
 * `refuse()` (the server is down: new connections are refused, open ones reset) and `heal()`.
 * After healing, frozen connections flow again, like TCP after a partition.
 */
import net from "node:net";

export type FaultMode = "pass" | "blackhole" | "refuse";

export interface FaultProxy {
  port: number;
  /** `url` (a postgres:// URL) with host and port replaced by the proxy's. */
  through(url: string): string;
  blackhole(): void;
  refuse(): Promise<void>;
  heal(): Promise<void>;
  readonly mode: FaultMode;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  flowing: boolean;
}

/** Starts a proxy on 127.0.0.1:`port` to `target` (host:port of PostgreSQL). */
export async function startFaultProxy(port: number, target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: FaultMode = "pass";

  const flow = (pair: Pair) => {
    if (pair.flowing || pair.client.destroyed) return;
    pair.flowing = true;
    if (!pair.upstream) {
      const upstream = net.connect(target.port, target.host);
      pair.upstream = upstream;
      upstream.on("error", () => pair.client.destroy());
      upstream.on("close", () => pair.client.destroy());
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  const freeze = (pair: Pair) => {
    pair.flowing = false;
    pair.client.unpipe();
    pair.client.pause();
    pair.upstream?.unpipe();
    pair.upstream?.pause();
  };

  const onConnection = (client: net.Socket) => {
    const pair: Pair = { client, upstream: null, flowing: false };
    pairs.add(pair);
    client.on("error", () => {});
    client.on("close", () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === "pass") flow(pair);
    else client.pause();
  };

  let server = net.createServer(onConnection);
  const listen = () => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();

  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    blackhole() {
      mode = "blackhole";
      for (const pair of pairs) freeze(pair);
    },
    async refuse() {
      mode = "refuse";
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      if (server.listening) await stopListening();
    },
    async heal() {
      const was = mode;
      mode = "pass";
      if (was === "refuse") {
        server = net.createServer(onConnection);
        await listen();
      }
      for (const pair of pairs) flow(pair);
    },
    get mode() {
      return mode;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      if (server.listening) await stopListening();
    },
  };
}
