/**
 * /sitemap.xml and /robots.txt (server/seo/sitemap.ts, docs/product.md "Search engines and
 * sharing"): the sitemap lists exactly the content pages, the projects that are not closed and the
 * active developer profiles; past the page size it becomes an index of keyset-paged sitemaps that
 * together hold the same URLs; robots.txt points at it.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeProject } from "../../server/projects/lifecycle";
import { seoRoutes } from "../../server/seo/routes";
import { SITEMAP_STATIC_PATHS } from "../../server/seo/sitemap";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeProject } from "../support/factories";

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

describe.each(DB_KINDS)("sitemap (%s)", (kind) => {
  let t: TestApp;
  let expected: string[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = await makeClient(t.deps.db);
    const open = await makeProject(t.deps.db, client);
    const second = await makeProject(t.deps.db, client);
    const closed = await makeProject(t.deps.db, client);
    await closeProject(t.domain, client, closed.id);
    const devs = [await makeDeveloper(t.deps.db), await makeDeveloper(t.deps.db), await makeDeveloper(t.deps.db)];
    await makeDeveloper(t.deps.db, { profile: false }); // no profile: no public page
    expected = [
      ...SITEMAP_STATIC_PATHS.map((p) => APP_URL + p),
      ...[open, second].map((p) => `${APP_URL}/projects/${p.id}`),
      ...devs.map((d) => `${APP_URL}/developers/${d.id}`),
    ].sort();
  });
  afterAll(() => t.close());

  it("lists exactly the public pages, open projects and developer profiles; robots.txt points at it", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(xml).sort()).toEqual(expected);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const robots = await t.app.request("/robots.txt");
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it("past the page size it is an index whose keyset-paged sitemaps hold the same URLs once each", async () => {
    const app = new Hono().route("/", seoRoutes(t.deps, 2));
    const index = await (await app.request("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const pages = locsOf(index);
    // pages.xml, projects (2 open = 1 page), developers (3 = 2 pages)
    expect(pages.map((p) => p.replace(APP_URL, "").replace(/after=.*/, "after="))).toEqual([
      "/sitemaps/pages.xml",
      "/sitemaps/projects.xml",
      "/sitemaps/developers.xml",
      "/sitemaps/developers.xml?after=",
    ]);
    const all: string[] = [];
    for (const page of pages) {
      const res = await app.request(page.replace(APP_URL, ""));
      expect(res.status).toBe(200);
      all.push(...locsOf(await res.text()));
    }
    // The static page sitemap is never cut: it holds every fixed page.
    expect(all.sort()).toEqual(expected);
    expect((await app.request("/sitemaps/users.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/projects.xml?after=%00x")).status).toBe(404);
  });
});
