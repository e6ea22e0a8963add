/**
 * Blind reviews (docs/product.md, Trust and safety; what Airbnb and Upwork do): neither side of a
 * project sees the other's review (stars or words) until both have written theirs or
 * BLIND_REVIEW_DAYS have passed since completion. A hidden review carries `hidden_until` (the
 * window's end); every read of reviews shows only visible ones, the developer's stored rating
 * counts only visible ones, and `publishDueReviews` (server/jobs.ts, every minute) clears
 * `hidden_until` once it has passed and recounts the developers concerned.
 */
import { and, isNotNull, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { BLIND_REVIEW_DAYS } from "../../shared/constants";
import type { Db, Tx } from "../db/client";
import { clientReviews, reviews } from "../db/schema";
import { refreshDeveloperStats } from "../developers/stats";

/** `hidden_until is null or hidden_until <= now()`: the review may be read. */
export function reviewVisible(hiddenUntil: AnyColumn): SQL {
  return sql`(${hiddenUntil} is null or ${hiddenUntil} <= now())`;
}

/** When a review of a project completed at `completedAt` stops being hidden at the latest (null: already visible). */
export function blindUntil(completedAt: Date | string | null, now = new Date()): Date | null {
  if (!completedAt) return null;
  const end = new Date(new Date(completedAt).getTime() + BLIND_REVIEW_DAYS * 86_400_000);
  return end > now ? end : null;
}

/**
 * Clears `hidden_until` on reviews whose blind window has ended and recounts the developers whose
 * rating they join. Safe on several instances at once (the update is idempotent). Returns how
 * many reviews became visible.
 */
export async function publishDueReviews(db: Db): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const due = and(isNotNull(reviews.hiddenUntil), lte(reviews.hiddenUntil, sql`now()`));
    const published = await tx.update(reviews).set({ hiddenUntil: null }).where(due).returning({ developerId: reviews.developerId });
    for (const developerId of new Set(published.map((r) => r.developerId))) await refreshDeveloperStats(tx, developerId);
    const clientSide = await tx
      .update(clientReviews)
      .set({ hiddenUntil: null })
      .where(and(isNotNull(clientReviews.hiddenUntil), lte(clientReviews.hiddenUntil, sql`now()`)))
      .returning({ id: clientReviews.id });
    return published.length + clientSide.length;
  });
}
