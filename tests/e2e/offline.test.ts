/**
 * The service worker (public/sw.js; docs/product.md, Offline; decision 0033) in Chromium at phone
 * width on the production build: it registers (its own CSP lets it fetch), pages stay fresh online
 * (network first), and with the connection cut a page seen before comes from the cache while any
 * other shows the offline page with the projects, developers and conversations last seen. Signed-in
 * pages are kept apart and go on sign-out; nothing of the API is cached.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectInput } from "../support/fixtures";
import { launchBrowser, register, startServer, type RunningServer, PORT_BASE } from "./support";

/** Every cached request URL (path and query), by cache name, as the page's origin sees them. */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => {
        const u = new URL(r.url);
        return u.pathname + u.search;
      });
    }
    return out;
  });

/** The first item link of a browse page under `prefix` ("/projects/"): [path, its heading or text]. */
const firstItem = async (page: Page, prefix: string): Promise<[string, string]> => {
  const link = page.locator(`main a[href^="${prefix}"]:not([href$="/new"]):not([href*="?"])`).first();
  const href = (await link.getAttribute("href"))!;
  const heading = link.locator("h2, h3").first();
  const label = (await heading.count()) ? await heading.innerText() : await link.innerText();
  return [href, label.trim().split("\n")[0]!];
};

describe("offline copies through the service worker", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 50), launchBrowser()]);
    base = server.url;
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("serves /sw.js with a policy that lets the worker fetch from this origin, and registers it after load", async () => {
    const res = await page.request.get(`${base}/sw.js`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/javascript/);
    expect(res.headers()["content-security-policy"]).toContain("connect-src 'self'");
    expect(res.headers()["cache-control"]).toBe("no-cache");

    await page.goto(`${base}/projects`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toBe(`${base}/sw.js`);
    // The page open when the worker first took over is kept too (its load did not pass through the worker).
    await expect.poll(async () => (await cacheContents(page))["buildza-pages-v1"] ?? [], { timeout: 15_000 }).toContain("/projects");
  });

  let project: [string, string];
  let developer: [string, string];
  let developerId: string;
  it("keeps the browse pages as last loaded, and online a page is always fresh", async () => {
    await page.goto(`${base}/projects`);
    project = await firstItem(page, "/projects/");
    await page.goto(`${base}/developers`);
    developer = await firstItem(page, "/developers/");
    developerId = developer[0].split("/")[2]!;
    await expect
      .poll(async () => (await cacheContents(page))["buildza-pages-v1"] ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["/projects", "/developers"]));
    const kept = await cacheContents(page);
    expect(Object.keys(kept).some((name) => name.startsWith("buildza-assets-") && kept[name]!.length > 0)).toBe(true);

    // A new project shows at once online: pages are network first, never the kept copy.
    await register(page, base, { name: "Offline Client", email: "offline-client@example.co.za", developer: false });
    const created = await page.request.post(`${base}/api/v1/projects`, {
      data: projectInput({ title: "Fresh project seen online" }),
      headers: { origin: base },
    });
    expect(created.status()).toBe(201);
    await page.goto(`${base}/projects`);
    await expect(page.getByText("Fresh project seen online").first().isVisible()).resolves.toBe(true);
  });

  it("keeps my conversations privately, never the API, and offline shows what was last seen", async () => {
    const started = await page.request.post(`${base}/api/v1/conversations`, {
      data: { to: developerId, body: "Hello, are you available for a small app next month?" },
      headers: { origin: base },
    });
    expect(started.status()).toBeLessThan(300);
    await page.goto(`${base}/messages`);
    await page.getByText("Hello, are you available").first().waitFor();
    await page.goto(`${base}/projects`);
    await page.goto(`${base}/developers`);

    // Signed in, pages are private (no-store): only in the private cache, and no API answer anywhere.
    await expect
      .poll(async () => (await cacheContents(page))["buildza-private-v1"] ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["/messages", "/projects", "/developers"]));
    const kept = await cacheContents(page);
    expect(kept["buildza-pages-v1"] ?? []).not.toContain("/messages");
    expect(
      Object.values(kept)
        .flat()
        .filter((u) => u.startsWith("/api/")),
    ).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${base}/messages`);
    await expect(page.getByText("Hello, are you available").first().isVisible()).resolves.toBe(true);
    await page.goto(`${base}/projects`);
    await expect(page.getByText("Fresh project seen online").first().isVisible()).resolves.toBe(true);

    // A page never kept: the offline page with the items last seen, linked.
    const res = await page.goto(`${base}/faq`);
    expect(res?.status()).toBe(503);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    await expect(page.getByRole("heading", { name: "My conversations" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: developer[1] }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Fresh project seen online" }).first().isVisible()).resolves.toBe(true);
    // A conversation is named by its person and last message (the avatar's hidden initial left out).
    const conversation = page.locator('a[href^="/messages/"]').first();
    expect(await conversation.innerText()).toMatch(new RegExp(`^${developer[1]}\\b.*Hello, are you available`, "s"));
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // A link followed inside the app (its data cannot be fetched) ends on the page as last seen, not an error.
    await page.goto(`${base}/projects`);
    // Hydrated (React's fiber on <main>), so the click is the app's navigation, not a full load.
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
    });
    await page.locator('a[href="/developers"]:visible').first().click();
    await page.getByRole("link", { name: developer[1] }).first().waitFor({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Something went wrong" }).count()).resolves.toBe(0);
    await context.setOffline(false);
  });

  it("signing out removes the private copies: offline, nobody sees the conversations", async () => {
    await page.goto(`${base}/dashboard`);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${base}/`);
    await expect.poll(async () => (await cacheContents(page))["buildza-private-v1"] ?? [], { timeout: 15_000 }).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${base}/messages`);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    await expect(page.getByRole("heading", { name: "My conversations" }).count()).resolves.toBe(0);
    expect(await page.content()).not.toContain("Hello, are you available");
    // The public copy of the browse page from before signing in is still there.
    await page.goto(`${base}/projects`);
    await expect(page.getByText(project[1]).first().isVisible()).resolves.toBe(true);
    await context.setOffline(false);
  });
});
