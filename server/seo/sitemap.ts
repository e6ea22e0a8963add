/**
 * /sitemap.xml and /robots.txt (docs/product.md, Search engines and sharing). The sitemap lists the
 * public pages search engines should index: the content pages, every project that is not closed
 * (closed projects are noindex) and every active developer profile. Up to SITEMAP_MAX_URLS URLs it
 * is one `urlset`; past that it is a sitemap index whose pages are keyset-paged by id
 * (`/sitemaps/projects.xml?after=<id>`), so no page is read with OFFSET.
 */
import { and, asc, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { developerProfiles, projects, users } from "../db/schema";

/** The most URLs one sitemap file may hold (the sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages with fixed addresses (docs/product.md, Screens). */
export const SITEMAP_STATIC_PATHS = [
  "/",
  "/projects",
  "/developers",
  "/how-it-works",
  "/faq",
  "/support",
  "/success-stories",
  "/terms",
  "/privacy",
  "/api/docs",
] as const;

export type SitemapKind = "pages" | "projects" | "developers";

interface Entry {
  path: string;
  lastmod?: Date;
}

const projectIndexed = ne(projects.status, "closed");
const developerIndexed = and(eq(developerProfiles.isActive, true), eq(users.isActive, true), eq(users.userType, "developer"))!;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);
}

function urlset(origin: string, entries: Entry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Up to `limit` entries of one kind with ids after `after` (id order). */
async function entriesOf(db: Db, kind: SitemapKind, after: string, limit: number): Promise<Entry[]> {
  if (kind === "pages") return SITEMAP_STATIC_PATHS.map((path) => ({ path }));
  if (kind === "projects") {
    const rows = await db
      .select({ id: projects.id, updatedAt: projects.updatedAt })
      .from(projects)
      .where(after ? and(projectIndexed, gt(projects.id, after)) : projectIndexed)
      .orderBy(asc(projects.id))
      .limit(limit);
    return rows.map((r) => ({ path: `/projects/${r.id}`, lastmod: r.updatedAt }));
  }
  const rows = await db
    .select({ id: developerProfiles.userId, updatedAt: developerProfiles.updatedAt })
    .from(developerProfiles)
    .innerJoin(users, eq(users.id, developerProfiles.userId))
    .where(after ? and(developerIndexed, sql`${developerProfiles.userId} collate "C" > ${after}`) : developerIndexed)
    .orderBy(sql`${developerProfiles.userId} collate "C"`)
    .limit(limit);
  return rows.map((r) => ({ path: `/developers/${r.id}`, lastmod: r.updatedAt }));
}

/**
 * The first id of every page of `pageSize` rows after the first page (the `after` cursors of the
 * pages are the ids just before them), for the sitemap index.
 */
async function pageCursors(db: Db, kind: "projects" | "developers", pageSize: number, total: number): Promise<string[]> {
  const numbered =
    kind === "projects"
      ? db
          .select({ id: projects.id, n: sql<number>`row_number() over (order by ${projects.id})`.as("n") })
          .from(projects)
          .where(projectIndexed)
          .as("numbered")
      : db
          .select({
            id: sql<string>`${developerProfiles.userId}`.as("id"),
            n: sql<number>`row_number() over (order by ${developerProfiles.userId} collate "C")`.as("n"),
          })
          .from(developerProfiles)
          .innerJoin(users, eq(users.id, developerProfiles.userId))
          .where(developerIndexed)
          .as("numbered");
  // The last id of each full page is the cursor of the next page.
  const rows = await db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.n} % ${pageSize} = 0 and ${numbered.n} < ${total}`)
    .orderBy(numbered.n);
  return rows.map((r) => String(r.id));
}

async function countOf(db: Db, kind: "projects" | "developers"): Promise<number> {
  const [row] =
    kind === "projects"
      ? await db.select({ n: count() }).from(projects).where(projectIndexed)
      : await db.select({ n: count() }).from(developerProfiles).innerJoin(users, eq(users.id, developerProfiles.userId)).where(developerIndexed);
  return Number(row?.n ?? 0);
}

/**
 * The XML of /sitemap.xml for the public origin `origin` (no trailing slash): a `urlset` of every
 * public URL when they fit in `pageSize` (default SITEMAP_MAX_URLS), else a `sitemapindex` of
 * /sitemaps/{pages,projects,developers}.xml pages of at most `pageSize` URLs each.
 */
export async function sitemapXml(db: Db, origin: string, pageSize: number = SITEMAP_MAX_URLS): Promise<string> {
  const [projectCount, developerCount] = await Promise.all([countOf(db, "projects"), countOf(db, "developers")]);
  if (SITEMAP_STATIC_PATHS.length + projectCount + developerCount <= pageSize) {
    const [pages, projectEntries, developerEntries] = await Promise.all([
      entriesOf(db, "pages", "", pageSize),
      entriesOf(db, "projects", "", pageSize),
      entriesOf(db, "developers", "", pageSize),
    ]);
    return urlset(origin, [...pages, ...projectEntries, ...developerEntries]);
  }
  const locs = [`${origin}/sitemaps/pages.xml`];
  for (const kind of ["projects", "developers"] as const) {
    const total = kind === "projects" ? projectCount : developerCount;
    if (total === 0) continue;
    locs.push(`${origin}/sitemaps/${kind}.xml`);
    const cursors = await pageCursors(db, kind, pageSize, total);
    for (const after of cursors) locs.push(`${origin}/sitemaps/${kind}.xml?after=${encodeURIComponent(after)}`);
  }
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** One page of the sitemap index: up to `pageSize` URLs of `kind` with ids after `after`. */
export async function sitemapPageXml(db: Db, origin: string, kind: SitemapKind, after: string, pageSize: number = SITEMAP_MAX_URLS): Promise<string> {
  return urlset(origin, await entriesOf(db, kind, after, pageSize));
}

/** /robots.txt: everything public may be crawled except signed-in areas and the API; the sitemap's address. */
export function robotsTxt(origin: string): string {
  const privatePaths = [
    "/api/",
    "/dashboard",
    "/profile",
    "/messages",
    "/notifications",
    "/proposals",
    "/projects/new",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/logout",
    "/unsubscribe",
    "/search",
  ];
  // The API reference is public; the rest of /api/ is not for crawlers (longest match wins).
  return `User-agent: *\nAllow: /api/docs\n${privatePaths.map((p) => `Disallow: ${p}`).join("\n")}\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
