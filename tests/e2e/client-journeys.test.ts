/**
 * A new client's walk through the product on a 390 px phone (docs/product.md, Journeys): the
 * wizard's draft keeps saving after Next was refused on an empty step and Previous went back; the
 * wizard's skill box refuses a skill too long for the project with its message instead of a chip
 * that made Next do nothing; "Invite to project" says why nothing can be chosen once every open
 * project has the developer; the test checkout opened again (the browser's Back button) after the
 * payment leads back to the contract; leaving the edit wizard with changes asks first (as the new
 * project's wizard does), never without; the invited developers list says what became of an
 * invited developer's proposal; a completed contract links to the review, then shows it.
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

  const newProject = async (title: string) => {
    const created = await pageApi<{ project: { id: string } }>(client, "/api/v1/projects", "POST", {
      title,
      description: `${title}: learners in Khayelitsha book a tutor for an hour and pay a small deposit up front.`,
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "2-4",
      skills: ["Flutter"],
      category: "Education",
    });
    expect(created.status).toBe(201);
    return created.json.project.id;
  };
  const leaveDialog = () => client.getByRole("dialog", { name: "Leave without saving?" });

  it("asks before leaving the edit wizard with changes, as the new project's wizard does, and not without", async () => {
    const projectId = await newProject("Tutor booking app");
    const editUrl = `${server.url}/projects/${projectId}/edit`;
    const back = () => client.getByRole("link", { name: "Back to Dashboard" }).click();

    // Nothing changed: Back to Dashboard just leaves.
    await client.goto(editUrl);
    await waitForHydration(client);
    await back();
    await client.waitForURL(/\/dashboard$/);

    // A change: the same dialog as /projects/new; staying keeps the change.
    await client.goto(editUrl);
    await waitForHydration(client);
    const title = client.getByLabel("Project title");
    await title.fill("Tutor booking app for Khayelitsha");
    await back();
    await leaveDialog().waitFor();
    await leaveDialog().getByText("Your latest changes to this project are not saved yet.").waitFor();
    expect(await leaveDialog().getByRole("button", { name: "Save draft and leave" }).count()).toBe(0);
    await leaveDialog().getByRole("button", { name: "Stay on this page" }).click();
    await leaveDialog().waitFor({ state: "hidden" });
    expect(new URL(client.url()).pathname).toBe(`/projects/${projectId}/edit`);
    expect(await title.inputValue()).toBe("Tutor booking app for Khayelitsha");

    // Any link in the app asks too (the header's), and leaving without saving leaves.
    await client.goto(editUrl);
    await waitForHydration(client);
    await title.fill("Tutor booking app, changed");
    await client.getByRole("link", { name: "Search", exact: true }).click();
    await leaveDialog().waitFor();
    await leaveDialog().getByRole("button", { name: "Leave without saving" }).click();
    await client.waitForURL(/\/search$/);
    expect((await pageApi<{ project: { title: string } }>(client, `/api/v1/projects/${projectId}`)).json.project.title).toBe("Tutor booking app");

    // Changed back to the saved value is no change.
    await client.goto(editUrl);
    await waitForHydration(client);
    await title.fill("Something else");
    await title.fill("Tutor booking app");
    await back();
    await client.waitForURL(/\/dashboard$/);

    // Closing the tab with a change: the browser's own warning.
    const tab = await client.context().newPage();
    await tab.goto(editUrl);
    await waitForHydration(tab);
    await tab.getByLabel("Project title").fill("Tutor booking app, unsaved");
    const asked = new Promise<string>((resolve) =>
      tab.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await tab.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");

    // Saved: on to the project with no question.
    await client.goto(editUrl);
    await waitForHydration(client);
    await title.fill("Tutor booking app for Khayelitsha");
    for (const step of ["Step 2 of 3", "Step 3 of 3"]) {
      await client.getByRole("button", { name: "Next" }).click();
      await expect.poll(() => stepHeading(client).textContent()).toContain(step);
    }
    await client.getByRole("button", { name: "Save Changes" }).click();
    await client.waitForURL((url) => url.pathname === `/projects/${projectId}`);
    await toast(client, "Project updated successfully!").waitFor();
    expect(await leaveDialog().count()).toBe(0);
  });

  it("shows what became of an invited developer's proposal, and a completed contract links to the review until it is written", async () => {
    const projectId = await newProject("Township tutor finder");
    expect((await pageApi(client, `/api/v1/developers/${developerId}/invitations`, "POST", { projectId })).status).toBe(201);
    const invited = client.locator(`[data-invited="${developerId}"]`);
    await client.goto(`${server.url}/projects/${projectId}`);
    await invited.getByText(/^Invited /).waitFor();

    const sent = await pageApi<{ proposal: { id: string } }>(developer, `/api/v1/projects/${projectId}/proposals`, "POST", {
      coverLetter: "I built a tutor marketplace for learners in Cape Town with Flutter, with bookings, deposits and reminders by SMS.",
      price: 20000,
      duration: "2-4",
    });
    expect(sent.status).toBe(201);
    const proposalId = sent.json.proposal.id;
    await client.reload();
    const received = invited.getByRole("link", { name: "Proposal received from Sipho Developer" });
    expect(await received.getAttribute("href")).toBe(`#proposal-${proposalId}`);
    expect(await invited.getByText(/^Invited /).count()).toBe(0);
    await received.click();
    await expect.poll(() => new URL(client.url()).hash).toBe(`#proposal-${proposalId}`);
    expect(await client.locator(`#proposal-${proposalId}`).getByRole("article", { name: "Proposal from Sipho Developer" }).isVisible()).toBe(true);

    expect((await pageApi(client, `/api/v1/proposals/${proposalId}/accept`, "POST")).status).toBe(200);
    await client.reload();
    await invited.getByRole("link", { name: "Hired from Sipho Developer" }).waitFor();

    // Completed: the contract offers the review (the project page's form), then shows it.
    await client.getByRole("link", { name: "Contract, milestones and payments" }).click();
    await client.waitForURL(/\/contracts\//);
    const contractPath = new URL(client.url()).pathname;
    expect(await client.getByRole("link", { name: "Leave a review" }).count()).toBe(0);
    expect((await pageApi(client, `/api/v1/projects/${projectId}/complete`, "POST")).status).toBe(200);
    await client.reload();
    await waitForHydration(client);
    await client.getByText("How was it working with Sipho Developer?").waitFor();
    await client.getByRole("link", { name: "Leave a review" }).click();
    await client.waitForURL((url) => url.pathname === `/projects/${projectId}` && url.hash === "#review");
    const form = client.locator("#review");
    await form.getByRole("heading", { name: "Review Sipho Developer" }).waitFor();
    await waitForHydration(client);
    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel("Comment").fill("Sipho delivered the booking flow on time and explained every choice clearly.");
    await form.getByRole("button", { name: /Submit/ }).click();
    await toast(client, "Thanks for your review!").waitFor();

    await client.goto(`${server.url}${contractPath}`);
    const mine = client.locator("[data-contract-review]");
    await mine.getByText("You reviewed Sipho Developer").waitFor();
    expect(await mine.textContent()).toContain("4 out of 5 stars");
    expect(await client.getByRole("link", { name: "Leave a review" }).count()).toBe(0);
  });
});
