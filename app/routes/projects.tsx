/**
 * Browse Projects (/projects, docs/product.md, Screens): search, filters, sort, grid/list view, chips and
 * "Load More Projects", all mirrored in the URL query so links, reloads and Back keep the state.
 */
import { AlertCircle, LayoutGrid, List, SearchX } from "../components/ui/icons";
import { useEffect, useState } from "react";
import { Link, redirect, useNavigate, useNavigation, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { PROJECT_SORTS, PROJECT_SORT_LABELS, SKELETON_COUNT } from "../../shared/constants";
import { BrowseLayout } from "../components/browse/browse-layout";
import { StateCard } from "../components/browse/state-card";
import { useLoadMore } from "../components/browse/use-load-more";
import { FilterPanel } from "../components/projects/filter-panel";
import {
  canonicalQuery,
  clearedFilters,
  filterChips,
  filterKey,
  filtersFromParams,
  normalizeQuery,
  paramsFromFilters,
  projectsHref,
  viewFromParams,
  type ProjectFilters,
  type ProjectView,
} from "../components/projects/filters";
import { SaveSearchButton } from "../components/saved-searches/saved-searches";
import { ProjectCard, ProjectCardSkeleton, toCardData, type ProjectCardData } from "../components/projects/project-card";
import { Button, ButtonLink, buttonClass } from "../components/ui/button";
import { notify } from "../lib/toast";
import { useRootData } from "../root";
import { canPropose } from "../../shared/policies";
import { originFrom, seoMeta } from "../lib/seo";
import type { Route } from "./+types/projects";
import { loadProjectsPage, savedProjectIds } from "./projects.server";
import { formatTotal } from "../../shared/format";

const FORM_ID = "project-filters";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return seoMeta({
    title: "Browse Projects",
    description:
      "Browse app and software projects posted by clients across South Africa. Filter by category, platform, budget and skills, and send your proposal.",
    path: "/projects",
    origin: originFrom(matches),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A filter form submitted without JavaScript: rewrite it to the canonical query.
  const canonical = canonicalQuery(url.searchParams);
  if (canonical !== null) throw redirect(canonical ? `/projects?${canonical}` : "/projects");
  const [page, savedIds] = await Promise.all([
    loadProjectsPage(context.deps.db, url.searchParams, context.deps.totals),
    savedProjectIds(context.deps.db, context.user),
  ]);
  // A developer's hearts (docs/product.md, Journeys "Favourites"); null: no hearts.
  return { ...page, savedIds: context.user?.userType === "developer" ? savedIds : null };
}

/** Switching between grid and list changes only `view`: keep the loaded projects. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    filterKey(currentUrl.searchParams) === filterKey(nextUrl.searchParams)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export default function BrowseProjects({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const [searchParams] = useSearchParams();
  const view = viewFromParams(searchParams);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  // While new filters load, the controls and chips already show them and the list shows skeletons.
  const pendingParams = navigation.state === "loading" && navigation.location.pathname === "/projects" ? new URLSearchParams(navigation.location.search) : null;
  const loadingFilters = pendingParams !== null && filterKey(pendingParams) !== filterKey(searchParams);
  const applied = loaderData.filters;
  const shown = loadingFilters ? filtersFromParams(pendingParams) : applied;

  // The filter controls follow the user's clicks at once, and the URL whenever it changes.
  const [draft, setDraft] = useState<ProjectFilters>(shown);
  const shownKey = paramsFromFilters(shown).toString();
  const [draftFor, setDraftFor] = useState(shownKey);
  if (draftFor !== shownKey) {
    setDraftFor(shownKey);
    setDraft(shown);
  }
  const [searchText, setSearchText] = useState(shown.search);
  const [searchFor, setSearchFor] = useState(shown.search);
  if (searchFor !== shown.search) {
    setSearchFor(shown.search);
    setSearchText(shown.search);
  }

  /** Changing a filter or the sort starts again from the first page (docs/product.md, Lifecycles). */
  function apply(next: ProjectFilters) {
    setDraft(next);
    navigate(projectsHref({ ...next, search: searchText.trim() }, view), { preventScrollReset: true });
  }

  // Load More: pages from the JSON API, appended until the filters change; kept for Back.
  const more = useLoadMore<ProjectCardData>({
    listKey: `${filterKey(searchParams)}&cursor=${searchParams.get("cursor") ?? ""}`,
    first: { items: loaderData.projects, nextCursor: loaderData.nextCursor, hasMore: loaderData.hasMore },
    errorMessage: "Failed to load projects",
    focusSelector: (id) => `[data-project-id="${id}"] h2 a, [data-project-id="${id}"] h3 a`,
    fetchPage: async (cursor) => {
      const params = paramsFromFilters(loaderData.filters);
      params.set("cursor", cursor);
      const res = await fetch(`/api/v1/projects?${params}`, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`GET /api/v1/projects answered ${res.status}`);
      const page = (await res.json()) as { projects: ProjectCardData[]; nextCursor: string | null; hasMore: boolean };
      return { items: page.projects.map(toCardData), nextCursor: page.nextCursor, hasMore: page.hasMore };
    },
  });

  useEffect(() => {
    if (loaderData.failed) notify("error", "Failed to load projects");
  }, [loaderData]);

  const projects = more.items;
  const chips = filterChips(shown);
  const clearHref = projectsHref(clearedFilters(shown), view);
  const activeCount = chips.filter((c) => c.key !== "search").length;

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-8 sm:px-6 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Browse Projects</h1>
          <p className="mt-2 text-slate-600">App and software projects from clients across South Africa.</p>
        </div>
        {user?.userType === "developer" ? (
          <SaveSearchButton filters={Object.fromEntries([...paramsFromFilters({ ...applied, sortBy: "newest" })].filter(([k]) => k !== "view"))} />
        ) : null}
      </div>

      <BrowseLayout
        formId={FORM_ID}
        action="/projects"
        noun={{ one: "project", many: "projects", title: "Projects" }}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onSearch={(params) => {
          const query = normalizeQuery(params);
          navigate(query ? `/projects?${query}` : "/projects", { preventScrollReset: true });
        }}
        hiddenFields={view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        filterPanel={<FilterPanel formId={FORM_ID} filters={draft} onChange={apply} />}
        chips={chips.map((c) => ({ key: c.key, label: c.label, href: projectsHref(c.without, view) }))}
        clearHref={clearHref}
        activeCount={activeCount}
        total={loaderData.total}
        totalCapped={loaderData.totalCapped}
        loading={loadingFilters}
        failed={loaderData.failed}
        sort={{ value: draft.sortBy, options: PROJECT_SORTS, labels: PROJECT_SORT_LABELS, onChange: (sortBy) => apply({ ...draft, sortBy }) }}
        headerExtra={<ViewToggle view={view} filters={applied} />}
      >
        <div className="mt-4" aria-busy={loadingFilters || undefined}>
          {loadingFilters ? (
            <ul className={gridClass(view)} aria-hidden="true">
              {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                <li key={i}>
                  <ProjectCardSkeleton view={view} />
                </li>
              ))}
            </ul>
          ) : loaderData.failed ? (
            <StateCard icon={<AlertCircle className="size-6" />} title="Failed to load projects" text="Something went wrong on our side. Please try again.">
              <Button variant="secondary" busy={revalidator.state === "loading"} onClick={() => void revalidator.revalidate()}>
                Try Again
              </Button>
            </StateCard>
          ) : projects.length === 0 ? (
            <StateCard
              icon={<SearchX className="size-6" />}
              title="No projects found"
              text={chips.length ? "Try other keywords or remove a filter or two." : "New projects are posted all the time. Check back soon."}
            >
              {chips.length ? (
                <ButtonLink to={clearHref} variant="secondary" preventScrollReset>
                  Clear Filters
                </ButtonLink>
              ) : null}
            </StateCard>
          ) : (
            <>
              <ul ref={more.listRef} className={gridClass(view)}>
                {projects.map((project) => (
                  <li key={project.id}>
                    <ProjectCard
                      project={project}
                      view={view}
                      canPropose={canPropose(user, project)}
                      saved={loaderData.savedIds ? loaderData.savedIds.includes(project.id) : undefined}
                    />
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex flex-col items-center gap-3">
                <p className="text-sm text-slate-500">
                  Showing {projects.length} of {formatTotal(loaderData.total, loaderData.totalCapped)}
                </p>
                {more.hasMore ? (
                  // A link to the next page by cursor, so it works without JavaScript; with it, the page appends.
                  <Link
                    to={`/projects?${new URLSearchParams([...paramsFromFilters(applied, view), ["cursor", more.nextCursor ?? ""]]).toString()}`}
                    className={buttonClass("secondary", "lg", "w-full sm:w-auto")}
                    aria-busy={more.loading || undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      void more.loadMore();
                    }}
                  >
                    {more.loading ? "Loading..." : "Load More Projects"}
                  </Link>
                ) : null}
              </div>
            </>
          )}
        </div>
      </BrowseLayout>
    </div>
  );
}

function gridClass(view: ProjectView) {
  return view === "list" ? "grid gap-4" : "grid gap-4 md:grid-cols-2";
}

/** Grid / list switch; links, so it works without JavaScript and survives a reload. */
function ViewToggle({ view, filters }: { view: ProjectView; filters: ProjectFilters }) {
  const item = (value: ProjectView, label: string, icon: React.ReactNode) => {
    const active = view === value;
    return (
      <Link
        to={projectsHref(filters, value)}
        preventScrollReset
        replace
        aria-label={label}
        aria-current={active ? "true" : undefined}
        title={label}
        className={`inline-flex size-10 items-center justify-center rounded-md ${active ? "bg-brand-50 text-brand-700" : "text-slate-500 hover:bg-slate-100 hover:text-slate-800"}`}
      >
        {icon}
      </Link>
    );
  };
  return (
    <div className="hidden items-center gap-0.5 rounded-lg border border-slate-300 bg-white p-0.5 sm:flex" role="group" aria-label="Layout">
      {item("grid", "Grid view", <LayoutGrid className="size-5" aria-hidden="true" />)}
      {item("list", "List view", <List className="size-5" aria-hidden="true" />)}
    </div>
  );
}
