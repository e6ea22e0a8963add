/**
 * The event stream itself (docs/product.md, Messages and notifications), loaded by
 * RealtimeProvider (app/lib/realtime.tsx) only once a signed-in page runs its effects, so a
 * signed-out visitor never downloads it. One EventSource to /api/v1/events; after a reconnect the
 * server's `ready` arrives again and subscribers get a `resync`. EventSource retries by itself
 * every 2 s; when the server refused it (e.g. a deploy in progress) we retry with back-off up to
 * 30 s, and at once when the browser comes back online. On `reconnect` ({ retryMs }, the server
 * shutting down) we close it and connect again after that short delay (docs/operations.md).
 */
import type { UnreadCounts } from "./realtime";

/** The event names passed on to subscribers ("counts" also updates the counts). */
const EVENTS = ["counts", "message", "read", "notification", "resync"] as const;

/**
 * Opens the stream. `onCounts` gets the unread counts (ready, counts), `onLive` whether the stream
 * is open, `emit` every event for subscribers. Returns the function that closes it for good.
 */
export function openRealtimeConnection(handlers: {
  onCounts(counts: UnreadCounts): void;
  onLive(live: boolean): void;
  emit(event: string, data: unknown): void;
}): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = 2000;
  let connectedBefore = false;
  const connect = () => {
    clearTimeout(retry);
    source?.close();
    const s = new EventSource("/api/v1/events");
    source = s;
    s.addEventListener("ready", (e) => {
      handlers.onCounts(JSON.parse((e as MessageEvent).data) as UnreadCounts);
      handlers.onLive(true);
      delay = 2000;
      if (connectedBefore) handlers.emit("resync", {});
      connectedBefore = true;
    });
    for (const name of EVENTS) {
      s.addEventListener(name, (e) => {
        const data = JSON.parse((e as MessageEvent).data) as unknown;
        if (name === "counts") handlers.onCounts(data as UnreadCounts);
        handlers.emit(name, data);
      });
    }
    s.addEventListener("reconnect", (e) => {
      const { retryMs } = JSON.parse((e as MessageEvent).data) as { retryMs?: number };
      s.close();
      handlers.onLive(false);
      delay = 2000;
      clearTimeout(retry);
      retry = setTimeout(connect, Math.min(Math.max(retryMs ?? 1000, 0), 10_000));
    });
    s.onerror = () => {
      handlers.onLive(false);
      if (s.readyState === EventSource.CLOSED) {
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      }
    };
  };
  const online = () => {
    if (!source || source.readyState === EventSource.CLOSED) connect();
  };
  connect();
  window.addEventListener("online", online);
  return () => {
    window.removeEventListener("online", online);
    clearTimeout(retry);
    source?.close();
    handlers.onLive(false);
  };
}
