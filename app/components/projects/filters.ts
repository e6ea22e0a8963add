/**
 * The Browse Projects filters and their URL form (docs/product.md, Screens: filters and search are mirrored
 * into the URL query and read from it). Isomorphic: the route loader, the filter panel and the
 * chips all use these, so the URL has one canonical shape:
 *   ?search=&category=&platform=&budgetMin=&budgetMax=&skills=a,b&sortBy=&view=list
 * Empty values and the defaults (sortBy=newest, view=grid) are left out.
 */
import { canonicalSkill, CATEGORIES, PLATFORMS, PLATFORM_LABELS, PROJECT_SORTS, type Platform, type ProjectSort } from "../../../shared/constants";
import { budgetFilterLabel } from "../../../shared/format";

export { budgetFilterLabel };

export interface ProjectFilters {
  search: string;
  category: string;
  platform: string;
  budgetMin: number | null;
  budgetMax: number | null;
  skills: string[];
  sortBy: ProjectSort;
}

export type ProjectView = "grid" | "list";

export const EMPTY_FILTERS: ProjectFilters = {
  search: "",
  category: "",
  platform: "",
  budgetMin: null,
  budgetMax: null,
  skills: [],
  sortBy: "newest",
};

/** The query keys that select which projects are listed (everything but `view`). */
export const FILTER_KEYS = ["search", "category", "platform", "budgetMin", "budgetMax", "skills", "sortBy"] as const;

function wholeRand(value: string | null): number | null {
  if (value == null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Filters as written in a URL query. Lenient: unknown values become "no filter" (the loader
 * validates with the shared schema and hands back what it really applied).
 */
export function filtersFromParams(params: URLSearchParams): ProjectFilters {
  const sortBy = params.get("sortBy");
  const category = params.get("category") ?? "";
  const platform = params.get("platform") ?? "";
  return {
    search: (params.get("search") ?? "").trim(),
    category: (CATEGORIES as readonly string[]).includes(category) ? category : "",
    platform: (PLATFORMS as readonly string[]).includes(platform) ? platform : "",
    budgetMin: wholeRand(params.get("budgetMin")),
    budgetMax: wholeRand(params.get("budgetMax")),
    skills: uniqueSkills(params.getAll("skills").flatMap((s) => s.split(","))),
    sortBy: (PROJECT_SORTS as readonly string[]).includes(sortBy ?? "") ? (sortBy as ProjectSort) : "newest",
  };
}

function uniqueSkills(list: string[]): string[] {
  return [...new Set(list.map((s) => canonicalSkill(s.trim())).filter(Boolean))];
}

/** The canonical query of `filters` (and the view, kept only when it is "list"). */
export function paramsFromFilters(filters: ProjectFilters, view: ProjectView = "grid"): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.platform) params.set("platform", filters.platform);
  if (filters.budgetMin != null) params.set("budgetMin", String(filters.budgetMin));
  if (filters.budgetMax != null) params.set("budgetMax", String(filters.budgetMax));
  if (filters.skills.length) params.set("skills", filters.skills.join(","));
  if (filters.sortBy !== "newest") params.set("sortBy", filters.sortBy);
  if (view === "list") params.set("view", "list");
  return params;
}

/** A query string with the skills' commas left readable (`skills=React,Flutter`). */
function queryString(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ",");
}

/** "/projects" plus the canonical query. */
export function projectsHref(filters: ProjectFilters, view: ProjectView = "grid"): string {
  const query = queryString(paramsFromFilters(filters, view));
  return query ? `/projects?${query}` : "/projects";
}

/** A string that changes exactly when the listed projects change (ignores `view` and key order). */
export function filterKey(params: URLSearchParams): string {
  return paramsFromFilters(filtersFromParams(params)).toString();
}

export function viewFromParams(params: URLSearchParams): ProjectView {
  return params.get("view") === "list" ? "list" : "grid";
}

/**
 * Value of a budget radio button: "min-max" with either side empty ("-15000", "75000-").
 * The filter form posts it as `budget` when JavaScript is off; the loader turns it into
 * budgetMin/budgetMax.
 */
export function budgetValue(min: number | null | undefined, max: number | null | undefined): string {
  return min == null && max == null ? "" : `${min ?? ""}-${max ?? ""}`;
}

function parseBudgetValue(value: string): { budgetMin: number | null; budgetMax: number | null } {
  const [min = "", max = ""] = value.split("-");
  return { budgetMin: wholeRand(min), budgetMax: wholeRand(max) };
}

/**
 * The canonical query of any query, including a GET submit of the filter form: that sends
 * `budget=min-max` (radio buttons), one `skills` per checked box and empty fields.
 */
export function normalizeQuery(params: URLSearchParams): string {
  const merged = new URLSearchParams(params);
  if (params.has("budget")) {
    const { budgetMin, budgetMax } = parseBudgetValue(params.get("budget") ?? "");
    merged.delete("budget");
    merged.delete("budgetMin");
    merged.delete("budgetMax");
    if (budgetMin != null) merged.set("budgetMin", String(budgetMin));
    if (budgetMax != null) merged.set("budgetMax", String(budgetMax));
  }
  return queryString(paramsFromFilters(filtersFromParams(merged), viewFromParams(params)));
}

/**
 * The canonical query when `params` is a form submit that needs rewriting (see normalizeQuery);
 * null otherwise, so ordinary links never cost a redirect.
 */
export function canonicalQuery(params: URLSearchParams): string | null {
  const keys = [...params.keys()];
  const repeated = keys.length !== new Set(keys).size;
  const hasEmpty = [...params.values()].some((v) => v.trim() === "");
  if (!params.has("budget") && !repeated && !hasEmpty) return null;
  return normalizeQuery(params);
}

export interface FilterChip {
  /** Stable React key. */
  key: string;
  label: string;
  /** The filters without this one. */
  without: ProjectFilters;
}

/** One removable chip per active filter (docs/product.md, Screens: removable filter chips). */
export function filterChips(filters: ProjectFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.search) chips.push({ key: "search", label: `“${filters.search}”`, without: { ...filters, search: "" } });
  if (filters.category) chips.push({ key: "category", label: filters.category, without: { ...filters, category: "" } });
  if (filters.platform)
    chips.push({ key: "platform", label: PLATFORM_LABELS[filters.platform as Platform] ?? filters.platform, without: { ...filters, platform: "" } });
  if (filters.budgetMin != null || filters.budgetMax != null)
    chips.push({ key: "budget", label: budgetFilterLabel(filters.budgetMin, filters.budgetMax), without: { ...filters, budgetMin: null, budgetMax: null } });
  for (const skill of filters.skills)
    chips.push({ key: `skill:${skill}`, label: skill, without: { ...filters, skills: filters.skills.filter((s) => s !== skill) } });
  return chips;
}

/** The filters with every filter and the search cleared; the sort stays. */
export function clearedFilters(filters: ProjectFilters): ProjectFilters {
  return { ...EMPTY_FILTERS, sortBy: filters.sortBy };
}
