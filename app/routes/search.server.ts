/** Server side of /search: projects and developers matching one query (docs/product.md: header search). */
import type { Db } from "../../server/db/client";
import type { TotalsCache } from "../../server/lib/totals-cache";
import { listDevelopers } from "../../server/developers/service";
import { listProjects } from "../../server/projects/service";
import { MAX_SEARCH } from "../../shared/constants";
import { formatTotal } from "../../shared/format";
import { toDeveloperCardData } from "../components/developers/developer-card";
import { toCardData } from "../components/projects/project-card";

/** Up to 4 of each, with the totals for the "See all" links (formatted: "1,000+" above the cap); an empty query finds nothing; `totals`: the instance's totals cache (decision 0035). */
export async function searchEverything(db: Db, rawQuery: string, totals?: TotalsCache) {
  const q = rawQuery.trim().slice(0, MAX_SEARCH);
  if (!q) return { q, projects: [], projectTotal: "0", developers: [], developerTotal: "0" };
  const [projects, developers] = await Promise.all([
    listProjects(db, { search: q, limit: "4" }, totals),
    listDevelopers(db, { search: q, limit: "4" }, totals),
  ]);
  return {
    q,
    projects: projects.projects.map(toCardData),
    projectTotal: formatTotal(projects.total, projects.totalCapped),
    developers: developers.developers.map(toDeveloperCardData),
    developerTotal: formatTotal(developers.total, developers.totalCapped),
  };
}
