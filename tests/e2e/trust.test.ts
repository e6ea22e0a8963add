/**
 * Trust and safety in Chromium (docs/product.md, Trust and safety): a new client registers, sees
 * the verification banner, is held to 3 projects a day with a message that verifying lifts the
 * limit, verifies through the emailed link, and then the banner and the limit are gone and the
 * project's About the Client card says the account is verified.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectInput } from "../support/fixtures";
import { latestMailTo, launchBrowser, PORT_BASE, register, startServer, type RunningServer } from "./support";

describe("email verification", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `palesa.${Date.now().toString(36)}@example.co.za`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 20, { DEMO_DATA: "off" }), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const banner = () => page.getByRole("region", { name: "Email verification" });
  const postProject = (title: string) =>
    page.evaluate(async (body) => {
      const res = await fetch("/api/v1/projects", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { project?: { id: string }; error?: { message: string } } };
    }, projectInput({ title }));

  it("register, banner, limit, verify by the emailed link: banner and limit gone, About the Client says verified", async () => {
    await register(page, server.url, { name: "Palesa Mokoena", email, developer: false });
    await expect.poll(() => banner().isVisible()).toBe(true);
    expect(await banner().textContent()).toContain(email);

    for (let i = 1; i <= 3; i++) expect((await postProject(`Verification test project ${i}`)).status).toBe(201);
    const refused = await postProject("One project too many");
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/Verifying lifts the limit/);

    const mail = await latestMailTo(server.dataDir, email);
    const link = new RegExp(`${server.url}/verify-email\\?token=[\\w.%-]+`).exec(mail)![0];
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Email verified" }).isVisible()).toBe(true);
    // The link works once.
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Already verified" }).isVisible()).toBe(true);

    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await banner().count()).toBe(0);
    const fourth = await postProject("Verified, so a fourth project");
    expect(fourth.status).toBe(201);
    await page.goto(`${server.url}/projects/${fourth.body.project!.id}`);
    await expect.poll(() => page.getByText("Verified account").isVisible()).toBe(true);
    expect(await page.getByText("Email not verified").count()).toBe(0);
  });
});
