/**
 * Page cache HITs answered on node:http before the app (server/http/cache-hits.ts, decision 0049):
 * which requests it answers and which it leaves to the app, and that the answer it sends is the
 * one the app sends for the same HIT, header for header, over a real socket.
 */
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import { createServer, request, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../server/auth/devices";
import { cacheHitResponder } from "../../server/http/cache-hits";
import { createHttpHandler } from "../../server/http/app";
import { createPageCache } from "../../server/http/page-cache";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { projectInput } from "../support/fixtures";
import { makeProject } from "../support/factories";

/** Serves `listener` on a free port of 127.0.0.1; returns its base URL and a close function. */
async function listen(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A request sent as written (fetch would normalise the path and add Accept-Encoding), read as
 * sent (fetch would decode the body).
 */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(base + "/", { method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers without those node:http adds to every answer and the request id, names lower-cased, sorted. */
function comparable(headers: Record<string, string> | Headers): Record<string, string> {
  const skip = new Set(["date", "connection", "keep-alive", "x-request-id"]);
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers);
  return Object.fromEntries(entries.filter(([name]) => !skip.has(name)).sort(([a], [b]) => a.localeCompare(b)));
}

describe("cache hit responder", () => {
  let renders = 0;
  let stopping = false;
  let appRequests = 0;
  const cache = createPageCache({ isPublic: (p) => p === "/projects" || p === "/own-policy" });
  const app = new Hono();
  app.use("*", cache.middleware);
  app.get("/projects", (c) => {
    renders++;
    return c.html(`<p>projects ${renders}</p>${"x".repeat(2000)}`);
  });
  app.get("/own-policy", (c) => {
    renders++;
    c.header("Referrer-Policy", "no-referrer");
    return c.json({ ok: true });
  });
  const answer = cacheHitResponder(cache, {
    isPublic: (p) => p === "/projects" || p === "/own-policy",
    defaults: [
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["X-Frame-Options", "DENY"],
    ],
    requestId: (given) => given ?? "made-here",
    bypass: () => stopping,
  });
  const appListener = getRequestListener(app.fetch);
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen((req, res) => {
      if (answer(req, res)) return;
      appRequests++;
      void appListener(req, res);
    });
  });
  afterAll(() => server?.close());
  afterEach(() => {
    stopping = false;
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => raw(server.url, path, headers, method);

  it("answers a fresh entry itself, with the defaults the answer lacks, and leaves misses to the app", async () => {
    cache.invalidate();
    const before = appRequests;
    const miss = await get("/projects");
    expect(miss.headers["x-cache"]).toBe("MISS");
    expect(appRequests).toBe(before + 1);

    const hit = await get("/projects", { "x-request-id": "proxy-given-id-1" });
    expect(hit.status).toBe(200);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.body.toString()).toBe(miss.body.toString());
    expect(hit.body.toString()).toContain("<p>projects");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(hit.headers["x-request-id"]).toBe("proxy-given-id-1");
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(appRequests).toBe(before + 1);
    expect(renders).toBeGreaterThan(0);
  });

  it("keeps a header the stored answer set itself instead of the default", async () => {
    cache.invalidate();
    await get("/own-policy");
    const hit = await get("/own-policy");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["referrer-policy"]).toBe("no-referrer");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
  });

  it("answers If-None-Match with 304 and sends the encoding Accept-Encoding picks", async () => {
    cache.invalidate();
    const first = await get("/projects");
    const before = appRequests;
    const revalidated = await get("/projects", { "if-none-match": first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-type"]).toBeUndefined();
    expect(revalidated.body.length).toBe(0);
    // A signed-out browser's device cookie alone leaves it anonymous: answered here too.
    const device = await get("/projects", { cookie: `${DEVICE_COOKIE}=${"a".repeat(64)}` });
    expect(device.body.toString()).toBe(first.body.toString());
    const br = await get("/projects", { "accept-encoding": "gzip;q=0.5, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(first.body.toString());
    expect(appRequests).toBe(before);
  });

  it("leaves to the app: cookies, Authorization, other methods, private paths, URLs the app would rewrite, and shutdown", async () => {
    cache.invalidate();
    await get("/projects");
    const cases: Array<[string, Record<string, string>, string?]> = [
      ["/projects", { cookie: "better-auth.session_token=x" }],
      ["/projects", { cookie: `${DEVICE_COOKIE}=${"a".repeat(64)}; flash=x` }],
      ["/projects", { authorization: "Bearer x" }],
      ["/projects", {}, "HEAD"],
      ["/private", {}],
      ["/%70rojects", {}],
      ["/x/../projects", {}],
      ["/projects?", {}],
      ["//projects", {}],
    ];
    for (const [path, headers, method] of cases) {
      const before = appRequests;
      const res = await get(path, headers, method);
      // The app answers it (a normalised URL from its own cache, the rest by rendering).
      expect(appRequests, `${method ?? "GET"} ${path} ${JSON.stringify(headers)}`).toBe(before + 1);
      expect(res.status).toBeLessThan(500);
    }
    stopping = true;
    const before = appRequests;
    const during = await get("/projects");
    expect(appRequests).toBe(before + 1);
    // The app's own cache still answers it (as a HIT), so shutdown changes who sends it, not what.
    expect(during.headers["x-cache"]).toBe("HIT");
  });
});

describe("the app's listener", () => {
  let t: TestApp;
  let handler: ReturnType<typeof createHttpHandler>;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp("pglite", { pageCache: true });
    await makeProject(t.deps.db, undefined, { title: "Listener project" });
    handler = createHttpHandler(t.deps);
    server = await listen(handler.listener);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("sends a HIT with the same status, headers and body as the app sends it", async () => {
    for (const headers of [{ "accept-encoding": "br" }, { "accept-encoding": "gzip" }, {}] as Array<Record<string, string>>) {
      const path = "/api/v1/projects?sortBy=newest";
      // Stored by the first round (its body is the same in every encoding).
      await raw(server.url, path, headers);
      const viaListener = await raw(server.url, path, headers);
      expect(viaListener.headers["x-cache"]).toBe("HIT");
      const viaApp = await handler.app.request(path, { headers });
      expect(viaApp.headers.get("x-cache")).toBe("HIT");
      expect(comparable(viaListener.headers)).toEqual(comparable(viaApp.headers));
      expect(viaListener.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(viaListener.body.equals(Buffer.from(await viaApp.arrayBuffer()))).toBe(true);

      const etag = viaListener.headers.etag!;
      const notModified = await raw(server.url, path, { ...headers, "if-none-match": etag });
      const notModifiedApp = await handler.app.request(path, { headers: { ...headers, "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      expect(notModifiedApp.status).toBe(304);
      expect(comparable(notModified.headers)).toEqual(comparable(notModifiedApp.headers));
    }
    const plain = await raw(server.url, "/api/v1/projects?sortBy=newest");
    expect(plain.body.toString()).toContain("Listener project");
  });

  it("shows a write at once: the write empties the cache the listener reads", async () => {
    const path = "/api/v1/projects";
    await raw(server.url, path);
    expect((await raw(server.url, path)).headers["x-cache"]).toBe("HIT");
    const { cookie } = await t.signUp({ email: "listener-client@example.co.za" });
    const created = await fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: APP_URL },
      body: JSON.stringify(projectInput({ title: "Posted through the listener" })),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const after = await raw(server.url, path);
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.body.toString()).toContain("Posted through the listener");
  });
});
