/** Server side of the home page: the "Top developers" section. */
import type { Db } from "../../server/db/client";
import { listTopDevelopers } from "../../server/developers/service";
import { toDeveloperCardData, type DeveloperCardData } from "../components/developers/developer-card";
import { log } from "../../server/log";

/**
 * Top developers (docs/product.md, Lists and search: rating at least 4.0, at least 5 reviews, best first, 6) as card
 * data. A failure only hides the section: the home page must always load.
 */
export async function loadTopDevelopers(db: Db): Promise<DeveloperCardData[]> {
  try {
    return (await listTopDevelopers(db)).map(toDeveloperCardData);
  } catch (error) {
    log().error({ err: error }, "Failed to fetch top developers");
    return [];
  }
}
