/** Server side of Browse Projects (/projects): reads the URL query and lists the first page. */
import { projectListQuerySchema } from "../../shared/schemas";
import type { Db } from "../../server/db/client";
import type { TotalsCache } from "../../server/lib/totals-cache";
import { ValidationError } from "../../server/errors";
import { listProjects, type ProjectPage } from "../../server/projects/service";
import { EMPTY_FILTERS, FILTER_KEYS, type ProjectFilters } from "../components/projects/filters";
import { toCardData, type ProjectCardData } from "../components/projects/project-card";
import { log } from "../../server/log";

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
 * The first page of projects for the URL query `params` (or the page after `cursor`). Invalid parameters are dropped and the
 * rest still applied, so a bad link lists projects instead of failing. A database failure gives
 * an empty page with `failed` set. `totals`: the instance's totals cache (decision 0035).
 */
export async function loadProjectsPage(db: Db, params: URLSearchParams, totals?: TotalsCache): Promise<ProjectsPageData> {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key).filter((v) => v.trim() !== "");
    if (values.length) raw[key] = values.join(",");
  }

  // Drop each parameter the shared schema refuses, then list with the rest.
  const checked = projectListQuerySchema.safeParse(raw);
  if (!checked.success) {
    for (const issue of checked.error.issues) delete raw[String(issue.path[0])];
  }
  const query = projectListQuerySchema.safeParse(raw);
  const q = query.success ? query.data : projectListQuerySchema.parse({});
  const filters: ProjectFilters = {
    ...EMPTY_FILTERS,
    search: q.search ?? "",
    category: q.category ?? "",
    platform: q.platform ?? "",
    budgetMin: q.budgetMin ?? null,
    budgetMax: q.budgetMax ?? null,
    skills: q.skills ?? [],
    sortBy: q.sortBy,
  };

  // `cursor`: the "Load More Projects" link followed without JavaScript shows the next page by itself.
  const cursor = params.get("cursor");
  let page: ProjectPage;
  try {
    const base = query.success ? raw : {};
    page = await listProjects(db, cursor ? { ...base, cursor } : base, totals).catch((err: unknown) => {
      // A stale or forged cursor lists the first page instead.
      if (cursor && err instanceof ValidationError) return listProjects(db, base, totals);
      throw err;
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) log().error({ err: error }, "Failed to load projects");
    return { projects: [], nextCursor: null, hasMore: false, total: 0, totalCapped: false, filters, failed: true };
  }
  return {
    projects: page.projects.map(toCardData),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    total: page.total,
    totalCapped: page.totalCapped,
    filters,
    failed: false,
  };
}
