/**
 * docs/product.md, Messages and notifications in Chromium: a client and a developer (two browser contexts) talk in real time; the
 * receiver's connection is cut and restored and the messages sent meanwhile appear once each; a
 * third user is refused; HTML in a message is shown as text; a file is sent without text. Then two app processes on one
 * PostgreSQL database: a message posted through one reaches a listener on the other.
 */
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  register,
  startProxy,
  startServer,
  waitForHydration,
  type CuttableProxy,
  type RunningServer,
  PORT_BASE,
  TEST_PASSWORD,
} from "./support";

const composer = (page: Page) => page.locator("#message-body");
const bubbles = (page: Page, text: string) => page.locator('[role="log"][aria-label="Messages"] li', { hasText: text });

describe("messages in real time", () => {
  let server: RunningServer;
  let proxy: CuttableProxy;
  let browser: Browser;
  let clientContext: BrowserContext;
  let developerContext: BrowserContext;
  let client: Page;
  let developer: Page;
  let developerId = "";
  let threadUrl = "";
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    [server, browser, proxy] = await Promise.all([startServer(PORT_BASE + 4, { DEMO_DATA: "off" }), launchBrowser(), startProxy(PORT_BASE + 4, PORT_BASE + 8)]);
    clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    developerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    client = await clientContext.newPage();
    developer = await developerContext.newPage();
    await register(client, server.url, { name: "Lindiwe Client", email: `lindiwe.${stamp}@example.co.za`, developer: false });
    await register(developer, server.url, { name: "Kagiso Developer", email: `kagiso.${stamp}@example.co.za`, developer: true });
    developerId = await developer.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
  });

  it("a message appears in the other's header badge and open thread without a reload", async () => {
    await developer.goto(`${server.url}/dashboard`);
    const badge = developer.getByRole("link", { name: /^Messages, \d+ unread$/ }).first();
    await expect(badge.count()).resolves.toBe(0);

    await client.goto(`${server.url}/messages/new?to=${developerId}`);
    // An empty message is refused in the box, with the server's message (the schema loads on demand).
    await waitForHydration(client);
    // With a mouse and keyboard the box is described by its "Enter to send" hint.
    expect(await composer(client).getAttribute("aria-describedby")).toBe("message-hint");
    await composer(client).fill("   ");
    await composer(client).press("Enter");
    await client.getByText("Message cannot be empty").waitFor({ timeout: 5000 });
    expect(client.url()).toContain("/messages/new");
    // Sent by the button, the refusal takes focus back to the box it is about.
    await client.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => composer(client).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await composer(client).getAttribute("aria-describedby")).toBe("message-error");
    await composer(client).fill("Hello Kagiso, can you quote on a delivery app?");
    await composer(client).press("Enter");
    await client.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    threadUrl = client.url();

    // No reload on the developer's side: the badge appears from the event stream.
    await developer.getByRole("link", { name: "Messages, 1 unread" }).first().waitFor({ timeout: 5000 });
    await developer.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: 5000 });
    // The bell's panel loads its code on the first click and opens at once, with the notification.
    await developer.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const panel = developer.getByRole("dialog", { name: "Notifications" });
    await panel.getByRole("link", { name: "View all notifications" }).waitFor({ timeout: 5000 });
    await panel.getByRole("listitem").first().waitFor({ timeout: 5000 });
    await developer.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });

    await developer.goto(threadUrl);
    await bubbles(developer, "can you quote on a delivery app?").waitFor();
    await composer(developer).fill("Yes!\nWhat is your budget?");
    await composer(developer).press("Enter");
    // Into the client's open thread, live; the client's read shows as "Seen" to the developer.
    await bubbles(client, "What is your budget?").waitFor({ timeout: 5000 });
    await developer.getByTestId("read-state").filter({ hasText: "Seen" }).waitFor({ timeout: 5000 });
    // Shift+Enter makes a new line, not a message.
    await composer(client).fill("Line one");
    await composer(client).press("Shift+Enter");
    await composer(client).pressSequentially("line two");
    await expect(composer(client).inputValue()).resolves.toBe("Line one\nline two");
    await composer(client).press("Enter");
    await bubbles(developer, "line two").waitFor({ timeout: 5000 });
  });

  it("after the receiver's connection is cut and restored, messages sent meanwhile appear once each", async () => {
    // The developer's page reaches the server through a proxy that can drop its connections
    // (same host, so the same session cookie).
    await developer.goto(threadUrl.replace(server.url, proxy.url));
    await bubbles(developer, "line two").waitFor();
    await developer.waitForTimeout(500);
    proxy.cut();
    // The thread notices the lost connection.
    await developer.getByRole("status").filter({ hasText: "Reconnecting" }).waitFor({ timeout: 15_000 });
    for (const text of ["While you were away 1", "While you were away 2", "While you were away 3"]) {
      await composer(client).fill(text);
      await composer(client).press("Enter");
      await bubbles(client, text).waitFor();
      // The box empties and Send is enabled again once the send has finished (a send pressed while
      // one is in flight is ignored, the text staying in the box).
      await expect.poll(() => composer(client).inputValue()).toBe("");
      await expect.poll(() => client.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    }
    await expect(bubbles(developer, "While you were away").count()).resolves.toBe(0);
    proxy.restore();
    await bubbles(developer, "While you were away 3").waitFor({ timeout: 20_000 });
    for (const n of [1, 2, 3]) await expect(bubbles(developer, `While you were away ${n}`).count()).resolves.toBe(1);
    // And in order.
    const texts = await developer.locator('[role="log"][aria-label="Messages"] li').allInnerTexts();
    const order = texts.filter((t) => t.includes("While you were away")).map((t) => t.match(/away (\d)/)![1]);
    expect(order).toEqual(["1", "2", "3"]);
  });

  it("shows HTML and script in a message as text", async () => {
    await developer.goto(threadUrl);
    const evil = `<img src=x onerror="window.__pwned=1"><b>bold</b><script>window.__pwned=2</script>`;
    await composer(client).fill(evil);
    await composer(client).press("Enter");
    const bubble = bubbles(developer, "<b>bold</b>");
    await bubble.waitFor({ timeout: 5000 });
    await expect(bubble.locator("b, img, script").count()).resolves.toBe(0);
    await expect(developer.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
    // Links are clickable and safe.
    await composer(client).fill("Brief: https://example.co.za/brief.pdf");
    await composer(client).press("Enter");
    const link = developer.getByRole("link", { name: "https://example.co.za/brief.pdf" });
    await link.waitFor({ timeout: 5000 });
    await expect(link.getAttribute("rel")).resolves.toContain("noopener");
    // On a phone the thread scrolls inside its pane: nothing in it (a button's hidden label) makes the page taller than the screen.
    const sizes = await developer.evaluate(() => {
      const pane = document.querySelector('[role="log"][aria-label="Messages"]')!.closest(".overflow-y-auto")!;
      return { pane: pane.scrollHeight - pane.clientHeight, page: document.documentElement.scrollHeight, screen: window.innerHeight };
    });
    expect(sizes.pane).toBeGreaterThan(0);
    expect(sizes.page).toBeLessThanOrEqual(sizes.screen);
  });

  it('sends a file without text; the other\'s inbox reads "Sent a file"', async () => {
    await client.goto(threadUrl);
    await waitForHydration(client);
    await client.getByRole("button", { name: "Attach files or photos" }).click();
    await client.locator('input[type="file"]').setInputFiles({ name: "site-plan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% plan\n") });
    await client.getByRole("button", { name: "Remove site-plan.pdf" }).waitFor({ timeout: 10000 });
    await client.getByRole("button", { name: "Send message" }).click();
    const sentBubble = (page: Page) => page.locator('[role="log"][aria-label="Messages"] li[data-seq]', { hasText: "site-plan.pdf" });
    await sentBubble(client)
      .waitFor({ timeout: 15_000 })
      .catch(async (err: unknown) => {
        throw new Error(
          `not sent: ${await client
            .locator("#message-error")
            .textContent({ timeout: 500 })
            .catch(() => "no error shown")}`,
          { cause: err },
        );
      });
    await expect(client.getByText("Message cannot be empty").count()).resolves.toBe(0);
    await developer.goto(`${server.url}/messages`);
    await developer.getByText("Sent a file").first().waitFor({ timeout: 5000 });
    await developer.goto(threadUrl);
    await sentBubble(developer)
      .getByRole("link", { name: /site-plan\.pdf/ })
      .waitFor({ timeout: 5000 });
  });

  it("refuses a third user the conversation and its messages (403)", async () => {
    const outsiderContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const outsider = await outsiderContext.newPage();
    await register(outsider, server.url, { name: "Nosy Outsider", email: `nosy.${stamp}@example.co.za`, developer: false });
    const response = await outsider.goto(threadUrl);
    expect(response?.status()).toBe(403);
    await outsider.getByRole("heading", { name: "You are not part of this conversation" }).waitFor();
    await expect(outsider.getByText("Hello Kagiso").count()).resolves.toBe(0);
    const id = threadUrl.split("/").at(-1);
    const api = await outsider.evaluate(async (conversationId) => (await fetch(`/api/v1/conversations/${conversationId}/messages`)).status, id);
    expect(api).toBe(403);
    // Nobody messages themselves.
    const self = await outsider.evaluate(async () => ((await (await fetch("/api/v1/me/export")).json()) as { account: { id: string } }).account.id);
    await outsider.goto(`${server.url}/messages/new?to=${self}`);
    await outsider.getByRole("heading", { name: "You cannot start a conversation with yourself" }).waitFor();
    await outsiderContext.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two app processes on one PostgreSQL database", () => {
  const name = `buildza_e2e_${Date.now().toString(36)}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // Built lazily: the describe body runs even when runIf skips it, and there is no URL then.
  const dbUrl = (() => {
    if (!adminUrl) return "";
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const env = { DATABASE_URL: dbUrl, DEMO_DATA: "off", AUTH_SECRET: "e2e-shared-secret-e2e-shared-secret-0001" };
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    a = await startServer(PORT_BASE + 6, env); // migrates first
    b = await startServer(PORT_BASE + 7, env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  async function signUp(base: string, email: string): Promise<{ cookie: string; id: string }> {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: TEST_PASSWORD, name: email.split("@")[0] }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { user } = (await res.json()) as { user: { id: string } };
    return { cookie, id: user.id };
  }

  it("a message posted through one instance reaches a listener on the other", async () => {
    const sender = await signUp(a.url, `sender.${name}@example.co.za`);
    const receiver = await signUp(a.url, `receiver.${name}@example.co.za`);

    // The receiver listens on instance B (their session is in the shared database).
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/v1/events`, { headers: { cookie: receiver.cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" in: ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        received += decoder.decode(value);
      }
    };
    await readUntil("event: ready");

    // The sender posts through instance A.
    const posted = await fetch(`${a.url}/api/v1/conversations`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: sender.cookie, origin: a.url },
      body: JSON.stringify({ to: receiver.id, body: "Sent through instance A" }),
    });
    expect(posted.status).toBe(201);
    await readUntil("Sent through instance A");
    expect(received).toContain("event: message");
    expect(received).toMatch(/event: counts\ndata: \{"messages":1/);
    controller.abort();
  });
});
