/** Server side of Find Developers (/developers): reads the URL query and lists the first page. */
import { developerListQuerySchema } from "../../shared/schemas";
import type { Db } from "../../server/db/client";
import type { TotalsCache } from "../../server/lib/totals-cache";
import { listDevelopers } from "../../server/developers/service";
import { toDeveloperCardData, type DeveloperCardData } from "../components/developers/developer-card";
import { DEVELOPER_FILTER_KEYS, EMPTY_DEVELOPER_FILTERS, type DeveloperFilters } from "../components/developers/filters";
import { loadBrowsePage } from "../lib/browse.server";

export { savedDeveloperIds } from "../../server/favourites/service";
export { blockedEitherWay } from "../../server/blocks/service";

export interface DevelopersPageData {
  developers: DeveloperCardData[];
  nextCursor: string | null;
  hasMore: boolean;
  total: number;
  totalCapped: boolean;
  /** The filters that were applied (invalid ones from the URL are dropped). */
  filters: DeveloperFilters;
  /** The list could not be loaded (docs/product.md, Messages and errors: "Failed to load developers"). */
  failed: boolean;
}

/**
 * The first page of developers for the URL query `params` (or the page after `cursor`), read
 * leniently by loadBrowsePage: invalid parameters are dropped and the rest still applied, a database
 * failure gives an empty page with `failed` set. `totals`: the instance's totals cache (decision 0035).
 */
export async function loadDevelopersPage(db: Db, params: URLSearchParams, totals?: TotalsCache): Promise<DevelopersPageData> {
  const { items, ...page } = await loadBrowsePage(params, {
    keys: DEVELOPER_FILTER_KEYS,
    schema: developerListQuerySchema,
    toFilters: (q): DeveloperFilters => ({
      ...EMPTY_DEVELOPER_FILTERS,
      search: q.search ?? "",
      skills: q.skills ?? [],
      location: q.location ?? "",
      minRating: q.minRating ?? null,
      availability: q.availability ?? "",
      sortBy: q.sortBy,
    }),
    list: async (query) => {
      const { developers, ...rest } = await listDevelopers(db, query, totals);
      return { rows: developers, ...rest };
    },
    toCard: toDeveloperCardData,
    failure: "Failed to load developers",
  });
  return { developers: items, ...page };
}
