/**
 * A stale save refused without JavaScript stays refused (docs/product.md, Look and feel; decision
 * 0059): with JavaScript off, a form opened before another tab saved (the proposal edit, the
 * developer profile, the project edit wizard) is refused "changed elsewhere" with what the user
 * typed, and sending it again is refused again, writing nothing, until the page is reloaded: the
 * page the refusal renders carries the version the form was opened with, not the one saved since.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PORT_BASE, register, startServer, type RunningServer, pageApi, waitForHydration, holdScripts } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
const COVER_LETTER = "Sawubona! I have built three booking apps for salons in Durban and Pietermaritzburg, with PayFast deposits and WhatsApp reminders. ";

describe("stale forms without JavaScript", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let clientJs: BrowserContext;
  let developerJs: BrowserContext;
  let client: Page;
  let developer: Page;
  let projectId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 62, { DEMO_DATA: "off" }), launchBrowser()]);
    [clientJs, developerJs] = await Promise.all([browser.newContext(PHONE), browser.newContext(PHONE)]);
    [client, developer] = await Promise.all([clientJs.newPage(), developerJs.newPage()]);
    await register(client, server.url, { name: "Nomsa Dlamini", email: `nomsa.${stamp}@example.co.za`, developer: false });
    await register(developer, server.url, { name: "Sipho Nkosi", email: `sipho.${stamp}@example.co.za`, developer: true });
    const created = await api(client, "/api/v1/projects", "POST", {
      title: "Stokvel contributions tracker",
      description: "Members see what they paid and when, the treasurer records cash and EFT payments, and everyone gets reminders.",
      platform: "web",
      budgetRange: "R15000-R35000",
      timeline: "2-4",
    });
    expect(created.status).toBe(201);
    projectId = created.json!.project.id;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = (page: Page, path: string, method = "GET", body?: unknown) => pageApi<any>(page, path, method, body);

  /** A page of `signedIn`'s user with JavaScript off, and the method, address and status of each page it loads. */
  async function noJsPage(signedIn: BrowserContext): Promise<{ page: Page; loads: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, storageState: await signedIn.storageState() });
    const page = await context.newPage();
    const loads: string[] = [];
    page.on("response", (r) => {
      const request = r.request();
      if (request.isNavigationRequest()) loads.push(`${request.method()} ${new URL(r.url()).pathname} ${r.status()}`);
    });
    return { page, loads, close: () => context.close() };
  }

  type Mine = { id: string; projectId: string; price: number; updatedAt: string };
  /** The developer's proposal on the file's project, sent first by whichever test needs it first (they run in any order). */
  async function myProposal(): Promise<Mine> {
    const mineOf = async () => ((await api(developer, "/api/v1/proposals")).json.proposals as Mine[]).find((p) => p.projectId === projectId);
    if (!(await mineOf())) {
      const sent = await api(developer, `/api/v1/projects/${projectId}/proposals`, "POST", { coverLetter: COVER_LETTER, price: 20000, duration: "2-4" });
      expect(sent.status).toBe(201);
    }
    return (await mineOf())!;
  }

  /** The version the page's form sends back (its hidden field). */
  const versionOf = (page: Page) => page.locator('input[name="version"]').getAttribute("value");
  /** The form's message, shown on the page without JavaScript. */
  const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

  it("a proposal edit refused because another tab saved is refused again when sent again, nothing of it written, until the page is reloaded", async () => {
    const mine = await myProposal();
    const price = async () => (await api(developer, `/api/v1/proposals/${mine.id}`)).json.proposal.price;
    const { page, loads, close } = await noJsPage(developerJs);
    const path = `/projects/${projectId}/proposal`;
    await page.goto(`${server.url}${path}`);
    const opened = await versionOf(page);
    expect(opened).toBe(mine.updatedAt);

    // The other tab saves a new price.
    const saved = mine.price + 5000;
    expect((await api(developer, `/api/v1/proposals/${mine.id}`, "PATCH", { price: saved })).status).toBe(200);
    await page.getByLabel("Your price (rand)").fill("33 333");
    for (const attempt of [1, 2]) {
      await page.getByRole("button", { name: "Update Proposal" }).click();
      await page.waitForLoadState();
      expect(
        loads.filter((l) => l === `POST ${path} 409`),
        `attempt ${attempt}`,
      ).toHaveLength(attempt);
      expect(await price(), `attempt ${attempt}`).toBe(saved);
      expect(await alert(page, "This proposal was changed after you opened this form").isVisible()).toBe(true);
      expect(await alert(page, "Reload the page to see the latest version").isVisible()).toBe(true);
      expect(await page.getByLabel("Your price (rand)").inputValue()).toBe("33 333");
      expect(await versionOf(page)).toBe(opened);
    }

    // Reloaded: the price the other tab saved, and an edit of it goes through.
    await page.goto(`${server.url}${path}`);
    expect(await page.getByLabel("Your price (rand)").inputValue()).toBe(String(saved));
    await page.getByLabel("Your price (rand)").fill("33 333");
    await page.getByRole("button", { name: "Update Proposal" }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    expect(await price()).toBe(33333);
    await close();
  });

  it("refused before the scripts arrive, the proposal edit sent again once they run is refused again, and the page hydrates without a mismatch", async () => {
    const other = await myProposal();
    const context = await browser.newContext({ ...PHONE, storageState: await developerJs.storageState() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // (The refused post's page comes with its 409, which the console reports as a failed load.)
    page.on("console", (m) => (m.type() === "error" && !m.text().startsWith("Failed to load resource") ? errors.push(m.text()) : undefined));
    // A slow phone: the page's scripts arrive only when let through.
    const release = await holdScripts(page);
    const path = `/projects/${projectId}/proposal`;
    await page.goto(`${server.url}${path}`, { waitUntil: "commit" });
    await page.getByLabel("Your price (rand)").waitFor();
    const opened = await versionOf(page);
    expect(opened).toBe(other.updatedAt);
    expect((await api(developer, `/api/v1/proposals/${other.id}`, "PATCH", { price: other.price + 1000 })).status).toBe(200);
    await page.getByLabel("Your price (rand)").fill("41 000");
    await page.getByRole("button", { name: "Update Proposal" }).click();
    await alert(page, "This proposal was changed after you opened this form").waitFor();
    expect(await versionOf(page)).toBe(opened);
    release();
    await waitForHydration(page);
    expect(await versionOf(page)).toBe(opened);
    // Sent again by the scripts (JSON): refused again with its toast, the other tab's price kept.
    await page.getByRole("button", { name: "Update Proposal" }).click();
    await page.locator("[data-sonner-toast]", { hasText: "This proposal was changed after you opened this form" }).first().waitFor();
    expect(page.url()).toBe(`${server.url}${path}`);
    expect((await myProposal()).price).toBe(other.price + 1000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a profile save refused because another tab saved is refused again when sent again, nothing of it written, until the page is reloaded", async () => {
    expect((await api(developer, "/api/v1/me/developer-profile", "PUT", { title: "Mobile developer", skills: ["Flutter"] })).status).toBe(200);
    const me = (await api(developer, "/api/auth/get-session")).json.user.id;
    const title = async () => (await api(developer, `/api/v1/developers/${me}`)).json.developer.title;
    const { page, loads, close } = await noJsPage(developerJs);
    await page.goto(`${server.url}/profile/setup`);
    const opened = await versionOf(page);
    expect(opened).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await api(developer, "/api/v1/me/developer-profile", "PUT", { title: "Title from the other tab" })).status).toBe(200);
    await page.getByLabel("Professional title").fill("Title from the stale tab");
    for (const attempt of [1, 2]) {
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.waitForLoadState();
      expect(
        loads.filter((l) => l === "POST /profile/setup 409"),
        `attempt ${attempt}`,
      ).toHaveLength(attempt);
      expect(await title(), `attempt ${attempt}`).toBe("Title from the other tab");
      expect(await alert(page, "Your profile was changed in another tab or window after you opened this form").isVisible()).toBe(true);
      expect(await alert(page, "Reload the page to see the latest version").isVisible()).toBe(true);
      expect(await page.getByLabel("Professional title").inputValue()).toBe("Title from the stale tab");
      expect(await versionOf(page)).toBe(opened);
    }

    await page.goto(`${server.url}/profile/setup`);
    expect(await page.getByLabel("Professional title").inputValue()).toBe("Title from the other tab");
    await page.getByLabel("Professional title").fill("Title from the stale tab");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL(`${server.url}/profile/setup`);
    expect(loads.at(-1)).toBe("GET /profile/setup 200");
    expect(await title()).toBe("Title from the stale tab");
    await close();
  });

  it("a project edit refused because another tab saved, after Next and Previous, is refused again when sent again, nothing of it written, until the page is reloaded", async () => {
    const project = async () => (await api(client, `/api/v1/projects/${projectId}`)).json.project;
    const { page, loads, close } = await noJsPage(clientJs);
    const path = `/projects/${projectId}/edit`;
    await page.goto(`${server.url}${path}`);
    const opened = await versionOf(page);
    expect(opened).toBe((await project()).updatedAt);

    expect((await api(client, `/api/v1/projects/${projectId}`, "PATCH", { title: "Renamed in the other tab" })).status).toBe(200);
    // The wizard's steps are posts too: each answer carries on the version the form was opened with.
    await page.getByLabel("Project title").fill("Renamed in the stale tab");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    expect(await versionOf(page)).toBe(opened);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("heading", { name: "Step 1 of 3: Project Details" }).waitFor();
    expect(await page.getByLabel("Project title").inputValue()).toBe("Renamed in the stale tab");
    expect(await versionOf(page)).toBe(opened);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 3 of 3: Additional Info" }).waitFor();
    expect(await versionOf(page)).toBe(opened);
    expect(loads.filter((l) => l.startsWith("POST") && !l.endsWith(" 200"))).toEqual([]);

    for (const attempt of [1, 2]) {
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.waitForLoadState();
      expect(
        loads.filter((l) => l === `POST ${path} 409`),
        `attempt ${attempt}`,
      ).toHaveLength(attempt);
      expect((await project()).title, `attempt ${attempt}`).toBe("Renamed in the other tab");
      expect(await alert(page, "This project was changed in another tab or window after you opened this form").isVisible()).toBe(true);
      expect(await alert(page, "Reload the page to see the latest version").isVisible()).toBe(true);
      expect(await page.locator('input[name="title"]').getAttribute("value")).toBe("Renamed in the stale tab");
      expect(await versionOf(page)).toBe(opened);
    }

    // Reloaded: the other tab's title; through the steps again, the edit goes through.
    await page.goto(`${server.url}${path}`);
    expect(await page.getByLabel("Project title").inputValue()).toBe("Renamed in the other tab");
    await page.getByLabel("Project title").fill("Renamed in the stale tab");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    expect((await project()).title).toBe("Renamed in the stale tab");
    await close();
  });
});
