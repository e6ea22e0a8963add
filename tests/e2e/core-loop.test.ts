/**
 * The core loop in Chromium (docs/product.md): register a client, post a project through the wizard
 * (with a failed Next), find it by search and filters, open and edit it, log out, log in again
 * and land on the page wanted; forgot password through the written email; register a developer.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestMailTo, launchBrowser, startServer, waitForHydration, type RunningServer, PORT_BASE, TEST_PASSWORD, OTHER_PASSWORD } from "./support";

describe("core loop", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const email = `thandi.${stamp}@example.co.za`;
  const title = `Kasi laundry pickup ${stamp}`;
  let projectUrl = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 0), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newPage = async (width = 1280): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    return context.newPage();
  };
  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

  it("registers a client, posts a project through the wizard and opens it", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Full name").fill("Thandi Nkosi");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("checkbox", { name: /terms and conditions/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => toast(page, "Account created successfully!").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "Welcome back, Thandi Nkosi!" }).isVisible()).toBe(true);

    await page.goto(`${server.url}/projects/new`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Project title is required").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Project description is required").isVisible()).toBe(true);
    await page.getByLabel("Project title").fill(title);
    await page.getByLabel("Project description").fill("Short");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Description must be at least 50 characters").isVisible()).toBe(true);
    await page
      .getByLabel("Project description")
      .fill("A mobile app for township laundromats in Khayelitsha: customers book a pickup, track the load and pay with SnapScan.");
    await page.getByRole("textbox", { name: "Feature 1" }).fill("Book a pickup slot");
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.getByRole("textbox", { name: "Feature 2" }).fill("Pay with SnapScan");
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please select a budget range").isVisible()).toBe(true);
    // Choosing clears each message (and the layout shifts up) before the next click.
    await page.getByText("Standard app with advanced features").click();
    await expect.poll(() => page.getByText("Please select a budget range").isVisible()).toBe(false);
    await page.getByText("Fast turnaround").click();
    await expect.poll(() => page.getByText("Please select a timeline").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Flutter", exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: "Remove Flutter" }).isVisible()).toBe(true);
    await page.getByLabel("Required skills").fill("flutter");
    await page.getByLabel("Required skills").press("Enter");
    await expect.poll(() => page.getByText("A skill cannot be added twice").isVisible()).toBe(true);
    await page.getByLabel("Required skills").fill("Firebase");
    await page.getByLabel("Required skills").press("Enter");
    await expect.poll(() => page.getByRole("button", { name: "Remove Firebase" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByLabel("Target audience").fill("Laundromat customers in Cape Town townships");
    await page.getByLabel("Category").selectOption("Business");
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    projectUrl = page.url();
    await expect.poll(() => toast(page, "Project created successfully!").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: title }).isVisible()).toBe(true);
    expect(await page.getByText("Pay with SnapScan", { exact: true }).isVisible()).toBe(true);
    const api = (await (await fetch(`${server.url}/api/v1/projects/${projectUrl.split("/").pop()}`)).json()) as { project: Record<string, unknown> };
    expect(api.project).toMatchObject({
      category: "Business",
      platform: "mobile",
      budgetRange: "R15000-R35000",
      timeline: "2-4",
      skills: ["Flutter", "Firebase"],
      features: ["Book a pickup slot", "Pay with SnapScan"],
    });
    await page.context().close();
  });

  it("finds the project by search text and by filters", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/projects`);
    // Search box applied on Enter, mirrored in the URL.
    await page.getByRole("searchbox", { name: "Search projects" }).or(page.getByLabel("Search projects")).first().fill(`laundry ${stamp}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(/search=laundry/);
    await expect.poll(() => page.getByRole("link", { name: title }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("1 project found").isVisible()).toBe(true);

    // 12 a page; Load More Projects appends the next page by cursor, none twice.
    await page.goto(`${server.url}/projects`);
    await expect.poll(() => page.getByRole("link", { name: "View Details" }).count()).toBe(12);
    await page.getByRole("link", { name: "Load More Projects" }).click();
    await expect.poll(() => page.getByRole("link", { name: "View Details" }).count()).toBe(24);
    const hrefs = await page.getByRole("link", { name: "View Details" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs).size).toBe(24);

    // Filters through the panel, each mirrored in the URL; the project stays among the results.
    await page.goto(`${server.url}/projects`);
    await page.getByLabel("Category").selectOption("Business");
    await page.waitForURL(/category=Business/);
    await page.getByRole("radio", { name: "Mobile App" }).check();
    await page.waitForURL(/platform=mobile/);
    await page.getByRole("radio", { name: /R15 000 - R35 000/ }).check();
    await page.waitForURL(/budgetMin=15000&budgetMax=35000/);
    await page.getByRole("checkbox", { name: "Flutter" }).check();
    await page.waitForURL(/skills=Flutter/);
    await expect.poll(() => page.getByRole("link", { name: title }).first().isVisible()).toBe(true);
    // The URL alone restores the same state in a fresh page.
    const filtered = page.url();
    const again = await newPage(390);
    await again.goto(filtered);
    await expect.poll(() => again.getByRole("link", { name: title }).first().isVisible()).toBe(true);
    await again.goto(`${server.url}/projects?category=Healthcare&search=${stamp}`);
    await expect.poll(() => again.getByText("No projects found").isVisible()).toBe(true);
    await again.context().close();
    await page.context().close();
  });

  it("edits the project, logs out, and after logging in lands on the page wanted", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(projectUrl);
    // A second tab opens the same edit form before the first saves (docs/product.md, Projects).
    const stale = await page.context().newPage();
    await stale.goto(`${projectUrl}/edit`);
    await page.getByRole("link", { name: "Edit Project" }).click();
    await page.waitForURL(`${projectUrl}/edit`);
    await page.getByLabel("Project title").fill(`${title} v2`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(projectUrl);
    await expect.poll(() => page.getByRole("heading", { name: `${title} v2` }).isVisible()).toBe(true);
    // The stale tab still shows the old title: saving it is refused, and the new title stays.
    await waitForHydration(stale);
    await stale.getByLabel("Project description").fill("Edited in a second tab that still showed the old title, long enough to pass.");
    await stale.getByRole("button", { name: "Next" }).click();
    await stale.getByRole("button", { name: "Next" }).click();
    await stale.getByRole("button", { name: "Save Changes" }).click();
    await expect
      .poll(() =>
        stale
          .getByText(/This project was changed in another tab or window after you opened this form/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await stale.close();
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: `${title} v2` }).isVisible()).toBe(true);

    // Log out through the user menu.
    await page.getByRole("button", { name: /Thandi Nkosi/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/projects/new`);
    await page.waitForURL(/\/login\?redirectTo=%2Fprojects%2Fnew/);
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => toast(page, "Invalid email or password").isVisible()).toBe(true);
    // A second refusal replaces the first toast instead of stacking another.
    const refused = page.locator("[data-sonner-toast]:not([data-removed='true'])", { hasText: "Invalid email or password" });
    const answered = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Log in" }).click();
    await answered;
    await page.waitForTimeout(500);
    expect(await refused.count()).toBe(1);
    // A quick right retry: the refusal's toast goes at once (it would stay its 4 s), only "Welcome
    // back!" shows (docs/product.md, Screens).
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/projects/new`);
    await expect.poll(() => toast(page, "Welcome back!").isVisible()).toBe(true);
    await expect.poll(() => refused.count(), { timeout: 1000 }).toBe(0);
    await page.context().close();
  });

  it("resets a forgotten password through the emailed link", async () => {
    const page = await newPage(390);
    await page.goto(`${server.url}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    // The URL changes before React shows the new page, and the login page has an Email field too:
    // wait for this page's heading, or the email goes into the login form about to be replaced.
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    const asked = Date.now() - 1000;
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByText(/we have sent it a link/).isVisible()).toBe(true);
    const mail = await latestMailTo(server.dataDir, email, asked, /\/reset-password\?token=/);
    const link = new RegExp(`${server.url}/reset-password\\?token=[\\w-]+`).exec(mail)![0];
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("brandnew1");
    await page.getByLabel("Confirm new password").fill("brandnew1");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("brandnew1");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    // The link works once.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(OTHER_PASSWORD);
    await page.getByLabel("Confirm new password").fill(OTHER_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => page.getByText("This reset link is invalid or has expired").isVisible()).toBe(true);
    await page.context().close();
  });

  it("registers a developer, who lands on the profile setup screen", async () => {
    const page = await newPage(390);
    await page.goto(`${server.url}/register`);
    await page.getByText("Offer Services").click();
    await page.getByLabel("Full name").fill("Sipho Dlamini");
    await page.getByLabel("Email").fill(`sipho.${stamp}@example.co.za`);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("checkbox", { name: /terms and conditions/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${server.url}/profile/setup`);
    await expect.poll(() => page.getByRole("heading", { name: "Welcome, Sipho Dlamini! Set up your profile" }).isVisible()).toBe(true);
    await page.goto(`${server.url}/dashboard`);
    expect(await page.getByRole("link", { name: "Set up your profile" }).first().isVisible()).toBe(true);
    expect(await page.getByText("Active Proposals").isVisible()).toBe(true);
    // Once the profile has something in it, no link on the dashboard says to set it up.
    const saved = await page.evaluate(
      async () =>
        (
          await fetch("/api/v1/me/developer-profile", {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ title: "Flutter Developer" }),
          })
        ).status,
    );
    expect(saved).toBe(200);
    await page.reload();
    expect(await page.getByRole("link", { name: "Edit your profile" }).count()).toBe(2);
    expect(await page.getByRole("link", { name: "Set up your profile" }).count()).toBe(0);
    await page.context().close();
  });
});
