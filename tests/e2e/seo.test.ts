/**
 * Search engines, sharing and accessibility on the production build (docs/product.md, "Search
 * engines and sharing" and "Accessibility"):
 * - a seeded project and developer carry their title, description, canonical URL, Open Graph and
 *   Twitter tags and JSON-LD (JobPosting, ProfilePage) with the values the API reads from the
 *   database; the home page has Organization and WebSite with a SearchAction; a closed project is
 *   noindex; the sitemap, robots.txt, manifest and icons answer;
 * - axe-core finds no violation on every page, signed out and signed in, at phone and desktop widths;
 * - by keyboard alone: visible focus, errors announced and linked to their fields, dialogs keep
 *   focus and close on Escape.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBudget } from "../../shared/format";
import { projectInput } from "../support/fixtures";
import { launchBrowser, register, startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";

interface HeadTags {
  title: string;
  meta: Record<string, string>;
  canonical: string | null;
  jsonLd: Array<Record<string, unknown>>;
}

/** The head of the server-rendered page at `url`, as a search engine or WhatsApp's preview reads it (no JavaScript). */
async function headOf(page: Page, url: string): Promise<HeadTags> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  const html = await res.text();
  await page.setContent(html.replace(/<script(?![^>]*ld\+json)[\s\S]*?<\/script>/g, ""));
  return page.evaluate(() => {
    const meta: Record<string, string> = {};
    for (const m of document.head.querySelectorAll("meta[name], meta[property]")) {
      meta[m.getAttribute("property") ?? m.getAttribute("name")!] = m.getAttribute("content") ?? "";
    }
    return {
      title: document.title,
      meta,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "null") as Record<string, unknown>),
    };
  });
}

async function signUp(base: string, email: string, userType: "client" | "developer"): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: TEST_PASSWORD, name: userType === "client" ? "Thandi Mokoena" : "Sipho Dlamini", userType }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("seo and accessibility", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 45), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a seeded project, a seeded developer and the home page carry tags and JSON-LD from the database", async () => {
    const base = server.url;
    const page = await (await browser.newContext()).newPage();
    const { projects } = (await (await fetch(`${base}/api/v1/projects?limit=1`)).json()) as {
      projects: Array<{ id: string; title: string; description: string; budgetMin: number; budgetMax: number | null; createdAt: string; skills: string[] }>;
    };
    const project = projects[0]!;
    const head = await headOf(page, `${base}/projects/${project.id}`);
    const url = `${base}/projects/${project.id}`;
    expect(head.title).toBe(`${project.title} | BuildZA`);
    expect(head.canonical).toBe(url);
    expect(head.meta["description"]).toContain(`Budget ${formatBudget(project.budgetMin, project.budgetMax)}.`);
    expect(head.meta["description"]!.length).toBeLessThanOrEqual(160);
    expect(head.meta["og:title"]).toBe(project.title);
    expect(head.meta["og:url"]).toBe(url);
    expect(head.meta["og:description"]).toBe(head.meta["description"]);
    expect(head.meta["og:image"]).toBe(`${base}/icons/icon-512.png`);
    expect(head.meta["twitter:card"]).toBe("summary");
    expect(head.meta["twitter:title"]).toBe(project.title);
    expect(head.meta["robots"]).toBeUndefined();
    const job = head.jsonLd.find((d) => d["@type"] === "JobPosting")!;
    expect(job).toMatchObject({
      "@context": "https://schema.org",
      title: project.title,
      description: project.description,
      datePosted: project.createdAt,
      url,
      applicantLocationRequirements: { "@type": "Country", name: "South Africa" },
      jobLocation: { address: { addressCountry: "ZA" } },
      baseSalary: { "@type": "MonetaryAmount", currency: "ZAR", value: { minValue: project.budgetMin } },
    });
    expect((job.baseSalary as { value: { maxValue?: number } }).value.maxValue).toBe(project.budgetMax ?? undefined);
    expect(job.skills).toBe(project.skills.join(", "));

    const { developers } = (await (await fetch(`${base}/api/v1/developers/top`)).json()) as {
      developers: Array<{ id: string; name: string; title: string; bio: string; city: string | null; skills: string[] }>;
    };
    const dev = developers[0]!;
    const devHead = await headOf(page, `${base}/developers/${dev.id}`);
    const devUrl = `${base}/developers/${dev.id}`;
    expect(devHead.title).toBe(`${dev.name} - ${dev.title} | BuildZA`);
    expect(devHead.canonical).toBe(devUrl);
    expect(devHead.meta["og:type"]).toBe("profile");
    expect(devHead.meta["og:title"]).toBe(`${dev.name} - ${dev.title}`);
    expect(dev.bio.startsWith(devHead.meta["description"]!.replace(/\.\.\.$/, ""))).toBe(true);
    const profile = devHead.jsonLd.find((d) => d["@type"] === "ProfilePage")!;
    expect(profile).toMatchObject({
      url: devUrl,
      mainEntity: { "@type": "Person", name: dev.name, jobTitle: dev.title, description: dev.bio, knowsAbout: dev.skills, address: { addressCountry: "ZA" } },
    });
    if (dev.city) expect(profile.mainEntity).toMatchObject({ address: { addressLocality: dev.city } });

    const home = await headOf(page, `${base}/`);
    expect(home.canonical).toBe(`${base}/`);
    expect(home.jsonLd.find((d) => d["@type"] === "Organization")).toMatchObject({ name: "BuildZA", url: base });
    expect(home.jsonLd.find((d) => d["@type"] === "WebSite")).toMatchObject({
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: `${base}/search?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });

    // Every public page has its own title, description and canonical URL.
    const seen = new Set<string>();
    for (const path of ["/", "/projects", "/developers", "/how-it-works", "/faq", "/support", "/terms", "/privacy", "/success-stories"]) {
      const h = await headOf(page, base + path);
      expect(h.canonical, path).toBe(base + path);
      expect(h.meta["description"]?.length, path).toBeGreaterThan(50);
      expect(h.meta["og:url"], path).toBe(base + path);
      expect(seen.has(h.title), path).toBe(false);
      // One style of title tag: "Page | BuildZA", the home page "BuildZA - tagline".
      expect(h.title, path).toMatch(path === "/" ? /^BuildZA - / : / \| BuildZA$/);
      seen.add(h.title);
      seen.add(h.meta["description"]!);
    }
    await page.context().close();
  });

  it("a closed project is noindex and not in the sitemap; robots.txt, the manifest and icons answer", async () => {
    const base = server.url;
    const cookie = await signUp(base, `closer.${stamp}@example.co.za`, "client");
    const created = await fetch(`${base}/api/v1/projects`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(projectInput({ title: `Closed clinic booking app ${stamp}` })),
    });
    expect(created.status).toBe(201);
    const { project } = (await created.json()) as { project: { id: string } };
    expect(await fetch(`${base}/sitemap.xml`).then((r) => r.text())).toContain(`/projects/${project.id}<`);
    expect((await fetch(`${base}/api/v1/projects/${project.id}/close`, { method: "POST", headers: { origin: base, cookie } })).status).toBe(200);
    const page = await (await browser.newContext()).newPage();
    const head = await headOf(page, `${base}/projects/${project.id}`);
    expect(head.meta["robots"]).toBe("noindex");
    await page.context().close();
    const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => r.text());
    expect(sitemap).not.toContain(project.id);
    expect(sitemap).toContain(`<loc>${base}/faq</loc>`);
    expect(await fetch(`${base}/robots.txt`).then((r) => r.text())).toContain(`Sitemap: ${base}/sitemap.xml`);
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
    const body = (await manifest.json()) as { icons: Array<{ src: string; sizes: string }>; start_url: string; display: string };
    expect(body.display).toBe("standalone");
    for (const icon of body.icons) {
      const res = await fetch(base + icon.src);
      expect(res.headers.get("content-type"), icon.src).toBe("image/png");
    }
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });

  it("works by keyboard: visible focus, errors announced and linked to their fields, the menu dialog keeps focus and closes on Escape", async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${server.url}/login`);
    const activeId = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let i = 0; i < 40 && (await activeId()) !== "email"; i++) await page.keyboard.press("Tab");
    expect(await activeId()).toBe("email");
    // The focused field shows it (an outline or a ring), not the browser's default only on mouse-less pages.
    const focusShown = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
    });
    expect(focusShown).toBe(true);

    // Enter with nothing filled in: each error is announced (role=alert) and named by its field.
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#email").getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await page.locator("#email").getAttribute("aria-describedby"))!;
    const message = page.locator(`[id="${describedBy}"]`);
    expect(await message.getAttribute("role")).toBe("alert");
    expect((await message.textContent())!.length).toBeGreaterThan(3);

    // The phone menu is a dialog: Tab stays inside it, Escape closes it and gives focus back.
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // Radix gives focus back in a timeout after the dialog unmounts: a loaded CI machine once
    // checked in between and saw nothing focused yet.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    await page.context().close();
  });

  it("by keyboard alone: register, the project wizard, a proposal, a message and settings; the report and withdraw dialogs keep focus and close on Escape", async () => {
    const base = server.url;
    const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
    /** Tabs (forwards) until `target` has focus, then checks the focus is visible (on it or, for a hidden radio, on its label). */
    async function tabTo(page: Page, target: Locator, max = 80) {
      for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press("Tab");
      expect(await isFocused(target), `focus did not reach ${String(target)}`).toBe(true);
      const shown = await page.evaluate(() => {
        const shows = (el: Element | null) => {
          if (!el) return false;
          const style = getComputedStyle(el);
          return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
        };
        const el = document.activeElement!;
        return shows(el) || (el.getBoundingClientRect().width <= 1 && shows(el.closest("label")));
      });
      expect(shown, `no visible focus on ${String(target)}`).toBe(true);
    }
    async function typeInto(page: Page, target: Locator, text: string) {
      await tabTo(page, target);
      await page.keyboard.type(text);
    }
    /** A dialog keeps focus while tabbing, closes on Escape and gives focus back to `opener`. */
    async function dialogTrapsFocus(page: Page, opener: Locator) {
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      await page.getByRole("dialog").waitFor();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await expect.poll(() => isFocused(opener)).toBe(true);
    }

    // Register: an empty submit names every missing field; then the whole form by keyboard.
    const client = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await client.goto(`${base}/register`);
    const name = client.getByLabel("Full name");
    await tabTo(client, name);
    await client.keyboard.press("Enter");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    const nameError = client.locator(`[id="${(await name.getAttribute("aria-describedby"))!.split(" ")[0]}"]`);
    expect(await nameError.getAttribute("role")).toBe("alert");
    expect(await nameError.textContent()).toBe("Name is required");
    await client.keyboard.type("Keyboard Client");
    await typeInto(client, client.getByLabel("Email"), `keys.client.${stamp}@example.co.za`);
    await typeInto(client, client.getByLabel("Password", { exact: true }), TEST_PASSWORD);
    await typeInto(client, client.getByLabel("Confirm password"), TEST_PASSWORD);
    await tabTo(client, client.getByRole("checkbox", { name: /terms and conditions/ }));
    await client.keyboard.press("Space");
    await tabTo(client, client.getByRole("button", { name: "Create account" }));
    await client.keyboard.press("Enter");
    await client.waitForURL(`${base}/dashboard`);

    // The project wizard: radios by Space, the skill by Enter, the category by arrow key.
    await client.goto(`${base}/projects/new`);
    await typeInto(client, client.getByLabel("Project title"), "Keyboard-only booking app");
    await typeInto(client, client.getByLabel("Project description"), "A booking app for a Durban barber shop: customers pick a time slot and pay a deposit.");
    await tabTo(client, client.locator('input[name="platform"]').first());
    await client.keyboard.press("Space");
    await typeInto(client, client.getByLabel("Feature 1", { exact: true }), "Customers book a time slot");
    await tabTo(client, client.getByRole("button", { name: "Next" }));
    await client.keyboard.press("Enter");
    await client.getByText("Step 2 of 3").waitFor();
    await tabTo(client, client.locator('input[name="budgetRange"]').first());
    await client.keyboard.press("Space");
    await tabTo(client, client.locator('input[name="timeline"]').first());
    await client.keyboard.press("Space");
    await typeInto(client, client.locator("#skill"), "Flutter");
    await client.keyboard.press("Enter");
    await tabTo(client, client.getByRole("button", { name: "Next" }));
    await client.keyboard.press("Enter");
    await client.getByText("Step 3 of 3").waitFor();
    await typeInto(client, client.getByLabel("Target audience"), "Barber shop customers in Durban");
    await tabTo(client, client.getByLabel("Category"));
    await client.keyboard.press("ArrowDown");
    await tabTo(client, client.getByRole("button", { name: "Create Project" }));
    await client.keyboard.press("Enter");
    await client.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const projectId = client.url().split("/").pop()!;

    // Settings: change the name by keyboard.
    await client.goto(`${base}/profile`);
    const settingsName = client.getByLabel("Full name");
    await tabTo(client, settingsName);
    await client.keyboard.press("ControlOrMeta+A");
    await client.keyboard.type("Keyboard Client Renamed");
    const saveName = client.getByRole("button", { name: "Save name" });
    await tabTo(client, saveName);
    // The save's answer is held until the busy button's focus is checked: a save answering within
    // a frame would never show the button busy, and the check would pass whatever the button does.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await client.route("**/profile.data*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await client.keyboard.press("Enter");
    const saving = client.getByRole("button", { name: "Saving...", exact: true });
    await expect.poll(() => saving.getAttribute("aria-busy")).toBe("true");
    // Two frames on, past the browser's focus fix-up (a disabled button would have lost the focus to the page).
    const focusedWhileBusy = () =>
      saving.evaluate(
        (el) => new Promise<boolean>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(el === document.activeElement)))),
      );
    // The button is busy while saving, and keeps the focus: the next Tab goes on from it, not from the top.
    expect(await focusedWhileBusy()).toBe(true);
    answer();
    await expect.poll(() => client.getByText("Keyboard Client Renamed").count()).toBeGreaterThan(0);
    await expect.poll(() => saveName.getAttribute("aria-busy")).toBe(null);
    expect(await saveName.evaluate((el) => el === document.activeElement)).toBe(true);
    await client.unroute("**/profile.data*");

    // A developer sends a proposal by keyboard, then opens and leaves the withdraw dialog.
    const developer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await register(developer, base, { name: "Keyboard Developer", email: `keys.dev.${stamp}@example.co.za`, developer: true });
    await developer.goto(`${base}/projects/${projectId}/proposal`);
    await typeInto(
      developer,
      developer.getByLabel("Cover letter"),
      "I have built three booking apps in Flutter for small businesses in KwaZulu-Natal, with deposits through PayFast and SMS reminders for customers.",
    );
    await typeInto(developer, developer.getByLabel("Your price (rand)"), "15000");
    await tabTo(developer, developer.getByLabel("Estimated duration"));
    await developer.keyboard.press("ArrowDown");
    await tabTo(developer, developer.getByRole("button", { name: "Submit Proposal" }));
    await developer.keyboard.press("Enter");
    await developer.waitForURL((url) => !url.pathname.endsWith("/proposal"));
    await developer.goto(`${base}/projects/${projectId}/proposal`);
    await dialogTrapsFocus(developer, developer.getByRole("button", { name: "Withdraw proposal" }));

    // The developer reports a seeded project: the report dialog behaves the same.
    const { projects: seeded } = (await (await fetch(`${base}/api/v1/projects?limit=1`)).json()) as { projects: Array<{ id: string }> };
    await developer.goto(`${base}/projects/${seeded[0]!.id}`);
    await dialogTrapsFocus(developer, developer.getByRole("button", { name: "Report" }));

    // The client sends the developer a message by keyboard (Enter sends on a keyboard device).
    const { user: developerUser } = (await (await developer.request.get(`${base}/api/auth/get-session`)).json()) as { user: { id: string } };
    await client.goto(`${base}/messages/new?to=${developerUser.id}`);
    await typeInto(client, client.getByRole("textbox", { name: "Message" }), "Thanks for the proposal, can we talk on Monday?");
    await client.keyboard.press("Enter");
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect.poll(() => client.getByText("Thanks for the proposal, can we talk on Monday?").count()).toBeGreaterThan(0);
    await client.context().close();
    await developer.context().close();
  }, 180_000);

  it("the less-travelled pages: an inbox and a thread with an unread message, an error page and a toast pass axe-core; names say what rows show; targets are big enough", async () => {
    const base = server.url;
    const found: string[] = [];
    async function axe(page: Page, what: string, include?: string) {
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
      if (include) builder = builder.include(include);
      for (const v of (await builder.analyze()).violations) {
        found.push(`${page.viewportSize()?.width}px ${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`);
      }
    }
    const client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const developer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await register(client, base, { name: "Zanele Inbox", email: `inbox.client.${stamp}@example.co.za`, developer: false });
    await register(developer, base, { name: "Musa Inbox", email: `inbox.dev.${stamp}@example.co.za`, developer: true });
    const { user } = (await (await developer.request.get(`${base}/api/auth/get-session`)).json()) as { user: { id: string } };
    const started = await client.evaluate(
      async (to) =>
        (await (
          await fetch("/api/v1/conversations", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ to, body: "Hello Musa, are you free to start in March?" }),
          })
        ).json()) as { conversation: { id: string } },
      user.id,
    );
    const thread = `/messages/${started.conversation.id}`;

    // Unread: the header link's text holds its name ("Messages 1" in "Messages, 1 unread": WCAG 2.5.3),
    // and an inbox row is named by what it shows, the last message and the unread count included.
    await developer.goto(`${base}/dashboard`);
    await axe(developer, "/dashboard");
    await developer.goto(`${base}/messages`);
    await developer.getByRole("link", { name: /^Zanele Inbox .*Hello Musa, are you free to start in March\? 1 unread$/ }).waitFor();
    await axe(developer, "/messages");
    // The thread, with the inbox beside it from 1024 px: its messages are items of a list inside the live log.
    await developer.goto(base + thread);
    await developer.getByRole("log", { name: "Messages" }).getByRole("list").getByRole("listitem").first().waitFor();
    await axe(developer, thread);

    await developer.setViewportSize({ width: 390, height: 844 });
    await developer.goto(base + thread);
    await axe(developer, thread);
    await developer.goto(`${base}/dashboard`);
    await axe(developer, "/dashboard");
    // The Messages figure is a link a thumb can hit (docs/product.md, Look and feel: 44 px).
    const tile = (await developer.getByRole("link", { name: /unread messages?: open Messages$/ }).boundingBox())!;
    expect(Math.min(tile.width, tile.height)).toBeGreaterThanOrEqual(44);
    // So are the standalone text links ("View all", "Back to ...", "Request a new link"), not only buttons.
    const small: string[] = [];
    async function tapTarget(page: Page, path: string, link: (page: Page) => Locator) {
      await page.goto(base + path);
      const box = await link(page).first().boundingBox();
      if (!box || box.height < 44) small.push(`${path}: ${box ? `${Math.round(box.height)} px` : "no link"}`);
    }
    const named = (name: string | RegExp) => (page: Page) => page.getByRole("main").getByRole("link", { name, exact: true });
    await tapTarget(developer, "/dashboard", named("View all"));
    await tapTarget(developer, "/payouts", named("Back to the dashboard"));
    await tapTarget(developer, "/payouts/statement?month=2026-01", named("Back to balance and payouts"));
    await tapTarget(developer, "/search?q=app", named(/^See all \d+ projects$/));
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await tapTarget(visitor, "/login", named("Forgot password?"));
    await tapTarget(visitor, "/forgot-password", named("Back to log in"));
    await tapTarget(visitor, "/reset-password?token=nothing", named("Request a new link"));
    // The demo client's contract (its project above the heading), a receipt's way back, and their dashboard's "View all".
    await visitor.goto(`${base}/login`);
    await visitor.getByLabel("Email").fill("client@demo.buildza.co.za");
    await visitor.getByLabel("Password", { exact: true }).fill("demo1234");
    await visitor.getByRole("button", { name: "Log in" }).click();
    await visitor.waitForURL(`${base}/dashboard`);
    await tapTarget(visitor, "/dashboard", named("View all"));
    // A row of the dashboard's lists is its title link's target as a whole, not the title's 20 px line.
    const row = await visitor.evaluate(() => {
      const li = document.getElementById("your-projects")?.parentElement?.parentElement?.querySelector("li");
      const link = li?.querySelector("a");
      if (!li || !link) return null;
      li.scrollIntoView({ block: "center" });
      const box = li.getBoundingClientRect();
      const corner = document.elementFromPoint(box.right - 2, box.bottom - 2);
      return { tall: box.height >= 44, covered: Boolean(corner && link.contains(corner)) };
    });
    expect(row).toEqual({ tall: true, covered: true });
    await visitor.goto(`${base}/payments`);
    const contractPath = (await visitor.locator('main a[href^="/contracts/"]').first().getAttribute("href"))!;
    const receiptPath = (await visitor.locator('main a[href^="/receipts/"]').first().getAttribute("href"))!;
    await tapTarget(visitor, contractPath, (page) => page.locator('main a[href^="/projects/"]'));
    await tapTarget(visitor, receiptPath, named("Back to the contract"));
    await visitor.context().close();
    expect(small).toEqual([]);

    // A page refused or missing has a title naming the refusal (WCAG 2.4.2), not the bare address.
    expect((await developer.goto(`${base}/moderation`))?.status()).toBe(403);
    expect(await developer.title()).toBe("You can't open this page | BuildZA");
    await axe(developer, "/moderation (403)");
    // Not verified yet, this developer still sees their balance, told why they cannot withdraw.
    expect((await developer.goto(`${base}/payouts`))?.status()).toBe(200);
    expect(await developer.locator("[data-verify-first]").innerText()).toContain("Verify your email address before you pay or get paid");
    await axe(developer, "/payouts (not verified)");
    expect((await developer.goto(`${base}/receipts/bz_nothing_here`))?.status()).toBe(404);
    expect(await developer.title()).toBe("Page not found | BuildZA");
    expect((await developer.goto(`${base}/no-such-page`))?.status()).toBe(404);
    expect(await developer.title()).toBe("Page not found | BuildZA");

    // A toast after a redirect ("Project not found") reads at 4.5:1 and its close button is 24 px.
    await developer.goto(`${base}/projects/00000000-0000-4000-8000-000000000000`);
    const toast = developer.locator("[data-sonner-toast]", { hasText: "Project not found" });
    await toast.waitFor();
    await toast.hover(); // sonner keeps a toast while the pointer is on it: it stays for axe
    await axe(developer, "toast", "[data-sonner-toaster]");
    const close = (await toast.getByRole("button", { name: "Close toast" }).boundingBox())!;
    expect(Math.round(Math.min(close.width, close.height))).toBeGreaterThanOrEqual(24); // 23.999998 while sonner scales it in

    expect(found).toEqual([]);
    await client.context().close();
    await developer.context().close();
  }, 120_000);

  it("axe-core finds no WCAG 2.2 AA violation on any page, signed out and signed in, at phone and desktop widths", async () => {
    const base = server.url;
    const { projects } = (await (await fetch(`${base}/api/v1/projects?limit=1`)).json()) as { projects: Array<{ id: string }> };
    const { developers } = (await (await fetch(`${base}/api/v1/developers/top`)).json()) as { developers: Array<{ id: string }> };
    const publicPaths = [
      "/",
      "/projects",
      `/projects/${projects[0]!.id}`,
      "/developers",
      `/developers/${developers[0]!.id}`,
      "/search?q=flutter",
      "/how-it-works",
      "/faq",
      "/support",
      "/terms",
      "/privacy",
      "/success-stories",
      "/api/docs",
      "/login",
      "/register",
      "/forgot-password",
      "/no-such-page",
    ];
    const clientPaths = [
      "/dashboard",
      "/projects/new",
      "/profile",
      "/messages",
      "/notifications",
      `/projects/${projects[0]!.id}`,
      "/messages/new?to=" + developers[0]!.id,
    ];
    const developerPaths = ["/dashboard", "/profile/setup", "/proposals", `/projects/${projects[0]!.id}/proposal`];
    const found: string[] = [];

    async function check(page: Page, path: string, who: string) {
      await page.goto(base + path, { waitUntil: "load" });
      // Hydrated: React Router's client has taken over (the page is as a user sees it).
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      for (const v of results.violations) {
        found.push(
          `${who} ${page.viewportSize()?.width}px ${path}: ${v.id} (${v.impact}) ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
        );
      }
    }

    for (const width of [390, 1280]) {
      const anon = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      for (const path of publicPaths) await check(anon, path, "anonymous");
      await anon.context().close();

      const client = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await register(client, base, { name: "Naledi Axe", email: `axe.client.${width}.${stamp}@example.co.za`, developer: false });
      for (const path of clientPaths) await check(client, path, "client");
      await client.context().close();

      const developer = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await register(developer, base, { name: "Thabo Axe", email: `axe.dev.${width}.${stamp}@example.co.za`, developer: true });
      for (const path of developerPaths) await check(developer, path, "developer");
      await developer.context().close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
