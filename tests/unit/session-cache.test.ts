/**
 * Per-instance session cache with revocation over LISTEN/NOTIFY (server/http/session-cache.ts,
 * docs/decisions/0024): a cached session costs no lookup, and a sign-out or password change on one
 * instance ends the session on every instance, also for open event streams. Two app instances on
 * one database (PostgreSQL: two pools and two LISTEN connections).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookieKey } from "../../server/http/session-cache";
import { apiClient } from "../support/api";
import { APP_URL, TEST_PASSWORD, cookieFrom, createSecondTestApp, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

describe("sessionCookieKey", () => {
  it("keys on the session cookie only", () => {
    expect(sessionCookieKey(null)).toBeNull();
    expect(sessionCookieKey("flash=abc; theme=dark")).toBeNull();
    expect(sessionCookieKey("flash=1; better-auth.session_token=tok.sig")).toBe("better-auth.session_token=tok.sig");
    expect(sessionCookieKey("better-auth.session_token=tok.sig; flash=2")).toBe("better-auth.session_token=tok.sig");
    // Behind https better-auth prefixes its cookies: a signed-in visitor there must not look signed out.
    expect(sessionCookieKey("__Secure-better-auth.session_token=tok.sig")).toBe("__Secure-better-auth.session_token=tok.sig");
  });
});

describe.each(DB_KINDS)("session cache across two instances on %s", (kind) => {
  let a: TestApp;
  let b: TestApp;
  let n = 0;

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await createSecondTestApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const unread = (t: TestApp, cookie: string) => apiClient(t.app)("GET", "/api/v1/me/unread", { cookie });
  const newUser = async () => {
    const email = `cache${++n}-${kind}@example.co.za`;
    return { email, ...(await a.signUp({ email, name: "Lerato Dlamini" })) };
  };
  const signIn = async (t: TestApp, email: string, password = TEST_PASSWORD) => {
    const res = await apiClient(t.app)("POST", "/api/auth/sign-in/email", { body: { email, password } });
    expect(res.status).toBe(200);
    return cookieFrom(res.headers);
  };
  /** The revocation reaches the other instance by NOTIFY: milliseconds, not a cache lifetime. */
  const soon = { timeout: 1000, interval: 10 };

  it("answers a signed-in request from the cache without asking better-auth again", async () => {
    const { cookie } = await newUser();
    const spy = vi.spyOn(b.deps.auth.api, "getSession");
    try {
      expect((await unread(b, cookie)).status).toBe(200);
      expect((await unread(b, cookie)).status).toBe(200);
      expect((await unread(b, cookie)).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers a request without a session cookie as signed out without asking better-auth", async () => {
    const spy = vi.spyOn(b.deps.auth.api, "getSession");
    try {
      expect((await unread(b, "theme=dark")).status).toBe(401);
      expect((await apiClient(b.app)("GET", "/api/v1/projects")).status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
      // With a session cookie, even one that is not valid, better-auth decides.
      expect((await unread(b, "better-auth.session_token=forged.value")).status).toBe(401);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("a sign-out on one instance ends the session on the other at once", async () => {
    const { cookie } = await newUser();
    expect((await unread(b, cookie)).status).toBe(200); // cached on b
    expect((await unread(a, cookie)).status).toBe(200); // cached on a
    const out = await apiClient(a.app)("POST", "/api/auth/sign-out", { cookie });
    expect(out.status).toBe(200);
    expect((await unread(a, cookie)).status).toBe(401); // the instance that signed out: no wait at all
    await vi.waitFor(async () => expect((await unread(b, cookie)).status).toBe(401), soon);
  });

  it("a password change on one instance ends the user's other sessions on the other", async () => {
    const { email, cookie } = await newUser();
    const other = await signIn(a, email);
    expect((await unread(b, other)).status).toBe(200); // cached on b
    const changed = await apiClient(a.app)("POST", "/api/auth/change-password", {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: "Another-Long-Passphrase-7", revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    await vi.waitFor(async () => expect((await unread(b, other)).status).toBe(401), soon);
  });

  it("an event stream on one instance ends when its session is signed out on the other", async () => {
    const { cookie } = await newUser();
    const res = await b.app.request("/api/v1/events", { headers: { cookie, origin: APP_URL } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: ready");
    const out = await apiClient(a.app)("POST", "/api/auth/sign-out", { cookie });
    expect(out.status).toBe(200);
    // The stream ends (done) without waiting for a 20 s keep-alive tick.
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    await expect(Promise.race([ended, new Promise((r) => setTimeout(() => r(false), 2000))])).resolves.toBe(true);
    expect(b.deps.realtime.connectionCount()).toBe(0);
  });
});
