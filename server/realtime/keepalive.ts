/**
 * One shared 20 s ticker for every event stream of the process (docs/performance.md, "Real time at
 * scale"). Each stream used to hold its own timer plus a `Promise.race` against its end promise per
 * tick, and each race left a reaction on that never-settled promise: 5,000 streams grew the heap
 * every 20 s for as long as they stayed open. Now a stream registers one callback; the timer runs
 * only while some stream is registered.
 *
 * The comment itself is written straight to the Node response when there is one
 * (`writeKeepAlive`): through Hono's SSE writer each write allocated an encoded chunk, a
 * TransformStream write and a reader promise per stream, about 4-7 KB of short-lived garbage per
 * stream per tick, which V8 let grow the heap by 20-40 MB at every tick with 5,000 streams
 * (docs/performance.md, "Event-stream memory").
 */
import type { ServerResponse } from "node:http";

const callbacks = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** Keep-alive period, ms (20 s, docs/performance.md). */
export const KEEPALIVE_MS = 20_000;
let periodMs = KEEPALIVE_MS;

/** Sets the keep-alive period (ms) for the streams registered from now on; for tests only. */
export function setKeepAlivePeriod(ms: number): void {
  periodMs = ms;
}

/** The SSE comment sent on each tick. */
export const KEEPALIVE_COMMENT = ": keep-alive\n\n";

/**
 * Writes the keep-alive comment straight to `outgoing` (the Node response under
 * @hono/node-server) once its headers are out; returns false when it cannot (no Node response, as
 * with `app.request` in tests, headers not yet sent, an encoded body, or the response ended), so the caller falls
 * back to the stream's own writer.
 */
export function writeKeepAlive(outgoing: ServerResponse | undefined): boolean {
  if (!outgoing || !outgoing.headersSent || outgoing.writableEnded || outgoing.destroyed) return false;
  // An encoded body (never for text/event-stream, server/http/compress.ts) must not get raw bytes.
  if (outgoing.getHeader("content-encoding")) return false;
  outgoing.write(KEEPALIVE_COMMENT);
  return true;
}

/** Calls `tick` every KEEPALIVE_MS until the returned function is called. */
export function onKeepAlive(tick: () => void): () => void {
  callbacks.add(tick);
  if (!timer) {
    timer = setInterval(() => {
      for (const callback of [...callbacks]) {
        try {
          callback();
        } catch {
          // One stream's failure is its own; the others still get their keep-alive.
        }
      }
    }, periodMs);
    timer.unref();
  }
  return () => {
    callbacks.delete(tick);
    if (!callbacks.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
