/**
 * docs/product.md, Messages and notifications in Chromium: email switches in Settings persist, and an unsubscribe link works without
 * signing in (the page asks first; a bad link changes nothing), as Settings shows afterwards.
 * The server gets a known AUTH_SECRET so the test can sign a link as the emails would.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_UNSUBSCRIBE, unsubscribeToken } from "../../server/email/preferences";
import { launchBrowser, register, startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";

const AUTH_SECRET = "e2e-email-settings-secret-0123456789abcdef";

describe("email settings and unsubscribe", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const email = `naledi.${stamp}@example.co.za`;
  let page: Page;
  let userId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 5, { DEMO_DATA: "off", AUTH_SECRET }), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (p: Page, text: string) => p.locator("[data-sonner-toast]", { hasText: text }).first();
  const emailSwitch = (p: Page, label: string) => p.getByRole("switch", { name: label });

  it("a switch turned off in Settings stays off after a reload", async () => {
    await register(page, server.url, { name: "Naledi Khumalo", email, developer: false });
    userId = await page.evaluate(async () => ((await (await fetch("/api/auth/get-session")).json()) as { user: { id: string } }).user.id);

    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.getByRole("heading", { name: "Email notifications" }).isVisible()).toBe(true);
    // A client gets messages and proposals; "Hired" is a developer's email.
    expect(await emailSwitch(page, "New messages").getAttribute("aria-checked")).toBe("true");
    expect(await emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("true");
    expect(await emailSwitch(page, "Hired").count()).toBe(0);

    await emailSwitch(page, "New proposals").click();
    await expect.poll(() => toast(page, "Email settings saved").isVisible()).toBe(true);
    expect(await emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("false");
    await page.reload();
    await expect.poll(() => emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("false");
    expect(await emailSwitch(page, "New messages").getAttribute("aria-checked")).toBe("true");

    // Clicking the label toggles too, and back on it goes.
    await page.getByText("New proposals", { exact: true }).click();
    await expect.poll(() => emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("true");
    await page.reload();
    await expect.poll(() => emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("true");
  });

  it("an unsubscribe link works without signing in, only after the button, and Settings shows it off", async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const token = await unsubscribeToken(AUTH_SECRET, userId, "newMessage");
    const link = `${server.url}/unsubscribe?token=${token}`;

    const forged = await visitor.goto(
      `${server.url}/unsubscribe?token=${await unsubscribeToken("another-secret-another-secret-another-1", userId, "newMessage")}`,
    );
    expect(forged!.status()).toBe(400);
    await expect.poll(() => visitor.getByText(INVALID_UNSUBSCRIBE).isVisible()).toBe(true);

    const opened = await visitor.goto(link);
    expect(opened!.status()).toBe(200);
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expect.poll(() => visitor.getByText(`Stop New messages emails to ${email}?`).isVisible()).toBe(true);
    // Opening the link did not unsubscribe: a second visit still asks.
    await visitor.reload();
    await expect.poll(() => visitor.getByRole("button", { name: "Unsubscribe" }).isVisible()).toBe(true);

    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => visitor.getByRole("heading", { name: "You are unsubscribed" }).isVisible()).toBe(true);
    expect(await visitor.getByText(`BuildZA will no longer send New messages emails to ${email}.`).isVisible()).toBe(true);

    await visitor.getByRole("link", { name: "Go to Settings" }).click();
    await visitor.waitForURL(/\/login\?redirectTo=/);
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await visitor.getByRole("button", { name: "Log in" }).click();
    await visitor.waitForURL(`${server.url}/profile`);
    await expect.poll(() => emailSwitch(visitor, "New messages").getAttribute("aria-checked")).toBe("false");
    expect(await emailSwitch(visitor, "New proposals").getAttribute("aria-checked")).toBe("true");
    await visitor.context().close();
  });

  it("the unsubscribe button works without JavaScript (the browser's form POST passes the origin check)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/unsubscribe?token=${await unsubscribeToken(AUTH_SECRET, userId, "proposalAccepted")}`);
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => visitor.getByRole("heading", { name: "You are unsubscribed" }).isVisible()).toBe(true);
    await context.close();
  });

  it("a mail client's one-click unsubscribe (RFC 8058) is a plain POST to the same link", async () => {
    const token = await unsubscribeToken(AUTH_SECRET, userId, "proposalReceived");
    const res = await fetch(`${server.url}/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => emailSwitch(page, "New proposals").getAttribute("aria-checked")).toBe("false");
  });
});
