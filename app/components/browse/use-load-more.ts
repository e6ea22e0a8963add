/**
 * "Load More" for the cursor-paged lists (Browse Projects, Find Developers): pages fetched from
 * the JSON API are appended to the loader's first page until the list itself changes (new filters
 * start over; the loader re-read for the same list, as after a heart is saved, keeps them). The
 * pages are kept per history entry in sessionStorage, so Back to the list (or a reload) shows what
 * was loaded, where the visitor left it. Keyboard focus moves to the first new item so it is not
 * left behind.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { notify } from "../../lib/toast";

export interface MorePage<T> {
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

interface Paging<T> {
  /** The list these pages continue (its filters and starting cursor). */
  listKey: string;
  extra: T[];
  nextCursor: string | null;
  hasMore: boolean;
  loading: boolean;
}

/** The pages appended on one history entry, as kept in sessionStorage. */
interface KeptPages<T> {
  listKey: string;
  extra: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

const STORAGE_KEY = "buildza:load-more";
/** History entries whose pages are kept; older ones are dropped. */
const KEPT_ENTRIES = 5;

/** False while the server's HTML hydrates: sessionStorage is read after it, so the first render matches the server's. */
let hydrated = false;

function readAll<T>(): Record<string, KeptPages<T>> {
  try {
    return (JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, KeptPages<T>>) ?? {};
  } catch {
    return {};
  }
}

function readKept<T>(entry: string, listKey: string): KeptPages<T> | null {
  if (typeof window === "undefined") return null;
  const kept = readAll<T>()[entry];
  return kept && kept.listKey === listKey && Array.isArray(kept.extra) ? kept : null;
}

function writeKept<T>(entry: string, kept: KeptPages<T> | null): void {
  try {
    const all = readAll<T>();
    delete all[entry];
    if (kept) all[entry] = kept;
    const entries = Object.entries(all).slice(-KEPT_ENTRIES);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or switched off: Back then shows the first page, as without this.
  }
}

export function useLoadMore<T extends { id: string }>({
  listKey,
  first,
  fetchPage,
  errorMessage,
  focusSelector,
}: {
  /** Names the list: its filters and starting cursor (not the view). A different key starts over. */
  listKey: string;
  /** The first page (from the loader). */
  first: MorePage<T>;
  /** Fetches the page after `cursor` for the list `listKey`; throws on failure. */
  fetchPage: (cursor: string) => Promise<MorePage<T>>;
  /** Toast shown when a page fails to load (docs/product.md, Messages and errors). */
  errorMessage: string;
  /** CSS selector of the element to focus in the item `id`, inside the list. */
  focusSelector: (id: string) => string;
}) {
  const entry = useLocation().key;
  /** The list's first page, with the pages this history entry had appended when `restore`. */
  const fresh = (restore: boolean): Paging<T> => {
    const kept = restore ? readKept<T>(entry, listKey) : null;
    if (kept) {
      const seen = new Set(first.items.map((x) => x.id));
      return { listKey, extra: kept.extra.filter((x) => !seen.has(x.id)), nextCursor: kept.nextCursor, hasMore: kept.hasMore, loading: false };
    }
    return { listKey, extra: [], nextCursor: first.nextCursor, hasMore: first.hasMore, loading: false };
  };
  const [paging, setPaging] = useState<Paging<T>>(() => fresh(hydrated));
  const stale = paging.listKey !== listKey;
  if (stale) setPaging(fresh(true));
  const current = stale ? fresh(true) : paging;

  // After hydration: the pages this entry had (a reload, or Back to a page the browser had unloaded).
  useEffect(() => {
    if (!hydrated) {
      hydrated = true;
      const restored = fresh(true);
      if (restored.extra.length) setPaging(restored);
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Keep the appended pages for this history entry (a view switch is a new entry: it keeps them too).
  useEffect(() => {
    if (current.loading) return;
    writeKept<T>(
      entry,
      current.extra.length ? { listKey: current.listKey, extra: current.extra, nextCursor: current.nextCursor, hasMore: current.hasMore } : null,
    );
  }, [entry, current.listKey, current.extra, current.nextCursor, current.hasMore, current.loading]);

  const listKeyRef = useRef(listKey);
  listKeyRef.current = listKey;
  const focusId = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  async function loadMore() {
    const started = listKey;
    if (!current.nextCursor || current.loading) return;
    setPaging((p) => ({ ...p, loading: true }));
    try {
      const page = await fetchPage(current.nextCursor);
      if (listKeyRef.current !== started) return; // the filters changed meanwhile
      setPaging((p) => {
        const seen = new Set([...first.items, ...p.extra].map((x) => x.id));
        const added = page.items.filter((x) => !seen.has(x.id));
        focusId.current = added[0]?.id ?? null;
        return { ...p, extra: [...p.extra, ...added], nextCursor: page.nextCursor, hasMore: page.hasMore, loading: false };
      });
    } catch (error) {
      console.error(error);
      notify("error", errorMessage);
      if (listKeyRef.current === started) setPaging((p) => ({ ...p, loading: false }));
    }
  }

  useEffect(() => {
    if (!focusId.current) return;
    const target = listRef.current?.querySelector<HTMLElement>(focusSelector(focusId.current));
    focusId.current = null;
    target?.focus({ preventScroll: true });
  }, [current.extra]); // eslint-disable-line react-hooks/exhaustive-deps

  // The first page's items are the loader's latest (a heart saved re-reads them); the appended
  // ones are as they were fetched.
  const seenFirst = new Set(first.items.map((x) => x.id));
  return {
    items: [...first.items, ...current.extra.filter((x) => !seenFirst.has(x.id))],
    hasMore: current.hasMore,
    nextCursor: current.nextCursor,
    loading: current.loading,
    loadMore,
    listRef,
  };
}
