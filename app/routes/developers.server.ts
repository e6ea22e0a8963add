/** Server side of Find Developers (/developers): reads the URL query and lists the first page. */
import { developerListQuerySchema } from "../../shared/schemas";
import type { Db } from "../../server/db/client";
import type { TotalsCache } from "../../server/lib/totals-cache";
import { listDevelopers, type DeveloperPage } from "../../server/developers/service";
import { ValidationError } from "../../server/errors";
import { toDeveloperCardData, type DeveloperCardData } from "../components/developers/developer-card";
import { DEVELOPER_FILTER_KEYS, EMPTY_DEVELOPER_FILTERS, type DeveloperFilters } from "../components/developers/filters";
import { log } from "../../server/log";

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
 * The first page of developers for the URL query `params` (or the page after `cursor`). Invalid parameters are dropped and the
 * rest still applied, so a bad link lists developers instead of failing. A database failure gives
 * an empty page with `failed` set. `totals`: the instance's totals cache (decision 0035).
 */
export async function loadDevelopersPage(db: Db, params: URLSearchParams, totals?: TotalsCache): Promise<DevelopersPageData> {
  const raw: Record<string, string> = {};
  for (const key of DEVELOPER_FILTER_KEYS) {
    const values = params.getAll(key).filter((v) => v.trim() !== "");
    if (values.length) raw[key] = values.join(",");
  }

  // Drop each parameter the shared schema refuses, then list with the rest.
  const checked = developerListQuerySchema.safeParse(raw);
  if (!checked.success) {
    for (const issue of checked.error.issues) delete raw[String(issue.path[0])];
  }
  const query = developerListQuerySchema.safeParse(raw);
  const q = query.success ? query.data : developerListQuerySchema.parse({});
  const filters: DeveloperFilters = {
    ...EMPTY_DEVELOPER_FILTERS,
    search: q.search ?? "",
    skills: q.skills ?? [],
    location: q.location ?? "",
    minRating: q.minRating ?? null,
    availability: q.availability ?? "",
    sortBy: q.sortBy,
  };

  // `cursor`: the "Load More Developers" link followed without JavaScript shows the next page by itself.
  const cursor = params.get("cursor");
  let page: DeveloperPage;
  try {
    const base = query.success ? raw : {};
    page = await listDevelopers(db, cursor ? { ...base, cursor } : base, totals).catch((err: unknown) => {
      // A stale or forged cursor lists the first page instead.
      if (cursor && err instanceof ValidationError) return listDevelopers(db, base, totals);
      throw err;
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) log().error({ err: error }, "Failed to load developers");
    return { developers: [], nextCursor: null, hasMore: false, total: 0, totalCapped: false, filters, failed: true };
  }
  return {
    developers: page.developers.map(toDeveloperCardData),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    total: page.total,
    totalCapped: page.totalCapped,
    filters,
    failed: false,
  };
}
