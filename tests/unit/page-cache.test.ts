/**
 * The anonymous page cache (server/http/page-cache.ts, decision 0008): what anonymous visitors
 * get from it, that signed-in visitors and flash cookies never touch it, that writes empty it,
 * and the ETag / 304 and compression of what it serves.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../server/auth/devices";
import { createPageCache, isPrivateWrite, isPublicPath } from "../../server/http/page-cache";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";
import { makeProject } from "../support/factories";
import { PAGE_SIZE } from "../../shared/constants";

/**
 * An app whose page at /projects says who asked and how many times it was rendered. `database`
 * plays the database behind it: "down" makes /projects answer 503, "degraded" answer 200 with a
 * failed section (as the browse pages do) while reporting the fault to the cache.
 */
function pageApp(options: { ttlMs?: number; now?: () => number; preferStale?: () => boolean } = {}) {
  let renders = 0;
  let data = "v1";
  let gate: Promise<void> | null = null;
  let database: "up" | "down" | "degraded" = "up";
  const cache = createPageCache({
    isPublic: (p) => p === "/projects" || p === "/slow",
    isPrivateWrite,
    renderFailed: () => database === "degraded",
    ...options,
  });
  const app = new Hono();
  app.use("*", compress());
  app.use("*", cache.middleware);
  app.get("/projects", (c) => {
    renders++;
    if (database === "down") return c.html("<p>unavailable</p>", 503);
    if (database === "degraded") return c.html("<p>Failed to load projects</p>");
    const cookie = c.req.header("cookie");
    if (c.req.query("set") === "cookie") c.header("Set-Cookie", "flash=; Max-Age=0");
    if (c.req.query("status") === "404") return c.html("gone", 404);
    return c.html(`<p>${data} for ${cookie ?? "anonymous"}</p>${"x".repeat(2000)}`);
  });
  app.get("/slow", async (c) => {
    renders++;
    const seen = data;
    await gate;
    return c.html(`<p>${seen}</p>`);
  });
  app.get("/private", (c) => c.html("private"));
  app.post("/projects", (c) => {
    data = "v2";
    return c.text("saved");
  });
  app.post("/api/v1/conversations/:id/messages", (c) => c.text("sent"));
  return {
    cache,
    get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
    post: (path: string) => app.request(path, { method: "POST" }),
    renders: () => renders,
    setDatabase(state: "up" | "down" | "degraded") {
      database = state;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const text = (body: string) => body.slice(0, body.indexOf("</p>") + 4);

describe("page cache", () => {
  it("serves anonymous visitors the stored page and renders it once", async () => {
    const t = pageApp();
    const first = await t.get("/projects");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(text(await first.text())).toBe("<p>v1 for anonymous</p>");
    const second = await t.get("/projects");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(text(await second.text())).toBe("<p>v1 for anonymous</p>");
    expect(t.renders()).toBe(1);
    // Another query string is another page.
    expect((await t.get("/projects?page=2")).headers.get("x-cache")).toBe("MISS");
  });

  it("never serves a signed-in visitor (or a flash cookie) a stored page, and never stores theirs", async () => {
    const t = pageApp();
    await t.get("/projects"); // stores the anonymous page
    const alice = await t.get("/projects", { cookie: "better-auth.session_token=alice" });
    expect(alice.headers.get("x-cache")).toBe("BYPASS");
    expect(text(await alice.text())).toBe("<p>v1 for better-auth.session_token=alice</p>");
    const bob = await t.get("/projects", { cookie: "better-auth.session_token=bob" });
    expect(text(await bob.text())).toBe("<p>v1 for better-auth.session_token=bob</p>");
    const flash = await t.get("/projects", { cookie: "flash=eyJtZXNzYWdlIjoiSGkifQ" });
    expect(text(await flash.text())).toBe("<p>v1 for flash=eyJtZXNzYWdlIjoiSGkifQ</p>");
    const anonymous = await t.get("/projects");
    expect(anonymous.headers.get("x-cache")).toBe("HIT");
    expect(text(await anonymous.text())).toBe("<p>v1 for anonymous</p>");
    expect(t.renders()).toBe(4);
    // A signed-out browser keeps its device cookie (server/auth/devices.ts): still anonymous.
    const signedOut = await t.get("/projects", { cookie: `${DEVICE_COOKIE}=${"a".repeat(64)}` });
    expect(signedOut.headers.get("x-cache")).toBe("HIT");
    expect(text(await signedOut.text())).toBe("<p>v1 for anonymous</p>");
    // ...but not beside a session or a flash message.
    const both = await t.get("/projects", { cookie: `${DEVICE_COOKIE}=${"a".repeat(64)}; better-auth.session_token=alice` });
    expect(both.headers.get("x-cache")).toBe("BYPASS");
    expect(t.renders()).toBe(5);
  });

  it("does not store answers that set a cookie, are not 200, or are not public", async () => {
    const t = pageApp();
    await t.get("/projects?set=cookie");
    const again = await t.get("/projects?set=cookie");
    expect(again.headers.get("x-cache")).toBe("MISS");
    expect(again.headers.get("set-cookie")).toContain("flash=");
    await t.get("/projects?status=404");
    expect((await t.get("/projects?status=404")).status).toBe(404);
    expect(t.renders()).toBe(4);
    expect((await t.get("/private")).headers.get("x-cache")).toBeNull();
  });

  it("empties on every write, so the next visitor sees the change", async () => {
    const t = pageApp();
    await t.get("/projects");
    expect((await t.post("/projects")).status).toBe(200);
    const after = await t.get("/projects");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(text(await after.text())).toBe("<p>v2 for anonymous</p>");
  });

  it("keeps the cache through writes no public page shows (messages, read marks, sign-in)", async () => {
    const t = pageApp();
    await t.get("/projects");
    expect((await t.post("/api/v1/conversations/abc/messages")).status).toBe(200);
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("HIT");
    for (const path of [
      "/api/v1/conversations",
      "/api/v1/notifications/read-all",
      "/messages/abc",
      "/messages/new.data",
      "/api/auth/sign-in/email",
      "/unsubscribe",
    ]) {
      expect(isPrivateWrite(path), path).toBe(true);
    }
    for (const path of ["/profile", "/projects/new", "/api/v1/projects", "/api/v1/me/developer-profile", "/api/auth/sign-up/email", "/messagesx"]) {
      expect(isPrivateWrite(path), path).toBe(false);
    }
  });

  it("does not store a page whose rendering overlapped a write", async () => {
    const t = pageApp();
    const release = t.hold();
    const slow = t.get("/slow"); // reads v1, then waits
    await new Promise((r) => setTimeout(r, 10));
    await t.post("/projects"); // v2 committed while /slow renders
    release();
    expect(text(await (await slow).text())).toBe("<p>v1</p>");
    const next = await t.get("/slow");
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(text(await next.text())).toBe("<p>v2</p>");
  });

  it("expires entries after the TTL", async () => {
    let clock = 0;
    const t = pageApp({ ttlMs: 10_000, now: () => clock });
    await t.get("/projects");
    clock = 9_999;
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("HIT");
    clock = 10_001;
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("MISS");
  });

  it("while the database is down, serves an expired page instead of the error, and never stores a failed rendering (docs/operations.md)", async () => {
    let clock = 0;
    const t = pageApp({ ttlMs: 10_000, now: () => clock });
    await t.get("/projects");
    clock = 60_000; // expired
    t.setDatabase("down");
    const stale = await t.get("/projects");
    expect({ status: stale.status, cache: stale.headers.get("x-cache") }).toEqual({ status: 200, cache: "STALE" });
    expect(text(await stale.text())).toBe("<p>v1 for anonymous</p>");
    // A page that hid its failed section (200) is not served or stored either: the stale one is.
    t.setDatabase("degraded");
    const degraded = await t.get("/projects");
    expect(degraded.headers.get("x-cache")).toBe("STALE");
    expect(text(await degraded.text())).toBe("<p>v1 for anonymous</p>");
    // Back up: rendered and stored again.
    t.setDatabase("up");
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("MISS");
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("HIT");
    expect(t.renders()).toBe(4);
  });

  it("without a stored page, a failed rendering is answered as it is and not stored", async () => {
    const t = pageApp();
    t.setDatabase("degraded");
    expect(text(await (await t.get("/projects")).text())).toBe("<p>Failed to load projects</p>");
    t.setDatabase("up");
    const next = await t.get("/projects");
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(text(await next.text())).toBe("<p>v1 for anonymous</p>");
  });

  it("serves an expired page without rendering while the database is known to be down, for 10 minutes at most", async () => {
    let clock = 0;
    let known = false;
    const t = pageApp({ ttlMs: 10_000, now: () => clock, preferStale: () => known });
    await t.get("/projects");
    known = true;
    clock = 20_000;
    expect((await t.get("/projects")).headers.get("x-cache")).toBe("STALE");
    expect(t.renders()).toBe(1);
    clock = 10_000 + 600_001; // too old to stand in
    t.setDatabase("down");
    expect((await t.get("/projects")).status).toBe(503);
  });

  it("drops stale pages on a write: they must not stand in for data known to have changed", async () => {
    let clock = 0;
    const t = pageApp({ ttlMs: 10_000, now: () => clock });
    await t.get("/projects");
    await t.post("/projects");
    clock = 20_000;
    t.setDatabase("down");
    expect((await t.get("/projects")).status).toBe(503);
  });

  it("answers If-None-Match with 304 and sends brotli or gzip by Accept-Encoding", async () => {
    const t = pageApp();
    const first = await t.get("/projects");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("vary")).toContain("Cookie");
    const body = await first.text();

    const revalidated = await t.get("/projects", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);

    const br = await t.get("/projects", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(body);
    const gz = await t.get("/projects", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(body);
    expect(t.renders()).toBe(1);

    await t.post("/projects");
    expect((await t.get("/projects", { "if-none-match": etag })).status).toBe(200);
  });

  it("covers the public pages and API reads and nothing private", () => {
    for (const p of [
      "/",
      "/projects",
      "/projects/abc",
      "/projects.data",
      "/_root.data",
      "/developers/u1",
      "/search",
      "/faq",
      "/api/v1/projects",
      "/api/v1/projects/abc",
      "/api/v1/developers",
      "/api/v1/developers/top",
      "/api/v1/developers/u1/reviews",
    ]) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of [
      "/dashboard",
      "/messages",
      "/profile",
      "/proposals",
      "/projects/abc/edit",
      "/api/v1/proposals",
      "/api/v1/me/export",
      "/api/v1/projects/abc/proposals",
      "/api/auth/get-session",
      "/assets/x.js",
    ]) {
      expect(isPublicPath(p), p).toBe(false);
    }
  });
});

describe.each(DB_KINDS)("page cache in the app on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { pageCache: true });
    cookie = (await t.signUp({ email: "cache-owner@example.co.za" })).cookie;
  });
  afterAll(() => t?.close());

  const list = async (headers: Record<string, string> = {}) => {
    const res = await t.app.request("/api/v1/projects", { headers });
    return { cache: res.headers.get("x-cache"), titles: ((await res.json()) as { projects: Array<{ title: string }> }).projects.map((p) => p.title) };
  };

  it("caches the anonymous list, bypasses it when signed in, and shows a new project after it is posted", async () => {
    expect((await list()).cache).toBe("MISS");
    expect((await list()).cache).toBe("HIT");
    expect((await list({ cookie })).cache).toBe("BYPASS");

    const created = await t.app.request("/api/v1/projects", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: APP_URL },
      body: JSON.stringify(projectInput({ title: "Fresh cached project" })),
    });
    expect(created.status).toBe(201);
    const after = await list();
    expect(after.cache).toBe("MISS");
    expect(after.titles).toContain("Fresh cached project");
  });

  it("counts a list's total once per filter for every visitor, and again after a write through this instance (decision 0035)", async () => {
    const total = async (query: string) => {
      const res = await t.app.request(`/api/v1/projects${query}`, { headers: { cookie } });
      expect(res.headers.get("x-cache")).toBe("BYPASS");
      return ((await res.json()) as { total: number }).total;
    };
    // More than a page of them: a first page with nothing after it is its own exact total, so
    // a short list would show the new project whatever the cache holds.
    for (let i = 0; i <= PAGE_SIZE; i++) await makeProject(t.deps.db, undefined, { category: "Finance", title: `Finance project ${i}` });
    const before = await total("?category=Finance");
    expect(before).toBeGreaterThan(PAGE_SIZE);
    // A project written by another instance (straight into the database) is not counted until
    // the total expires or this instance handles a write.
    await makeProject(t.deps.db, undefined, { category: "Finance", title: "Written by another instance" });
    expect(await total("?category=Finance")).toBe(before);
    // The next page by cursor and another sort share the filter's total.
    expect(await total("?category=Finance&sortBy=budget_high")).toBe(before);
    // A different filter is counted afresh.
    expect(await total("?category=Finance&platform=web")).toBeGreaterThanOrEqual(0);

    const created = await t.app.request("/api/v1/projects", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: APP_URL },
      body: JSON.stringify(projectInput({ category: "Finance", title: "Posted through this instance" })),
    });
    expect(created.status).toBe(201);
    expect(await total("?category=Finance")).toBe(before + 2);
  });
});
