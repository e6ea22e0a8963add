/**
 * docs/product.md, Journeys: the defects still open after journeys.test.ts, each checked where it
 * was seen (390 px phones, 1024-1280 px desktops, JavaScript off). Each check failed before its fix.
 * The server has the demo data (60 developers, open projects), so lists have more than one page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PORT_BASE, register, startServer, type RunningServer, pageApi } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("journeys: defects", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 36), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = pageApi;
  const total = async (query: string) => ((await (await fetch(`${server.url}/api/v1/${query}`)).json()) as { total: number }).total;
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it("without JavaScript the phone Filters button opens the filters and applying one filters the list (projects and developers); the phone menu opens", async () => {
    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await noJs.newPage();

    await page.goto(`${server.url}/projects`);
    expect(await page.getByLabel("Category").isVisible()).toBe(false);
    await page.getByRole("link", { name: "Filters" }).click();
    await expect.poll(() => page.getByLabel("Category").isVisible()).toBe(true);
    await page.screenshot({ path: `tests/.tmp/shots/journeys-defects/filters-nojs-390.png` });
    await page.getByLabel("Category").selectOption("E-commerce");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/\/projects\?category=E-commerce$/);
    const projects = await total("projects?category=E-commerce&limit=1");
    expect(projects).toBeLessThan(await total("projects?limit=1"));
    expect(await page.getByRole("status").first().textContent()).toBe(`${projects} ${projects === 1 ? "project" : "projects"} found`);

    await page.goto(`${server.url}/developers`);
    await page.getByRole("link", { name: "Filters" }).click();
    await expect.poll(() => page.getByLabel("Location").isVisible()).toBe(true);
    await page.getByLabel("Location").selectOption("Cape Town");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/\/developers\?location=Cape(\+|%20)Town$/);
    const developers = await total("developers?location=Cape%20Town&limit=1");
    expect(developers).toBeLessThan(await total("developers?limit=1"));
    expect(await page.getByRole("status").first().textContent()).toBe(`${developers} ${developers === 1 ? "developer" : "developers"} found`);

    // The phone menu opens too, and its links work.
    expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect.poll(() => page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(true);
    // A sheet the height of the screen, not squeezed into the header bar.
    expect((await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!.height).toBe(844);
    await page.screenshot({ path: `tests/.tmp/shots/journeys-defects/menu-nojs-390.png` });
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Browse Projects" }).click();
    await page.waitForURL(`${server.url}/projects`);
    expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    await noJs.close();

    // With JavaScript it is a disclosure button that says whether the panel is open.
    const js = await browser.newPage(PHONE);
    await js.goto(`${server.url}/projects`);
    const toggle = js.getByRole("button", { name: "Filters" });
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect.poll(() => js.getByLabel("Category").isVisible()).toBe(true);
    expect(await js.getByRole("button", { name: "Hide Filters" }).getAttribute("aria-expanded")).toBe("true");
    await js.close();
  });

  it("without JavaScript Load More Developers is a link to the next page by cursor", async () => {
    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${server.url}/developers`);
    const ids = () => page.locator("[data-developer-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-developer-id")));
    const firstPage = await ids();
    expect(firstPage.length).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Load More Developers" }).click();
    await page.waitForURL(/\/developers\?cursor=/);
    const nextPage = await ids();
    expect(nextPage.length).toBeGreaterThan(0);
    expect(nextPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await noJs.close();
  });

  it("pages added by Load More stay when a heart is saved, and Back from a project or a profile shows them again, where the visitor was", async () => {
    const phone = await browser.newContext(PHONE);
    const page = await phone.newPage();
    await register(page, server.url, { name: "Zanele Mokoena", email: `zanele.more.${stamp}@example.co.za`, developer: true });
    const projectIds = () => page.locator("[data-project-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-project-id")));

    await page.goto(`${server.url}/projects`);
    await page.getByRole("link", { name: "Load More Projects" }).click();
    await expect.poll(async () => (await projectIds()).length).toBe(24);
    const loaded = await projectIds();
    // A heart on the second page re-reads the page's data: the second page stays, the heart turns.
    const sixteenth = page.locator(`[data-project-id="${loaded[15]}"]`);
    await sixteenth.getByRole("button", { name: /^Save: / }).click();
    await expect.poll(() => sixteenth.getByRole("button", { name: /^Saved: / }).count()).toBe(1);
    await page.waitForLoadState("networkidle");
    expect(await projectIds()).toEqual(loaded);

    // Open the 14th project, then Back: both pages are there again, the 14th on screen.
    await page.locator(`[data-project-id="${loaded[13]}"]`).getByRole("link", { name: "View Details" }).click();
    await page.waitForURL(`${server.url}/projects/${loaded[13]}`);
    await page.goBack();
    await page.waitForURL(`${server.url}/projects`);
    await expect.poll(projectIds).toEqual(loaded);
    await expect.poll(() => page.locator(`[data-project-id="${loaded[13]}"]`).isVisible()).toBe(true);
    const box = await page.locator(`[data-project-id="${loaded[13]}"]`).boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(0);
    expect(box!.y).toBeLessThan(844);
    // A new visit to the list (not Back) starts at the first page.
    await page.goto(`${server.url}/projects`);
    expect((await projectIds()).length).toBe(12);

    // Find Developers the same way.
    const developerIds = () => page.locator("[data-developer-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-developer-id")));
    await page.goto(`${server.url}/developers`);
    await page.getByRole("link", { name: "Load More Developers" }).click();
    await expect.poll(async () => (await developerIds()).length).toBe(24);
    const developers = await developerIds();
    await page.locator(`[data-developer-id="${developers[13]}"]`).getByRole("link", { name: "View Profile" }).click();
    await page.waitForURL(`${server.url}/developers/${developers[13]}`);
    await page.goBack();
    await page.waitForURL(`${server.url}/developers`);
    await expect.poll(developerIds).toEqual(developers);
    await phone.close();
  });

  it("from 1024 px the inbox sits beside the open thread; a phone shows the thread alone", async () => {
    const context = await browser.newContext(DESKTOP);
    const client = await context.newPage();
    await register(client, server.url, { name: "Thandi Inbox", email: `thandi.${stamp}@example.co.za`, developer: false });
    const listed = (await api(client, "/api/v1/developers?limit=2")).json as { developers: { id: string; name: string }[] };
    const ids: string[] = [];
    for (const d of listed.developers) {
      const started = await api(client, "/api/v1/conversations", "POST", { to: d.id, body: `Hello ${d.name}, are you free in March?` });
      expect(started.status).toBeLessThan(300);
      ids.push((started.json as { conversation: { id: string } }).conversation.id);
    }
    await client.goto(`${server.url}/messages/${ids[0]}`);
    const inbox = client.getByRole("navigation", { name: "Conversations" });
    const thread = client.getByRole("region", { name: `Conversation with ${listed.developers[0]!.name}` });
    await expect.poll(() => inbox.isVisible()).toBe(true);
    expect(await thread.isVisible()).toBe(true);
    // A row is named by what it shows: the person first, then the time, the project and the last message.
    expect(await inbox.getByRole("listitem").count()).toBe(2);
    expect(await inbox.getByRole("link", { name: new RegExp(`^${listed.developers[0]!.name} `) }).getAttribute("aria-current")).toBe("page");
    const [a, b] = [(await inbox.boundingBox())!, (await thread.boundingBox())!];
    expect(a.x + a.width).toBeLessThanOrEqual(b.x);
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    // The list is live: a message in the other conversation shows there without a reload.
    expect((await api(client, `/api/v1/conversations/${ids[1]}/messages`, "POST", { body: "Ping from the other thread" })).status).toBeLessThan(300);
    await expect.poll(() => inbox.getByText("You: Ping from the other thread").isVisible()).toBe(true);
    // Another conversation opens from the list, still in two panes.
    await inbox.getByRole("link", { name: new RegExp(`^${listed.developers[1]!.name} `) }).click();
    await client.waitForURL(`${server.url}/messages/${ids[1]}`);
    await expect.poll(() => client.getByRole("region", { name: `Conversation with ${listed.developers[1]!.name}` }).isVisible()).toBe(true);
    expect(await inbox.isVisible()).toBe(true);
    await client.screenshot({ path: `tests/.tmp/shots/journeys-defects/thread-1280.png` });

    await client.setViewportSize(PHONE.viewport);
    await client.reload();
    await expect
      .poll(() =>
        thread
          .or(client.getByRole("region", { name: /^Conversation with/ }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await inbox.isVisible()).toBe(false);
    expect(await pageWidth(client)).toBe(390);
    await client.screenshot({ path: `tests/.tmp/shots/journeys-defects/thread-390.png` });
    await context.close();
  });

  it("profile form: a new experience entry shows no errors until a field is left, Enter adds the highlighted skill (matched without case or accents), and a click on Save is not lost when a message appears", async () => {
    const context = await browser.newContext(PHONE);
    const dev = await context.newPage();
    await register(dev, server.url, { name: "Kagiso Profile", email: `kagiso.${stamp}@example.co.za`, developer: true });

    // Suggestions filter as the skill is typed; Enter adds the highlighted one.
    const skill = dev.getByLabel("Add a skill");
    await skill.fill("Flut");
    await expect.poll(() => dev.getByRole("button", { name: "React Native" }).count()).toBe(0);
    await skill.press("Enter");
    await expect.poll(() => dev.getByRole("list", { name: "Your skills" }).textContent()).toBe("Flutter");
    // They match without case or accents, as search does: "FIRÉB" suggests and adds "Firebase".
    await skill.fill("FIRÉB");
    await expect.poll(() => dev.getByText("Enter adds Firebase").isVisible()).toBe(true);
    await skill.press("Enter");
    await expect.poll(() => dev.getByRole("list", { name: "Your skills" }).textContent()).toBe("FlutterFirebase");

    // An invalid link, then a click straight on Save (at the end of the page, where a message appearing
    // above moves the Save bar): the click is handled, the form submitted and refused with the message.
    await dev.evaluate(() => {
      const w = window as unknown as { submits: number };
      w.submits = 0;
      document.querySelector("form:has(#links\\.website)")!.addEventListener("submit", () => w.submits++);
    });
    await dev.getByLabel("Website").fill("http://kagiso.co.za");
    await dev.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await dev.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => dev.evaluate(() => (window as unknown as { submits: number }).submits)).toBe(1);
    await expect.poll(() => dev.getByText("Website must be a valid https:// URL").isVisible()).toBe(true);
    await dev.screenshot({ path: `tests/.tmp/shots/journeys-defects/profile-save-390.png` });
    // After that refused Save too, a new experience entry shows no messages until a field is left.
    await dev.getByRole("button", { name: "Add experience" }).click();
    await expect.poll(() => dev.getByLabel("Job title").count()).toBe(1);
    await dev.waitForTimeout(500);
    for (const message of ["Job title is required", "Company is required", "Start date is required (YYYY-MM)"]) {
      expect({ message, shown: await dev.getByText(message).count() }).toEqual({ message, shown: 0 });
    }
    // Leaving the job title empty shows its message, and only its.
    await dev.getByLabel("Job title").focus();
    await dev.keyboard.press("Tab");
    await expect.poll(() => dev.getByText("Job title is required").isVisible()).toBe(true);
    expect(await dev.getByText("Company is required").count()).toBe(0);

    await dev.screenshot({ path: `tests/.tmp/shots/journeys-defects/profile-experience-390.png` });
    await context.close();
  });

  it("a client's header shows My projects and Post a project at every desktop width without overflow; /projects/new is not Browse Projects", async () => {
    const context = await browser.newContext(DESKTOP);
    const client = await context.newPage();
    await register(client, server.url, { name: "Nomvula Header-Client", email: `nomvula.${stamp}@example.co.za`, developer: false });
    await client.goto(`${server.url}/projects/new`);
    const main = client.getByRole("navigation", { name: "Main" });
    for (const width of [1024, 1100, 1280]) {
      await client.setViewportSize({ width, height: 900 });
      for (const name of ["Browse Projects", "Find Developers", "How It Works", "My projects", "Post a project"]) {
        expect({ width, name, visible: await main.getByRole("link", { name }).isVisible() }).toEqual({ width, name, visible: true });
      }
      expect(await main.getByRole("link", { name: "Post a project" }).getAttribute("aria-current")).toBe("page");
      expect(await main.getByRole("link", { name: "Browse Projects" }).getAttribute("aria-current")).toBeNull();
      // Nothing overflows: the page is as wide as the window, and no header item ends past it or overlaps the next.
      expect({ width, page: await pageWidth(client) }).toEqual({ width, page: width });
      const boxes = await client.locator("header a:visible, header button:visible").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, inside: e.scrollWidth <= e.clientWidth + 1 };
        }),
      );
      // The bar's items stay inside its padding: none ends further from the right edge than the logo starts from the left.
      const logo = (await client.getByRole("link", { name: "BuildZA" }).first().boundingBox())!;
      for (const box of boxes)
        expect({ width, right: Math.min(box.right, width - logo.x + 1), inside: box.inside }).toEqual({ width, right: box.right, inside: true });
      const row = boxes.filter((b) => b.top < 40).sort((x, y) => x.left - y.left);
      for (let i = 1; i < row.length; i++) expect(row[i]!.left).toBeGreaterThanOrEqual(row[i - 1]!.right - 0.5);
      await client.screenshot({ path: `tests/.tmp/shots/journeys-defects/header-${width}.png` });
    }
    // At 1280 px the account button shows the first name, whole; its accessible name is the purpose and the whole name.
    const account = client.getByRole("button", { name: "Account menu for Nomvula Header-Client" });
    const shown = await account.locator("span.truncate").evaluate((e) => ({ text: (e as HTMLElement).innerText, whole: e.scrollWidth <= e.clientWidth }));
    expect(shown).toEqual({ text: "Nomvula", whole: true });
    await context.close();
  });

  it("a developer's header shows My proposals at every width (an icon from 1024 to 1279 px, the phone menu at 390 px) without overflow", async () => {
    const context = await browser.newContext(DESKTOP);
    const dev = await context.newPage();
    await register(dev, server.url, { name: "Themba Header-Developer", email: `themba.${stamp}@example.co.za`, developer: true });
    await dev.goto(`${server.url}/dashboard`);
    const main = dev.getByRole("navigation", { name: "Main" });
    for (const width of [1024, 1100, 1280]) {
      await dev.setViewportSize({ width, height: 900 });
      for (const name of ["Browse Projects", "Find Developers", "How It Works", "My proposals"]) {
        expect({ width, name, visible: await main.getByRole("link", { name }).isVisible() }).toEqual({ width, name, visible: true });
      }
      // Words from 1280 px, an icon named by them below.
      const link = main.getByRole("link", { name: "My proposals" });
      const shown = { icon: await link.locator("svg").isVisible(), words: (await link.locator("span").boundingBox())!.width > 1 };
      expect({ width, ...shown }).toEqual({ width, icon: width < 1280, words: width >= 1280 });
      expect({ width, page: await pageWidth(dev) }).toEqual({ width, page: width });
      const boxes = await dev.locator("header a:visible, header button:visible").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, inside: e.scrollWidth <= e.clientWidth + 1 };
        }),
      );
      const logo = (await dev.getByRole("link", { name: "BuildZA" }).first().boundingBox())!;
      for (const box of boxes)
        expect({ width, right: Math.min(box.right, width - logo.x + 1), inside: box.inside }).toEqual({ width, right: box.right, inside: true });
      const row = boxes.filter((b) => b.top < 40).sort((x, y) => x.left - y.left);
      for (let i = 1; i < row.length; i++) expect(row[i]!.left).toBeGreaterThanOrEqual(row[i - 1]!.right - 0.5);
      await dev.screenshot({ path: `tests/.tmp/shots/journeys-defects/developer-header-${width}.png` });
    }
    await main.getByRole("link", { name: "My proposals" }).click();
    await dev.waitForURL(`${server.url}/proposals`);
    await expect.poll(() => main.getByRole("link", { name: "My proposals" }).getAttribute("aria-current")).toBe("page");

    // A phone: the link is in the menu sheet, and the bar is no wider than the screen.
    await dev.setViewportSize({ width: 390, height: 844 });
    await dev.goto(`${server.url}/dashboard`);
    expect(await pageWidth(dev)).toBe(390);
    await dev.getByRole("button", { name: "Open menu" }).click();
    const sheet = dev.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => sheet.getByRole("link", { name: "My proposals" }).isVisible()).toBe(true);
    await dev.screenshot({ path: `tests/.tmp/shots/journeys-defects/developer-menu-390.png` });
    await sheet.getByRole("link", { name: "My proposals" }).click();
    await dev.waitForURL(`${server.url}/proposals`);
    await context.close();
  });

  it("the edit page of a project titled with one long word (a pasted link) is no wider than a 390 px phone", async () => {
    const context = await browser.newContext(PHONE);
    const client = await context.newPage();
    await register(client, server.url, { name: "Lindiwe Long-Title", email: `lindiwe.${stamp}@example.co.za`, developer: false });
    const title = "Supercalifragilistic".repeat(6);
    const created = await api(client, "/api/v1/projects", "POST", {
      title,
      description: "A booking app for hair salons in Soweto with reminders by SMS and WhatsApp, and card payments.",
      platform: "web",
      budgetRange: "R5000-R15000",
      timeline: "2-4",
    });
    expect(created.status).toBe(201);
    await client.goto(`${server.url}/projects/${(created.json!.project as { id: string }).id}/edit`);
    await expect.poll(() => client.getByText(title).first().isVisible()).toBe(true);
    expect(await pageWidth(client)).toBe(390);
    await context.close();
  });

  it("an edit form shows its saved values before and without JavaScript (react-hook-form fills its fields only once scripts run)", async () => {
    const context = await browser.newContext(PHONE);
    const client = await context.newPage();
    const name = "Zanele Saved-Values";
    await register(client, server.url, { name, email: `zanele.${stamp}@example.co.za`, developer: false });
    const title = "Stokvel contributions tracker for Soweto";
    const created = await api(client, "/api/v1/projects", "POST", {
      title,
      description: "Members see what they paid and when, the treasurer records cash and EFT payments, and everyone gets reminders.",
      platform: "web",
      budgetRange: "R5000-R15000",
      timeline: "2-4",
      targetAudience: "Stokvel treasurers",
    });
    expect(created.status).toBe(201);
    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false, storageState: await context.storageState() });
    const page = await noJs.newPage();
    await page.goto(`${server.url}/projects/${(created.json!.project as { id: string }).id}/edit`);
    expect(await page.getByLabel("Project title").inputValue()).toBe(title);
    expect(await page.getByLabel("Project description").inputValue()).toContain("Members see what they paid");
    expect(await page.locator('input[name="platform"]:checked').getAttribute("value")).toBe("web");
    await page.goto(`${server.url}/profile`);
    expect(await page.getByLabel("Full name").inputValue()).toBe(name);
    // Sent before (or without) the scripts, a Settings form posts: it was a GET that put the fields
    // in the address, passwords included, and saved nothing.
    await page.getByLabel("Full name").fill(`${name} Mthembu`);
    await page.getByRole("button", { name: "Save name" }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).search).toBe("");
    await page.goto(`${server.url}/profile`);
    expect(await page.getByLabel("Full name").inputValue()).toBe(`${name} Mthembu`);
    await page.getByLabel("Current password").fill("not-my-password-1");
    await page.getByLabel("New password", { exact: true }).fill("Another-Secret-42");
    await page.getByLabel("Confirm new password").fill("Another-Secret-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForLoadState();
    expect(page.url()).not.toContain("Secret");
    expect(new URL(page.url()).search).toBe("");
    await noJs.close();
    // A description pasted over the limit is kept and refused with the field's message, not cut silently.
    await client.goto(`${server.url}/projects/new`);
    const description = client.getByLabel("Project description");
    await description.fill("Stokvel payments. ".repeat(283));
    await description.blur();
    expect((await description.inputValue()).length).toBe(5094);
    await expect.poll(() => client.getByText("Description must be at most 5000 characters").isVisible()).toBe(true);
    expect(await client.locator("#description-count").textContent()).toBe("5093 / 5000 characters maximum");
    await context.close();
  });
});
