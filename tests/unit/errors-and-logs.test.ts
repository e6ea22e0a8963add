/**
 * Errors and logs (ARCHITECTURE.md, Logging): typed errors are recognised across the two copies of
 * server/errors.ts the app runs; every answer carries a request id; an unexpected error is logged
 * once with its stack and answered with the request id and no stack; auth events are logged
 * without passwords.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError, ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from "../../server/errors";
import { createLogger, rootLogger, setRootLogger } from "../../server/log";
import { apiClient, json } from "../support/api";
import { CLIENT_ADDRESS_HEADER } from "../../server/auth/address-header";
import { createTestApp, fromAddress, TEST_PASSWORD, type TestApp } from "../support/app";
import { SLOW_REQUEST_MS } from "../../server/http/app";
import { SLOW_QUERY_MS } from "../../server/db/client";
import { DB_KINDS, createTestDatabase } from "../support/db";

/** Log lines written while the test runs, parsed. */
function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const previous = rootLogger();
  setRootLogger(createLogger({ level: "info", destination }));
  return { lines, restore: () => setRootLogger(previous) };
}

describe("typed errors across module copies", () => {
  it("an error from another copy of server/errors.ts is still an AppError of its kind", async () => {
    // A second, separately evaluated copy, as the React Router build bundles its own.
    vi.resetModules();
    const copy = await import("../../server/errors");
    expect(copy.AppError).not.toBe(AppError);
    const limited = new copy.TooManyRequestsError("Too many attempts. Try again in 30 seconds.", 30);
    expect(limited).toBeInstanceOf(AppError);
    expect(limited).toBeInstanceOf(TooManyRequestsError);
    expect(limited).not.toBeInstanceOf(ValidationError);
    expect(new copy.NotFoundError("x")).toBeInstanceOf(NotFoundError);
    expect(new NotFoundError("x")).toBeInstanceOf(copy.AppError);
    expect(new Error("plain")).not.toBeInstanceOf(AppError);
    expect(new ConflictError("x")).not.toBeInstanceOf(NotFoundError);
  });
});

describe("request ids and logs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    // A route that fails unexpectedly, as a bug would.
    t.app.get("/boom", () => {
      throw new Error("database exploded at line 42");
    });
    // What later handlers (pages, auth calls made with the request's headers) see of the client address.
    t.app.get("/probe-address", (c) => c.text(c.req.raw.headers.get(CLIENT_ADDRESS_HEADER) ?? "none"));
    // A route that answers after SLOW_REQUEST_MS, and one that answers at once.
    t.app.get("/slow-answer", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
      return c.text("late");
    });
    t.app.get("/quick-answer", (c) => c.text("now"));
  });
  afterAll(() => t?.close());

  it("answers every request with an X-Request-Id, keeping a sane one from the proxy", async () => {
    const call = apiClient(t.app);
    const a = await call("GET", "/api/v1/projects");
    const b = await call("GET", "/api/v1/projects");
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    const given = await call("GET", "/api/v1/projects", { headers: { "x-request-id": "proxy-req-12345678" } });
    expect(given.headers.get("x-request-id")).toBe("proxy-req-12345678");
    const junk = await call("GET", "/api/v1/projects", { headers: { "x-request-id": "<script>" } });
    expect(junk.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replaces a client-sent address header with the address the server found, before any handler", async () => {
    const forged = { "x-buildza-client-address": "6.6.6.6" };
    const fromSocket = await t.app.request("/probe-address", { headers: forged }, fromAddress("10.1.2.3"));
    expect(await fromSocket.text()).toBe("10.1.2.3");
    const noSocket = await t.app.request("/probe-address", { headers: forged });
    expect(await noSocket.text()).toBe("none");
  });

  it("logs an unexpected error once with its stack and request id, and answers without the stack", async () => {
    const logs = captureLogs();
    try {
      const res = await apiClient(t.app)("GET", "/boom");
      expect(res.status).toBe(500);
      const requestId = res.headers.get("x-request-id")!;
      const body = await res.text();
      expect(body).not.toContain("database exploded");
      expect(body).not.toContain("at ");
      expect(JSON.parse(body)).toMatchObject({ error: { code: "internal", requestId } });
      const errors = logs.lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ reqId: requestId, msg: "unexpected error" });
      expect(String((errors[0]!.err as { stack: string }).stack)).toContain("database exploded at line 42");
    } finally {
      logs.restore();
    }
  });

  it("logs a request whose answer took SLOW_REQUEST_MS or more, with its path but not its query, and no quick one", async () => {
    const logs = captureLogs();
    try {
      const slow = await t.app.request("/slow-answer?search=secret-words");
      const quick = await t.app.request("/quick-answer?search=other-words");
      expect(await slow.text()).toBe("late");
      expect(await quick.text()).toBe("now");
      const logged = logs.lines.filter((l) => l.event === "request.slow");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 40, method: "GET", path: "/slow-answer", status: 200, reqId: slow.headers.get("x-request-id") });
      expect(logged[0]!.ms as number).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
      expect(JSON.stringify(logs.lines)).not.toContain("secret-words");
    } finally {
      logs.restore();
    }
  });

  it("logs sign-in success and failure and authorization refusals, never the password", async () => {
    const { user, cookie } = await t.signUp({ email: "logged@example.co.za" });
    const logs = captureLogs();
    try {
      const call = apiClient(t.app);
      await call("POST", "/api/auth/sign-in/email", { body: { email: user.email, password: "Wrong-Password-99" } });
      await call("POST", "/api/auth/sign-in/email", { body: { email: user.email, password: TEST_PASSWORD } });
      const other = await t.signUp({ email: "logged-other@example.co.za" });
      const { project } = await json<{ project: { id: string } }>(
        await call("POST", "/api/v1/projects", {
          cookie: other.cookie,
          body: { title: "Somebody else's app", description: "x".repeat(60), platform: "web", budgetRange: "R5000-R15000", timeline: "2-4" },
        }),
      );
      expect((await call("DELETE", `/api/v1/projects/${project.id}`, { cookie })).status).toBe(403);
      const events = logs.lines.map((l) => [l.event, l.outcome ?? null]);
      expect(events).toEqual(
        expect.arrayContaining([
          ["auth.sign_in", "failure"],
          ["auth.sign_in", "success"],
          ["authz.refused", null],
        ]),
      );
      const refused = logs.lines.find((l) => l.event === "authz.refused")!;
      expect(refused).toMatchObject({ userId: user.id, path: `/api/v1/projects/${project.id}` });
      const all = JSON.stringify(logs.lines);
      expect(all).not.toContain(TEST_PASSWORD);
      expect(all).not.toContain("Wrong-Password-99");
      expect(all).not.toContain(user.email);
    } finally {
      logs.restore();
    }
  });
});

describe.skipIf(!DB_KINDS.includes("postgres"))("slow statements on PostgreSQL", () => {
  it("logs a statement that took SLOW_QUERY_MS or more with its text, not its values, and no quick one", async () => {
    const database = await createTestDatabase("postgres");
    const logs = captureLogs();
    try {
      await database.query("select pg_sleep($1::float8 / 1000), $2::text as marker", [SLOW_QUERY_MS + 50, "value-not-logged"]);
      await database.query("select $1::text as quick", ["quick-value"]);
      const logged = logs.lines.filter((l) => l.event === "db.slow");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 40, statement: "select pg_sleep($1::float8 / 1000), $2::text as marker" });
      expect(logged[0]!.ms as number).toBeGreaterThanOrEqual(SLOW_QUERY_MS);
      expect(JSON.stringify(logs.lines)).not.toContain("value-not-logged");
    } finally {
      logs.restore();
      await database.close();
    }
  });
});
