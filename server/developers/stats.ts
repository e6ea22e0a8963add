/**
 * A developer's public figures follow from the records: rating (average of clients' reviews, two
 * decimals), reviewCount and completedProjects (projects hired to them and completed). They are
 * stored on the profile for sorting and recomputed in the transaction of every change that can
 * move them, so they always equal a recount (docs/decisions/0006-proposals-locking.md).
 */
import { sql } from "drizzle-orm";
import { developerProfiles, projects, reviews } from "../db/schema";
import type { Db, Tx } from "../db/client";
import { eq } from "drizzle-orm";

/** Recomputes `developerId`'s rating, reviewCount and completedProjects on `tx`. */
export async function refreshDeveloperStats(tx: Tx | Db, developerId: string): Promise<void> {
  const visible = sql`(${reviews.hiddenUntil} is null or ${reviews.hiddenUntil} <= now())`;
  await tx
    .update(developerProfiles)
    .set({
      // Only visible reviews count: a blind review must not show through the rating (server/reviews/blind.ts).
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.developerId} = ${developerId} and ${visible}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.developerId} = ${developerId} and ${visible})`,
      completedProjects: sql`(select count(*)::int from ${projects} where ${projects.hiredDeveloperId} = ${developerId} and ${projects.status} = 'completed')`,
    })
    .where(eq(developerProfiles.userId, developerId));
}
