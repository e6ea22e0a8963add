/**
 * docs/product.md, Developers in Chromium: register a developer, complete the profile (a second tab's
 * stale save refused, also the first save of a tab opened before the profile existed), find yourself in /developers
 * by skill and city filters and by search text, open the profile and see every tab; a client
 * opens it and sees Contact.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, register, startServer, waitForHydration, type RunningServer, PORT_BASE } from "./support";

describe("developers", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const name = `Nomvula Zondo${stamp}`;
  let profileUrl = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 2), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newPage = async (width = 1280): Promise<Page> => (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

  it("a new developer completes the profile", async () => {
    const page = await newPage();
    await register(page, server.url, { name, email: `nomvula.${stamp}@example.co.za`, developer: true });
    // A second tab opens the setup page too, before any profile exists (its form says "new").
    const early = await page.context().newPage();
    await early.goto(`${server.url}/profile/setup`);
    await page.getByLabel("Professional title").fill("Blockchain Developer");
    await page.getByLabel("Bio").fill(`I build payment and supply-chain apps for Polokwane farmers, with offline sync for load-shedding. Ref ${stamp}.`);
    await page.getByLabel("City").selectOption("Polokwane");
    await page.getByLabel("Hourly rate (rand)").fill("700");
    await page.getByLabel("Add a skill").fill("Blockchain");
    await page.getByLabel("Add a skill").press("Enter");
    await page.getByLabel("Add a skill").fill("Node.js");
    await page.getByLabel("Add a skill").press("Enter");
    await expect.poll(() => page.getByRole("button", { name: "Remove Node.js" }).isVisible()).toBe(true);
    await page.getByLabel("GitHub").fill("http://github.com/not-https");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => page.getByText("GitHub link must be a valid https:// URL").isVisible()).toBe(true);
    await page.getByLabel("GitHub").fill("https://github.com/nomvula-dev");

    await page.getByRole("button", { name: "Add portfolio item" }).click();
    await page.locator("#portfolio-0-title").fill("Maize co-op ledger");
    await page.locator("#portfolio-0-description").fill("A shared ledger for a farming co-operative near Polokwane.");
    await page.getByRole("button", { name: "Add experience" }).click();
    await page.locator("#experience-0-title").fill("Backend developer");
    await page.locator("#experience-0-company").fill("Limpopo Agri Tech");
    await page.locator("#experience-0-startDate").fill("2022-02");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => toast(page, "Profile saved").isVisible()).toBe(true);
    const view = page.getByRole("link", { name: "View public profile" });
    await expect.poll(() => view.isVisible()).toBe(true);
    profileUrl = new URL((await view.getAttribute("href"))!, server.url).toString();
    // The early tab's first save would replace the profile just made: refused (docs/product.md, Developers).
    await waitForHydration(early);
    await early.getByLabel("Professional title").fill("Solidity Developer");
    await early.getByRole("button", { name: "Save profile" }).click();
    await expect
      .poll(() =>
        early
          .getByText(/Your profile was changed in another tab or window after you opened this form/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await early.close();
    // A second tab opens the form; this one saves again: its form took the version of its own save.
    const stale = await page.context().newPage();
    await stale.goto(`${server.url}/profile/setup`);
    await page.getByLabel("Hourly rate (rand)").fill("650");
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/profile/setup"));
    await page.getByRole("button", { name: "Save profile" }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByLabel("Hourly rate (rand)").inputValue()).toBe("650");
    // The other tab still shows the old rate: saving it is refused, and the new rate stays (docs/product.md, Developers).
    await waitForHydration(stale);
    await stale.getByLabel("Professional title").fill("Solidity Developer");
    await stale.getByRole("button", { name: "Save profile" }).click();
    await expect
      .poll(() =>
        stale
          .getByText(/Your profile was changed in another tab or window after you opened this form/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await stale.close();
    await page.reload();
    await expect.poll(() => page.getByLabel("Hourly rate (rand)").inputValue()).toBe("650");
    expect(await page.getByLabel("Professional title").inputValue()).toBe("Blockchain Developer");
    // The owner sees "Edit profile" instead of Contact.
    await page.goto(profileUrl);
    await expect.poll(() => page.getByRole("link", { name: "Edit profile" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Contact" }).count()).toBe(0);
    await page.context().close();
  });

  it("finds the developer by skill and city filters and by search text", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/developers`);
    // 12 a page; Load More Developers appends the next page by cursor, none twice.
    await expect.poll(() => page.getByRole("link", { name: "View Profile" }).count()).toBe(12);
    // A link to the next page (it works without JavaScript); once the page's code runs, it appends.
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Load More Developers" }).click();
    await expect.poll(() => page.getByRole("link", { name: "View Profile" }).count()).toBe(24);
    const hrefs = await page.getByRole("link", { name: "View Profile" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs).size).toBe(24);

    await page.getByLabel("Location").selectOption("Polokwane");
    await page.waitForURL(/location=Polokwane/);
    await page.getByRole("checkbox", { name: "Blockchain" }).check();
    await page.waitForURL(/skills=Blockchain/);
    await expect
      .poll(() =>
        page
          .getByRole("link", { name: new RegExp(name) })
          .first()
          .isVisible(),
      )
      .toBe(true);

    await page.goto(`${server.url}/developers`);
    // Typed before hydration, the word could be lost when React takes over the field (a CI run
    // then searched for nothing): wait for the page's code, and for the word in the URL.
    await waitForHydration(page);
    await page.getByLabel("Search developers").fill(`zondo${stamp}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`search=zondo${stamp}`));
    await expect
      .poll(() =>
        page
          .getByRole("link", { name: new RegExp(name) })
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The header's search covers projects and developers (docs/product.md).
    await page.goto(`${server.url}/search?q=zondo${stamp}`);
    await expect
      .poll(() =>
        page
          .getByRole("link", { name: new RegExp(name) })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole("heading", { name: "Developers (1)" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Projects (0)" }).isVisible()).toBe(true);
    await page.goto(`${server.url}/developers?location=Kimberley&search=zondo${stamp}`);
    await expect.poll(() => page.getByText("No developers found").isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows every tab of the profile; the owner edits, a client contacts", async () => {
    const client = await newPage(390);
    await register(client, server.url, { name: "Pieter Botha", email: `pieter.${stamp}@example.co.za`, developer: false });
    await client.goto(profileUrl);
    await expect.poll(() => client.getByRole("heading", { name }).isVisible()).toBe(true);
    expect(await client.getByText("Blockchain Developer").first().isVisible()).toBe(true);
    expect(
      await client
        .getByText(/Member since \d{4}/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await client.getByText("Maize co-op ledger").isVisible()).toBe(true);
    await client.getByRole("tab", { name: /Reviews \(0\)/ }).click();
    await expect.poll(() => client.getByText("No reviews yet").isVisible()).toBe(true);
    await client.getByRole("tab", { name: /Experience \(1\)/ }).click();
    await expect.poll(() => client.getByText("Limpopo Agri Tech").isVisible()).toBe(true);
    const contact = client.getByRole("link", { name: "Contact" }).first();
    expect(await contact.getAttribute("href")).toMatch(/^\/messages\/new\?to=/);
    // Phone width: no page scrolls sideways (developer cards once pushed /developers to 493 px).
    for (const path of [profileUrl, `${server.url}/developers`, `${server.url}/`, `${server.url}/projects`]) {
      await client.goto(path);
      expect(await client.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await client.context().close();

    const anon = await newPage();
    await anon.goto(profileUrl);
    await expect.poll(() => anon.getByText("Maize co-op ledger").isVisible()).toBe(true);
    // A visitor is offered to sign up instead of a Contact button (docs/product.md, Journeys).
    expect(await anon.getByRole("link", { name: "Contact", exact: true }).count()).toBe(0);
    expect(await anon.getByRole("link", { name: "Sign up to contact" }).count()).toBe(1);
    await anon.goto(`${server.url}/developers/no-such-developer`);
    await anon.waitForURL(`${server.url}/developers`);
    await expect.poll(() => toast(anon, "Developer not found").isVisible()).toBe(true);
    await anon.context().close();
  });
});
