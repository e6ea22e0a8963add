/**
 * docs/product.md, Journeys: what users expect next, at phone width (390 px). A client invites a
 * developer from the developer's profile (the developer gets a notice and sees the invitation on
 * the project; the owner sees whom they invited); the client messages a proposer from the proposal
 * (the same conversation opens again); developers save projects and clients save developers, with
 * JavaScript (optimistic) and without (a form post), listed on the dashboard and gone once the
 * project is closed. Opening /notifications marks what it shows read (decision 0061).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PORT_BASE, register, startServer, verifyEmail, type RunningServer, pageApi } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
const SHOTS = process.env.SHOTS_DIR;

describe("journeys users expect", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let client: Page;
  let developer: Page;
  let developerId = "";
  let projectId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 37, { DEMO_DATA: "off" }), launchBrowser()]);
    client = await (await browser.newContext(PHONE)).newPage();
    developer = await (await browser.newContext(PHONE)).newPage();
    await register(client, server.url, { name: "Nomsa Client", email: `nomsa.${stamp}@example.co.za`, developer: false });
    await verifyEmail(client, server.url, server.dataDir, `nomsa.${stamp}@example.co.za`);
    await register(developer, server.url, { name: "Kagiso Developer", email: `kagiso.${stamp}@example.co.za`, developer: true });
    developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    expect((await api(developer, "/api/v1/me/developer-profile", "PUT", { title: "Flutter Developer", bio: "Offline-first apps." })).status).toBe(200);
    const created = await api(client, "/api/v1/projects", "POST", {
      title: "Clinic queue app for Mamelodi",
      description: "Patients at a Mamelodi clinic wait for hours: they should book a slot and get an SMS when it is their turn.",
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "1-2",
      skills: ["Flutter"],
      category: "Healthcare",
    });
    expect(created.status).toBe(201);
    projectId = (created.json as { project: { id: string } }).project.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const shot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE.viewport);
  };
  const api = pageApi;

  it("a client invites a developer from their profile; the developer is told and sees the invitation on the project", async () => {
    await client.goto(`${server.url}/developers/${developerId}`);
    await client.getByText("Invite to project").click();
    const select = client.getByLabel("Invite Kagiso Developer to");
    await expect.poll(() => select.inputValue()).toBe(projectId);
    await client.getByRole("button", { name: "Send invitation" }).click();
    await toast(client, `Kagiso Developer invited to "Clinic queue app for Mamelodi"`).waitFor({ timeout: 15_000 });
    // The project now shows as already invited and cannot be chosen again.
    await expect.poll(() => client.locator("#invite-project option", { hasText: "already invited" }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => client.getByRole("button", { name: "Send invitation" }).isDisabled()).toBe(true);
    expect(await pageWidth(client)).toBeLessThanOrEqual(390);
    await shot(client, "developer-profile-invite");

    const notices = await api(developer, "/api/v1/notifications");
    const notice = (notices.json as { notifications: { message: string; link: string }[] }).notifications[0]!;
    expect(notice).toMatchObject({ message: `Nomsa Client invited you to propose on "Clinic queue app for Mamelodi"`, link: `/projects/${projectId}` });
    await developer.goto(`${server.url}${notice.link}`);
    await developer.getByText("Nomsa Client invited you to send a proposal for this project.").waitFor();
    await developer.getByRole("link", { name: "Submit Proposal" }).waitFor();
    await shot(developer, "project-invited-developer");

    await client.goto(`${server.url}/projects/${projectId}`);
    await client.getByRole("heading", { name: "Invited developers (1)" }).waitFor();
    await client.getByRole("link", { name: "Kagiso Developer" }).first().waitFor();
  });

  it("opening /notifications marks the notices it shows read: the bell's count clears, they stay highlighted as new on that visit; not while the tab is in the background", async () => {
    const bell = developer.locator("header").getByLabel(/^Notifications, \d+ unread$/);
    await developer.goto(`${server.url}/dashboard`);
    await expect.poll(() => bell.count()).toBe(1);
    await developer.goto(`${server.url}/notifications`);
    const invited = developer.getByRole("link", { name: /invited you to propose on "Clinic queue app for Mamelodi"/ });
    await expect.poll(() => invited.textContent()).toMatch(/^New: /);
    // Marked read once the page has rendered: the header's count goes, the notice stays highlighted.
    await expect.poll(() => bell.count()).toBe(0);
    expect(await invited.textContent()).toMatch(/^New: /);
    await expect.poll(async () => ((await api(developer, "/api/v1/notifications")).json as { unreadCount: number }).unreadCount).toBe(0);
    await shot(developer, "notifications-seen");
    // The next visit shows it read.
    await developer.reload();
    await expect.poll(() => invited.textContent()).not.toMatch(/^New: /);
    expect(await developer.getByText("You're all caught up.").isVisible()).toBe(true);

    // The page open in a background tab: a notice that arrives is listed, but stays unread until the
    // tab is looked at again.
    await developer.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const second = await api(client, "/api/v1/projects", "POST", {
      title: "Stokvel savings tracker",
      description: "Our stokvel keeps its books in a notebook: members should see what was paid in and when the payout comes.",
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "1-2",
      skills: ["Flutter"],
      category: "Finance",
    });
    expect(second.status).toBe(201);
    const invitedAgain = await api(client, `/api/v1/developers/${developerId}/invitations`, "POST", {
      projectId: (second.json as { project: { id: string } }).project.id,
    });
    expect(invitedAgain.status, JSON.stringify(invitedAgain.json)).toBe(201);
    const stokvel = developer.getByRole("link", { name: /invited you to propose on "Stokvel savings tracker"/ });
    await expect.poll(() => stokvel.textContent(), { timeout: 15_000 }).toMatch(/^New: /);
    await developer.waitForTimeout(1_000);
    expect(((await api(developer, "/api/v1/notifications")).json as { unreadCount: number }).unreadCount).toBe(1);
    await developer.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(async () => ((await api(developer, "/api/v1/notifications")).json as { unreadCount: number }).unreadCount).toBe(0);
  });

  it("the client messages a proposer from the proposal, about the project, and the same conversation opens again", async () => {
    const proposed = await api(developer, `/api/v1/projects/${projectId}/proposals`, "POST", {
      coverLetter: "I built a queue app for a Soshanguve clinic last year: patients book a slot and get an SMS through Clickatell when it is their turn.",
      price: 30000,
      duration: "1-2",
    });
    expect(proposed.status, JSON.stringify(proposed.json)).toBe(201);
    await client.goto(`${server.url}/projects/${projectId}`);
    await client.getByRole("link", { name: "Message Kagiso Developer" }).waitFor();
    expect(await pageWidth(client)).toBeLessThanOrEqual(390);
    await shot(client, "project-owner-proposals");
    await client.getByRole("link", { name: "Message Kagiso Developer" }).click();
    await client.waitForURL(/\/messages\/new\?/);
    await client.getByText("Clinic queue app for Mamelodi").first().waitFor();
    await client.locator("#message-body").fill("Could you start on the 1st?");
    await client.getByRole("button", { name: "Send message" }).click();
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const thread = client.url();

    await client.goto(`${server.url}/projects/${projectId}`);
    await client.getByRole("link", { name: "Message Kagiso Developer" }).click();
    await client.waitForURL(thread);
    await client.locator('[role="log"][aria-label="Messages"] li', { hasText: "Could you start on the 1st?" }).waitFor();
    const list = await api(developer, "/api/v1/conversations");
    const conversations = (list.json as { conversations: { project: { id: string } | null }[] }).conversations;
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.project?.id).toBe(projectId);
  });

  it("a developer saves a project (JavaScript on): the heart turns on at once, the dashboard lists it, closing the project drops it", async () => {
    await developer.goto(`${server.url}/projects/${projectId}`);
    const save = developer.getByRole("button", { name: "Save: Clinic queue app for Mamelodi" });
    await save.click();
    await expect.poll(() => developer.getByRole("button", { name: "Saved: Clinic queue app for Mamelodi" }).getAttribute("aria-pressed")).toBe("true");
    await toast(developer, "Project saved").waitFor({ timeout: 15_000 });
    await developer.goto(`${server.url}/dashboard`);
    await developer.getByRole("heading", { name: "Saved projects" }).waitFor();
    await developer.getByRole("list", { name: "Saved projects" }).getByRole("link", { name: "Clinic queue app for Mamelodi" }).waitFor();
    await shot(developer, "dashboard-saved-projects");
    // The card on Browse Projects shows the same heart, and unsaves and saves again from there.
    await developer.goto(`${server.url}/projects`);
    const card = developer.locator(`article[data-project-id="${projectId}"]`);
    await card.getByRole("button", { name: "Saved: Clinic queue app for Mamelodi" }).click();
    await toast(developer, "Removed from saved projects").waitFor({ timeout: 15_000 });
    expect((await api(developer, "/api/v1/me/saved-projects")).json).toEqual({ savedProjects: [] });
    await card.getByRole("button", { name: "Save: Clinic queue app for Mamelodi" }).click();
    await toast(developer, "Project saved").waitFor({ timeout: 15_000 });
    expect(await pageWidth(developer)).toBeLessThanOrEqual(390);
    await shot(developer, "browse-projects-hearts");

    expect((await api(client, `/api/v1/projects/${projectId}/close`, "POST")).status).toBe(200);
    await developer.goto(`${server.url}/dashboard`);
    await developer.getByRole("heading", { name: "Saved projects" }).waitFor();
    await expect(developer.getByRole("list", { name: "Saved projects" }).count()).resolves.toBe(0);
    await developer.getByText("Tap the heart on a project to keep it here.").waitFor();
  });

  it("a client saves a developer without JavaScript (a form post) and finds them on the dashboard", async () => {
    const noJs = await (await browser.newContext({ ...PHONE, javaScriptEnabled: false })).newPage();
    await noJs.goto(`${server.url}/login`);
    await noJs.getByLabel("Email").fill(`nomsa.${stamp}@example.co.za`);
    await noJs.getByLabel("Password", { exact: true }).fill("Kalahari-Quokka-42");
    await noJs.getByRole("button", { name: "Log in" }).click();
    await noJs.waitForURL(/\/dashboard/);
    await noJs.goto(`${server.url}/developers/${developerId}`);
    await noJs.getByRole("button", { name: "Save: Kagiso Developer" }).click();
    await noJs.waitForURL(`${server.url}/developers/${developerId}`);
    expect(await noJs.getByRole("button", { name: "Saved: Kagiso Developer" }).getAttribute("aria-pressed")).toBe("true");
    await noJs.goto(`${server.url}/dashboard`);
    await noJs.getByRole("heading", { name: "Saved developers" }).waitFor();
    await noJs.getByRole("list", { name: "Saved developers" }).getByRole("link", { name: "Kagiso Developer" }).waitFor();
    expect(await pageWidth(noJs)).toBeLessThanOrEqual(390);
    await shot(noJs, "dashboard-saved-developers");
    // Unsaving from the dashboard, still without JavaScript, comes back to the dashboard without them.
    await noJs.getByRole("button", { name: "Saved: Kagiso Developer" }).click();
    await noJs.waitForURL(`${server.url}/dashboard`);
    await expect(noJs.getByRole("list", { name: "Saved developers" }).count()).resolves.toBe(0);
  });

  it("the wizard keeps a draft: a warning before leaving with unsaved changes, 'Continue your draft' on return, discard", async () => {
    await client.goto(`${server.url}/projects/new`);
    await client.getByLabel("Project title").fill("Braai venue booking app for Soweto");
    // Leaving inside the app before the draft is saved: an accessible dialog asks first.
    await client.getByRole("link", { name: "Back to Dashboard" }).click();
    const dialog = client.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(client.url()).toBe(`${server.url}/projects/new`);
    expect(await client.getByLabel("Project title").inputValue()).toBe("Braai venue booking app for Soweto");

    await client
      .getByLabel("Project description")
      .fill("Venues in Soweto take braai bookings by phone and lose them: customers should book a slot and pay a deposit online.");
    await client.getByRole("button", { name: "Next" }).click();
    await client.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    await client.getByText("Draft saved").waitFor({ timeout: 15_000 });
    await shot(client, "wizard-draft-saved");
    // Saved: leaving asks nothing.
    await client.getByRole("link", { name: "Back to Dashboard" }).click();
    await client.waitForURL(`${server.url}/dashboard`);

    await client.goto(`${server.url}/projects/new`);
    await client.getByRole("heading", { name: "You have an unfinished project" }).waitFor();
    await client.getByText("Braai venue booking app for Soweto").waitFor();
    expect(await pageWidth(client)).toBeLessThanOrEqual(390);
    await shot(client, "wizard-continue-draft");
    await client.getByRole("link", { name: "Continue your draft" }).click();
    await client.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    await client.getByRole("button", { name: "Previous" }).click();
    expect(await client.getByLabel("Project title").inputValue()).toBe("Braai venue booking app for Soweto");
    // A draft is not a project: nobody browsing finds it.
    const browse = await api(developer, "/api/v1/projects?search=Braai");
    expect((browse.json as { projects: unknown[] }).projects).toEqual([]);

    await client.goto(`${server.url}/projects/new`);
    await client.getByRole("button", { name: "Discard draft" }).click();
    await toast(client, "Draft discarded").waitFor();
    expect(await client.getByLabel("Project title").inputValue()).toBe("");
    expect((await api(client, "/api/v1/me/project-draft")).json).toEqual({ draft: null });
  });
});
