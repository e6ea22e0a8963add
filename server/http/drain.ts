/**
 * Graceful stop of the HTTP server (docs/operations.md, "Shutdown"): stop accepting connections
 * at once, let the requests already received finish, and close each connection once it is idle.
 *
 * Node's `server.close()` also closes idle keep-alive connections at once, and a request a client
 * sent on one of them just before (not yet read by the server) is then lost: the client sees a
 * reset. So connections that are idle get `idleGraceMs` after the signal to deliver such a request,
 * which is answered normally (with `Connection: close`, set by server/http/app.ts); only then is an
 * idle connection closed. After `graceMs` whatever is left is closed regardless.
 */
import type { Server } from "node:http";
import net from "node:net";

interface Tracked {
  /** Requests received on the connection and not yet answered. */
  active: number;
  /** When the connection last became idle (ms). */
  idleSince: number;
}

/** Tracks connections and their requests on `server`; call before it accepts any. */
export function trackConnections(server: Server) {
  const connections = new Map<net.Socket, Tracked>();
  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req, res) => {
    const tracked = connections.get(req.socket);
    if (!tracked) return;
    tracked.active++;
    res.once("close", () => {
      tracked.active--;
      tracked.idleSince = Date.now();
    });
  });

  /**
   * Stops accepting connections and resolves once every connection is closed: busy ones after
   * their last answer, idle ones after `idleGraceMs` without a request; the rest after `graceMs`.
   * Resolves with how many requests were still unanswered at the deadline (0 when all finished).
   */
  async function drain(options: { graceMs: number; idleGraceMs: number }): Promise<number> {
    const started = Date.now();
    // net.Server's close: stop listening, without http.Server's closeIdleConnections().
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    for (const tracked of connections.values()) tracked.idleSince = Math.max(tracked.idleSince, started);
    let unanswered = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = Date.now();
        if (now - started >= options.graceMs) {
          for (const [socket, tracked] of connections) {
            unanswered += tracked.active;
            socket.destroy();
          }
        } else {
          for (const [socket, tracked] of connections) if (tracked.active === 0 && now - tracked.idleSince >= options.idleGraceMs) socket.destroy();
        }
        if (connections.size === 0) return resolve();
        setTimeout(tick, 50);
      };
      tick();
    });
    await closed;
    return unanswered;
  }

  return { drain, activeRequests: () => [...connections.values()].reduce((n, t) => n + t.active, 0) };
}
