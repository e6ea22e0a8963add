/**
 * Account security in Settings, in Chromium at phone width (docs/product.md, Accounts): changing
 * the email address through the link emailed to the new address, the old address told; turning on
 * two-factor sign-in by scanning the QR code on the page (it must carry the key shown beside it),
 * then signing in with a code made here; a sign-in from a new browser emailed to the owner, who
 * sees it under Sessions and signs it out.
 */
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpNow } from "../support/totp";
import { latestMailTo, launchBrowser, PORT_BASE, register, startServer, TEST_PASSWORD, type RunningServer } from "./support";

/** Draws the page's QR code (data-testid totp-qr) on a canvas at twice its size and decodes it. */
async function scanQrCode(page: Page): Promise<string> {
  const qr = page.getByTestId("totp-qr");
  await qr.waitFor();
  const image = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const size = img.width * 2;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0, size, size);
    return { size, pixels: Array.from(ctx.getImageData(0, 0, size, size).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(image.pixels), image.size, image.size);
  if (!code) throw new Error("The QR code on the page did not decode");
  return code.data;
}

/** `selector` has focus, is aria-invalid and is described by an alert that starts with `message`. */
async function expectFocusedWithError(page: Page, selector: string, message: string) {
  const field = page.locator(selector);
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const described = page.locator(`[id="${await field.getAttribute("aria-describedby")}"]`);
  expect(await described.getAttribute("role")).toBe("alert");
  expect(await described.textContent()).toMatch(new RegExp(`^${message}`));
}

describe("account security in Settings", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const oldEmail = `ayanda.${stamp}@example.co.za`;
  const newEmail = `ayanda.new.${stamp}@example.co.za`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 23, { DEMO_DATA: "off" }), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await register(page, server.url, { name: "Ayanda Dlamini", email: oldEmail, developer: false });
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("changes the email address only through the link sent to the new address, and tells the old one", async () => {
    await page.goto(`${server.url}/profile#email-address`);
    // An address in use is refused on the field.
    await page.getByLabel("New email address").fill(oldEmail.toUpperCase());
    await page.getByLabel("Password", { exact: true }).first().fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Change email" }).click();
    await page.getByText("This is already your email address").waitFor({ timeout: 15_000 });
    // The server's refusal takes focus to its field, which names the message (as a refusal in the browser does).
    await expectFocusedWithError(page, "#newEmail", "This is already your email address");

    const since = Date.now();
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByRole("button", { name: "Change email" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `We sent a link to ${newEmail}` })
      .waitFor({ timeout: 15_000 });
    await page.reload();
    expect(await page.getByText(`Current address: ${oldEmail}`).count()).toBe(1);

    const mail = await latestMailTo(server.dataDir, newEmail, since);
    const link = new RegExp(`${server.url}/verify-email\\?token=[\\w.%-]+`).exec(mail)![0];
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my new email" }).click();
    await page.getByRole("heading", { name: "Email address changed" }).waitFor({ timeout: 15_000 });

    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.getByText(`Current address: ${newEmail}`).count()).toBe(1);
    const told = await latestMailTo(server.dataDir, oldEmail, since);
    expect(told).toContain(`changed to ${newEmail}`);
    // The new address signs in; the old one no longer does.
    const signIn = (email: string) =>
      page.evaluate(
        async ([e, p]) =>
          (
            await fetch("/api/auth/sign-in/email", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: e, password: p }),
            })
          ).status,
        [email, TEST_PASSWORD] as const,
      );
    expect(await signIn(oldEmail)).toBe(401);
    expect(await signIn(newEmail)).toBe(200);
  });

  it("turns on two-factor sign-in in Settings; after signing out, sign-in asks for the app's code", async () => {
    const email = `sizwe.${stamp}@example.co.za`;
    const second = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await register(second, server.url, { name: "Sizwe Nkosi", email, developer: true });
    await second.goto(`${server.url}/profile#two-factor`);
    await second.locator("#twoFactorPassword").fill(TEST_PASSWORD);
    await second.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const typedKey = (await second.getByTestId("totp-secret").textContent({ timeout: 15_000 }))!;
    expect(await second.getByTestId("backup-codes").getByRole("listitem").count()).toBe(10);
    // What a phone's camera would read: the QR image as Chromium draws it, decoded here.
    const scanned = await scanQrCode(second);
    expect(scanned).toMatch(/^otpauth:\/\/totp\/BuildZA:/);
    const secret = new URL(scanned).searchParams.get("secret")!;
    expect(secret).toBe(typedKey.replace(/\s/g, ""));
    await second.locator("#twoFactorCode").fill("000000");
    await second.getByRole("button", { name: "Turn on" }).click();
    await second.getByText("That code is not right").waitFor({ timeout: 15_000 });
    await expectFocusedWithError(second, "#twoFactorCode", "That code is not right");
    await second.locator("#twoFactorCode").fill(await totpNow(secret));
    await second.getByRole("button", { name: "Turn on" }).click();
    await second.getByText("Two-factor sign-in is on.").waitFor({ timeout: 15_000 });

    await second.evaluate(() => fetch("/logout", { method: "POST" }));
    await second.goto(`${server.url}/login`);
    await second.getByLabel("Email").fill(email);
    await second.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await second.getByRole("button", { name: "Log in" }).click();
    await second.waitForURL(/\/login\?step=code/);
    await second.getByLabel("Authentication code").fill("000000");
    await second.getByRole("button", { name: "Verify" }).click();
    await second.getByText("That code is not right").waitFor({ timeout: 15_000 });
    await second.getByLabel("Authentication code").fill(await totpNow(secret));
    await second.getByRole("button", { name: "Verify" }).click();
    await second.waitForURL(`${server.url}/dashboard`, { timeout: 15_000 });
    await second.goto(`${server.url}/profile#two-factor`);
    await second.getByText("Two-factor sign-in is on.").waitFor();
  });

  it("emails the owner of a sign-in from a new browser, which Settings lists and signs out", async () => {
    const email = `lerato.${stamp}@example.co.za`;
    const mine = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await register(mine, server.url, { name: "Lerato Mokoena", email, developer: false });
    const android = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    const stranger = await (await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: android })).newPage();
    const since = Date.now();
    await stranger.goto(`${server.url}/login`);
    await stranger.getByLabel("Email").fill(email);
    await stranger.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await stranger.getByRole("button", { name: "Log in" }).click();
    await stranger.waitForURL(`${server.url}/dashboard`, { timeout: 15_000 });
    const mail = await latestMailTo(server.dataDir, email, since);
    expect(mail).toContain("Subject: New sign-in to your BuildZA account");
    expect(mail).toContain("from a browser it had not been used on before: Chrome on Android");

    await mine.goto(`${server.url}/profile#sessions`);
    const sessions = mine.locator("#sessions");
    await sessions.getByText("This browser").waitFor();
    await sessions.getByRole("button", { name: /^Sign out Chrome on Android/ }).click();
    await mine.getByText("That session was signed out").waitFor({ timeout: 15_000 });
    // The message shows with the action's answer; the list follows once the page's data reloads.
    await sessions.getByText("Chrome on Android").waitFor({ state: "detached", timeout: 15_000 });
    // The other browser is signed out on its next request.
    await stranger.goto(`${server.url}/dashboard`);
    await stranger.waitForURL(/\/login/, { timeout: 15_000 });
  });
});
