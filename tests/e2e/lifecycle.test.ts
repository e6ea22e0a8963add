/**
 * The production server's process lifecycle (docs/operations.md):
 * - it refuses to start on PostgreSQL without AUTH_SECRET;
 * - /healthz and /readyz answer, uncached and without a log line per hit;
 * - SIGTERM in the middle of traffic: every request sent before the signal gets its normal answer
 *   (none is reset), live event streams get a reconnect hint before they end, the process exits 0;
 * - on PostgreSQL (TEST_DATABASE_URL), through a proxy that black-holes or refuses the database's
 *   connections: the API answers 503 with Retry-After within the timeouts (not a hang, not a 500),
 *   a page answers a 503 page, a cached anonymous page still answers 200, /readyz says unreachable,
 *   and once the proxy heals everything works again without a restart.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectInput } from "../support/fixtures";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";

/** Signs up a client through better-auth's endpoint; returns the Cookie header value and user id. */
async function signUp(base: string, email: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: TEST_PASSWORD, name: "Thandi Client" }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, id: ((await res.json()) as { user: { id: string } }).user.id };
}

/** Reads an event stream until `needle` appears or it ends; returns what was read and whether it ended. */
async function readStream(res: Response, needle: string | null, timeoutMs: number): Promise<{ text: string; ended: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (needle === null || !text.includes(needle))) {
    let chunk;
    try {
      chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    } catch {
      return { text, ended: true }; // cut off rather than ended: the hint check tells them apart
    }
    if (!chunk) break;
    if (chunk.done) return { text, ended: true };
    text += decoder.decode(chunk.value);
  }
  reader.releaseLock();
  return { text, ended: false };
}

describe("start-up", () => {
  it("refuses to start with DATABASE_URL but no AUTH_SECRET, naming AUTH_SECRET", async () => {
    const started = startServer(PORT_BASE + 15, { DATABASE_URL: "postgres://root@127.0.0.1:1/none", AUTH_SECRET: "", LOG_LEVEL: "info" });
    await expect(started).rejects.toThrow(/server exited: .*AUTH_SECRET is required when DATABASE_URL is set/s);
  });
});

describe("health endpoints and SIGTERM on the production server", () => {
  let server: RunningServer;
  let client: { cookie: string; id: string };

  beforeAll(async () => {
    // LOG_LEVEL: the child would inherit Vitest's silence, and the test reads what it logs.
    server = await startServer(PORT_BASE + 16, { DEMO_DATA: "off", PAGE_CACHE: "on", LOG_LEVEL: "info" });
    client = await signUp(server.url, `thandi.${Date.now().toString(36)}@example.co.za`);
  });
  afterAll(() => server?.stop());

  it("answers /healthz and /readyz with a small JSON body, never cached, not logged per hit", async () => {
    const before = server.output().length;
    for (let i = 0; i < 5; i++) {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(health.headers.get("cache-control")).toBe("no-store");
      expect(health.headers.get("x-cache")).toBeNull();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: "ok", migrations: "ok", stopping: false });
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(ready.headers.get("x-cache")).toBeNull();
    }
    expect(server.output()).toContain("BuildZA on");
    expect(server.output().slice(before)).not.toMatch(/healthz|readyz/);
  });

  it("on SIGTERM finishes every request sent before it, hints live streams to reconnect, and exits 0", async () => {
    const stream = await fetch(`${server.url}/api/v1/events`, { headers: { cookie: client.cookie } });
    expect(stream.status).toBe(200);
    expect((await readStream(stream, "event: ready", 5000)).text).toContain("event: ready");

    type Outcome = { kind: "PUT" | "GET"; sentAt: number; doneAt: number; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    let signalAt = Infinity;
    const worker = async (n: number) => {
      for (let i = 0; ; i++) {
        // Writes are email-preference saves: a new account is unverified, and unverified accounts
        // may post only 3 projects a day (docs/product.md, Trust and safety).
        const kind = (n + i) % 3 === 0 ? "GET" : "PUT";
        const sentAt = Date.now();
        if (sentAt > signalAt) return;
        try {
          const res =
            kind === "PUT"
              ? await fetch(`${server.url}/api/v1/me/email-preferences`, {
                  method: "PUT",
                  headers: { "content-type": "application/json", cookie: client.cookie, origin: server.url },
                  body: JSON.stringify({ proposalReceived: (n + i) % 2 === 0 }),
                })
              : await fetch(`${server.url}/api/v1/projects?limit=20&search=app`, { headers: { cookie: client.cookie } });
          await res.arrayBuffer();
          outcomes.push({ kind, sentAt, doneAt: Date.now(), status: res.status });
        } catch (err) {
          outcomes.push({ kind, sentAt, doneAt: Date.now(), error: String((err as Error).cause ?? err) });
          return;
        }
      }
    };
    const workers = Array.from({ length: 10 }, (_, n) => worker(n));
    // Let the traffic run, then stop the server in the middle of it.
    await new Promise((r) => setTimeout(r, 1500));
    signalAt = Date.now();
    const exitCode = server.stop();
    const hint = await readStream(stream, null, 8000);
    await Promise.all(workers);
    expect(await exitCode).toBe(0);

    const before = outcomes.filter((o) => o.sentAt < signalAt);
    const inFlight = before.filter((o) => o.doneAt >= signalAt);
    expect(before.length).toBeGreaterThan(20);
    // Some requests were still running when the signal came, and they all got their normal answer.
    expect(inFlight.length).toBeGreaterThan(0);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);

    // The stream was told to reconnect (SSE retry field and an event the page understands), then ended.
    expect(hint.text).toMatch(/event: reconnect\ndata: \{"reason":"shutdown","retryMs":\d+\}\nretry: \d+/);
    expect(hint.ended).toBe(true);
    expect(server.output()).toContain("Shutting down");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL unreachable: black-holed or refused connections", () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `buildza_e2e_faults_${Date.now().toString(36)}`;
  let proxy: FaultProxy;
  let server: RunningServer;
  let client: { cookie: string; id: string };
  // Short timeouts keep the test quick; the answers must come within them plus a margin.
  const CONNECT_MS = 1000;
  const STATEMENT_MS = 2000;
  const WITHIN_MS = STATEMENT_MS + 1000 + 2000;

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = Date.now();
    // Bounded, so a hang fails as a timeout here rather than the whole test timing out.
    const res = await fetch(`${server.url}${path}`, { redirect: "manual", signal: AbortSignal.timeout(20_000), ...init });
    const body = await res.text();
    return { res, body, ms: Date.now() - started };
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    proxy = await startFaultProxy(PORT_BASE + 19, { host: target.hostname, port: Number(target.port || 5432) });
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    server = await startServer(PORT_BASE + 17, {
      DATABASE_URL: proxy.through(u.toString()),
      AUTH_SECRET: "e2e-faults-secret-e2e-faults-secret-0001",
      DEMO_DATA: "off",
      PAGE_CACHE: "on",
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
    });
    client = await signUp(server.url, `faults.${name}@example.co.za`);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("answers 503 with Retry-After within the timeouts, keeps serving cached pages, and recovers when the database is back", async () => {
    // Cached while the database is fine: the home page (anonymous).
    const cachedAt = Date.now();
    expect((await timed("/")).res.status).toBe(200);
    expect((await timed("/")).res.headers.get("x-cache")).toBe("HIT");
    expect((await timed("/api/v1/me/unread", { headers: { cookie: client.cookie } })).res.status).toBe(200);

    proxy.blackhole();
    for (const [path, headers] of [
      ["/api/v1/me/unread", { cookie: client.cookie }],
      ["/api/v1/me/unread", { cookie: client.cookie }],
      ["/api/v1/projects?search=unseen", {}],
    ] as const) {
      const { res, body, ms } = await timed(path, { headers });
      expect({ path, status: res.status, retryAfter: res.headers.get("retry-after") }).toEqual({ path, status: 503, retryAfter: "5" });
      expect(JSON.parse(body)).toMatchObject({ error: { code: "unavailable", message: "BuildZA is briefly unavailable. Please try again in a moment." } });
      expect(ms).toBeLessThan(WITHIN_MS);
    }
    // A signed-in page: a 503 page that says what happened.
    const page = await timed("/dashboard", { headers: { cookie: client.cookie } });
    expect(page.res.status).toBe(503);
    expect(page.res.headers.get("retry-after")).toBe("5");
    expect(page.body).toContain("<h1>BuildZA is briefly unavailable</h1>");
    expect(page.ms).toBeLessThan(WITHIN_MS);
    // The cached anonymous page: still 200, at once.
    const home = await timed("/");
    expect(home.res.status).toBe(200);
    expect(home.ms).toBeLessThan(1000);
    // Readiness fails fast; liveness does not depend on the database.
    const ready = await timed("/readyz");
    expect(ready.res.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "unavailable", database: "unreachable" });
    expect(ready.ms).toBeLessThan(2500);
    expect((await timed("/healthz")).res.status).toBe(200);

    // Past the cache's 10 s lifetime the home page is served stale rather than failing.
    await new Promise((r) => setTimeout(r, Math.max(0, cachedAt + 10_500 - Date.now())));
    const stale = await timed("/");
    expect({ status: stale.res.status, cache: stale.res.headers.get("x-cache") }).toEqual({ status: 200, cache: "STALE" });
    expect(stale.body).toContain("</html>");

    // The server is down: refused connections are a 503 too, at once, never a 500.
    await proxy.refuse();
    const refused = await timed("/api/v1/me/unread", { headers: { cookie: client.cookie } });
    expect({ status: refused.res.status, retryAfter: refused.res.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: "5" });
    expect(refused.ms).toBeLessThan(1000);
    const signIn = await timed("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: `faults.${name}@example.co.za`, password: TEST_PASSWORD }),
    });
    expect(signIn.res.status).toBe(503);

    // Healed: everything works again, without a restart.
    await proxy.heal();
    let recovered = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && recovered < 3) {
      const r = await timed("/api/v1/me/unread", { headers: { cookie: client.cookie } });
      recovered = r.res.status === 200 ? recovered + 1 : 0;
    }
    expect(recovered).toBe(3);
    expect((await timed("/readyz")).res.status).toBe(200);
    expect((await timed("/dashboard", { headers: { cookie: client.cookie } })).res.status).toBe(200);
    const created = await timed("/api/v1/projects", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: client.cookie, origin: server.url },
      body: JSON.stringify(projectInput()),
    });
    expect(created.res.status).toBe(201);
  });
});
