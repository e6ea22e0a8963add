/**
 * "Load More" for the cursor-paged lists (Browse Projects, Find Developers): pages fetched from
 * the JSON API are appended to the loader's first page until the loader data changes (new
 * filters start over). Keyboard focus moves to the first new item so it is not left behind.
 */
import { useEffect, useRef, useState } from "react";
import { notify } from "../../lib/toast";

export interface MorePage<T> {
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

interface Paging<T> {
  /** The first page these pages continue. */
  base: object;
  extra: T[];
  nextCursor: string | null;
  hasMore: boolean;
  loading: boolean;
}

export function useLoadMore<T extends { id: string }>({
  base,
  first,
  fetchPage,
  errorMessage,
  focusSelector,
}: {
  /** The loader data of the first page; a different object starts over. */
  base: object;
  /** The first page (from the loader). */
  first: MorePage<T>;
  /** Fetches the page after `cursor` for the filters of `base`; throws on failure. */
  fetchPage: (cursor: string) => Promise<MorePage<T>>;
  /** Toast shown when a page fails to load (docs/product.md, Messages and errors). */
  errorMessage: string;
  /** CSS selector of the element to focus in the item `id`, inside the list. */
  focusSelector: (id: string) => string;
}) {
  const fresh = (): Paging<T> => ({ base, extra: [], nextCursor: first.nextCursor, hasMore: first.hasMore, loading: false });
  const [paging, setPaging] = useState<Paging<T>>(fresh);
  if (paging.base !== base) setPaging(fresh());
  const current = paging.base === base ? paging : fresh();

  const baseRef = useRef(base);
  baseRef.current = base;
  const focusId = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  async function loadMore() {
    const started = base;
    if (!current.nextCursor || current.loading) return;
    setPaging((p) => ({ ...p, loading: true }));
    try {
      const page = await fetchPage(current.nextCursor);
      if (baseRef.current !== started) return; // the filters changed meanwhile
      setPaging((p) => {
        const seen = new Set([...first.items, ...p.extra].map((x) => x.id));
        const added = page.items.filter((x) => !seen.has(x.id));
        focusId.current = added[0]?.id ?? null;
        return { ...p, extra: [...p.extra, ...added], nextCursor: page.nextCursor, hasMore: page.hasMore, loading: false };
      });
    } catch (error) {
      console.error(error);
      notify("error", errorMessage);
      if (baseRef.current === started) setPaging((p) => ({ ...p, loading: false }));
    }
  }

  useEffect(() => {
    if (!focusId.current) return;
    const target = listRef.current?.querySelector<HTMLElement>(focusSelector(focusId.current));
    focusId.current = null;
    target?.focus({ preventScroll: true });
  }, [current.extra]); // eslint-disable-line react-hooks/exhaustive-deps

  return { items: [...first.items, ...current.extra], hasMore: current.hasMore, nextCursor: current.nextCursor, loading: current.loading, loadMore, listRef };
}
