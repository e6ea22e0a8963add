/**
 * A new client's walk through the product on a 390 px phone (docs/product.md, Journeys): the
 * wizard's draft keeps saving after Next was refused on an empty step and Previous went back; the
 * wizard's skill box refuses a skill too long for the project with its message instead of a chip
 * that made Next do nothing; "Invite to project" says why nothing can be chosen once every open
 * project has the developer; the test checkout opened again (the browser's Back button) after the
 * payment leads back to the contract.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, pageApi, PORT_BASE, register, startServer, verifyEmail, waitForHydration, type RunningServer } from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe("a new client's journeys", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let client: Page;
  let developer: Page;
  let developerId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 63, { DEMO_DATA: "off" }), launchBrowser()]);
    client = await (await browser.newContext(PHONE)).newPage();
    developer = await (await browser.newContext(PHONE)).newPage();
    await register(client, server.url, { name: "Thandi Client", email: `thandi.${stamp}@example.co.za`, developer: false });
    await verifyEmail(client, server.url, server.dataDir, `thandi.${stamp}@example.co.za`);
    await register(developer, server.url, { name: "Sipho Developer", email: `sipho.${stamp}@example.co.za`, developer: true });
    developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    expect((await pageApi(developer, "/api/v1/me/developer-profile", "PUT", { title: "Flutter Developer", bio: "Offline-first apps." })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
  const stepHeading = (page: Page) => page.getByRole("heading", { name: /^Step \d of 3/ });

  async function wizardStepTwo(page: Page) {
    await page.goto(`${server.url}/projects/new`);
    await waitForHydration(page);
    await page.getByLabel("Project title").fill("Spaza shop ordering app");
    await page
      .getByLabel("Project description")
      .fill("Spaza shops in Soweto take orders from neighbours on WhatsApp and lose track of their stock every week.");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => stepHeading(page).textContent()).toBe("Step 2 of 3: Budget & Timeline");
  }

  it("keeps saving the draft after Next was refused on the empty budget step and Previous went back", async () => {
    await wizardStepTwo(client);
    // Next with no budget range or timeline: refused with their messages (the budget range is focused).
    await client.getByRole("button", { name: "Next" }).click();
    await client.getByText("Please select a budget range").waitFor();
    await client.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => stepHeading(client).textContent()).toBe("Step 1 of 3: Project Details");
    await client.getByText("Draft saved").waitFor({ timeout: 15_000 });
    expect(await client.getByText("Draft not saved").count()).toBe(0);
    const draft = await pageApi<{ draft: { step: number; values: { budgetRange: string } } }>(client, "/api/v1/me/project-draft");
    expect(draft.json.draft).toMatchObject({ step: 0, values: { budgetRange: "" } });
    await pageApi(client, "/api/v1/me/project-draft", "DELETE");
  });

  it("refuses a skill too long for a project when it is added, so Next is never refused without a message", async () => {
    await wizardStepTwo(client);
    await client.getByText("R15 000 - R35 000").click();
    await client.getByText("2-4 weeks").click();
    const box = client.getByLabel("Required skills");
    await box.fill("Offline sync for spaza shops with load-shedding");
    await box.press("Enter");
    await client.getByText("Each skill must be at most 40 characters").waitFor();
    expect(await client.getByRole("list", { name: "Selected skills" }).count()).toBe(0);
    await box.fill("Offline sync");
    await box.press("Enter");
    await expect.poll(() => client.getByRole("list", { name: "Selected skills" }).textContent()).toContain("Offline sync");
    await client.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => stepHeading(client).textContent()).toBe("Step 3 of 3: Additional Info");
    await pageApi(client, "/api/v1/me/project-draft", "DELETE");
  });

  it("says why a developer invited to every open project cannot be invited again, and the test checkout leads back to the contract", async () => {
    const created = await pageApi<{ project: { id: string } }>(client, "/api/v1/projects", "POST", {
      title: "Clinic queue app for Mamelodi",
      description: "Patients at a Mamelodi clinic wait for hours: they should book a slot and get an SMS when it is their turn.",
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "2-4",
      skills: ["Flutter"],
      category: "Healthcare",
    });
    expect(created.status).toBe(201);
    const projectId = created.json.project.id;

    await client.goto(`${server.url}/developers/${developerId}`);
    await waitForHydration(client);
    const invite = client.locator("details", { has: client.locator("summary", { hasText: "Invite to project" }) });
    await invite.locator("summary").click();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await toast(client, "Sipho Developer invited").waitFor();
    await client.reload();
    await waitForHydration(client);
    await invite.locator("summary").click();
    await invite.getByText("Sipho Developer is already invited to or has proposed on each of your open projects.").waitFor();
    // The select shows the project (marked), not an empty box.
    expect(await invite.getByRole("combobox").evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe(
      "Clinic queue app for Mamelodi (already invited)",
    );
    expect(await invite.getByRole("button", { name: "Send invitation" }).isDisabled()).toBe(true);

    // Hired: the client funds the first milestone at the test checkout, then comes back to it.
    const proposal = await pageApi<{ proposal: { id: string } }>(developer, `/api/v1/projects/${projectId}/proposals`, "POST", {
      coverLetter: "I built booking apps for two clinics in Tshwane with Flutter, with SMS reminders through a local gateway and an offline queue.",
      price: 18000,
      duration: "2-4",
    });
    expect(proposal.status).toBe(201);
    expect((await pageApi(client, `/api/v1/proposals/${proposal.json.proposal.id}/accept`, "POST")).status).toBe(200);
    await client.goto(`${server.url}/projects/${projectId}`);
    await client.getByRole("link", { name: "Contract, milestones and payments" }).click();
    await client.waitForURL(/\/contracts\//);
    const contractPath = new URL(client.url()).pathname;
    await waitForHydration(client);
    await client.getByRole("button", { name: "Fund R18 000 (milestone 1)", exact: true }).click();
    await client.waitForURL(/\/pay\/test\//);
    await client.getByRole("button", { name: "Pay successfully" }).click();
    await client.waitForURL((url) => url.pathname === contractPath);
    await client.goBack();
    await client.waitForURL(/\/pay\/test\//);
    await client.getByText("This payment is already paid.").waitFor();
    await client.getByRole("link", { name: "Back to the contract" }).click();
    await client.waitForURL((url) => url.pathname === contractPath);
    await client.getByText("Funded").first().waitFor();
  });
});
