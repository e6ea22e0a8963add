/**
 * The server side both browse lists share (/projects and /developers, docs/product.md, Screens): the
 * URL query read leniently, the first page (or the page after `cursor`) listed, and a failure shown
 * as an empty list rather than an error page.
 */
import type { z } from "zod";
import { ValidationError } from "../../server/errors";
import { log } from "../../server/log";

/** One page of a browse list as its loader returns it: cards, paging and the filters applied. */
export interface BrowsePage<Card, Filters> {
  items: Card[];
  /** Opaque cursor of the next page; null on the last page. */
  nextCursor: string | null;
  hasMore: boolean;
  /** Matches over all pages, exact up to LIST_TOTAL_CAP (decision 0023); `totalCapped` above it. */
  total: number;
  totalCapped: boolean;
  /** The filters that were applied (invalid ones from the URL are dropped). */
  filters: Filters;
  /** The list could not be loaded: the page shows its "Failed to load ..." message. */
  failed: boolean;
}

/** What a browse list needs: its query keys and schema, how to list a page, and how to show it. */
export interface BrowseList<Schema extends z.ZodType, Row, Card, Filters> {
  /** The query parameters the list reads (each may repeat: repeated values are joined with commas). */
  keys: readonly string[];
  /** The API's list query schema: the same rules and messages as /api/v1 (one schema). */
  schema: Schema;
  /** The applied filters as the page's filter panel and chips show them. */
  toFilters: (query: z.output<Schema>) => Filters;
  /** Lists one page; throws ValidationError for a cursor it cannot read. */
  list: (query: Record<string, string>) => Promise<{ rows: Row[]; nextCursor: string | null; hasMore: boolean; total: number; totalCapped: boolean }>;
  toCard: (row: Row) => Card;
  /** Logged when the database fails (docs/product.md, Messages and errors). */
  failure: string;
}

/**
 * The page of `list` for the URL query `params`. A parameter the schema refuses is dropped and the
 * rest still applied, so a bad link lists results instead of failing; a stale or forged `cursor`
 * lists the first page. A database failure is logged and gives an empty page with `failed` set.
 * Never throws for bad input.
 */
export async function loadBrowsePage<Schema extends z.ZodType, Row, Card, Filters>(
  params: URLSearchParams,
  spec: BrowseList<Schema, Row, Card, Filters>,
): Promise<BrowsePage<Card, Filters>> {
  const raw: Record<string, string> = {};
  for (const key of spec.keys) {
    const values = params.getAll(key).filter((v) => v.trim() !== "");
    if (values.length) raw[key] = values.join(",");
  }
  // Drop each parameter the shared schema refuses, then list with the rest.
  const checked = spec.schema.safeParse(raw);
  if (!checked.success) {
    for (const issue of checked.error.issues) delete raw[String(issue.path[0])];
  }
  const query = spec.schema.safeParse(raw);
  const base = query.success ? raw : {};
  const filters = spec.toFilters(query.success ? query.data : spec.schema.parse({}));

  // `cursor`: the "Load More" link followed without JavaScript shows the next page by itself.
  const cursor = params.get("cursor");
  try {
    const page = await spec.list(cursor ? { ...base, cursor } : base).catch((err: unknown) => {
      if (cursor && err instanceof ValidationError) return spec.list(base);
      throw err;
    });
    return {
      items: page.rows.map(spec.toCard),
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      total: page.total,
      totalCapped: page.totalCapped,
      filters,
      failed: false,
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) log().error({ err: error }, spec.failure);
    return { items: [], nextCursor: null, hasMore: false, total: 0, totalCapped: false, filters, failed: true };
  }
}
