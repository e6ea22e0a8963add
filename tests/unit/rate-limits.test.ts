/**
 * Rate limits that limit and never lock out (docs/decisions/0011-rate-limits.md): sign-in and
 * reset requests are counted in the database, so two app instances share the count; the client
 * address comes from X-Forwarded-For only as far as TRUST_PROXY allows, so forged values do not
 * reset it; an attacker hammering an account from one address slows the account but does not lock
 * its owner out; the message limit holds under concurrent sends; the forms answer 429 with the
 * message and Retry-After.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as forgotPasswordRoute from "../../app/routes/forgot-password";
import * as loginRoute from "../../app/routes/login";
import { addressKey, type LimitsPolicy } from "../../server/auth/limits";
import { messages } from "../../server/db/schema";
import { MESSAGES_PER_MINUTE } from "../../shared/constants";
import { APP_URL, TEST_LIMITS_POLICY, TEST_PASSWORD, createSecondTestApp, createTestApp, fromAddress, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

const PASSWORD = TEST_PASSWORD;
const MESSAGE = /^Too many attempts\. Try again in \d+ seconds?\.$/;

/** TEST_LIMITS_POLICY without the per-account delay, so only the strict limits are in play. */
const STRICT_ONLY: LimitsPolicy = {
  ...TEST_LIMITS_POLICY,
  login: { ...TEST_LIMITS_POLICY.login, perAccount: { ...TEST_LIMITS_POLICY.login.perAccount, free: 1000 } },
  reset: { ...TEST_LIMITS_POLICY.reset, perAccount: { ...TEST_LIMITS_POLICY.reset.perAccount, free: 1000 } },
};

interface From {
  /** The TCP peer: the client itself, or the proxy in front of the app. */
  socket?: string;
  /** An X-Forwarded-For header, which the client may have forged. */
  forwardedFor?: string;
}

function post(t: TestApp, path: string, body: object, from: From = {}) {
  return t.app.request(
    path,
    {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL, ...(from.forwardedFor ? { "x-forwarded-for": from.forwardedFor } : {}) },
      body: JSON.stringify(body),
    },
    from.socket ? fromAddress(from.socket) : undefined,
  );
}

const signIn = (t: TestApp, email: string, password: string, from: From = {}) => post(t, "/api/auth/sign-in/email", { email, password }, from);
const requestReset = (t: TestApp, email: string, from: From = {}) =>
  post(t, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }, from);

/** A refused answer: 429 with Retry-After (whole seconds, at most `max`) and the message. */
async function expectRefused(res: Response, max: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(max);
  expect(((await res.json()) as { message: string }).message).toMatch(MESSAGE);
  return retryAfter;
}

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));
let emails = 0;
const freshEmail = (name: string) => `${name}-${++emails}-${Date.now()}@example.co.za`;

describe.each(DB_KINDS)("rate limits on %s", (kind) => {
  describe("two app instances on one database", () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await createTestApp(kind, { limits: STRICT_ONLY });
      second = await createSecondTestApp(first, { limits: STRICT_ONLY });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it("share the sign-in count of an account and address: the sixth attempt is refused on either", async () => {
      const email = freshEmail("shared");
      await first.signUp({ email, password: PASSWORD });
      const from = { socket: "198.51.100.20" };
      // 5 per account and address (TEST_LIMITS_POLICY), alternating between the instances.
      for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? second : first, email, "wrong-password", from)).status).toBe(401);
      await expectRefused(await signIn(first, email, "wrong-password", from), 60);
      await expectRefused(await signIn(second, email, PASSWORD, from), 60);
      // Another address is not affected.
      expect((await signIn(second, email, PASSWORD, { socket: "198.51.100.21" })).status).toBe(200);
    });

    it("share the count of reset requests, through the API and the form alike", async () => {
      const email = freshEmail("shared-reset");
      await first.signUp({ email, password: PASSWORD });
      const from = { socket: "198.51.100.30" };
      // 3 per account and address.
      expect((await requestReset(first, email, from)).status).toBe(200);
      expect((await requestReset(second, email, from)).status).toBe(200);
      const form = await postForm(forgotPasswordRoute.action, second, "/forgot-password", { email }, "198.51.100.30");
      expect(form.status).toBe(200);
      await expectRefused(await requestReset(first, email, from), 60);
      const refused = await postForm(forgotPasswordRoute.action, second, "/forgot-password", { email }, "198.51.100.30");
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(MESSAGE);
    });
  });

  describe.each([0, 1])("forged X-Forwarded-For values with TRUST_PROXY=%i", (trustProxy) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { limits: STRICT_ONLY, trustProxy });
    });
    afterAll(() => t?.close());

    /**
     * A request of the client at `client` that forged the `n`-th X-Forwarded-For value: with no
     * trusted proxy it connects itself; with one, the proxy connects and appends the client.
     */
    const forged = (client: string, n: number): From =>
      trustProxy === 0 ? { socket: client, forwardedFor: `203.0.113.${n}` } : { socket: "10.0.0.2", forwardedFor: `203.0.113.${n}, ${client}` };

    it("do not reset the count of an account and address", async () => {
      const email = freshEmail(`forged${trustProxy}`);
      await t.signUp({ email, password: PASSWORD });
      for (let i = 0; i < 5; i++) expect((await signIn(t, email, "wrong-password", forged("198.51.100.40", i))).status).toBe(401);
      await expectRefused(await signIn(t, email, "wrong-password", forged("198.51.100.40", 99)), 60);
      // The client's real address is what counts: another client still gets in.
      expect((await signIn(t, email, PASSWORD, forged("198.51.100.41", 5))).status).toBe(200);
    });

    it("do not reset the count of an address over many accounts; an IPv6 client counts per /64", async () => {
      // 20 sign-ins per address; the client changes the forged value and its interface id each time.
      for (let i = 0; i < 20; i++) {
        const res = await signIn(t, freshEmail("spray"), "wrong-password", forged(`2001:db8:7:1::${(i + 1).toString(16)}`, i));
        expect(res.status).toBe(401);
      }
      await expectRefused(await signIn(t, freshEmail("spray"), "wrong-password", forged("2001:db8:7:1:ffff::1", 42)), 60);
      expect((await signIn(t, freshEmail("spray"), "wrong-password", forged("2001:db8:7:2::1", 43))).status).toBe(401);
    });

    it("do not reset better-auth's own limits of the other endpoints (sign-up: 3 per 10 s per address)", async () => {
      const signUp = (client: string, n: number) =>
        post(t, "/api/auth/sign-up/email", { name: "Sign Up", email: freshEmail("signup"), password: PASSWORD }, forged(client, n));
      for (let i = 0; i < 3; i++) expect((await signUp("198.51.100.50", i)).status).toBe(200);
      const refused = await signUp("198.51.100.50", 3);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThan(0);
      // Keyed by the client's real address: another client still signs up.
      expect((await signUp("198.51.100.51", 4)).status).toBe(200);
    });
  });

  describe("sign-in bodies", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { limits: STRICT_ONLY });
    });
    afterAll(() => t?.close());

    it("larger than 16 KB are refused (413) before better-auth, so none slips past the account limits unread", async () => {
      const email = freshEmail("padded");
      await t.signUp({ email, password: PASSWORD });
      const padded = await post(t, "/api/auth/sign-in/email", { email, password: PASSWORD, padding: "x".repeat(20_000) }, { socket: "198.51.100.80" });
      expect(padded.status).toBe(413);
      expect((await signIn(t, email, PASSWORD, { socket: "198.51.100.80" })).status).toBe(200);
    });
  });

  describe("an attacker hammering an account", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t?.close());

    it("slows the account but never locks its owner out", async () => {
      const email = freshEmail("owner");
      await t.signUp({ email, password: PASSWORD });
      const home = { socket: "198.51.100.60" };
      const travelling = { socket: "198.51.100.61" };
      const attacker = { socket: "203.0.113.66" };
      expect((await signIn(t, email, PASSWORD, home)).status).toBe(200);

      // The attacker guesses as fast as the answers come, before and while the owner signs in.
      let hammering = true;
      const statuses: number[] = [];
      const hammer = (async () => {
        for (let i = 0; hammering && i < 500; i++) {
          statuses.push((await signIn(t, email, `guess-${i}`, attacker)).status);
          await sleep(0.01);
        }
      })();
      try {
        while (statuses.length < 12) await sleep(0.02);
        // From an address it signed in from before, the owner is not even slowed.
        expect((await signIn(t, email, PASSWORD, home)).status).toBe(200);
        // From a new address the owner may wait the account's delay (at most 2 s here), never longer.
        let res = await signIn(t, email, PASSWORD, travelling);
        for (let tries = 0; res.status === 429 && tries < 3; tries++) {
          await sleep(await expectRefused(res, TEST_LIMITS_POLICY.login.perAccount.maxDelay));
          res = await signIn(t, email, PASSWORD, travelling);
        }
        expect(res.status).toBe(200);
      } finally {
        hammering = false;
        await hammer;
      }

      // The attacker got 3 free guesses, then delays, then nothing more from that address.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(TEST_LIMITS_POLICY.login.perAccountAddress.points);
      expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    });
  });

  describe("sending messages", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t?.close());

    it(`lets exactly ${MESSAGES_PER_MINUTE} of 40 concurrent sends through, the others 429 with Retry-After`, async () => {
      const sender = await t.signUp({ email: freshEmail("burst"), name: "Burst Sender" });
      const other = await t.signUp({ email: freshEmail("burst-to"), name: "Burst Reader" });
      const opened = await t.app.request("/api/v1/conversations", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: sender.cookie, origin: APP_URL },
        body: JSON.stringify({ to: other.user.id, body: "first" }),
      });
      const { conversation } = (await opened.json()) as { conversation: { id: string } };
      const send = (i: number) =>
        t.app.request(`/api/v1/conversations/${conversation.id}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: sender.cookie, origin: APP_URL },
          body: JSON.stringify({ body: `burst ${i}` }),
        });
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
      const statuses = answers.map((r) => r.status);
      // The opening message was the first of the minute.
      expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_MINUTE - 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - (MESSAGES_PER_MINUTE - 1));
      for (const refused of answers.filter((r) => r.status === 429)) {
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      const [stored] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(eq(messages.senderId, sender.user.id), eq(messages.conversationId, conversation.id)));
      expect(stored!.n).toBe(MESSAGES_PER_MINUTE);
    });
  });

  describe("the login form", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { limits: STRICT_ONLY });
    });
    afterAll(() => t?.close());

    it("answers 429 with the message and Retry-After once the limit is reached, not 500", async () => {
      const email = freshEmail("form");
      await t.signUp({ email, password: PASSWORD });
      for (let i = 0; i < 5; i++) {
        const wrong = await postForm(loginRoute.action, t, "/login", { email, password: "wrong-password" }, "198.51.100.70");
        expect(wrong.status).toBe(401);
      }
      const refused = await postForm(loginRoute.action, t, "/login", { email, password: PASSWORD }, "198.51.100.70");
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(MESSAGE);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      // The page's answer carries it (React Router keeps only cookies of an action's headers otherwise).
      expect(new Headers(loginRoute.headers({ actionHeaders: refused.headers } as never) as HeadersInit).get("Retry-After")).toBe(String(retryAfter));
      // The owner signs in from another address.
      expect((await postForm(loginRoute.action, t, "/login", { email, password: PASSWORD }, "198.51.100.71")).status).toBe(302);
    });
  });
});

describe("addressKey", () => {
  it("counts IPv6 per /64 and IPv4-mapped addresses as IPv4", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe(addressKey("2001:DB8:1:2::9"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.7")).not.toBe(addressKey("192.0.2.8"));
  });
});

/**
 * Posts a form to a route action as the server would (load context with the client address);
 * returns the answer's status, message and headers (a redirect is a 302 Response).
 */
async function postForm(
  action: (args: never) => Promise<unknown>,
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  clientAddress: string,
): Promise<{ status: number; message?: string; headers: Headers }> {
  const request = new Request(`${APP_URL}${path}`, { method: "POST", headers: { origin: APP_URL }, body: new URLSearchParams(fields) });
  const result = await action({ request, context: { deps: t.deps, user: null, clientAddress, requestId: "test" }, params: {} } as never);
  if (result instanceof Response) return { status: result.status, headers: result.headers };
  const answer = result as { type?: string; data?: { message?: string }; init?: { status?: number; headers?: HeadersInit } } & { ok?: boolean };
  if (answer.type === "DataWithResponseInit") {
    return { status: answer.init?.status ?? 200, message: answer.data?.message, headers: new Headers(answer.init?.headers) };
  }
  return { status: 200, headers: new Headers() };
}
