/**
 * docs/product.md, Journeys: the defects found walking the product as a visitor, a new client and a
 * new developer, at phone width (390 px) where they were seen, with JavaScript off and on touch
 * devices. Each check failed before its fix.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PORT_BASE, register, startServer, TEST_PASSWORD, verifyEmail, type RunningServer, pageApi } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
/** One word of 140 characters: a pasted link or a key mash. */
const LONG_WORD = `https://example.co.za/${"a".repeat(118)}`;

describe("journeys", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let clientContext: BrowserContext;
  let client: Page;
  let developer: Page;
  let other: Page;
  let developerId = "";
  let projectId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 30, { DEMO_DATA: "off" }), launchBrowser()]);
    clientContext = await browser.newContext(PHONE);
    client = await clientContext.newPage();
    developer = await (await browser.newContext({ ...PHONE, hasTouch: true, isMobile: true })).newPage();
    other = await (await browser.newContext(PHONE)).newPage();
    await register(client, server.url, { name: "Ayanda Client", email: `ayanda.${stamp}@example.co.za`, developer: false });
    // Verified, so the client may post more than an unverified account's 3 projects a day (docs/product.md, Trust and safety).
    await verifyEmail(client, server.url, server.dataDir, `ayanda.${stamp}@example.co.za`);
    await register(developer, server.url, { name: "Sipho Developer", email: `sipho.${stamp}@example.co.za`, developer: true });
    await register(other, server.url, { name: "Lerato Developer", email: `lerato.${stamp}@example.co.za`, developer: true });
    developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    expect((await api(developer, "/api/v1/me/developer-profile", "PUT", { title: "Flutter Developer", bio: `Portfolio: ${LONG_WORD}` })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
  const api = pageApi;
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const propose = (page: Page, id: string, coverLetter: string) =>
    api(page, `/api/v1/projects/${id}/proposals`, "POST", { coverLetter, price: 30000, duration: "1-2" });
  const postProject = async (title: string) => {
    const created = await api(client, "/api/v1/projects", "POST", {
      title,
      description: "Spaza shop owners in Tembisa order stock from wholesalers on their phones and pay with SnapScan on delivery.",
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "1-2",
      skills: ["Flutter"],
      category: "E-commerce",
    });
    return (created.json as { project: { id: string } }).project.id;
  };

  it("Register shows 'Passwords do not match' while other fields are still invalid", async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${server.url}/register`);
    await visitor.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await visitor.getByLabel("Confirm password").fill("Something-Else-91");
    await visitor.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => visitor.getByText("Passwords do not match").isVisible()).toBe(true);
    expect(await visitor.getByText("Name is required").isVisible()).toBe(true);
    await visitor.close();
  });

  it("Register: a refused account type is marked on the radio group, which is described by its message", async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${server.url}/register`);
    const group = visitor.getByRole("radiogroup", { name: "I want to" });
    expect(await group.getAttribute("aria-invalid")).toBeNull();
    // The server refuses an account type it does not know (a stale page or an altered request).
    await visitor.route("**/register.data*", (route) =>
      route.continue({ postData: (route.request().postData() ?? "").replace("userType=client", "userType=admin") }),
    );
    await visitor.getByLabel("Full name").fill("Zanele Mahlangu");
    await visitor.getByLabel("Email").fill(`zanele.${stamp}@example.co.za`);
    await visitor.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await visitor.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await visitor.getByRole("checkbox", { name: /terms and conditions/ }).check();
    await visitor.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => group.getAttribute("aria-invalid")).toBe("true");
    const description = await group.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(description).toBe("Please choose an account type");
    await visitor.close();
  });

  it("pressing Enter through the wizard never publishes: the last step needs a click on its button, and each step's heading takes focus", async () => {
    await client.goto(`${server.url}/projects/new`);
    await client.getByLabel("Project title").fill("Stock ordering app for Tembisa spaza shops");
    await client.getByLabel("Project description").fill("Spaza shop owners order stock from wholesalers on their phones and pay on delivery.");
    await client.getByLabel("Project title").press("Enter");
    await expect.poll(() => client.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Step 2 of 3");
    // A partial skill and Enter adds the highlighted suggestion; a deadline in the past is refused.
    await client.getByLabel("Required skills").fill("Flut");
    await client.getByLabel("Required skills").press("Enter");
    await expect.poll(() => client.getByRole("list", { name: "Selected skills" }).textContent()).toContain("Flutter");
    expect(await client.getByRole("list", { name: "Selected skills" }).textContent()).not.toContain("Flut ");
    await client.getByLabel("Deadline (optional)").fill("2020-01-15");
    await client.getByRole("button", { name: /Next/ }).click();
    await expect.poll(() => client.getByText("Deadline cannot be in the past").isVisible()).toBe(true);
    await client.getByLabel("Deadline (optional)").fill("");
    await client.getByText("R15 000 - R35 000").first().click();
    await client.getByText("1-2 months", { exact: true }).first().click();
    await client.getByLabel("Deadline (optional)").press("Enter");
    await expect.poll(() => client.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Step 3 of 3");
    // Enter again (where focus is, and in a field) must not publish from step 3.
    await client.keyboard.press("Enter");
    await client.getByLabel("Target audience").fill("Spaza shop owners");
    await client.getByLabel("Target audience").press("Enter");
    await client.waitForTimeout(1000);
    expect(new URL(client.url()).pathname).toBe("/projects/new");
    // The client's header (at desktop width) has its own links; the wizard is "Post a project", not "Browse Projects".
    await client.setViewportSize({ width: 1280, height: 900 });
    const main = client.getByRole("navigation", { name: "Main" });
    expect(await main.getByRole("link", { name: "Post a project" }).getAttribute("aria-current")).toBe("page");
    expect(await main.getByRole("link", { name: "Browse Projects" }).getAttribute("aria-current")).toBeNull();
    expect(await main.getByRole("link", { name: "My projects" }).isVisible()).toBe(true);
    await client.setViewportSize(PHONE.viewport);
    await client.getByRole("button", { name: "Create Project" }).click();
    await client.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    projectId = new URL(client.url()).pathname.split("/").pop()!;
  });

  it("the Withdraw dialog withdraws the proposal", async () => {
    const id = await postProject("Withdraw check: a queue app for a Durban clinic");
    expect((await propose(other, id, `I build clinic queue apps. ${"Patients see their place in the queue on WhatsApp. ".repeat(3)}`)).status).toBe(201);
    await other.goto(`${server.url}/projects/${id}/proposal`);
    await other.getByRole("button", { name: "Withdraw proposal" }).click();
    await other.getByRole("dialog").getByRole("button", { name: "Withdraw proposal" }).click();
    await expect.poll(() => toast(other, "Proposal withdrawn").isVisible()).toBe(true);
    await other.goto(`${server.url}/projects/${id}/proposal`);
    await expect.poll(() => other.getByText("Your proposal was withdrawn").isVisible()).toBe(true);
  });

  it("counts use the right plural and one source; after a hire Edit Project is gone, and the hired developer's page updates without a reload", async () => {
    expect(
      (await propose(developer, projectId, `Cover: ${LONG_WORD} I have built two ordering apps for township retailers in Flutter. `.repeat(2))).status,
    ).toBe(201);
    await client.goto(`${server.url}/projects/${projectId}`);
    await expect.poll(() => client.getByText("1 proposal", { exact: true }).isVisible()).toBe(true);
    expect((await propose(other, projectId, `Second cover letter: I have shipped Flutter apps with offline ordering for retailers. `.repeat(2))).status).toBe(
      201,
    );
    const mine = await api(developer, "/api/v1/proposals");
    const proposalId = (mine.json as { proposals: { id: string; projectId: string }[] }).proposals.find((p) => p.projectId === projectId)!.id;
    expect((await api(client, `/api/v1/proposals/${proposalId}/shortlist`, "POST")).status).toBe(200);

    await developer.goto(`${server.url}/projects/${projectId}`);
    await expect.poll(() => developer.getByText("Shortlisted", { exact: true }).first().isVisible()).toBe(true);
    expect((await api(client, `/api/v1/proposals/${proposalId}/accept`, "POST")).status).toBe(200);
    // No reload: the page listens for the hire like the bell does.
    await expect.poll(() => developer.getByText("Accepted", { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);

    await client.goto(`${server.url}/projects/${projectId}`);
    await expect.poll(() => client.getByRole("heading", { name: "Proposals (2)" }).isVisible()).toBe(true);
    expect(await client.getByText("2 proposals", { exact: true }).isVisible()).toBe(true);
    expect(await client.getByRole("link", { name: "Edit Project" }).count()).toBe(0);
    const edit = await api(client, `/api/v1/projects/${projectId}`, "PATCH", { title: "A new title after the hire" });
    expect(edit.status).toBe(409);
    await client.goto(`${server.url}/projects/${projectId}/edit`);
    await client.waitForURL(`${server.url}/projects/${projectId}`);
  });

  it("a new developer shows New and no success rate, not 0.0 (0 reviews) and 100%", async () => {
    await developer.goto(`${server.url}/developers/${developerId}`);
    await expect.poll(() => developer.getByText("New", { exact: true }).first().isVisible()).toBe(true);
    expect(await developer.getByText("0 reviews").count()).toBe(0);
    expect(await developer.getByText("Success rate").count()).toBe(0);
  });

  it("one long word in user text never widens a page past 390 px; on a phone Enter is a new line and no footer sits under the chat", async () => {
    const started = await api(client, "/api/v1/conversations", "POST", { to: developerId, body: `Have a look: ${LONG_WORD}` });
    expect(started.status).toBeLessThan(300);
    const conversationId = (started.json as { conversation: { id: string } }).conversation.id;
    // A project title of one long word, on the client's dashboard (their projects) and the developer's (their proposals).
    const longTitled = await postProject(`Stock${"s".repeat(95)}`);
    expect(
      (await propose(developer, longTitled, `I build stock apps for spaza shops. ${"Orders sync when the phone is back online. ".repeat(3)}`)).status,
    ).toBe(201);
    await client.goto(`${server.url}/dashboard`);
    expect({ path: "client dashboard", width: await pageWidth(client) }).toEqual({ path: "client dashboard", width: 390 });
    for (const path of ["/dashboard", "/messages", `/messages/${conversationId}`, "/notifications", `/projects/${projectId}/proposal`, "/profile"]) {
      await developer.goto(`${server.url}${path}`);
      await developer.waitForLoadState("load");
      expect({ path, width: await pageWidth(developer) }).toEqual({ path, width: 390 });
    }
    await client.goto(`${server.url}/projects/${projectId}`);
    expect({ path: "client project", width: await pageWidth(client) }).toEqual({ path: "client project", width: 390 });

    await developer.goto(`${server.url}/messages/${conversationId}`);
    const box = developer.locator("#message-body");
    // Its "Enter to send" hint is not what Enter does here, so the box is not described by it.
    await expect.poll(() => box.getAttribute("aria-describedby")).toBeNull();
    await box.fill("First line");
    await box.press("Enter");
    await box.pressSequentially("Second line");
    expect(await box.inputValue()).toBe("First line\nSecond line");
    await developer.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await developer.locator("footer").isVisible()).toBe(false);
  });

  it("a developer saves a project search from Browse Projects and finds it, with its alert, on the dashboard", async () => {
    await developer.goto(`${server.url}/projects?category=Education`);
    await developer.getByRole("button", { name: "Save search" }).click();
    await expect.poll(() => toast(developer, "Search saved").isVisible()).toBe(true);
    await developer.goto(`${server.url}/dashboard`);
    const card = developer
      .locator("section, div")
      .filter({ has: developer.getByRole("heading", { name: "Saved searches" }) })
      .last();
    await expect.poll(() => card.getByRole("link", { name: "Education" }).isVisible()).toBe(true);
    await card.getByLabel("Alert").selectOption("daily");
    await expect.poll(() => toast(developer, "Alert saved").isVisible()).toBe(true);
    const saved = await api(developer, "/api/v1/me/saved-searches");
    expect((saved.json as { savedSearches: { alert: string; href: string }[] }).savedSearches).toMatchObject([
      { alert: "daily", href: "/projects?category=Education" },
    ]);
  });

  it("the home page shows real counts: each tile's number is what the tile lists; no promised figures or escrow", async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(server.url);
    for (const [label, query] of [
      ["Mobile Apps", "platform=mobile"],
      ["E-commerce", "category=E-commerce"],
    ] as const) {
      const tile = visitor.getByRole("link", { name: new RegExp(`^${label}`) });
      const shown = Number(/(\d+) open projects?/.exec((await tile.textContent()) ?? "")?.[1]);
      const listed = ((await (await fetch(`${server.url}/api/v1/projects?${query}&limit=1`)).json()) as { total: number }).total;
      expect({ label, shown }).toEqual({ label, shown: listed });
    }
    expect(await visitor.getByText(/^Developers? listed$/).isVisible()).toBe(true);
    expect(await visitor.getByText("Verified developers").count()).toBe(0);
    expect(await visitor.getByText(/escrow/i).count()).toBe(0);
    await visitor.close();
  });

  it("a visitor gets a next step on a project and a developer profile, and comes back to that page after registering", async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${server.url}/developers/${developerId}`);
    await visitor.getByRole("link", { name: "Sign up to contact" }).click();
    await visitor.waitForURL(/\/register\?redirectTo=/);
    const id = await postProject("Visitor check: a booking app for a Knysna B&B");
    await visitor.goto(`${server.url}/projects/${id}`);
    await visitor.getByRole("link", { name: "Sign up to send a proposal" }).click();
    await visitor.waitForURL(/\/register\?type=developer&redirectTo=/);
    await visitor.getByLabel("Full name").fill("Naledi Visitor");
    await visitor.getByLabel("Email").fill(`naledi.${stamp}@example.co.za`);
    await visitor.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await visitor.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await visitor.getByRole("checkbox", { name: /terms and conditions/ }).check();
    await visitor.getByRole("button", { name: "Create account" }).click();
    await visitor.waitForURL(`${server.url}/projects/${id}`);
    await expect.poll(() => visitor.getByRole("link", { name: "Submit Proposal" }).first().isVisible()).toBe(true);
    await visitor.close();
  });

  it("without JavaScript a wrong password says why the login form came back", async () => {
    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(`ayanda.${stamp}@example.co.za`);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-123");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForLoadState("load");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Invalid email or password" }).isVisible()).toBe(true);

    // Load More is a link to the next page by cursor.
    for (let i = 0; i < 13; i++) await postProject(`Load more check ${i + 1}: a loyalty app for a Pretoria coffee shop`);
    await page.goto(`${server.url}/projects`);
    const firstPage = await page.locator("[data-project-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-project-id")));
    await page.getByRole("link", { name: "Load More Projects" }).click();
    await page.waitForURL(/cursor=/);
    const nextPage = await page.locator("[data-project-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-project-id")));
    expect(nextPage.length).toBeGreaterThan(0);
    expect(nextPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await noJs.close();
  });

  it("a client who deletes their account leaves the developer's completed project Completed", async () => {
    expect((await api(client, `/api/v1/projects/${projectId}/complete`, "POST")).status).toBeLessThan(300);
    expect((await api(client, "/api/v1/me", "DELETE", { password: TEST_PASSWORD })).status).toBeLessThan(300);
    await developer.goto(`${server.url}/projects/${projectId}`);
    await expect.poll(() => developer.getByText("Completed", { exact: true }).first().isVisible()).toBe(true);
    expect(await developer.getByText("Closed", { exact: true }).count()).toBe(0);
  });
});
