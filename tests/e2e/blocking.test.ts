/**
 * Blocking in Chromium at phone width (docs/product.md, Trust and safety, Blocking): a developer
 * blocks a client from their thread, the client's send is refused with the reason and the thread
 * then shows it instead of the message box; the developer unblocks in Settings and the client can
 * write again.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_BLOCKED_BY_ME, MESSAGE_BLOCKED_BY_THEM } from "../../shared/moderation";
import { launchBrowser, PORT_BASE, register, startServer, type RunningServer } from "./support";

describe("blocking a user", () => {
  let server: RunningServer;
  let browser: Browser;
  let client: Page;
  let developer: Page;
  const stamp = Date.now().toString(36);
  const composer = (page: Page) => page.locator("#message-body");
  const bubble = (page: Page, text: string) => page.getByRole("log", { name: "Messages" }).getByText(text);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 22, { DEMO_DATA: "off" }), launchBrowser()]);
    const phone = { viewport: { width: 390, height: 844 } };
    client = await (await browser.newContext(phone)).newPage();
    developer = await (await browser.newContext(phone)).newPage();
    await register(client, server.url, { name: "Naledi Client", email: `naledi.${stamp}@example.co.za`, developer: false });
    await register(developer, server.url, { name: "Thabo Developer", email: `thabo.${stamp}@example.co.za`, developer: true });
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("block from a thread: the other side cannot send; unblock in Settings: they can again", async () => {
    const developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    await client.goto(`${server.url}/messages/new?to=${developerId}`);
    await composer(client).fill("Hello Thabo, can you quote on a booking app?");
    await composer(client).press("Enter");
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadUrl = client.url();

    await developer.goto(threadUrl);
    await bubble(developer, "can you quote on a booking app?").waitFor();
    await developer.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = developer.getByRole("dialog", { name: "Block Naledi Client?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Block Naledi Client" }).click();
    // The blocker's thread says why it cannot write, with no message box.
    await developer.getByText(MESSAGE_BLOCKED_BY_ME).waitFor({ timeout: 15_000 });
    expect(await composer(developer).count()).toBe(0);
    await developer.getByRole("button", { name: "Unblock" }).waitFor();

    // The client's open thread still has its box; the send is refused with the reason and nothing appears.
    await composer(client).fill("Are you there?");
    await composer(client).press("Enter");
    await client.getByRole("alert").filter({ hasText: MESSAGE_BLOCKED_BY_THEM }).waitFor({ timeout: 15_000 });
    await client.reload();
    await client.getByText(MESSAGE_BLOCKED_BY_THEM).waitFor();
    expect(await composer(client).count()).toBe(0);
    expect(await bubble(client, "Are you there?").count()).toBe(0);

    // Settings lists the block; Unblock lifts it.
    await developer.goto(`${server.url}/profile#blocked`);
    const list = developer.getByRole("list", { name: "Blocked users" });
    await list.getByText("Naledi Client").waitFor();
    await developer.getByRole("button", { name: "Unblock Naledi Client" }).click();
    await developer.getByText("You have not blocked anyone.").waitFor({ timeout: 15_000 });

    await client.reload();
    await composer(client).fill("Thanks, here are the details.");
    await composer(client).press("Enter");
    await bubble(client, "Thanks, here are the details.").waitFor({ timeout: 15_000 });
    await developer.goto(threadUrl);
    await bubble(developer, "Thanks, here are the details.").waitFor();
    await expect.poll(() => composer(developer).count()).toBe(1);
  });
});
