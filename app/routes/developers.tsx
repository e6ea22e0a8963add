/**
 * Find Developers (/developers, docs/product.md, Screens): search, filters (skills, city, minimum rating,
 * availability), sort, chips and "Load More Developers", all mirrored in the URL query so links,
 * reloads and Back keep the state. Same layout and behaviour as Browse Projects.
 */
import { AlertCircle, SearchX } from "../components/ui/icons";
import { useEffect, useState } from "react";
import { Link, redirect, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DEVELOPER_SORTS, DEVELOPER_SORT_LABELS, SKELETON_COUNT } from "../../shared/constants";
import { BrowseLayout } from "../components/browse/browse-layout";
import { StateCard } from "../components/browse/state-card";
import { useLoadMore } from "../components/browse/use-load-more";
import { DeveloperCard, DeveloperCardSkeleton, toDeveloperCardData, type DeveloperCardData } from "../components/developers/developer-card";
import { DeveloperFilterPanel } from "../components/developers/filter-panel";
import {
  canonicalDevelopersHref,
  clearedDeveloperFilters,
  developerFilterChips,
  developerFilterKey,
  developerFiltersFromParams,
  developersHref,
  paramsFromDeveloperFilters,
  type DeveloperFilters,
} from "../components/developers/filters";
import { Button, ButtonLink, buttonClass } from "../components/ui/button";
import { notify } from "../lib/toast";
import { useRootData } from "../root";
import { originFrom, seoMeta } from "../lib/seo";
import type { Route } from "./+types/developers";
import { blockedEitherWay, loadDevelopersPage, savedDeveloperIds } from "./developers.server";
import { formatTotal } from "../../shared/format";

const FORM_ID = "developer-filters";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return seoMeta({
    title: "Find Developers",
    description:
      "Find app developers across South Africa. Filter by skills, city, rating and availability, compare rates in rand and contact the right developer.",
    path: "/developers",
    origin: originFrom(matches),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A filter form submitted without JavaScript: rewrite it to the canonical query.
  const canonical = canonicalDevelopersHref(url.searchParams);
  if (canonical !== null) throw redirect(canonical);
  const [page, savedIds, blockedIds] = await Promise.all([
    loadDevelopersPage(context.deps.db, url.searchParams, context.deps.totals),
    savedDeveloperIds(context.deps.db, context.user),
    blockedEitherWay(context.deps.db, context.user?.id),
  ]);
  // A client's hearts (docs/product.md, Journeys "Favourites"); null: no hearts. No Contact across a
  // block either way (docs/product.md, Trust and safety, Blocking).
  return { ...page, savedIds: context.user?.userType === "client" ? savedIds : null, blockedIds };
}

export default function FindDevelopers({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  // While new filters load, the controls and chips already show them and the list shows skeletons.
  const pendingParams =
    navigation.state === "loading" && navigation.location.pathname === "/developers" ? new URLSearchParams(navigation.location.search) : null;
  const loadingFilters = pendingParams !== null && developerFilterKey(pendingParams) !== developerFilterKey(searchParams);
  const shown = loadingFilters ? developerFiltersFromParams(pendingParams) : loaderData.filters;

  // The filter controls follow the user's clicks at once, and the URL whenever it changes.
  const [draft, setDraft] = useState<DeveloperFilters>(shown);
  const shownKey = paramsFromDeveloperFilters(shown).toString();
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

  /** Changing a filter or the sort starts again from the first page. */
  function apply(next: DeveloperFilters) {
    setDraft(next);
    navigate(developersHref({ ...next, search: searchText.trim() }), { preventScrollReset: true });
  }

  // Load More: pages from the JSON API (same query and answer as listDevelopers).
  const more = useLoadMore<DeveloperCardData>({
    listKey: `${developerFilterKey(searchParams)}&cursor=${searchParams.get("cursor") ?? ""}`,
    first: { items: loaderData.developers, nextCursor: loaderData.nextCursor, hasMore: loaderData.hasMore },
    errorMessage: "Failed to load developers",
    focusSelector: (id) => `[data-developer-id="${id}"] h3 a`,
    fetchPage: async (cursor) => {
      const params = paramsFromDeveloperFilters(loaderData.filters);
      params.set("cursor", cursor);
      const res = await fetch(`/api/v1/developers?${params}`, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`GET /api/v1/developers answered ${res.status}`);
      const page = (await res.json()) as { developers: DeveloperCardData[]; nextCursor: string | null; hasMore: boolean };
      return { items: page.developers.map(toDeveloperCardData), nextCursor: page.nextCursor, hasMore: page.hasMore };
    },
  });

  useEffect(() => {
    if (loaderData.failed) notify("error", "Failed to load developers");
  }, [loaderData]);

  const developers = more.items;
  const chips = developerFilterChips(shown);
  const clearHref = developersHref(clearedDeveloperFilters(shown));
  const activeCount = chips.filter((c) => c.key !== "search").length;
  const blocked = new Set(loaderData.blockedIds);
  const canContact = (d: DeveloperCardData) => user !== null && user.id !== d.id && !blocked.has(d.id);

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-8 sm:px-6 lg:py-10">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Find Developers</h1>
        <p className="mt-2 text-slate-600">App developers across South Africa, with their skills, ratings and rates in rand.</p>
      </div>

      <BrowseLayout
        formId={FORM_ID}
        action="/developers"
        noun={{ one: "developer", many: "developers", title: "Developers" }}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onSearch={(params) => navigate(developersHref(developerFiltersFromParams(params)), { preventScrollReset: true })}
        filterPanel={<DeveloperFilterPanel formId={FORM_ID} filters={draft} onChange={apply} />}
        chips={chips.map((c) => ({ key: c.key, label: c.label, href: developersHref(c.without) }))}
        clearHref={clearHref}
        activeCount={activeCount}
        total={loaderData.total}
        totalCapped={loaderData.totalCapped}
        loading={loadingFilters}
        failed={loaderData.failed}
        sort={{ value: draft.sortBy, options: DEVELOPER_SORTS, labels: DEVELOPER_SORT_LABELS, onChange: (sortBy) => apply({ ...draft, sortBy }) }}
      >
        <div className="mt-4" aria-busy={loadingFilters || undefined}>
          {loadingFilters ? (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-hidden="true">
              {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                <li key={i}>
                  <DeveloperCardSkeleton />
                </li>
              ))}
            </ul>
          ) : loaderData.failed ? (
            <StateCard icon={<AlertCircle className="size-6" />} title="Failed to load developers" text="Something went wrong on our side. Please try again.">
              <Button variant="secondary" busy={revalidator.state === "loading"} onClick={() => void revalidator.revalidate()}>
                Try Again
              </Button>
            </StateCard>
          ) : developers.length === 0 ? (
            <StateCard
              icon={<SearchX className="size-6" />}
              title="No developers found"
              text={chips.length ? "Try other keywords or remove a filter or two." : "Developers are joining all the time. Check back soon."}
            >
              {chips.length ? (
                <ButtonLink to={clearHref} variant="secondary" preventScrollReset>
                  Clear Filters
                </ButtonLink>
              ) : null}
            </StateCard>
          ) : (
            <>
              <ul ref={more.listRef} className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {developers.map((developer) => (
                  <li key={developer.id}>
                    <DeveloperCard
                      developer={developer}
                      canContact={canContact(developer)}
                      saved={loaderData.savedIds ? loaderData.savedIds.includes(developer.id) : undefined}
                    />
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex flex-col items-center gap-3">
                <p className="text-sm text-slate-500">
                  Showing {developers.length} of {formatTotal(loaderData.total, loaderData.totalCapped)}
                </p>
                {more.hasMore ? (
                  // A link to the next page by cursor, so it works without JavaScript; with it, the page appends.
                  <Link
                    to={`/developers?${new URLSearchParams([...paramsFromDeveloperFilters(loaderData.filters), ["cursor", more.nextCursor ?? ""]]).toString()}`}
                    className={buttonClass("secondary", "lg", "w-full sm:w-auto")}
                    aria-busy={more.loading || undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      void more.loadMore();
                    }}
                  >
                    {more.loading ? "Loading..." : "Load More Developers"}
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
