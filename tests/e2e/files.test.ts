/**
 * docs/product.md, Files in Chromium against the production build: a client attaches five photos
 * and a PDF in the project wizard (each upload with its own progress bar and a remove button),
 * removes the PDF, creates the project, and the project page shows the photos as lazy, sized
 * thumbnails: on a phone nothing larger than the smallest rendition is fetched, and the browse
 * pages, a project page and a developer page (counted from the HTML, gzip), and the signed-in pages
 * that load the most code (a conversation, a project page, the dashboard), stay within the 150 KB
 * JavaScript budget (docs/performance.md).
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weighInChromium } from "../../scripts/bench/browser-weight";
import { weighPage } from "../../scripts/bench/weight";
import { launchBrowser, PORT_BASE, register, startServer, type RunningServer } from "./support";

describe("files in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const photos: string[] = [];
  let projectPath = "";
  let clientCookie = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 40, { DEMO_DATA: "off" }), launchBrowser()]);
    const colours = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c"];
    for (const [i, colour] of colours.entries()) {
      const file = path.join(tmpdir(), `buildza-e2e-photo-${stamp}-${i}.jpg`);
      await writeFile(
        file,
        await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      );
      photos.push(file);
    }
    const pdf = path.join(tmpdir(), `buildza-e2e-brief-${stamp}.pdf`);
    await writeFile(pdf, "%PDF-1.4\n% a brief\n");
    photos.push(pdf);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("attaches files in the wizard and shows them on the project page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await register(page, server.url, { name: "Ayanda Client", email: `ayanda.${stamp}@example.co.za`, developer: false });
    await page.goto(`${server.url}/projects/new`);
    await page.getByLabel("Project title").fill(`Laundry pickup app ${stamp}`);
    await page
      .getByLabel("Project description")
      .fill("A mobile app for township laundromats in Khayelitsha: customers book a pickup, track the load and pay with SnapScan.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Standard app with advanced features").click();
    await page.getByText("Fast turnaround").click();
    await page.getByRole("button", { name: "Next" }).click();

    // Slow the uploads down so each one's progress bar can be seen.
    await page.route("**/api/v1/files", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add files" }).click();
    await (await chooser).setFiles(photos);
    await expect(page.getByRole("progressbar").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: /Create Project/ }).isDisabled()).resolves.toBe(true);
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, null, { timeout: 30_000 });
    await page.getByRole("button", { name: `Remove buildza-e2e-brief-${stamp}.pdf` }).click();
    await page.getByRole("button", { name: /Create Project/ }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    projectPath = new URL(page.url()).pathname;

    const thumbnails = page.getByRole("group", { name: "Attachments" }).locator("img");
    // The URL changes before the new page has rendered: wait for its attachments.
    await expect.poll(() => thumbnails.count(), { timeout: 15_000 }).toBe(5);
    for (const img of await thumbnails.all()) {
      expect(await img.getAttribute("loading")).toBe("lazy");
      expect(await img.getAttribute("width")).toBe("240");
      expect(await img.getAttribute("srcset")).toMatch(/\/w\/320 320w, .*\/w\/640 640w, .*\/w\/1280 1280w$/);
    }
    // The PDF removed before saving is gone from the server too.
    const mine = await page.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { files: { name: string }[] }).files.map((f) => f.name));
    expect(mine.sort()).toEqual(
      photos
        .slice(0, 5)
        .map((p) => path.basename(p))
        .sort(),
    );
    const session = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
    clientCookie = `${session!.name}=${session!.value}`;
    await context.close();
  });

  it("on a phone, the project page fetches no image larger than it needs; the browse pages and a project page stay within the JS budget", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const images: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") images.push(new URL(r.url()).pathname);
    });
    await page.goto(server.url + projectPath, { waitUntil: "networkidle" });
    // Only the smallest renditions, and only lazily (the section is below the description).
    expect(images.filter((p) => !/\/w\/320$/.test(p))).toEqual([]);
    await phone.close();

    const weight = await weighPage(server.url, projectPath);
    expect(weight.imagesNotLazyOrSized).toBe(0);
    for (const browse of ["/projects", "/developers", projectPath]) {
      const w = await weighPage(server.url, browse);
      expect(w.jsBytes, `${browse} JS bytes`).toBeLessThanOrEqual(150_000);
    }
  });

  it("signed in, a conversation, a project page and the dashboard stay within the JS budget, as Chromium downloads them", async () => {
    // A conversation of the client's with a developer, for its thread page.
    const developerContext = await browser.newContext();
    const developer = await developerContext.newPage();
    await register(developer, server.url, { name: "Thabo Developer", email: `thabo.${stamp}@example.co.za`, developer: true });
    const developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    // A profile, so the developer's public page answers.
    const saved = await developer.evaluate(async () => {
      const res = await fetch("/api/v1/me/developer-profile", {
        method: "PUT",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ title: "Flutter Developer", bio: "Offline-first apps for laundromats.", skills: ["Flutter"] }),
      });
      return res.status;
    });
    expect(saved).toBe(200);
    await developerContext.close();
    // The developer's public page, as a first visit counts it (the HTML's module preloads, gzip).
    const profile = await weighPage(server.url, `/developers/${developerId}`);
    expect(profile.jsBytes, "developer page JS bytes").toBeLessThanOrEqual(150_000);
    const [name, ...rest] = clientCookie.split("=");
    const clientContext = await browser.newContext();
    await clientContext.addCookies([{ name: name!, value: rest.join("="), url: server.url }]);
    const client = await clientContext.newPage();
    await client.goto(`${server.url}/messages/new?to=${developerId}`);
    await client.locator("#message-body").fill("Hello Thabo, can you quote on a laundry app?");
    await client.locator("#message-body").press("Enter");
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadPath = new URL(client.url()).pathname;
    await clientContext.close();

    // Every script until 3 s after the load event, by bytes on the wire (scripts/bench/browser-weight.ts).
    for (const w of await weighInChromium(server.url, [threadPath, projectPath, "/dashboard"], clientCookie)) {
      expect(w.jsBytes, `${w.path} JS bytes`).toBeLessThanOrEqual(150_000);
    }
  });
});
