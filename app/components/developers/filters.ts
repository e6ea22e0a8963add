/**
 * The Find Developers filters and their URL form (docs/product.md, Screens route table: search, skills,
 * location, minRating, availability, sortBy). Isomorphic, used by the loader, the filter panel
 * and the chips, so the URL has one canonical shape:
 *   ?search=&skills=a,b&location=&minRating=4.5&availability=&sortBy=
 * Empty values and the default sort (rating) are left out.
 */
import {
  AVAILABILITIES,
  AVAILABILITY_BADGES,
  canonicalSkill,
  DEVELOPER_SORTS,
  LOCATIONS,
  type Availability,
  type DeveloperSort,
} from "../../../shared/constants";

export interface DeveloperFilters {
  search: string;
  skills: string[];
  location: string;
  minRating: number | null;
  availability: string;
  sortBy: DeveloperSort;
}

export const EMPTY_DEVELOPER_FILTERS: DeveloperFilters = { search: "", skills: [], location: "", minRating: null, availability: "", sortBy: "rating" };

/** The query keys that select which developers are listed. */
export const DEVELOPER_FILTER_KEYS = ["search", "skills", "location", "minRating", "availability", "sortBy"] as const;

function rating(value: string | null): number | null {
  if (value == null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 5 ? n : null;
}

/** A minimum rating as written in URLs and labels: "4.5", "4.0". */
export function ratingText(value: number): string {
  return value.toFixed(1);
}

/** Filters as written in a URL query; lenient (unknown values mean "no filter"; the loader validates). */
export function developerFiltersFromParams(params: URLSearchParams): DeveloperFilters {
  const location = params.get("location") ?? "";
  const availability = params.get("availability") ?? "";
  const sortBy = params.get("sortBy") ?? "";
  return {
    search: (params.get("search") ?? "").trim(),
    skills: [
      ...new Set(
        params
          .getAll("skills")
          .flatMap((s) => s.split(","))
          .map((s) => canonicalSkill(s.trim()))
          .filter(Boolean),
      ),
    ],
    location: (LOCATIONS as readonly string[]).includes(location) ? location : "",
    minRating: rating(params.get("minRating")),
    availability: (AVAILABILITIES as readonly string[]).includes(availability) ? availability : "",
    sortBy: (DEVELOPER_SORTS as readonly string[]).includes(sortBy) ? (sortBy as DeveloperSort) : "rating",
  };
}

/** The canonical query of `filters`. */
export function paramsFromDeveloperFilters(filters: DeveloperFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.skills.length) params.set("skills", filters.skills.join(","));
  if (filters.location) params.set("location", filters.location);
  if (filters.minRating != null) params.set("minRating", ratingText(filters.minRating));
  if (filters.availability) params.set("availability", filters.availability);
  if (filters.sortBy !== "rating") params.set("sortBy", filters.sortBy);
  return params;
}

/** "/developers" plus the canonical query (skills' commas left readable). */
export function developersHref(filters: DeveloperFilters): string {
  const query = paramsFromDeveloperFilters(filters).toString().replace(/%2C/gi, ",");
  return query ? `/developers?${query}` : "/developers";
}

/** A string that changes exactly when the listed developers change (ignores key order). */
export function developerFilterKey(params: URLSearchParams): string {
  return paramsFromDeveloperFilters(developerFiltersFromParams(params)).toString();
}

/**
 * The canonical URL when `params` is a filter form submitted without JavaScript (repeated
 * `skills`, empty fields); null for ordinary links, so they never cost a redirect.
 */
export function canonicalDevelopersHref(params: URLSearchParams): string | null {
  const keys = [...params.keys()];
  const repeated = keys.length !== new Set(keys).size;
  const hasEmpty = [...params.values()].some((v) => v.trim() === "");
  if (!repeated && !hasEmpty) return null;
  return developersHref(developerFiltersFromParams(params));
}

export interface DeveloperFilterChip {
  key: string;
  label: string;
  without: DeveloperFilters;
}

/** One removable chip per active filter and the search. */
export function developerFilterChips(filters: DeveloperFilters): DeveloperFilterChip[] {
  const chips: DeveloperFilterChip[] = [];
  if (filters.search) chips.push({ key: "search", label: `“${filters.search}”`, without: { ...filters, search: "" } });
  if (filters.location) chips.push({ key: "location", label: filters.location, without: { ...filters, location: "" } });
  if (filters.minRating != null) chips.push({ key: "minRating", label: `${ratingText(filters.minRating)}+ stars`, without: { ...filters, minRating: null } });
  if (filters.availability)
    chips.push({
      key: "availability",
      label: AVAILABILITY_BADGES[filters.availability as Availability] ?? filters.availability,
      without: { ...filters, availability: "" },
    });
  for (const skill of filters.skills)
    chips.push({ key: `skill:${skill}`, label: skill, without: { ...filters, skills: filters.skills.filter((s) => s !== skill) } });
  return chips;
}

/** Every filter and the search cleared; the sort stays. */
export function clearedDeveloperFilters(filters: DeveloperFilters): DeveloperFilters {
  return { ...EMPTY_DEVELOPER_FILTERS, sortBy: filters.sortBy };
}
