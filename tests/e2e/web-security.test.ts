/**
 * Web security end to end (docs/security.md, "Web security"):
 * - behind a TLS-terminating proxy forwarding like nginx (Host without the port, X-Forwarded-Proto,
 *   X-Forwarded-For), with APP_URL https and TRUST_PROXY=1: forms post (sign-in through the form in
 *   Chromium), the security headers, Secure cookies, and key pages that load and hydrate with zero
 *   Content-Security-Policy violations;
 * - on plain http: no open redirect after login or registration, no cross-origin sign-out, and
 *   opening a message thread (GET) leaves it unread until the shown page marks it read (POST).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";
import { requestTls, startTlsProxy, type TlsProxy } from "./tls-proxy";

const DEMO_CLIENT = { email: "client@demo.buildza.co.za", password: "demo1234" };

const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");
const setCookiesOf = (headers: Record<string, string | string[] | undefined>) => [headers["set-cookie"] ?? []].flat();

/** Collects every CSP violation a page of `context` reports (event and console), from the first byte. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  context.on("weberror", (error) => violations.push(`page error: ${error.error().message}`));
  return violations;
}

/** Waits until React has hydrated the page (its fiber is attached to <main>). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
  });
}

/**
 * Loads `url` (answered with a nonce-based policy), waits for hydration and for sonner's run-time
 * stylesheet (loaded after the page on every page), then checks that every <style> applied and no
 * violation was reported.
 */
async function expectCleanPage(page: Page, url: string, violations: string[]): Promise<void> {
  const response = await page.goto(url);
  expect(response?.headers()["content-security-policy"], url).toMatch(/script-src 'self' 'nonce-[^']+'/);
  await hydrated(page);
  await page.waitForFunction(() => [...document.querySelectorAll("style")].some((s) => s.textContent?.includes("data-sonner-toaster")));
  const styles = await page.evaluate(() => [...document.querySelectorAll("style")].map((s) => ({ id: s.id, applied: s.sheet !== null })));
  expect(
    styles.every((s) => s.applied),
    `${url}: ${JSON.stringify(styles)}`,
  ).toBe(true);
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...reported, ...violations], url).toEqual([]);
}

/** Clicks a lazily loaded radix trigger until what it opens (`opened`) shows. */
async function openMenu(page: Page, trigger: RegExp, opened: "menu" | "dialog"): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await page.getByRole(opened).isVisible()) return true;
        await page.getByRole("button", { name: trigger }).first().click();
        return page.getByRole(opened).isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe("behind a TLS-terminating proxy (APP_URL https, TRUST_PROXY=1)", () => {
  const appPort = PORT_BASE + 12;
  const proxyPort = PORT_BASE + 13;
  let server: RunningServer;
  let proxy: TlsProxy;
  let browser: Browser;
  let base = "";

  beforeAll(async () => {
    [server, proxy, browser] = await Promise.all([
      startServer(appPort, { APP_URL: `https://localhost:${proxyPort}`, TRUST_PROXY: "1" }),
      startTlsProxy(appPort, proxyPort),
      launchBrowser(),
    ]);
    base = proxy.url;
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
  });

  it("accepts a form post sent through the proxy with the browser's Origin, with Secure cookies", async () => {
    const form = new URLSearchParams({ email: DEMO_CLIENT.email, password: DEMO_CLIENT.password, redirectTo: "/projects" }).toString();
    const headers = { origin: base, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
    // What the login form sends with JavaScript (React Router's .data request) and without.
    const data = await requestTls(proxy.cert, `${base}/login.data`, { method: "POST", headers, body: form });
    expect(data.status, data.body).toBeLessThan(400);
    expect(data.body).toContain("/projects");
    const page = await requestTls(proxy.cert, `${base}/login`, { method: "POST", headers, body: form });
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/projects");
    const cookies = setCookiesOf(page.headers);
    const flash = cookies.find((c) => c.startsWith("flash="));
    const session = cookies.find((c) => c.includes("session_token="));
    expect(flash).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*Secure/i);
    // The browser's device cookie (new-sign-in emails) too, and httpOnly.
    const device = cookies.find((c) => c.startsWith("buildza_device="));
    expect(device).toMatch(/;\s*Secure/i);
    expect(device).toMatch(/;\s*HttpOnly/i);
    // A post from another origin is still refused.
    const evil = await requestTls(proxy.cert, `${base}/login`, { method: "POST", headers: { ...headers, origin: "https://evil.example" }, body: form });
    expect(evil.status).toBe(403);
    // Back from checkout, the contract page drops ?payment= with a redirect whose one-minute cookie
    // carries the reference to the next render: Secure and HttpOnly too, behind the proxy.
    const signedIn = { cookie: cookieHeader(cookies) };
    const dashboard = await requestTls(proxy.cert, `${base}/dashboard`, { headers: signedIn });
    const contract = /\/contracts\/[0-9a-f-]{36}/.exec(dashboard.body)?.[0];
    expect(contract, "the demo client's dashboard links a contract").toBeTruthy();
    const back = await requestTls(proxy.cert, `${base}${contract}?payment=bz_${"0".repeat(24)}&trxref=x`, { headers: signedIn });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(`${contract}?trxref=x`);
    const carried = setCookiesOf(back.headers).find((c) => c.startsWith("payment-return="));
    expect(carried).toMatch(/;\s*Secure/i);
    expect(carried).toMatch(/;\s*HttpOnly/i);
  });

  it("sends the security headers: CSP with this page's nonce, HSTS, nosniff; private answers not stored", async () => {
    const home = await requestTls(proxy.cert, `${base}/`);
    expect(home.status).toBe(200);
    const csp = String(home.headers["content-security-policy"]);
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", `style-src 'self' 'nonce-${nonce}'`])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every script and the inline stylesheet carry the nonce of the header that came with them.
    // JSON-LD blocks are data, not script: CSP does not govern them, so they carry no nonce.
    const scripts = (home.body.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Module preloads carry it too, and go at low priority, behind the document (decision 0037).
    const preloads = home.body.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(1);
    for (const tag of preloads) {
      expect(tag.startsWith('<link rel="modulepreload" fetchpriority="low" href="/assets/'), tag).toBe(true);
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(home.body).toContain(`<style id="app-css" nonce="${nonce}">`);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    expect(home.headers["x-content-type-options"]).toBe("nosniff");
    expect(home.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(home.headers["permissions-policy"]).toContain("camera=()");

    const login = await requestTls(proxy.cert, `${base}/login`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(DEMO_CLIENT).toString(),
    });
    const cookie = cookieHeader(setCookiesOf(login.headers));
    const dashboard = await requestTls(proxy.cert, `${base}/dashboard`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers["cache-control"]).toBe("no-store");
    // Signed in, the stylesheet is a cached file instead of inline (decision 0041), allowed by style-src 'self'.
    const stylesheet = dashboard.body.match(/<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"\/>/)?.[1];
    expect(stylesheet, "the signed-in page links the stylesheet").toBeTruthy();
    expect(dashboard.body).not.toContain('id="app-css"');
    expect(dashboard.headers["content-security-policy"]).toMatch(/style-src 'self'/);
    const css = await requestTls(proxy.cert, `${base}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(css.headers["cache-control"]).toContain("immutable");
    // The same rules the inline stylesheet carries.
    const inline = home.body.match(/<style id="app-css" nonce="[^"]+">([\s\S]*?)<\/style>/)?.[1];
    expect(inline?.length).toBeGreaterThan(10_000);
    expect(css.body.trimEnd()).toBe(inline);
    const unread = await requestTls(proxy.cert, `${base}/api/v1/me/unread`, { headers: { cookie } });
    expect(unread.status).toBe(200);
    expect(unread.headers["cache-control"]).toBe("no-store");
    expect(unread.headers["x-content-type-options"]).toBe("nosniff");
    // A public anonymous read keeps the page cache's revalidation headers (decision 0008).
    const projects = await requestTls(proxy.cert, `${base}/api/v1/projects?limit=1`);
    expect(projects.headers["cache-control"]).toBe("no-cache");
    expect(projects.headers.etag).toBeTruthy();
  });

  it("signs in through the login form over https, and key pages hydrate with zero CSP violations", async () => {
    // Signed out, on a phone: home (and its menu dialog), the projects list, a project, login.
    const anonymous = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 } });
    const anonymousViolations = await watchCsp(anonymous);
    const phone = await anonymous.newPage();
    await expectCleanPage(phone, `${base}/`, anonymousViolations);
    await openMenu(phone, /^Open menu$/, "dialog");
    await expectCleanPage(phone, `${base}/projects`, anonymousViolations);
    const projectHref = await phone.locator('main a[href^="/projects/"]').first().getAttribute("href");
    expect(projectHref).toMatch(/^\/projects\/[0-9a-f-]{36}$/);
    await expectCleanPage(phone, `${base}${projectHref}`, anonymousViolations);
    await anonymous.close();

    // Signed in, on a desktop: the login form, the dashboard (and its account menu), a thread.
    const signedIn = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    const violations = await watchCsp(signedIn);
    const page = await signedIn.newPage();
    await expectCleanPage(page, `${base}/login?redirectTo=%2Fdashboard`, violations);
    // The login page prefetches the stylesheet file the signed-in pages link (decision 0041).
    const prefetched = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="prefetch"][as="style"]')?.getAttribute("href"));
    expect(prefetched).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    await page.getByLabel("Email").fill(DEMO_CLIENT.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_CLIENT.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.locator("[data-sonner-toast]", { hasText: "Welcome back!" }).first().waitFor();
    // Signed in without a reload, the page keeps the inline stylesheet it loaded with (decision 0041).
    expect(await page.evaluate(() => [document.getElementById("app-css")?.tagName, getComputedStyle(document.body).display])).toEqual(["STYLE", "flex"]);
    await expectCleanPage(page, `${base}/dashboard`, violations);
    // Loaded signed in, it links the stylesheet file instead, and the page is styled by it.
    expect(
      await page.evaluate(() => [
        document.getElementById("app-css"),
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.sheet !== null).length,
        getComputedStyle(document.body).display,
      ]),
    ).toEqual([null, 1, "flex"]);
    expect(await page.evaluate(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute("href"))).toBe(prefetched);
    await openMenu(page, /^Account menu for /, "menu");
    await page.keyboard.press("Escape");
    await page.goto(`${base}/messages`);
    const threadHref = await page.locator('main a[href^="/messages/"]').first().getAttribute("href");
    expect(threadHref).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    await expectCleanPage(page, `${base}${threadHref}`, violations);
    // Server-sent events stream through the proxy, unbuffered: the first event arrives.
    const ready = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const events = new EventSource("/api/v1/events");
          events.addEventListener("ready", (e) => {
            events.close();
            resolve((e as MessageEvent<string>).data);
          });
        }),
    );
    expect(JSON.parse(ready)).toHaveProperty("messages");
    await signedIn.close();
  });
});

describe("redirects, cross-origin writes and read marks on plain http", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let counter = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(PORT_BASE + 14, { DEMO_DATA: "off" }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });

  /** Registers a client through the register action, going to `redirectTo`; returns the answer. */
  const registerClient = (email: string, redirectTo = "") =>
    post("/register", { userType: "client", name: "Naledi Mokoena", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on", redirectTo });

  /** Where a browser goes with this answer's Location (resolved against the app's URL). */
  const landing = (res: Response) => new URL(res.headers.get("location") ?? "", `${server.url}/`);

  // The values a browser sends after decoding the query string: tab, backslashes, `//`,
  // dot segments, percent-encoded forms, CR/LF, other schemes.
  const BYPASSES = [
    "/\t/evil.example/phish",
    "/\\evil.example/phish",
    "/\\/evil.example",
    "//evil.example/phish",
    "///evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/\r\n/evil.example",
    "/\n\\evil.example",
    "/%2F%2Fevil.example",
    "/%09/evil.example",
    "/%5C%5Cevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    " //evil.example",
  ];

  it("keeps every redirect after registration and login on this site, none answering 500", async () => {
    for (const to of BYPASSES) {
      const res = await registerClient(`redirect.${stamp}.${counter++}@example.co.za`, to);
      expect(res.status, JSON.stringify(to)).toBe(302);
      const where = landing(res);
      expect(where.origin, JSON.stringify(to)).toBe(server.url);
      const location = res.headers.get("location") ?? "";
      expect(
        [...location].some((ch) => ch < " " || ch === "\\"),
        JSON.stringify(to),
      ).toBe(false);
    }
    // A path on this site is kept, query and fragment included.
    const kept = await registerClient(`redirect.${stamp}.${counter++}@example.co.za`, "/projects?category=mobile#list");
    expect(kept.headers.get("location")).toBe("/projects?category=mobile#list");

    // The login action, as the form posts it (redirectTo from the page's query string).
    const emails = [0, 1].map((n) => `login.${stamp}.${n}@example.co.za`);
    for (const email of emails) expect((await registerClient(email)).status).toBe(302);
    for (const [i, to] of BYPASSES.entries()) {
      const res = await post(`/login?redirectTo=${encodeURIComponent(to)}`, { email: emails[i % 2]!, password: TEST_PASSWORD, redirectTo: to });
      expect(res.status, JSON.stringify(to)).toBe(302);
      expect(landing(res).origin, JSON.stringify(to)).toBe(server.url);
      expect(landing(res).pathname, JSON.stringify(to)).not.toMatch(/^\/\/|evil\.example\/phish$/);
    }
    // Signed in, /login?redirectTo=... redirects at once: the same rule.
    const cookie = cookieHeader((await registerClient(`redirect.${stamp}.signed-in@example.co.za`)).headers.getSetCookie());
    const res = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent("/\t/evil.example/phish")}`, { redirect: "manual", headers: { cookie } });
    expect(res.status).toBe(302);
    expect(landing(res).origin).toBe(server.url);
  });

  it("refuses a sign-out posted from another origin (403) and keeps the session", async () => {
    const cookie = cookieHeader((await registerClient(`logout.${stamp}@example.co.za`)).headers.getSetCookie());
    const signedIn = async () => (await fetch(`${server.url}/api/v1/me/unread`, { headers: { cookie } })).status === 200;
    expect(await signedIn()).toBe(true);

    const fromEvil = await post("/logout", {}, { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(fromEvil.status).toBe(403);
    // A sibling site (same site, another origin) and a browser that sends no Origin, only fetch metadata.
    expect((await post("/logout", {}, { cookie, origin: `http://evil.localhost:${PORT_BASE + 14}` })).status).toBe(403);
    expect((await post("/logout", {}, { cookie, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post("/logout", {}, { cookie, origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await signedIn()).toBe(true);

    // From the site itself it works.
    const own = await post("/logout", {}, { cookie, origin: server.url, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(302);
    expect(await signedIn()).toBe(false);
  });

  it("opening a thread (GET) leaves it unread; the page marks it read once shown", async () => {
    const sender = cookieHeader((await registerClient(`sender.${stamp}@example.co.za`)).headers.getSetCookie());
    const readerAnswer = await registerClient(`reader.${stamp}@example.co.za`);
    const reader = cookieHeader(readerAnswer.headers.getSetCookie());
    const readerId = ((await (await fetch(`${server.url}/api/v1/me/export`, { headers: { cookie: reader } })).json()) as { account: { id: string } }).account
      .id;
    const started = await fetch(`${server.url}/api/v1/conversations`, {
      method: "POST",
      headers: { cookie: sender, "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ to: readerId, body: "Sawubona! Are you free for a call?" }),
    });
    expect(started.status).toBe(201);
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    const unread = async () =>
      (
        (await (await fetch(`${server.url}/api/v1/me/unread`, { headers: { cookie: reader } })).json()) as {
          unread: { messages: number; notifications: number };
        }
      ).unread;
    expect(await unread()).toEqual({ messages: 1, notifications: 1 });

    // GETs of the page and of its data change nothing.
    const thread = await fetch(`${server.url}/messages/${conversation.id}`, { headers: { cookie: reader } });
    expect(thread.status).toBe(200);
    expect(await thread.text()).toContain("Are you free for a call?");
    expect((await fetch(`${server.url}/messages/${conversation.id}.data`, { headers: { cookie: reader } })).status).toBe(200);
    expect(await unread()).toEqual({ messages: 1, notifications: 1 });

    // In the browser, the shown page posts the read mark.
    const context = await browser.newContext();
    const [name, ...value] = reader
      .split("; ")
      .find((c) => c.includes("session_token="))!
      .split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/messages/${conversation.id}`);
    await page.locator('[role="log"][aria-label="Messages"] li', { hasText: "Are you free for a call?" }).waitFor();
    await expect.poll(unread).toEqual({ messages: 0, notifications: 0 });
    await page
      .getByRole("link", { name: /^Messages, \d+ unread$/ })
      .first()
      .waitFor({ state: "detached" });
    await context.close();
  });
});
