/**
 * The page's live connection (docs/product.md, Messages and notifications): one EventSource to /api/v1/events per signed-in tab.
 * Components read the unread counts and subscribe to events (message, read, notification,
 * resync). After a reconnect the server's `ready` event arrives again and subscribers get a
 * `resync`, so each page catches up on what it missed (the thread by message number, lists by
 * reloading). EventSource retries by itself every 2 s; when the server refused it (e.g. a deploy
 * in progress) we retry with back-off up to 30 s, and at once when the browser comes back online.
 * When the server is shutting down it sends `reconnect` ({ retryMs }) before ending the stream:
 * we close it ourselves and connect again after that short, randomised delay, which the balancer
 * sends to an instance that is still running (docs/operations.md).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

export type RealtimeListener = (event: string, data: unknown) => void;

interface RealtimeValue {
  counts: UnreadCounts;
  /** True while the event stream is open. */
  live: boolean;
  setCounts(counts: UnreadCounts): void;
  subscribe(listener: RealtimeListener): () => void;
}

const RealtimeContext = createContext<RealtimeValue | null>(null);
const EVENTS = ["counts", "message", "read", "notification", "resync"] as const;

/** Provides the live connection for `userId` (none when signed out); `initialCounts` come from the server render. */
export function RealtimeProvider({ userId, initialCounts, children }: { userId: string | null; initialCounts: UnreadCounts | null; children: ReactNode }) {
  const [counts, setCounts] = useState<UnreadCounts>(initialCounts ?? { messages: 0, notifications: 0 });
  const [live, setLive] = useState(false);
  const listeners = useRef(new Set<RealtimeListener>());

  // A new server render (navigation) brings new counts; compare by value, not by object.
  const initialMessages = initialCounts?.messages;
  const initialNotifications = initialCounts?.notifications;
  useEffect(() => {
    if (initialMessages !== undefined && initialNotifications !== undefined) setCounts({ messages: initialMessages, notifications: initialNotifications });
  }, [initialMessages, initialNotifications]);

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 2000;
    let connectedBefore = false;
    const emit = (event: string, data: unknown) => {
      for (const listener of listeners.current) listener(event, data);
    };
    const connect = () => {
      clearTimeout(retry);
      source?.close();
      const s = new EventSource("/api/v1/events");
      source = s;
      s.addEventListener("ready", (e) => {
        setCounts(JSON.parse((e as MessageEvent).data) as UnreadCounts);
        setLive(true);
        delay = 2000;
        if (connectedBefore) emit("resync", {});
        connectedBefore = true;
      });
      for (const name of EVENTS) {
        s.addEventListener(name, (e) => {
          const data = JSON.parse((e as MessageEvent).data) as unknown;
          if (name === "counts") setCounts(data as UnreadCounts);
          emit(name, data);
        });
      }
      s.addEventListener("reconnect", (e) => {
        const { retryMs } = JSON.parse((e as MessageEvent).data) as { retryMs?: number };
        s.close();
        setLive(false);
        delay = 2000;
        clearTimeout(retry);
        retry = setTimeout(connect, Math.min(Math.max(retryMs ?? 1000, 0), 10_000));
      });
      s.onerror = () => {
        setLive(false);
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
      setLive(false);
    };
  }, [userId]);

  const subscribe = useCallback((listener: RealtimeListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo(() => ({ counts, live, setCounts, subscribe }), [counts, live, subscribe]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** The live connection; outside a provider (signed out) counts are zero and nothing arrives. */
export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext) ?? { counts: { messages: 0, notifications: 0 }, live: false, setCounts: () => {}, subscribe: () => () => {} };
}

/** Calls `listener` for each live event while the component is mounted (latest closure each time). */
export function useRealtimeEvents(listener: RealtimeListener): void {
  const { subscribe } = useRealtime();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => subscribe((event, data) => ref.current(event, data)), [subscribe]);
}

/**
 * Reloads the page's data when one of `events` arrives, at most once per `delayMs` (300 ms) for a
 * burst: lists (inbox, notifications) re-read their first page instead of patching it.
 */
export function useRevalidateOn(events: readonly string[], delayMs = 300): void {
  const revalidator = useRevalidator();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useRealtimeEvents((event) => {
    if (!events.includes(event)) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void revalidator.revalidate(), delayMs);
  });
}
