/**
 * Operations (docs/operations.md) on the in-process app: limits on live event streams (429 with
 * Retry-After), their reconnect hint at shutdown, /healthz and /readyz, `Connection: close` while
 * stopping, database connection faults answered 503 whatever wraps them, and cached anonymous
 * answers served without touching the database.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponse } from "../../server/api/v1";
import { sql } from "drizzle-orm";
import { asUnavailable, databaseFault, isConnectionFault, TRANSACTION_CONFLICT_MESSAGE, withFaultScope } from "../../server/db/faults";
import { NotFoundError, UnavailableError, ValidationError } from "../../server/errors";
import { createHttpApp } from "../../server/http/app";
import { createRealtimeHub } from "../../server/realtime/hub";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

/** Opens /api/v1/events on `app`; `close()` cancels the stream as a leaving browser would. */
async function openStream(app: { request: TestApp["app"]["request"] }, cookie: string) {
  const res = await app.request("/api/v1/events", { headers: { cookie } });
  const reader = res.status === 200 ? res.body!.getReader() : null;
  const decoder = new TextDecoder();
  let text = "";
  return {
    res,
    /** Reads until `needle` arrives, or the stream ends (resolves with what was read, and whether it ended). */
    async until(needle: string, timeoutMs = 3000): Promise<{ text: string; ended: boolean }> {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(needle) && Date.now() < deadline) {
        const chunk = await Promise.race([reader!.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (!chunk) break;
        if (chunk.done) return { text, ended: true };
        text += decoder.decode(chunk.value);
      }
      return { text, ended: false };
    },
    close: () => reader?.cancel(),
  };
}

describe.each(DB_KINDS)("live event streams on %s", (kind) => {
  let t: TestApp;
  let ayanda: string;
  let bongani: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ayanda = (await t.signUp({ email: "ayanda.streams@example.co.za" })).cookie;
    bongani = (await t.signUp({ email: "bongani.streams@example.co.za" })).cookie;
  });
  afterAll(() => t?.close());

  it("accepts 8 streams per user and refuses the 9th with 429, Retry-After and a JSON error, until one closes", async () => {
    const streams = [];
    for (let i = 0; i < 8; i++) {
      const s = await openStream(t.app, ayanda);
      expect(s.res.status).toBe(200);
      expect((await s.until("event: ready")).text).toContain("event: ready");
      streams.push(s);
    }
    const refused = await t.app.request("/api/v1/events", { headers: { cookie: ayanda } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({
      error: { code: "too_many_streams", message: "At most 8 live connections per account: close some tabs and try again" },
    });
    // Another user is not affected.
    const other = await openStream(t.app, bongani);
    expect(other.res.status).toBe(200);
    await other.close();

    await streams[0]!.close();
    await new Promise((r) => setTimeout(r, 50));
    const again = await openStream(t.app, ayanda);
    expect(again.res.status).toBe(200);
    await Promise.all([again, ...streams.slice(1)].map((s) => s.close()));
    await new Promise((r) => setTimeout(r, 50));
    expect(t.deps.realtime.connectionCount()).toBe(0);
  });

  it("refuses streams past the instance's limit with 429", async () => {
    const hub = await createRealtimeHub(t.database, t.database.db, { maxStreams: 2 });
    const app = createHttpApp({ ...t.deps, realtime: hub });
    try {
      const a = await openStream(app, ayanda);
      const b = await openStream(app, bongani);
      expect([a.res.status, b.res.status]).toEqual([200, 200]);
      const refused = await app.request("/api/v1/events", { headers: { cookie: bongani } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_many_streams");
      await a.close();
      await b.close();
    } finally {
      await hub.close();
    }
  });

  it("at shutdown tells each stream to reconnect (SSE retry and a reconnect event), ends it, and refuses new ones with 503", async () => {
    const hub = await createRealtimeHub(t.database, t.database.db);
    const app = createHttpApp({ ...t.deps, realtime: hub });
    try {
      const s = await openStream(app, ayanda);
      await s.until("event: ready");
      hub.closeStreams();
      const { text, ended } = await s.until("never", 3000);
      expect(text).toMatch(/event: reconnect\ndata: \{"reason":"shutdown","retryMs":(\d+)\}\nretry: \1\n\n$/);
      const retryMs = Number(/"retryMs":(\d+)/.exec(text)![1]);
      expect(retryMs).toBeGreaterThanOrEqual(500);
      expect(retryMs).toBeLessThanOrEqual(2500);
      expect(ended).toBe(true);
      expect(hub.connectionCount()).toBe(0);
      const refused = await app.request("/api/v1/events", { headers: { cookie: ayanda } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
    } finally {
      await hub.close();
    }
  });
});

describe.each(DB_KINDS)("health endpoints and shutdown state on %s", (kind) => {
  let t: TestApp;
  let stopping = false;
  let app: ReturnType<typeof createHttpApp>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    app = createHttpApp(t.deps, { lifecycle: { database: t.database, isStopping: () => stopping } });
  });
  afterAll(() => t?.close());

  it("/healthz is up, /readyz ready; both uncached; /readyz fails once stopping, and answers say Connection: close", async () => {
    const health = await app.request("/healthz");
    expect([health.status, await health.json(), health.headers.get("cache-control")]).toEqual([200, { status: "ok" }, "no-store"]);
    const ready = await app.request("/readyz");
    expect([ready.status, await ready.json(), ready.headers.get("cache-control")]).toEqual([
      200,
      { status: "ready", database: "ok", migrations: "ok", stopping: false },
      "no-store",
    ]);
    expect((await app.request("/api/v1/projects")).headers.get("connection")).toBeNull();

    stopping = true;
    const notReady = await app.request("/readyz");
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get("retry-after")).toBe("5");
    expect(await notReady.json()).toEqual({ status: "unavailable", database: "ok", migrations: "ok", stopping: true });
    expect((await app.request("/healthz")).status).toBe(200);
    // Requests still arriving on open connections are answered, and their connection then closes.
    const during = await app.request("/api/v1/projects");
    expect(during.status).toBe(200);
    expect(during.headers.get("connection")).toBe("close");
    stopping = false;
  });
});

describe("database connection faults (server/db/faults.ts)", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const wrapped = new DrizzleQueryError("select 1", [], refused);

  it("recognises connection errors and timeouts however they are wrapped, and nothing else", () => {
    const faults = [
      refused,
      new AggregateError([refused, Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })]),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Connection terminated unexpectedly"),
      new Error("Query read timeout"),
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
      wrapped,
      // better-auth's APIError keeps the original as its cause.
      Object.assign(new Error("Failed to get session"), { cause: wrapped }),
      new UnavailableError(),
    ];
    for (const err of faults) expect(isConnectionFault(err), String(err)).toBe(true);
    const others = [
      Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }),
      new DrizzleQueryError("insert", [], Object.assign(new Error("deadlock detected"), { code: "40P01" })),
      new ValidationError({ title: "Title is required" }),
      new NotFoundError("Project not found"),
      new Error("boom"),
      null,
      "ECONNREFUSED",
    ];
    for (const err of others) expect(isConnectionFault(err), String(err)).toBe(false);
    expect(asUnavailable(wrapped)).toMatchObject({ status: 503, code: "unavailable", retryAfter: 5, cause: wrapped });
    expect(asUnavailable(new Error("boom"))).toBeNull();
  });

  it("the API answers a wrapped connection fault with 503, Retry-After and the unavailable error, not a 500", async () => {
    const app = new Hono();
    app.get("/x", () => {
      throw wrapped;
    });
    app.onError((err, c) => errorResponse(c, err));
    const res = await app.request("/x");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ error: { code: "unavailable", message: "BuildZA is briefly unavailable. Please try again in a moment." } });
  });

  it("answers a transaction PostgreSQL aborted as a deadlock or serialization failure with 503 and Retry-After 1: nothing was written, sending again can work", async () => {
    const deadlock = new DrizzleQueryError("update", [], Object.assign(new Error("deadlock detected"), { code: "40P01" }));
    const serialization = Object.assign(new Error("could not serialize access"), { code: "40001" });
    for (const err of [deadlock, serialization]) {
      expect(isConnectionFault(err)).toBe(false); // the database is fine: health is not marked down
      expect(asUnavailable(err)).toMatchObject({ status: 503, retryAfter: 1, message: TRANSACTION_CONFLICT_MESSAGE });
    }
    const app = new Hono();
    app.post("/x", () => {
      throw deadlock;
    });
    app.onError((err, c) => errorResponse(c, err));
    const res = await app.request("/x", { method: "POST" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toEqual({ error: { code: "unavailable", message: TRANSACTION_CONFLICT_MESSAGE } });
  });
});

describe.runIf(DB_KINDS.includes("postgres"))("a real deadlock on postgres", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    await t.database.db.execute(sql`create table deadlock_probe (id int primary key, n int not null default 0)`);
    await t.database.db.execute(sql`insert into deadlock_probe (id) values (1), (2)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is noted for the request that met it (so a page that caught it answers 503), as a conflict and not a connection fault", async () => {
    const db = t.database.db;
    let bothLocked: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      let locked = 0;
      bothLocked = () => ++locked === 2 && resolve();
    });
    // Two transactions take the same two rows in opposite orders: PostgreSQL aborts one (40P01).
    const crossing = (first: number, second: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        bothLocked();
        await barrier;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      });
    const fault = await withFaultScope(async () => {
      const results = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      return databaseFault();
    });
    expect(asUnavailable(fault)).toMatchObject({ status: 503, retryAfter: 1, message: TRANSACTION_CONFLICT_MESSAGE });
    expect(isConnectionFault(fault)).toBe(false);
  });
});

describe.each(DB_KINDS)("cached anonymous answers without the database on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { pageCache: true });
  });

  it("serves the stored answer to an anonymous visitor before anything touches the database", async () => {
    expect((await t.app.request("/api/v1/projects?limit=5")).headers.get("x-cache")).toBe("MISS");
    // The database is gone: only the cache can answer now.
    await t.close();
    const cached = await t.app.request("/api/v1/projects?limit=5");
    expect({ status: cached.status, cache: cached.headers.get("x-cache") }).toEqual({ status: 200, cache: "HIT" });
    expect(((await cached.json()) as { projects: unknown[] }).projects).toEqual([]);
    // ...which is what answers it: anything else fails.
    expect((await t.app.request("/api/v1/projects?limit=6")).status).toBeGreaterThanOrEqual(500);
  });
});
