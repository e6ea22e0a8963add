/**
 * Forms sent before the page's scripts run (a slow phone) or without them (docs/product.md, Look and
 * feel; decision 0055), with JavaScript off: the proposal, the report, the developer profile and the
 * project wizard post to their page's action, never a GET of their fields; good input is saved and
 * the page says so, bad input comes back with the field's message and what was typed, saving nothing.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PORT_BASE, register, startServer, waitForHydration, type RunningServer, pageApi, holdScripts, TEST_PASSWORD } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
const COVER_LETTER = "Sawubona! I have built three booking apps for salons in Durban and Pietermaritzburg, with PayFast deposits and WhatsApp reminders. ";

describe("forms without JavaScript", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let clientJs: BrowserContext;
  let developerJs: BrowserContext;
  let client: Page;
  let developer: Page;
  let developerId = "";
  let projectId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 61, { DEMO_DATA: "off" }), launchBrowser()]);
    [clientJs, developerJs] = await Promise.all([browser.newContext(PHONE), browser.newContext(PHONE)]);
    [client, developer] = await Promise.all([clientJs.newPage(), developerJs.newPage()]);
    await register(client, server.url, { name: "Nomsa Dlamini", email: `nomsa.${stamp}@example.co.za`, developer: false });
    await register(developer, server.url, { name: "Sipho Nkosi", email: `sipho.${stamp}@example.co.za`, developer: true });
    developerId = (await api(developer, "/api/auth/get-session")).json!.user.id;
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

  /** A page of `signedIn`'s user with JavaScript off, and the method and address of each page it loads. */
  async function noJsPage(signedIn: BrowserContext): Promise<{ page: Page; loads: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, storageState: await signedIn.storageState() });
    const page = await context.newPage();
    const loads: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest()) loads.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    });
    return { page, loads, close: () => context.close() };
  }

  /** The line that says what happened (the flash the toast shows with JavaScript). */
  const said = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

  it("a developer sends a proposal: a short cover letter comes back with its message and the price as typed; then it is sent, and edited", async () => {
    const { page, loads, close } = await noJsPage(developerJs);
    const path = `/projects/${projectId}/proposal`;
    await page.goto(`${server.url}${path}`);
    await page.getByLabel("Cover letter").fill("Too short.");
    await page.getByLabel("Your price (rand)").fill("R 20 000");
    await page.getByLabel("Estimated duration").selectOption("2-4");
    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await page.waitForLoadState();
    expect(loads.at(-1)).toBe(`POST ${path}`);
    expect(await page.getByText("Cover letter must be at least 100 characters").isVisible()).toBe(true);
    expect(await page.getByLabel("Your price (rand)").inputValue()).toBe("R 20 000");
    expect(await page.getByLabel("Estimated duration").inputValue()).toBe("2-4");
    expect((await api(developer, "/api/v1/proposals")).json.proposals).toEqual([]);

    await page.getByLabel("Cover letter").fill(COVER_LETTER);
    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    expect(loads.filter((l) => l.startsWith("GET") && l.includes("?"))).toEqual([]);
    expect(await said(page, "Proposal submitted successfully!").isVisible()).toBe(true);
    const [sent] = (await api(developer, "/api/v1/proposals")).json.proposals;
    expect(sent).toMatchObject({ price: 20000, duration: "2-4", coverLetter: COVER_LETTER.trim() });

    // Edited without JavaScript: the form shows the saved values and posts the change.
    await page.goto(`${server.url}${path}`);
    expect(await page.getByLabel("Your price (rand)").inputValue()).toBe("20000");
    await page.getByLabel("Your price (rand)").fill("22 500");
    await page.getByRole("button", { name: "Update Proposal" }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    expect(await said(page, "Proposal updated successfully!").isVisible()).toBe(true);
    expect((await api(developer, "/api/v1/proposals")).json.proposals[0]).toMatchObject({ id: sent.id, price: 22500 });
    await close();
  });

  it("a developer reports the project: Report opens the report page, no reason gets its message with the details kept, then the report is sent and the page and the dialog then say it was reported already", async () => {
    const { page, loads, close } = await noJsPage(developerJs);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("link", { name: "Report" }).click();
    await page.waitForURL(new RegExp(`/report/project/${projectId}\\?returnTo=`));
    expect(await page.getByRole("heading", { name: "Report this project" }).isVisible()).toBe(true);
    await page.getByLabel("Details (optional)").fill("Asks for payment by EFT before any work.");
    await page.getByRole("button", { name: "Send Report" }).click();
    await page.waitForLoadState();
    expect(loads.at(-1)).toMatch(new RegExp(`^POST /report/project/${projectId}\\?returnTo=`));
    expect(await page.getByText("Please choose a reason").isVisible()).toBe(true);
    expect(await page.getByLabel("Details (optional)").inputValue()).toBe("Asks for payment by EFT before any work.");

    await page.getByLabel("Reason").selectOption("Spam or scam");
    await page.getByRole("button", { name: "Send Report" }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    expect(await said(page, "Thanks for your report. We'll review this project.").isVisible()).toBe(true);

    // Stored: Report now says so at once, with no form to fill in, and Back returns to the project.
    await page.getByRole("link", { name: "Report" }).click();
    await page.waitForURL(new RegExp(`/report/project/${projectId}\\?returnTo=`));
    expect(await said(page, "You have already reported this project").isVisible()).toBe(true);
    expect(await page.getByLabel("Reason").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send Report" }).count()).toBe(0);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}`);
    await close();

    // With JavaScript the dialog asks first and opens with the same words and Close, no form.
    await developer.goto(`${server.url}/projects/${projectId}`);
    await waitForHydration(developer);
    await developer.getByRole("button", { name: "Report", exact: true }).click();
    const dialog = developer.getByRole("dialog", { name: "Report this project" });
    await dialog.waitFor();
    expect(await dialog.getByText("You have already reported this project").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Reason").count()).toBe(0);
    // (The corner's X is named Close too; this one says it.)
    await dialog.getByRole("button", { name: "Close", exact: true }).filter({ hasText: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("a developer edits their profile: a rate under R50 comes back with its message and the typed title; then skills and an experience entry are saved", async () => {
    // An experience entry to edit (adding entries needs the scripts).
    const seeded = await api(developer, "/api/v1/me/developer-profile", "PUT", {
      title: "Mobile developer",
      skills: ["Flutter"],
      experience: [{ title: "Junior developer", company: "Takealot", startDate: "2019-02", endDate: "2021-01" }],
    });
    expect(seeded.status).toBe(200);
    const { page, loads, close } = await noJsPage(developerJs);
    await page.goto(`${server.url}/profile/setup`);
    expect(await page.getByLabel("Job title").inputValue()).toBe("Junior developer");
    await page.getByLabel("Professional title").fill("Flutter developer for fintech apps");
    await page.getByLabel("Hourly rate (rand)").fill("20");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForLoadState();
    expect(loads.at(-1)).toBe("POST /profile/setup");
    expect(await page.getByText("Hourly rate must be at least R50").isVisible()).toBe(true);
    expect(await page.getByLabel("Professional title").inputValue()).toBe("Flutter developer for fintech apps");
    expect((await api(developer, `/api/v1/developers/${developerId}`)).json.developer.title).toBe("Mobile developer");

    await page.getByLabel("Hourly rate (rand)").fill("R 450");
    await page.getByLabel("Add a skill").fill("Go, Firebase");
    await page.getByLabel("Job title").fill("Mobile developer");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL(`${server.url}/profile/setup`);
    expect(loads.filter((l) => l.startsWith("GET") && l.includes("?"))).toEqual([]);
    expect(await said(page, "Profile saved").isVisible()).toBe(true);
    const saved = (await api(developer, `/api/v1/developers/${developerId}`)).json.developer;
    expect(saved).toMatchObject({ title: "Flutter developer for fintech apps", hourlyRate: 450, skills: ["Flutter", "Go", "Firebase"] });
    expect(saved.experience).toMatchObject([{ title: "Mobile developer", company: "Takealot", startDate: "2019-02", endDate: "2021-01" }]);

    // A chosen skill is a ticked box: unticked, it is removed on Save.
    const chosen = page.getByRole("list", { name: "Your skills" });
    expect(await chosen.getByRole("checkbox", { name: "Go", exact: true }).isChecked()).toBe(true);
    await chosen.getByRole("checkbox", { name: "Go", exact: true }).uncheck();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save profile" }).click()]);
    expect(await said(page, "Profile saved").isVisible()).toBe(true);
    expect((await api(developer, `/api/v1/developers/${developerId}`)).json.developer.skills).toEqual(["Flutter", "Firebase"]);
    expect(await chosen.getByRole("checkbox").count()).toBe(2);
    await close();
  });

  it("a client posts a project through the wizard: Next checks each step, Previous keeps what was typed, Enter on the last step does not publish, Create Project does", async () => {
    const { page, loads, close } = await noJsPage(clientJs);
    await page.goto(`${server.url}/projects/new`);
    await page.getByLabel("Project title").fill("Taxi");
    await page
      .getByLabel("Project description")
      .fill("Marshals hand out queue numbers by SMS, passengers see when their taxi is loading, and the rank sees the queue.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForLoadState();
    expect(loads.at(-1)).toBe("POST /projects/new");
    expect(await page.getByText("Title must be at least 5 characters").isVisible()).toBe(true);
    expect(await page.getByLabel("Project description").inputValue()).toContain("Marshals hand out queue numbers");

    await page.getByLabel("Project title").fill("Taxi rank queue app");
    await page.getByRole("textbox", { name: "Feature 1" }).fill("Queue numbers by SMS");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("heading", { name: "Step 1 of 3: Project Details" }).waitFor();
    expect(await page.getByLabel("Project title").inputValue()).toBe("Taxi rank queue app");
    expect(await page.getByRole("textbox", { name: "Feature 1" }).inputValue()).toBe("Queue numbers by SMS");
    await page.getByLabel("Project title").press("Enter");
    await page.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Please select a budget range").isVisible()).toBe(true);
    await page.locator('label:has(input[name="budgetRange"][value="R15000-R35000"])').click();
    await page.locator('label:has(input[name="timeline"][value="2-4"])').click();
    await page.getByLabel("Required skills").fill("Flutter, Firebase");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 3 of 3: Additional Info" }).waitFor();

    // Enter in a field of the last step publishes nothing, as with the scripts.
    const posts = loads.length;
    await page.getByLabel("Target audience").fill("Taxi marshals in Gauteng");
    await page.getByLabel("Target audience").press("Enter");
    await page.waitForTimeout(500);
    expect(loads.length).toBe(posts);
    expect((await api(client, "/api/v1/projects?search=Taxi%20rank")).json.total).toBe(0);

    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    expect(loads.filter((l) => l.startsWith("GET") && l.includes("?"))).toEqual([]);
    expect(await said(page, "Project created successfully!").isVisible()).toBe(true);
    const id = new URL(page.url()).pathname.split("/").pop();
    const project = (await api(client, `/api/v1/projects/${id}`)).json.project;
    expect(project).toMatchObject({
      title: "Taxi rank queue app",
      features: ["Queue numbers by SMS"],
      budgetRange: "R15000-R35000",
      timeline: "2-4",
      skills: ["Flutter", "Firebase"],
      targetAudience: "Taxi marshals in Gauteng",
    });

    // The edit wizard too: through its steps to Save Changes.
    await page.goto(`${server.url}/projects/${id}/edit`);
    await page.getByLabel("Project title").fill("Taxi rank queue and payments app");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(`${server.url}/projects/${id}`);
    expect(await said(page, "Project updated successfully!").isVisible()).toBe(true);
    expect((await api(client, `/api/v1/projects/${id}`)).json.project).toMatchObject({
      title: "Taxi rank queue and payments app",
      skills: ["Flutter", "Firebase"],
    });
    await close();
  });

  it("sent before the scripts arrive, the wizard posts; the answer then hydrates without a mismatch and goes on with the scripts", async () => {
    const context = await browser.newContext({ ...PHONE, storageState: await clientJs.storageState() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // (The refused post's page comes with its 400, which the console reports as a failed load.)
    page.on("console", (m) => (m.type() === "error" && !m.text().startsWith("Failed to load resource") ? errors.push(m.text()) : undefined));
    // A slow phone: the page's scripts arrive only when let through.
    const release = await holdScripts(page);
    await page.goto(`${server.url}/projects/new`, { waitUntil: "commit" });
    await page.getByLabel("Project title").fill("Spaza stock counter");
    await page
      .getByLabel("Project description")
      .fill("Shop owners count stock with the phone camera, see what sells, and order from suppliers before they run out.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 3: Budget & Timeline" }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please select a budget range").waitFor();
    release();
    await waitForHydration(page);
    // The scripts take over the step the server showed, with its message and the earlier step's values.
    await page.locator('label:has(input[name="budgetRange"][value="R5000-R15000"])').click();
    await expect.poll(() => page.getByText("Please select a budget range").count()).toBe(0);
    await page.locator('label:has(input[name="timeline"][value="1-2"])').click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 3 of 3: Additional Info" }).waitFor();
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").pop();
    expect((await api(page, `/api/v1/projects/${id}`)).json.project).toMatchObject({
      title: "Spaza stock counter",
      budgetRange: "R5000-R15000",
      timeline: "1-2",
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("typed before the scripts run and sent once they do: the edited proposal saves the new cover letter and the duration picked, not what was saved before", async () => {
    // The developer's proposal on the file's project (the first test sends one; made here when it has not run).
    const id = projectId;
    type Mine = { projectId: string; coverLetter: string; duration: string; price: number };
    const mineOf = async () => ((await api(developer, "/api/v1/proposals")).json.proposals as Mine[]).find((p) => p.projectId === id);
    if (!(await mineOf())) {
      const sent = await api(developer, `/api/v1/projects/${id}/proposals`, "POST", { coverLetter: COVER_LETTER.repeat(2), price: 20000, duration: "1-2" });
      expect(sent.status).toBe(201);
    }
    const before = (await mineOf())!;
    expect(before.duration).not.toBe("8+");

    const context = await browser.newContext({ ...PHONE, storageState: await developerJs.storageState() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // A slow phone: the page's scripts arrive only when let through.
    const release = await holdScripts(page);
    await page.goto(`${server.url}/projects/${id}/proposal`, { waitUntil: "commit" });
    // The cover letter's box holds the saved text (hydrating put a textarea back to it), the duration
    // is a choice kept in the page's state (hydrating kept the old one): both changed before the scripts.
    const rewritten = "Rewritten on the bus before the page was ready: I built queue screens for two ranks in Soweto, offline first, with SMS fallback.";
    await page.getByLabel("Cover letter").fill(rewritten);
    await page.getByLabel("Estimated duration").selectOption({ label: "2+ months" });
    release();
    await waitForHydration(page);
    await expect.poll(() => page.getByText(`${rewritten.length} characters`).count()).toBe(1);
    expect(await page.getByLabel("Cover letter").inputValue()).toBe(rewritten);
    await page.getByRole("button", { name: "Update Proposal" }).click();
    await page.waitForURL(`${server.url}/projects/${id}`);
    expect(await mineOf()).toMatchObject({ coverLetter: rewritten, duration: "8+", price: before.price });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters picked before the scripts run apply once they do: a platform, a skill ticked and a category chosen all reach the list's address", async () => {
    // A desktop width: there the filters are beside the list (on a phone, in a panel a button opens).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // A slow phone: the page's scripts arrive only when let through.
    const release = await holdScripts(page);
    await page.goto(`${server.url}/projects`, { waitUntil: "commit" });
    await page.locator('input[name="platform"][value="web"]').check();
    await page.locator('input[name="skills"][value="React"]').check();
    await page.locator('select[name="category"]').selectOption("E-commerce");
    release();
    await waitForHydration(page);
    await expect
      .poll(() => {
        const query = new URL(page.url()).searchParams;
        return [query.get("platform"), query.getAll("skills"), query.get("category")];
      })
      .toEqual(["web", ["React"], "E-commerce"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The in-page confirmation (a `<details>`) a button opens without JavaScript, found by its summary. */
  const disclosure = (page: Page, summary: string | RegExp) => page.locator("summary").filter({ hasText: summary });

  it("confirmations open in the page: a developer withdraws a proposal; a client declines with a reason, closes, hires and deletes a project", async () => {
    // Its own client: the tests above use up the first client's projects for the day.
    const ownerJs = await browser.newContext(PHONE);
    const ownerPage = await ownerJs.newPage();
    await register(ownerPage, server.url, { name: "Lindiwe Mahlangu", email: `lindiwe.${stamp}@example.co.za`, developer: false });
    const project = async (title: string) => {
      const created = await api(ownerPage, "/api/v1/projects", "POST", {
        title,
        description: "Parents book lift-club seats for the school run, drivers confirm, and everyone sees who is driving which day.",
        platform: "mobile",
        budgetRange: "R15000-R35000",
        timeline: "2-4",
      });
      expect(created.status).toBe(201);
      return created.json!.project.id as string;
    };
    const propose = async (id: string) => {
      const sent = await api(developer, `/api/v1/projects/${id}/proposals`, "POST", { coverLetter: COVER_LETTER, price: 18000, duration: "2-4" });
      expect(sent.status).toBe(201);
      return sent.json!.proposal.id as string;
    };
    const [withdrawn, declined, hired] = await Promise.all([
      project("Lift club school run"),
      project("Lift club school run too"),
      project("Lift club for sport"),
    ]);

    // The developer withdraws: the page asks first, and only its button withdraws.
    const dev = await noJsPage(developerJs);
    const withdrawnProposal = await propose(withdrawn);
    // The owner opens the proposal before it is withdrawn: their Hire is then refused, and says why.
    const owner = await noJsPage(ownerJs);
    await owner.page.goto(`${server.url}/projects/${withdrawn}`);
    await dev.page.goto(`${server.url}/projects/${withdrawn}/proposal`);
    await disclosure(dev.page, "Withdraw proposal").click();
    const ask = dev.page.getByRole("group", { name: "Withdraw your proposal?" });
    expect(await ask.getByText("you cannot send another proposal for this project").isVisible()).toBe(true);
    await ask.getByRole("button", { name: "Withdraw proposal" }).click();
    await dev.page.waitForURL(`${server.url}/projects/${withdrawn}`);
    expect(dev.loads.at(-2)).toBe(`POST /projects/${withdrawn}/proposal`);
    expect(await said(dev.page, "Proposal withdrawn").isVisible()).toBe(true);
    const mine = (await api(developer, "/api/v1/proposals")).json.proposals.find((p: { id: string }) => p.id === withdrawnProposal);
    expect(mine.status).toBe("withdrawn");
    await dev.close();
    await disclosure(owner.page, "Accept Sipho Nkosi").click();
    await owner.page.getByRole("group", { name: "Hire Sipho Nkosi for R18 000?" }).getByRole("button", { name: "Hire" }).click();
    await owner.page.waitForLoadState();
    expect(owner.loads.at(-1)).toBe(`POST /projects/${withdrawn}`);
    expect(await owner.page.getByRole("alert").filter({ hasText: "Only a pending or shortlisted proposal can be accepted" }).isVisible()).toBe(true);
    expect((await api(ownerPage, `/api/v1/projects/${withdrawn}`)).json.project.status).toBe("active");

    // The client declines with a reason, then closes that project.
    await propose(declined);
    await owner.page.goto(`${server.url}/projects/${declined}`);
    await disclosure(owner.page, "Decline Sipho Nkosi").click();
    const decline = owner.page.getByRole("group", { name: "Decline Sipho Nkosi's proposal?" });
    await decline.getByLabel("Reason (optional)").fill("We chose someone closer to Soweto");
    await decline.getByRole("button", { name: "Decline proposal" }).click();
    await owner.page.waitForURL(`${server.url}/projects/${declined}`);
    expect(await said(owner.page, "Sipho Nkosi's proposal declined").isVisible()).toBe(true);
    expect(await owner.page.getByText("Declined: We chose someone closer to Soweto").isVisible()).toBe(true);
    await disclosure(owner.page, "Close project").click();
    await owner.page.getByRole("group", { name: "Close this project?" }).getByRole("button", { name: "Close project" }).click();
    await owner.page.waitForURL(`${server.url}/projects/${declined}`);
    expect(await said(owner.page, "Project closed").isVisible()).toBe(true);
    expect((await api(ownerPage, `/api/v1/projects/${declined}`)).json.project.status).toBe("closed");

    // Hires.
    await propose(hired);
    await owner.page.goto(`${server.url}/projects/${hired}`);
    await disclosure(owner.page, "Accept Sipho Nkosi").click();
    await owner.page.getByRole("group", { name: "Hire Sipho Nkosi for R18 000?" }).getByRole("button", { name: "Hire" }).click();
    await owner.page.waitForURL(`${server.url}/projects/${hired}`);
    expect(await said(owner.page, "You hired Sipho Nkosi!").isVisible()).toBe(true);
    expect((await api(ownerPage, `/api/v1/projects/${hired}`)).json.project.status).toBe("in_progress");

    // Deletes the withdrawn one from its edit page.
    await owner.page.goto(`${server.url}/projects/${withdrawn}/edit`);
    await disclosure(owner.page, "Delete project").click();
    await owner.page.getByRole("group", { name: "Delete this project?" }).getByRole("button", { name: "Delete project" }).click();
    await owner.page.waitForURL(`${server.url}/dashboard`);
    expect(await said(owner.page, "Project deleted").isVisible()).toBe(true);
    expect((await api(ownerPage, `/api/v1/projects/${withdrawn}`)).status).toBe(404);
    await owner.close();
    await ownerJs.close();
  });

  it("an account is deleted without JavaScript: Delete my account asks for the password in the page; a wrong one comes back with its message", async () => {
    const leaverJs = await browser.newContext(PHONE);
    const email = `zanele.${stamp}@example.co.za`;
    await register(await leaverJs.newPage(), server.url, { name: "Zanele Khoza", email, developer: false });
    const { page, close } = await noJsPage(leaverJs);
    await page.goto(`${server.url}/profile`);
    await disclosure(page, "Delete my account").click();
    const ask = page.getByRole("group", { name: "Delete your account?" });
    await ask.getByLabel("Enter your password to confirm").fill("not-my-password");
    await ask.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForLoadState();
    // Refused: shown opened again with the message, nothing deleted.
    expect(await ask.getByText("Password is incorrect").isVisible()).toBe(true);
    expect(await ask.getByLabel("Enter your password to confirm").isVisible()).toBe(true);
    await ask.getByLabel("Enter your password to confirm").fill(TEST_PASSWORD);
    await ask.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await said(page, "Your account has been deleted").isVisible()).toBe(true);
    await close();
    await leaverJs.close();
  });

  it("a profile photo is uploaded and removed without JavaScript: a file that is not a photo is refused with its message, a photo is saved", async () => {
    const { page, loads, close } = await noJsPage(developerJs);
    await page.goto(`${server.url}/profile`);
    await page.getByLabel("New profile photo").setInputFiles({ name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("Not a photo at all.") });
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save photo" }).click()]);
    expect(page.url()).toBe(`${server.url}/profile`);
    expect(loads).toContain("POST /profile/photo");
    expect(await said(page, "Choose an image (JPEG, PNG, WebP or HEIC)").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Remove photo" }).count()).toBe(0);

    // A phone photo over the 1 MB that other pages' forms may post (noise does not compress): saved.
    const noise = Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256)));
    const photo = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    await page.getByLabel("New profile photo").setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: photo });
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save photo" }).click()]);
    expect(page.url()).toBe(`${server.url}/profile`);
    expect(await said(page, "Profile photo saved").isVisible()).toBe(true);
    expect(await page.locator('img[src^="/api/v1/files/"]').count()).toBeGreaterThan(0);

    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Remove photo" }).click()]);
    expect(await said(page, "Profile photo removed").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Remove photo" }).count()).toBe(0);
    await close();
  });

  it("the wizard's key features are added and removed without JavaScript: each button shows the step again with what was typed", async () => {
    const { page, loads, close } = await noJsPage(clientJs);
    await page.goto(`${server.url}/projects/new`);
    await page.getByLabel("Project title").fill("Spaza stock counter");
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Scan barcodes with the phone camera");
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.waitForLoadState();
    expect(loads.at(-1)).toBe("POST /projects/new");
    expect(await page.getByRole("textbox", { name: "Feature 1", exact: true }).inputValue()).toBe("Scan barcodes with the phone camera");
    expect(await page.getByRole("textbox", { name: "Feature 2", exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Project title").inputValue()).toBe("Spaza stock counter");
    await page.getByRole("textbox", { name: "Feature 2", exact: true }).fill("Works offline and syncs later");
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("textbox", { name: "Feature 3", exact: true }).inputValue()).toBe("");

    await page.getByRole("button", { name: "Remove feature 1" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("textbox", { name: "Feature 1", exact: true }).inputValue()).toBe("Works offline and syncs later");
    expect(await page.getByRole("textbox", { name: "Feature 2", exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Feature 3", exact: true }).count()).toBe(0);
    // Still step 1, nothing published and no message shown.
    expect(await page.getByRole("heading", { name: /Step 1 of 3/ }).isVisible()).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(loads.filter((l) => l.startsWith("GET") && l.includes("?"))).toEqual([]);
    await close();
  });

  it("a proposal's milestones are added and removed without JavaScript: each button shows the form again with what was typed, Enter still sends", async () => {
    const ownerJs = await browser.newContext(PHONE);
    const ownerPage = await ownerJs.newPage();
    await register(ownerPage, server.url, { name: "Palesa Mokoena", email: `palesa.${stamp}@example.co.za`, developer: false });
    const created = await api(ownerPage, "/api/v1/projects", "POST", {
      title: "Township tutoring bookings",
      description: "Learners book maths and science tutors near them, tutors set their hours, and parents pay per session.",
      platform: "web",
      budgetRange: "R15000-R35000",
      timeline: "2-4",
    });
    expect(created.status).toBe(201);
    const id = created.json!.project.id as string;
    const path = `/projects/${id}/proposal`;
    const { page, loads, close } = await noJsPage(developerJs);
    await page.goto(`${server.url}${path}`);
    await page.getByLabel("Cover letter").fill(COVER_LETTER);
    await page.getByLabel("Your price (rand)").fill("20 000");
    await page.getByLabel("Estimated duration").selectOption("2-4");
    const add = () => Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Add milestone" }).click()]);
    await add();
    expect(loads.at(-1)).toBe(`POST ${path}`);
    expect(await page.getByLabel("Cover letter").inputValue()).toBe(COVER_LETTER);
    expect(await page.getByLabel("Your price (rand)").inputValue()).toBe("20 000");
    await page.getByLabel("Milestone 1 title").fill("Booking screens");
    await page.getByLabel("Milestone 1 Amount (R)").fill("8 000");
    await add();
    await page.getByLabel("Milestone 2 title").fill("Payments");
    await page.getByLabel("Milestone 2 Amount (R)").fill("12 000");
    await add();
    expect(await page.getByLabel("Milestone 3 title").inputValue()).toBe("");
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Remove milestone 3" }).click()]);
    expect(await page.getByLabel("Milestone 3 title").count()).toBe(0);
    expect(await page.getByLabel("Milestone 1 title").inputValue()).toBe("Booking screens");
    expect(await page.getByLabel("Milestone 2 Amount (R)").inputValue()).toBe("12 000");
    // Nothing was sent meanwhile.
    const mineOn = async () =>
      (await api(developer, "/api/v1/proposals")).json.proposals.find(
        (p: { projectId?: string; project?: { id: string } }) => (p.projectId ?? p.project?.id) === id,
      );
    expect(await mineOn()).toBeUndefined();

    // Enter in a field sends the proposal, not a milestone button.
    await page.getByLabel("Your price (rand)").press("Enter");
    await page.waitForURL(`${server.url}/projects/${id}`);
    expect(await said(page, "Proposal submitted successfully!").isVisible()).toBe(true);
    const sent = (await api(developer, `/api/v1/proposals`)).json.proposals.find(
      (p: { projectId?: string; project?: { id: string } }) => (p.projectId ?? p.project?.id) === id,
    );
    expect(sent.milestones).toMatchObject([
      { title: "Booking screens", amount: 8000 },
      { title: "Payments", amount: 12000 },
    ]);
    await close();
    await ownerJs.close();
  });
});
