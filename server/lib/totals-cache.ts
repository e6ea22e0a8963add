/**
 * Per-instance cache of capped list totals (docs/decisions/0035-cached-list-totals.md): a list's
 * total depends only on its filters, not on who asks, the sort or the cursor, so every visitor
 * (signed in or not) and every next page of the same filters shares one count.
 *
 * - Keyed by the count query's own SQL text and parameters, so two lists share an entry only when
 *   they would send the same count.
 * - Emptied with the anonymous page cache, after every write this instance handles
 *   (server/http/page-cache.ts); a count that overlapped such a write is not stored.
 * - Entries expire after `ttlMs` (default 10 000, the page cache's): that bounds how stale a total
 *   can be after a write made by another instance on the same database.
 */
import type { CappedTotal } from "./capped-count";

export interface TotalsCacheOptions {
  /** How long a total is served, in ms (default 10 000). */
  ttlMs?: number;
  /** Most totals kept, least recently used dropped first (default 2 000). */
  maxEntries?: number;
  /** Clock in ms, for tests. */
  now?: () => number;
}

export interface TotalsCache {
  /** The stored total for `key`, or undefined when absent or expired. */
  get(key: string): CappedTotal | undefined;
  /** Stores `total` unless the cache was emptied after `since` (a `generation` read before counting). */
  set(key: string, total: CappedTotal, since: number): void;
  /** Bumped by every `clear()`; read it before counting and hand it to `set`. */
  readonly generation: number;
  /** Drops every total (called after each write, with the page cache). */
  clear(): void;
  readonly size: number;
}

/** Creates an empty totals cache (see the module comment for what it promises). */
export function createTotalsCache(options: TotalsCacheOptions = {}): TotalsCache {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { total: CappedTotal; expires: number }>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used goes last, so the first key is the one to drop.
      entries.delete(key);
      entries.set(key, entry);
      return entry.total;
    },
    set(key, total, since) {
      if (since !== generation) return;
      entries.delete(key);
      entries.set(key, { total, expires: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get generation() {
      return generation;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
