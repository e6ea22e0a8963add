/**
 * The page's live connection (docs/product.md, Messages and notifications): one EventSource to
 * /api/v1/events per signed-in tab (app/lib/realtime-connection.ts, loaded only when signed in).
 * Components read the unread counts and subscribe to events (message, read, notification,
 * resync). After a reconnect subscribers get a `resync`, so each page catches up on what it
 * missed (the thread by message number, lists by reloading).
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
    // The stream's code loads only here, once a signed-in page runs (app/lib/realtime-connection.ts).
    let close: (() => void) | undefined;
    let ended = false;
    import("./realtime-connection")
      .then(({ openRealtimeConnection }) => {
        if (ended) return;
        close = openRealtimeConnection({
          onCounts: setCounts,
          onLive: setLive,
          emit: (event, data) => {
            for (const listener of listeners.current) listener(event, data);
          },
        });
      })
      // Its script could not load (offline, or replaced by a deploy): the page works without live updates.
      .catch(() => setLive(false));
    return () => {
      ended = true;
      close?.();
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
