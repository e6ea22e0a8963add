/**
 * Routes for search engines: /sitemap.xml, the pages of its index (/sitemaps/:kind.xml?after=) and
 * /robots.txt (server/seo/sitemap.ts). Addresses use APP_URL, the canonical public origin.
 */
import { Hono } from "hono";
import type { AppDeps } from "../context";
import { robotsTxt, sitemapPageXml, sitemapXml, type SitemapKind } from "./sitemap";

const KINDS: readonly string[] = ["pages", "projects", "developers"] satisfies SitemapKind[];

/** The sitemap and robots.txt routes; `pageSize` (default 50,000 URLs) is smaller in tests. */
export function seoRoutes(deps: AppDeps, pageSize?: number) {
  const app = new Hono();
  const origin = deps.config.appUrl;
  const xml = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };
  app.get("/sitemap.xml", async (c) => c.body(await sitemapXml(deps.db, origin, pageSize), 200, xml));
  app.get("/sitemaps/:file", async (c) => {
    const kind = c.req.param("file").replace(/\.xml$/, "");
    const after = c.req.query("after") ?? "";
    // A cursor is an id: a uuid or a better-auth user id; anything else names no page.
    if (!KINDS.includes(kind) || !c.req.param("file").endsWith(".xml") || !/^[A-Za-z0-9-]{0,64}$/.test(after)) return c.notFound();
    return c.body(await sitemapPageXml(deps.db, origin, kind as SitemapKind, after, pageSize), 200, xml);
  });
  app.get("/robots.txt", (c) => c.text(robotsTxt(origin), 200, { "Cache-Control": "public, max-age=3600" }));
  return app;
}
