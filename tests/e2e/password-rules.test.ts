/**
 * The password rules in Chromium (docs/security.md "Authentication"): a common password, or the
 * account's own email or name, is refused with its message on the password field, wherever a
 * password is set: Register, Settings' change password, and the reset-password screen.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from "../../shared/schemas";
import { latestMailTo, launchBrowser, OTHER_PASSWORD, PORT_BASE, startServer, TEST_PASSWORD, type RunningServer } from "./support";

describe("password rules on the account screens", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `zanele.${Date.now().toString(36)}@example.co.za`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 10, { DEMO_DATA: "off" }), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fieldError = (id: string) => page.locator(`#${id}-error`);

  it("Register: a common password and the email as password get their message on the field", async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Full name").fill("Zanele Mahlangu");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("checkbox", { name: /terms and conditions/ }).check();
    // Checked on the server (the list never reaches the browser).
    await page.getByLabel("Password", { exact: true }).fill("password1");
    await page.getByLabel("Confirm password").fill("password1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError("password").textContent()).toBe(PASSWORD_COMMON_MESSAGE);
    // Checked in the form already.
    await page.getByLabel("Password", { exact: true }).fill(email);
    await page.getByLabel("Confirm password").fill(email);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => fieldError("password").textContent()).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(page.url()).toBe(`${server.url}/register`);

    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("Settings: change password refuses a common password and the account's name", async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByLabel("Current password").fill(TEST_PASSWORD);
    for (const [password, message] of [
      ["qwerty123", PASSWORD_COMMON_MESSAGE],
      ["Zanele Mahlangu", PASSWORD_PERSONAL_MESSAGE],
    ]) {
      await page.getByLabel("New password", { exact: true }).fill(password!);
      await page.getByLabel("Confirm new password").fill(password!);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => fieldError("newPassword").textContent()).toBe(message);
    }
  });

  it("Reset password: the new password follows the same rules", async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}/forgot-password`);
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => visitor.getByText(/we have sent it a link/).isVisible()).toBe(true);
    // The email leaves through the outbox, a moment after the answer.
    // The newest mail with a reset link (registration also sent a verification email).
    const mail = await vi.waitFor(
      async () => {
        const m = await latestMailTo(server.dataDir, email);
        if (!m.includes("/reset-password?token=")) throw new Error("no reset email yet");
        return m;
      },
      { timeout: 15_000, interval: 200 },
    );
    const link = new RegExp(`${server.url}/reset-password\\?token=[\\w-]+`).exec(mail)![0];
    await visitor.goto(link);
    await visitor.getByLabel("New password", { exact: true }).fill("iloveyou1");
    await visitor.getByLabel("Confirm new password").fill("iloveyou1");
    await visitor.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => visitor.locator("#password-error").textContent()).toBe(PASSWORD_COMMON_MESSAGE);
    // A refused password does not use up the link.
    await visitor.getByLabel("New password", { exact: true }).fill(OTHER_PASSWORD);
    await visitor.getByLabel("Confirm new password").fill(OTHER_PASSWORD);
    await visitor.getByRole("button", { name: "Set new password" }).click();
    await visitor.waitForURL(`${server.url}/login`);
    await visitor.context().close();
  });
});
