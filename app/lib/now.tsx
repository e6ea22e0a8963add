import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

/**
 * The "now" that relative times ("5 minutes ago", "yesterday 14:05") are measured from, shared by
 * every component that shows one (app/components/ui/relative-time.tsx).
 *
 * The server renders a page with the time its root loader ran, and that number travels in the page's
 * loader data, so the browser's hydrating render measures from the same instant and produces the
 * same text: measuring from the browser's clock there made the text differ whenever a minute
 * boundary was crossed meanwhile or the phone's clock disagreed with the server's, and React threw
 * away the server HTML (hydration error #418). After mount the browser's own clock takes over and
 * moves on every minute.
 */
const NowContext = createContext<number | null>(null);

/** Changes the shown times once a minute (the finest relative unit is minutes). */
const TICK_MS = 60_000;

export function NowProvider({ serverNow, children }: { serverNow: number | undefined; children: ReactNode }) {
  // Server and hydrating render: the server's instant (without root data, e.g. a failed root loader, the clock).
  const [now, setNow] = useState(() => serverNow ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The shared "now" (see NowProvider); outside one, the clock. Read it during render, never Date.now(). */
export function useNow(): Date {
  const now = useContext(NowContext);
  return new Date(now ?? Date.now());
}
