/** Server side of the home page: the "Top developers" section and the real numbers it shows. */
import { count, eq } from "drizzle-orm";
import { HOME_CATEGORY_TILES } from "../../shared/constants";
import type { Db } from "../../server/db/client";
import { projects } from "../../server/db/schema";
import { listDevelopers, listTopDevelopers } from "../../server/developers/service";
import { listProjects } from "../../server/projects/service";
import { toDeveloperCardData, type DeveloperCardData } from "../components/developers/developer-card";
import { log } from "../../server/log";

/**
 * Top developers (docs/product.md, Lists and search: rating at least 4.0, at least 5 reviews, best first, 6) as card
 * data. A failure only hides the section: the home page must always load.
 */
export async function loadTopDevelopers(db: Db): Promise<DeveloperCardData[]> {
  try {
    return (await listTopDevelopers(db)).map(toDeveloperCardData);
  } catch (error) {
    log().error({ err: error }, "Failed to fetch top developers");
    return [];
  }
}

/** The home page's figures: each tile's count is the total of the list the tile opens. */
export interface HomeNumbers {
  openProjects: number;
  completedProjects: number;
  developers: number;
  /** Per HOME_CATEGORY_TILES label. */
  tiles: Record<string, number>;
}

/** How long the home page's figures are kept (ms): they are counts, not live data. */
export const HOME_NUMBERS_TTL_MS = 5 * 60_000;
let cached: { at: number; db: Db; generation: number | undefined; value: HomeNumbers } | null = null;

/**
 * The real figures of the home page (docs/product.md, Journeys), read with the same list functions
 * the tiles and links open (so "12 projects" on a tile is what it lists), kept for
 * HOME_NUMBERS_TTL_MS per process, and counted again once `generation` (the totals cache's, bumped
 * after every write this instance handles; decision 0035) has moved on: a project posted here is
 * on the tiles at once, as it is in the lists. A failure hides the figures (null): the page still loads.
 */
export async function loadHomeNumbers(db: Db, generation?: number, now = Date.now()): Promise<HomeNumbers | null> {
  if (cached && cached.db === db && cached.generation === generation && now - cached.at < HOME_NUMBERS_TTL_MS) return cached.value;
  try {
    const tileQuery = (href: string) => Object.fromEntries(new URL(href, "http://x").searchParams);
    const [open, developers, [completed], ...tiles] = await Promise.all([
      listProjects(db, { limit: "1" }),
      listDevelopers(db, { limit: "1" }),
      db.select({ n: count() }).from(projects).where(eq(projects.status, "completed")),
      ...HOME_CATEGORY_TILES.map((tile) => listProjects(db, { ...tileQuery(tile.href), limit: "1" })),
    ]);
    const value: HomeNumbers = {
      openProjects: open.total,
      completedProjects: completed?.n ?? 0,
      developers: developers.total,
      tiles: Object.fromEntries(HOME_CATEGORY_TILES.map((tile, i) => [tile.label, tiles[i]!.total])),
    };
    cached = { at: now, db, generation, value };
    return value;
  } catch (error) {
    log().error({ err: error }, "Failed to count the home page's figures");
    return null;
  }
}
