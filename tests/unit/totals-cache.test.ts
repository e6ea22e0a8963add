/** The per-instance cache of capped list totals (server/lib/totals-cache.ts, decision 0035). */
import { describe, expect, it } from "vitest";
import { createTotalsCache } from "../../server/lib/totals-cache";

const ten = { total: 10, totalCapped: false };

describe("totals cache", () => {
  it("answers a stored total until it expires", () => {
    let clock = 0;
    const cache = createTotalsCache({ ttlMs: 1000, now: () => clock });
    cache.set("q", ten, cache.generation);
    clock = 999;
    expect(cache.get("q")).toEqual(ten);
    clock = 1000;
    expect(cache.get("q")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("empties on clear and refuses a total counted across it", () => {
    const cache = createTotalsCache();
    cache.set("q", ten, cache.generation);
    const since = cache.generation;
    cache.clear();
    expect(cache.get("q")).toBeUndefined();
    // Counted before the write finished: it may miss the write, so it is not kept.
    cache.set("q", ten, since);
    expect(cache.get("q")).toBeUndefined();
    cache.set("q", ten, cache.generation);
    expect(cache.get("q")).toEqual(ten);
  });

  it("drops the least recently used total past maxEntries", () => {
    const cache = createTotalsCache({ maxEntries: 2 });
    cache.set("a", ten, 0);
    cache.set("b", ten, 0);
    cache.get("a");
    cache.set("c", ten, 0);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(ten);
    expect(cache.get("c")).toEqual(ten);
  });
});
