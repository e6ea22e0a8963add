/**
 * docs/product.md, Files in Chromium at phone width (390 px) against the production build: a
 * developer uploads a profile photo in Settings (preview of the kept square, then saved), sees it
 * on the account button, the developer card of /developers and the profile; adds images to a
 * portfolio item and the profile shows them as lazy, sized thumbnails linking to the full image;
 * a client deletes a message they sent (confirm dialog) and both see it as deleted.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_MESSAGE_TEXT } from "../../shared/constants";
import { launchBrowser, PORT_BASE, register, startServer, type RunningServer } from "./support";

const SHOTS = "tests/.tmp/shots/profile-photos";

describe("profile photos, portfolio images and deleting a message on a phone", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const name = `Lindiwe Photo ${stamp}`;
  let developer: Page;
  let developerId = "";
  const photo = path.join(tmpdir(), `buildza-e2e-face-${stamp}.jpg`);
  const shots: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 53, { DEMO_DATA: "off" }), launchBrowser()]);
    await writeFile(
      photo,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#b45309" } })
        .jpeg()
        .withExif({ IFD0: { Model: "Phone 12" } })
        .toBuffer(),
    );
    for (const [i, colour] of ["#1d4ed8", "#047857"].entries()) {
      const file = path.join(tmpdir(), `buildza-e2e-shot-${stamp}-${i}.png`);
      await writeFile(
        file,
        await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      );
      shots.push(file);
    }
    await mkdir(SHOTS, { recursive: true }).catch(() => {});
    developer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
  const shot = (page: Page, file: string) => page.screenshot({ path: path.join(SHOTS, file), fullPage: false }).catch(() => undefined);

  it("uploads a profile photo in Settings; it shows on the account button, the card and the profile", async () => {
    await register(developer, server.url, { name, email: `lindiwe.${stamp}@example.co.za`, developer: true });
    await developer.getByLabel("Professional title").fill("Flutter Developer");
    await developer.getByRole("button", { name: "Add portfolio item" }).click();
    await developer.locator("#portfolio-0-title").fill("Spaza stock app");
    await developer.locator("#portfolio-0-description").fill("Stock and orders for spaza shops in Soweto.");
    await developer.locator('input[type="file"]').first().setInputFiles(shots);
    await expect.poll(() => developer.getByRole("button", { name: /^Remove buildza-e2e-shot/ }).count(), { timeout: 15_000 }).toBe(2);
    await developer.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => toast(developer, "Profile saved").isVisible(), { timeout: 15_000 }).toBe(true);
    const view = developer.getByRole("link", { name: "View public profile" });
    developerId = new URL((await view.getAttribute("href"))!, server.url).pathname.split("/").pop()!;

    await developer.goto(`${server.url}/profile`);
    await developer.getByLabel("Choose a profile photo").setInputFiles(photo);
    // A wide photo: a slider chooses the square from left to right (keyboard works).
    const slider = developer.getByLabel("Position from left to right");
    await slider.waitFor();
    await slider.focus();
    await developer.keyboard.press("Home");
    expect(await slider.inputValue()).toBe("0");
    // The preview shows the square that will be kept before anything is saved.
    const preview = developer.getByRole("img", { name: /Preview: your new avatar/ });
    await preview.waitFor();
    // Really shown (the page's CSP allows data: images, not blob:).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(developer, "settings-photo-preview-390.png");
    await developer.getByRole("button", { name: "Save photo" }).click();
    await expect.poll(() => toast(developer, "Profile photo saved").isVisible(), { timeout: 15_000 }).toBe(true);
    await developer.getByRole("button", { name: "Remove photo" }).waitFor();

    // The account's avatar: in the phone menu, and on the desktop header's account button.
    await developer.goto(`${server.url}/dashboard`);
    await developer.getByRole("button", { name: "Open menu" }).click();
    await developer.getByRole("dialog", { name: "Menu" }).locator('img[src*="/api/v1/files/"]').waitFor({ timeout: 15_000 });
    await shot(developer, "menu-photo-390.png");
    await developer.keyboard.press("Escape");
    await developer.setViewportSize({ width: 1280, height: 900 });
    await developer.locator('header img[src*="/api/v1/files/"]').first().waitFor({ state: "visible", timeout: 15_000 });
    await shot(developer, "header-photo-1280.png");
    await developer.setViewportSize({ width: 390, height: 844 });

    // The developer card on /developers: the small rendition, sized and lazy.
    await developer.goto(`${server.url}/developers?search=${encodeURIComponent(stamp)}`);
    const card = developer.locator("article, li").filter({ hasText: name }).first();
    const cardPhoto = card.locator('img[src*="/api/v1/files/"]').first();
    await cardPhoto.waitFor({ timeout: 15_000 });
    expect(await cardPhoto.getAttribute("loading")).toBe("lazy");
    expect(await cardPhoto.getAttribute("width")).toBe("48");
    expect(await cardPhoto.getAttribute("src")).toMatch(/\/w\/64$/);
    await shot(developer, "developers-card-photo-390.png");

    // The profile: the photo, and the portfolio images as lazy thumbnails linking to the full image.
    await developer.goto(`${server.url}/developers/${developerId}`);
    const profilePhoto = developer.locator('main img[src*="/w/128"]').first();
    await profilePhoto.waitFor();
    const sizeOf = (src: string) => fetch(new URL(src, server.url)).then(async (r) => sharp(Buffer.from(await r.arrayBuffer())).metadata());
    const meta = await sizeOf((await profilePhoto.getAttribute("src"))!);
    expect([meta.width, meta.height, meta.exif]).toEqual([128, 128, undefined]);
    const thumbs = developer.getByRole("list", { name: "Images of Spaza stock app" }).locator("img");
    await expect.poll(() => thumbs.count()).toBe(2);
    expect(await thumbs.first().getAttribute("loading")).toBe("lazy");
    expect(await thumbs.first().getAttribute("width")).toBe("120");
    const full = await developer.getByRole("link", { name: /Open image 1 of Spaza stock app/ }).getAttribute("href");
    // The full image: the widest rendition (the 900 px upload, not enlarged).
    expect((await sizeOf(full!)).width).toBe(900);
    await shot(developer, "developer-profile-photo-390.png");
  });

  it("deletes a message its sender sent, after a confirm dialog; both see it as deleted", async () => {
    const client = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await register(client, server.url, { name: `Bongani Client ${stamp}`, email: `bongani.${stamp}@example.co.za`, developer: false });
    await client.goto(`${server.url}/messages/new?to=${developerId}`);
    await client.locator("#message-body").fill("My number is 082 555 0101, call me");
    await client.locator("#message-body").press("Enter");
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadUrl = client.url();
    const bubble = (page: Page, text: string) => page.locator('[role="log"][aria-label="Messages"] li', { hasText: text });
    await bubble(client, "082 555 0101").waitFor();
    // The thread shows the developer's photo to the client.
    await client.locator('img[src*="/api/v1/files/"]:visible').first().waitFor();

    await developer.goto(threadUrl);
    await bubble(developer, "082 555 0101").waitFor();

    await bubble(client, "082 555 0101").getByRole("button", { name: "Delete message" }).click();
    const dialog = client.getByRole("dialog", { name: "Delete this message?" });
    await dialog.waitFor();
    await shot(client, "delete-message-dialog-390.png");
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await bubble(client, "082 555 0101").getByRole("button", { name: "Delete message" }).click();
    await client.getByRole("dialog", { name: "Delete this message?" }).getByRole("button", { name: "Delete message" }).click();
    await bubble(client, DELETED_MESSAGE_TEXT).waitFor({ timeout: 15_000 });
    expect(await bubble(client, "082 555 0101").count()).toBe(0);
    // The developer's open thread changes without a reload, and after one.
    await bubble(developer, DELETED_MESSAGE_TEXT).waitFor({ timeout: 15_000 });
    await developer.reload();
    await bubble(developer, DELETED_MESSAGE_TEXT).waitFor();
    expect(await bubble(developer, "082 555 0101").count()).toBe(0);
    await shot(client, "thread-deleted-message-390.png");
  });
});
