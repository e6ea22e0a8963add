/**
 * Web security of the HTTP shell (docs/security.md, "Web security"; server/http/security.ts):
 * the public origin behind a proxy, the refusal of cross-origin writes before any handler, the
 * security headers and caching rules of API answers, the page cache keeping a page's CSP with its
 * body (docs/decisions/0010), and safeRedirect (app/lib/session.server.ts).
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/session.server";
import { loadConfig } from "../../server/config";
import { createHttpApp } from "../../server/http/app";
import { createPageCache } from "../../server/http/page-cache";
import { crossOriginWrite, documentCsp, paymentFormTargets, publicOrigin } from "../../server/http/security";
import { APP_URL, createTestApp, type TestApp } from "../support/app";

describe("the page CSP's form-action", () => {
  const formAction = (csp: string) => csp.split("; ").find((d) => d.startsWith("form-action"));
  it("is this origin only with the test provider, and also Paystack's checkout with PAYMENTS_PROVIDER=paystack (the Fund form redirects there)", () => {
    expect(formAction(documentCsp("n", paymentFormTargets(loadConfig({}))))).toBe("form-action 'self'");
    const paystack = loadConfig({ PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: "sk_test_x" });
    expect(formAction(documentCsp("n", paymentFormTargets(paystack)))).toBe("form-action 'self' https://checkout.paystack.com");
  });
});

describe("publicOrigin", () => {
  const received = new URL("http://localhost:3000/login.data");
  const config = (env: Record<string, string>) => loadConfig({ PORT: "3000", ...env });
  const headers = (h: Record<string, string>) => new Headers(h);

  it("is APP_URL when set, whatever Host a proxy sends (nginx's $host drops the port)", () => {
    const c = config({ APP_URL: "https://buildza.example:8443", TRUST_PROXY: "1" });
    expect(publicOrigin(new URL("http://buildza.example/login"), headers({ host: "buildza.example", "x-forwarded-proto": "http" }), c)).toBe(
      "https://buildza.example:8443",
    );
  });

  it("comes from X-Forwarded-Proto, -Host and -Port only when TRUST_PROXY says a proxy is there", () => {
    const forwarded = headers({ host: "buildza.example", "x-forwarded-proto": "https" });
    expect(publicOrigin(new URL("http://buildza.example/"), forwarded, config({ TRUST_PROXY: "1" }))).toBe("https://buildza.example");
    expect(publicOrigin(new URL("http://buildza.example/"), forwarded, config({}))).toBe("http://buildza.example");
    const withHost = headers({ host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "buildza.example", "x-forwarded-port": "8443" });
    expect(publicOrigin(new URL("http://10.0.0.5:3000/"), withHost, config({ TRUST_PROXY: "1" }))).toBe("https://buildza.example:8443");
    // The default port of the scheme is no port.
    expect(
      publicOrigin(received, headers({ host: "buildza.example", "x-forwarded-proto": "https", "x-forwarded-port": "443" }), config({ TRUST_PROXY: "1" })),
    ).toBe("https://buildza.example");
  });

  it("takes the value the outermost trusted proxy wrote, and ignores malformed values", () => {
    // Two proxies appending: the client wrote "http", the outer proxy "https", the inner "http".
    const chain = headers({ host: "app", "x-forwarded-proto": "http, https, http", "x-forwarded-host": "evil.example, buildza.example, app" });
    expect(publicOrigin(received, chain, config({ TRUST_PROXY: "2" }))).toBe("https://buildza.example");
    for (const host of ["evil.example/path", "user@evil.example", "evil.example\\x", "a b"]) {
      expect(publicOrigin(received, headers({ host: "localhost:3000", "x-forwarded-host": host }), config({ TRUST_PROXY: "1" })), host).toBe(
        "http://localhost:3000",
      );
    }
    expect(publicOrigin(received, headers({ host: "localhost:3000", "x-forwarded-proto": "gopher" }), config({ TRUST_PROXY: "1" }))).toBe(
      "http://localhost:3000",
    );
  });
});

describe("crossOriginWrite", () => {
  const origin = "https://buildza.example";
  const check = (method: string, h: Record<string, string>) => crossOriginWrite(method, new Headers(h), origin);

  it("lets reads and same-origin writes through", () => {
    expect(check("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toBeNull();
    expect(check("POST", { origin })).toBeNull();
    expect(check("POST", { origin: "null", "sec-fetch-site": "same-origin" })).toBeNull();
    expect(check("POST", { "sec-fetch-site": "same-origin" })).toBeNull();
    // Not a browser (curl, a mail provider's one-click unsubscribe): no ambient cookies of another site.
    expect(check("POST", {})).toBeNull();
  });

  it("refuses writes from another origin, a sibling site, an opaque origin or cross-site fetch metadata", () => {
    expect(check("POST", { origin: "https://evil.example" })).toBe("Origin https://evil.example");
    expect(check("DELETE", { origin: "https://sub.buildza.example" })).not.toBeNull();
    expect(check("POST", { origin: "http://buildza.example" })).not.toBeNull();
    expect(check("POST", { origin: "https://evil.example", "sec-fetch-site": "same-origin" })).not.toBeNull();
    expect(check("POST", { "sec-fetch-site": "cross-site" })).toBe("Sec-Fetch-Site cross-site");
    expect(check("PUT", { "sec-fetch-site": "same-site" })).not.toBeNull();
    expect(check("POST", { origin: "null" })).toBe("Origin null");
  });
});

describe("the HTTP shell", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp("pglite", { pageCache: true });
    cookie = (await t.signUp({ email: "websec@example.co.za" })).cookie;
  });
  afterAll(() => t?.close());

  const unread = (headers: Record<string, string>) => t.app.request("/api/v1/me/unread", { headers });

  it("refuses cross-origin writes to pages and the API with 403 before any handler runs", async () => {
    // /logout is a page: without the refusal it would reach the router (404 in this build-less app).
    const page = await t.app.request("/logout", { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Requests from another origin are not allowed");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const metadataOnly = await t.app.request("/logout", { method: "POST", headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(metadataOnly.status).toBe(403);
    const api = await t.app.request("/api/v1/notifications/read-all", { method: "POST", headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("forbidden_origin");
    const auth = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(auth.status).toBe(403);
    expect((await unread({ cookie })).status).toBe(200);
    // The same requests from the site itself go on.
    expect((await t.app.request("/logout", { method: "POST", headers: { cookie, origin: APP_URL } })).status).toBe(404);
    expect((await t.app.request("/api/v1/notifications/read-all", { method: "POST", headers: { cookie, origin: APP_URL } })).status).toBe(200);
  });

  it("answers the API with the security headers, private answers never stored", async () => {
    const mine = await unread({ cookie });
    expect(mine.headers.get("cache-control")).toBe("no-store");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(mine.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(mine.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(mine.headers.get("strict-transport-security")).toBeNull(); // APP_URL is http here
    // Signed in, a public list is private too (not from the cache); anonymous, the cache's revalidation rule.
    expect((await t.app.request("/api/v1/projects", { headers: { cookie } })).headers.get("cache-control")).toBe("no-store");
    const anonymous = await t.app.request("/api/v1/projects");
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
    expect(anonymous.headers.get("etag")).toBeTruthy();
    expect((await t.app.request("/api/v1/nothing")).headers.get("cache-control")).toBe("no-store");
  });

  it("sends HSTS when APP_URL is https, and takes the public origin from a trusted proxy without APP_URL", async () => {
    const https = createHttpApp({ ...t.deps, config: loadConfig({ APP_URL: "https://buildza.example", NODE_ENV: "test", PAGE_CACHE: "off" }) });
    const answer = await https.request("/api/v1/projects", { headers: { host: "buildza.example" } });
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");

    // nginx without APP_URL: Host and X-Forwarded-Proto say https://buildza.example.
    const proxied = createHttpApp({ ...t.deps, config: loadConfig({ TRUST_PROXY: "1", NODE_ENV: "test", PAGE_CACHE: "off" }) });
    const forwarded = { host: "buildza.example", "x-forwarded-proto": "https", "x-forwarded-for": "196.25.1.1", cookie };
    const same = await proxied.request("http://buildza.example/api/v1/notifications/read-all", {
      method: "POST",
      headers: { ...forwarded, origin: "https://buildza.example" },
    });
    expect(same.status).toBe(200);
    const downgraded = await proxied.request("http://buildza.example/api/v1/notifications/read-all", {
      method: "POST",
      headers: { ...forwarded, origin: "http://buildza.example" },
    });
    expect(downgraded.status).toBe(403);
  });
});

describe("the page cache and CSP nonces (decision 0010)", () => {
  it("replays a stored page with the policy whose nonce is in that body, 304 included", async () => {
    let renders = 0;
    const app = new Hono();
    const cache = createPageCache({ isPublic: (p) => p === "/" });
    app.use("*", cache.middleware);
    app.get("/", (c) => {
      const nonce = `n${++renders}`;
      c.header("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      return c.html(`<script nonce="${nonce}">hydrate()</script>`);
    });
    const first = await app.request("/");
    const firstBody = await first.text();
    const second = await app.request("/");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders).toBe(1);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("content-security-policy")).toBe("script-src 'nonce-n1'");
    const revalidated = await app.request("/", { headers: { "if-none-match": second.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBe("script-src 'nonce-n1'");
    // After a write, a new render: a new nonce in body and header together.
    await app.request("/", { method: "POST" });
    const fresh = await app.request("/");
    expect(await fresh.text()).toContain('nonce="n2"');
    expect(fresh.headers.get("content-security-policy")).toBe("script-src 'nonce-n2'");
  });
});

describe("safeRedirect", () => {
  it("keeps paths on this site, query and fragment included", () => {
    expect(safeRedirect("/projects?category=mobile&sortBy=newest#list")).toBe("/projects?category=mobile&sortBy=newest#list");
    expect(safeRedirect("/messages/abc")).toBe("/messages/abc");
    expect(safeRedirect("/search?q=a b")).toBe("/search?q=a%20b");
  });

  it("turns every way out of the site into the fallback, never a control character", () => {
    const outside = [
      "/\t/evil.example/phish",
      "/\\evil.example",
      "/\\/evil.example",
      "//evil.example",
      "///evil.example",
      "/.//evil.example",
      "/./\\evil.example",
      "/\r\n/evil.example",
      "/\n\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      " /evil",
      "",
      null,
      ["/projects"],
    ];
    for (const to of outside) expect(safeRedirect(to), JSON.stringify(to)).toBe("/dashboard");
    // Encoded forms stay paths on this site (the browser does not decode them into a host).
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirect("/%5C%5Cevil.example")).toBe("/%5C%5Cevil.example");
    // A CR/LF inside a path is dropped by the URL parser rather than reaching the Location header.
    expect(safeRedirect("/projects\r\nSet-Cookie: x=1")).toBe("/projectsSet-Cookie:%20x=1");
  });
});
