/** Server side of Browse Projects (/projects): reads the URL query and lists the first page. */
import { projectListQuerySchema } from "../../shared/schemas";
import type { Db } from "../../server/db/client";
import type { TotalsCache } from "../../server/lib/totals-cache";
import { listProjects } from "../../server/projects/service";
import { EMPTY_FILTERS, FILTER_KEYS, type ProjectFilters } from "../components/projects/filters";
import { toCardData, type ProjectCardData } from "../components/projects/project-card";
import { loadBrowsePage } from "../lib/browse.server";

export { savedProjectIds } from "../../server/favourites/service";

export interface ProjectsPageData {
  projects: ProjectCardData[];
  nextCursor: string | null;
  hasMore: boolean;
  total: number;
  totalCapped: boolean;
  /** The filters that were applied (invalid ones from the URL are dropped). */
  filters: ProjectFilters;
  /** The list could not be loaded (docs/product.md, Messages and errors: "Failed to load projects"). */
  failed: boolean;
}

/**
 * The first page of projects for the URL query `params` (or the page after `cursor`), read leniently
 * by loadBrowsePage: invalid parameters are dropped and the rest still applied, a database failure
 * gives an empty page with `failed` set. `totals`: the instance's totals cache (decision 0035).
 */
export async function loadProjectsPage(db: Db, params: URLSearchParams, totals?: TotalsCache): Promise<ProjectsPageData> {
  const { items, ...page } = await loadBrowsePage(params, {
    keys: FILTER_KEYS,
    schema: projectListQuerySchema,
    toFilters: (q): ProjectFilters => ({
      ...EMPTY_FILTERS,
      search: q.search ?? "",
      category: q.category ?? "",
      platform: q.platform ?? "",
      budgetMin: q.budgetMin ?? null,
      budgetMax: q.budgetMax ?? null,
      skills: q.skills ?? [],
      sortBy: q.sortBy,
    }),
    list: async (query) => {
      const { projects, ...rest } = await listProjects(db, query, totals);
      return { rows: projects, ...rest };
    },
    toCard: toCardData,
    failure: "Failed to load projects",
  });
  return { projects: items, ...page };
}
