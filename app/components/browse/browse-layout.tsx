import { SearchIcon, SlidersHorizontal } from "../ui/icons";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { Button, ButtonLink, buttonClass } from "../ui/button";
import { Card } from "../ui/card";
import { Input, Select } from "../ui/form";
import { FilterChipList, type ChipLink } from "./filter-chips";
import { totalLabel } from "../../../shared/format";

/** The sort select above a list: its current value, the choices in order and their labels. */
export interface BrowseSort<S extends string> {
  value: S;
  options: readonly S[];
  labels: Record<S, string>;
  onChange: (value: S) => void;
}

export interface BrowseLayoutProps<S extends string> {
  /** The GET form's id; filter controls and the sort select join it through `form=`. */
  formId: string;
  /** The list's path, where the form goes without JavaScript ("/projects"). */
  action: string;
  /** What is listed: "project" / "projects", and the capitalised plural ("Projects"). */
  noun: { one: string; many: string; title: string };
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** Navigates to the list for the submitted form fields (with JavaScript). */
  onSearch: (params: URLSearchParams) => void;
  /** Extra hidden fields of the search form. */
  hiddenFields?: ReactNode;
  /** The filter controls inside the aside. */
  filterPanel: ReactNode;
  /** Active filter chips (search included) and the URL without any filter. */
  chips: ChipLink[];
  clearHref: string;
  /** Filters counted on the phone "Filters" button (the search is not one). */
  activeCount: number;
  total: number;
  /** More than LIST_TOTAL_CAP match: `total` shows as "1,000+" (decision 0023). */
  totalCapped?: boolean;
  /** New filters are loading: the count says so. */
  loading: boolean;
  /** The list failed to load: no count. */
  failed: boolean;
  sort: BrowseSort<S>;
  /** Controls after the sort select (the grid / list switch). */
  headerExtra?: ReactNode;
  /** The results: skeletons, state card or list. */
  children: ReactNode;
}

/**
 * The frame shared by Browse Projects and Find Developers (docs/product.md, Screens): the search form, the
 * filter aside with its phone toggle, and the results header with the count, sort and chips.
 */
export function BrowseLayout<S extends string>(props: BrowseLayoutProps<S>) {
  const { formId, noun, chips, clearHref, sort } = props;
  const panelId = `${noun.one}-filter-panel`;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const activeBadge = props.activeCount ? <span className="rounded-full bg-brand-600 px-2 text-xs leading-5 text-white">{props.activeCount}</span> : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string") params.append(key, value);
    props.onSearch(params);
  }

  return (
    <>
      <Form id={formId} method="get" action={props.action} role="search" aria-label={noun.title} className="mt-6 flex gap-2" onSubmit={submit}>
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            type="search"
            name="search"
            aria-label={`Search ${noun.many}`}
            placeholder={`Search ${noun.many}`}
            value={props.searchText}
            onChange={(e) => props.onSearchTextChange(e.currentTarget.value)}
            maxLength={200}
            enterKeyHint="search"
            className="pl-10"
          />
        </div>
        {props.hiddenFields}
        <Button type="submit" className="shrink-0">
          Search
        </Button>
      </Form>

      <div className="mt-6 lg:grid lg:grid-cols-[250px_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside aria-label="Filters">
          <div className="flex gap-2 lg:hidden">
            {hydrated ? (
              <Button variant="secondary" className="flex-1" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen((o) => !o)}>
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                {filtersOpen ? "Hide Filters" : "Filters"}
                {activeBadge}
              </Button>
            ) : (
              // Without JavaScript (and until it runs) the toggle is a link to the panel, which CSS
              // shows while it is the URL's target (docs/product.md, Journeys).
              <a href={`#${panelId}`} className={buttonClass("secondary", "md", "flex-1")}>
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                Filters
                {activeBadge}
              </a>
            )}
          </div>
          <Card id={panelId} className={`mt-3 scroll-mt-20 p-4 lg:mt-0 lg:block ${filtersOpen ? "block" : "hidden"} ${hydrated ? "" : "target:block"}`}>
            <h2 className="sr-only">Filters</h2>
            {props.filterPanel}
            <div className={`mt-4 flex-col gap-2 border-t border-slate-100 pt-4 ${hydrated && !chips.length ? "flex lg:hidden" : "flex"}`}>
              {hydrated ? (
                <Button variant="primary" className="lg:hidden" onClick={() => setFiltersOpen(false)}>
                  {props.loading ? "Show results" : `Show ${totalLabel(props.total, props.totalCapped, "result")}`}
                </Button>
              ) : (
                <Button type="submit" form={formId}>
                  Apply Filters
                </Button>
              )}
              {chips.length ? (
                <ButtonLink to={clearHref} variant="ghost" preventScrollReset>
                  Clear Filters
                </ButtonLink>
              ) : null}
            </div>
          </Card>
        </aside>

        <section aria-labelledby="results-heading" className="mt-6 min-w-0 lg:mt-0">
          <h2 id="results-heading" className="sr-only">
            {noun.title}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm font-medium text-slate-700">
              {props.loading ? `Loading ${noun.many}…` : props.failed ? "" : `${totalLabel(props.total, props.totalCapped, noun.one, noun.many)} found`}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="sortBy" className="sr-only text-sm text-slate-600 sm:not-sr-only sm:whitespace-nowrap">
                Sort by
              </label>
              <Select
                id="sortBy"
                name="sortBy"
                form={formId}
                value={sort.value}
                onChange={(e) => sort.onChange(e.currentTarget.value as S)}
                className="w-auto py-2"
              >
                {sort.options.map((s) => (
                  <option key={s} value={s}>
                    {sort.labels[s]}
                  </option>
                ))}
              </Select>
              {props.headerExtra}
            </div>
          </div>

          <FilterChipList chips={chips} clearHref={clearHref} />

          {props.children}
        </section>
      </div>
    </>
  );
}
