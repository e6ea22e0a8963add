/**
 * One shared 20 s ticker for every event stream of the process (docs/performance.md, "Real time at
 * scale"). Each stream used to hold its own timer plus a `Promise.race` against its end promise per
 * tick, and each race left a reaction on that never-settled promise: 5,000 streams grew the heap
 * every 20 s for as long as they stayed open. Now a stream registers one callback; the timer runs
 * only while some stream is registered.
 */
const callbacks = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** Keep-alive period, ms. */
export const KEEPALIVE_MS = 20_000;

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
    }, KEEPALIVE_MS);
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
