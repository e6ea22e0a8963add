/**
 * Authentication hardening (docs/security.md "Authentication"): /api/auth validates like the
 * forms and serves only the endpoints the product uses; passwords are checked against a common
 * list and the account's own email and name; reset links are stored hashed and only the newest
 * one works; no answer carries a session token.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, requestPasswordReset, resetPassword, signIn } from "../../server/auth/accounts";
import { AUTH_HTTP_ENDPOINTS, DISABLED_AUTH_PATHS } from "../../server/auth/guard";
import { changePassword, deleteAccount } from "../../server/auth/settings";
import { users, verifications } from "../../server/db/schema";
import { ValidationError } from "../../server/errors";
import { getSessionUser } from "../../server/http/session";
import { INVALID_RESET_LINK, PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from "../../shared/schemas";
import { APP_URL, cookieFrom, createTestApp, OTHER_PASSWORD, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

describe.each(DB_KINDS)("authentication on %s", (kind) => {
  let t: TestApp;
  let n = 0;
  let ip = 0;
  beforeAll(async () => {
    // Behind one trusted proxy: each request below names its own client in X-Forwarded-For, so
    // better-auth's per-client limits do not answer 429 before the input is looked at.
    t = await createTestApp(kind, { trustProxy: 1 });
  });
  afterAll(() => t?.close());

  const email = (prefix: string) => `${prefix}-${++n}@example.co.za`;
  /** The text of the newest email, after the outbox was sent. */
  const lastMail = async () => {
    await t.flushEmails();
    return t.mails.at(-1)!.text;
  };
  const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
  const headers = (cookie = "") => new Headers({ origin: APP_URL, ...(cookie ? { cookie } : {}) });
  /** A request to better-auth's HTTP handler, from a client address of its own (better-auth limits per client). */
  const auth = async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; cookie?: string; forwardedFor?: string } = {},
  ): Promise<Response> =>
    t.app.request(`/api/auth${path}`, {
      method,
      headers: {
        origin: APP_URL,
        "x-forwarded-for": options.forwardedFor ?? `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined || options.raw !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  const register = (overrides: Record<string, unknown>) =>
    registerAccount(
      t.deps.auth,
      { userType: "client", name: "Naledi Khumalo", email: email("reg"), password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: true, ...overrides },
      headers(),
    );

  describe("/api/auth validates with the shared schemas", () => {
    it("refuses huge, empty and control-character names and emails at sign-up, storing nothing", async () => {
      const before = await userCount();
      const huge = await auth("POST", "/sign-up/email", { body: { name: "x".repeat(10 * 1024 * 1024), email: email("huge"), password: TEST_PASSWORD } });
      expect(huge.status).toBe(413);
      const hugeEmail = await auth("POST", "/sign-up/email", {
        body: { name: "Naledi", email: `${"e".repeat(100_000)}@example.co.za`, password: TEST_PASSWORD },
      });
      expect(hugeEmail.status).toBe(413);
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ name: "" }, { name: "Name is required" }],
        [{ name: "   " }, { name: "Name is required" }],
        [{ name: "N".repeat(101) }, { name: "Name must be at most 100 characters" }],
        [{ name: "Nal\u0000edi" }, { name: "Name cannot contain control characters" }],
        [{ email: `${"e".repeat(300)}@example.co.za` }, { email: "Email must be at most 254 characters" }],
        [{ email: "not-an-email" }, { email: "Invalid email address" }],
        [{ image: "https://example.co.za/me.png" }, { _form: "Unknown field: image" }],
        [{ callbackURL: "/dashboard\u0000" }, { callbackURL: "Cannot contain control characters" }],
      ];
      for (const [overrides, fields] of cases) {
        const res = await auth("POST", "/sign-up/email", { body: { name: "Naledi", email: email("bad"), password: TEST_PASSWORD, ...overrides } });
        expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
        expect(((await res.json()) as { fields: Record<string, string> }).fields).toMatchObject(fields);
      }
      expect(await userCount()).toBe(before);
    });

    it("stores the trimmed name and lower-case email, as the register form does", async () => {
      const address = email("Trim");
      const res = await auth("POST", "/sign-up/email", { body: { name: "  Thandi Mokoena ", email: address.toUpperCase(), password: TEST_PASSWORD } });
      expect(res.status).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
      expect(row).toMatchObject({ name: "Thandi Mokoena", userType: "client" });
    });

    it("chooses userType once, at registration: 'admin' is a 400, and /update-user cannot change it", async () => {
      const before = await userCount();
      const admin = await auth("POST", "/sign-up/email", {
        body: { name: "Admin Wannabe", email: email("admin"), password: TEST_PASSWORD, userType: "admin" },
      });
      expect(admin.status).toBe(400);
      expect(await admin.json()).toMatchObject({ fields: { userType: "Please choose an account type" } });
      expect(await userCount()).toBe(before);

      const { cookie, user } = await t.signUp({ email: email("client") });
      for (const userType of ["developer", "admin"]) {
        const res = await auth("POST", "/update-user", { body: { userType }, cookie });
        expect(res.status).toBe(404);
      }
      // Nor through the server's own calls (the before-hook runs for them too).
      await expect(t.deps.auth.api.updateUser({ body: { userType: "developer" } as never, headers: headers(cookie) })).rejects.toMatchObject({
        body: { code: "VALIDATION_FAILED" },
      });
      const [row] = await t.database.db.select({ userType: users.userType }).from(users).where(eq(users.id, user.id));
      expect(row!.userType).toBe("client");
      expect((await getSessionUser(t.deps.auth, headers(cookie)))!.userType).toBe("client");
    });

    it("serves only the allowlisted endpoints; every other better-auth path is 404", async () => {
      const { cookie } = await t.signUp({ email: email("paths") });
      const refused = [
        ...DISABLED_AUTH_PATHS.map((p) => ["POST", p]),
        ["GET", "/ok"],
        ["GET", "/error"],
        ["GET", "/callback/google"],
        ["GET", "/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=/"],
        ["GET", "/delete-user/callback?token=x"],
        ["POST", "/get-session"],
        ["POST", "/sign-in/email/"],
        ["POST", "/Sign-in/email"],
        ["POST", "/sign-in%2Femail"],
      ];
      for (const [method, path] of refused) {
        const res = await auth(method!, path!, { cookie, body: method === "POST" ? {} : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      for (const [method, path] of AUTH_HTTP_ENDPOINTS) {
        const res = await auth(method, path, { cookie, body: method === "POST" ? {} : undefined });
        expect(res.status, `${method} ${path}`).not.toBe(404);
      }
    });

    it("lists every core better-auth endpoint as served or disabled (an upgrade adding one fails here)", () => {
      const known = new Set([...AUTH_HTTP_ENDPOINTS.map(([, p]) => p), ...DISABLED_AUTH_PATHS, "/callback/:id", "/reset-password/:token"]);
      const paths = Object.values(t.deps.auth.api)
        .map((e) => (e as { path?: string }).path)
        .filter((p): p is string => Boolean(p));
      expect(paths.filter((p) => !known.has(p))).toEqual([]);
    });

    it("limits a request body to 16 KB on every /api/auth endpoint", async () => {
      const big = JSON.stringify({ email: "a@example.co.za", password: "x", pad: "p".repeat(17 * 1024) });
      for (const [method, path] of AUTH_HTTP_ENDPOINTS.filter(([m]) => m === "POST")) {
        const res = await auth(method, path, { raw: big });
        expect(res.status, path).toBe(413);
      }
    });
  });

  describe("no answer carries a session token", () => {
    it("sign-up, sign-in, get-session and list-sessions answer ids, never tokens", async () => {
      const address = email("tokens");
      const signUp = await auth("POST", "/sign-up/email", { body: { name: "Token Test", email: address, password: TEST_PASSWORD } });
      expect(signUp.status).toBe(200);
      const signedUp = (await signUp.json()) as Record<string, unknown>;
      expect(signedUp).not.toHaveProperty("token");
      const signInRes = await auth("POST", "/sign-in/email", { body: { email: address, password: TEST_PASSWORD } });
      expect(signInRes.status).toBe(200);
      expect(await signInRes.json()).not.toHaveProperty("token");
      const cookie = cookieFrom(signInRes.headers);

      const session = (await (await auth("GET", "/get-session", { cookie })).json()) as { session: Record<string, unknown>; user: { email: string } };
      expect(session.user.email).toBe(address);
      expect(session.session.id).toEqual(expect.any(String));
      expect(session.session).not.toHaveProperty("token");

      const listed = await auth("GET", "/list-sessions", { cookie });
      expect(listed.status).toBe(200);
      const list = (await listed.json()) as Array<Record<string, unknown>>;
      expect(list).toHaveLength(2);
      for (const s of list) {
        expect(s.id).toEqual(expect.any(String));
        expect(s).not.toHaveProperty("token");
      }
      const stored = await t.database.query<{ token: string }>("select token from sessions where user_id = $1", [list[0]!.userId]);
      const text = JSON.stringify([signedUp, session, list]);
      for (const { token } of stored) expect(text).not.toContain(token);
    });
  });

  describe("password rules", () => {
    it("refuses common passwords and the account's own email, its local part and name, wherever a password is set", async () => {
      const refusals: Array<[string, string]> = [
        ["123456", PASSWORD_COMMON_MESSAGE],
        ["password", PASSWORD_COMMON_MESSAGE],
        ["Password1", PASSWORD_COMMON_MESSAGE],
        ["qwerty123", PASSWORD_COMMON_MESSAGE],
        ["naledi.k@example.co.za", PASSWORD_PERSONAL_MESSAGE],
        ["NALEDI.K", PASSWORD_PERSONAL_MESSAGE],
        ["Naledi Khumalo", PASSWORD_PERSONAL_MESSAGE],
        ["nalediKhumalo", PASSWORD_PERSONAL_MESSAGE],
      ];
      // Registration (the form's action and the API sign-up).
      const before = await userCount();
      for (const [password, message] of refusals) {
        const err = await registerAccount(
          t.deps.auth,
          { userType: "client", name: "Naledi Khumalo", email: "naledi.k@example.co.za", password, confirmPassword: password, terms: true },
          headers(),
        ).catch((e: unknown) => e);
        expect(err, password).toBeInstanceOf(ValidationError);
        expect((err as ValidationError).fields, password).toEqual({ password: message });
        const res = await auth("POST", "/sign-up/email", { body: { name: "Naledi Khumalo", email: "naledi.k@example.co.za", password } });
        expect(res.status, password).toBe(400);
        expect(await res.json()).toMatchObject({ fields: { password: message } });
      }
      expect(await userCount()).toBe(before);

      // Change password (Settings) and reset password, for an account named Naledi Khumalo.
      const { cookie, user } = await t.signUp({ email: "naledi.k@example.co.za", name: "Naledi Khumalo" });
      await requestPasswordReset(t.deps.auth, { email: "naledi.k@example.co.za" });
      const token = /token=([\w-]+)/.exec(await lastMail())![1]!;
      for (const [password, message] of refusals) {
        const changed = await changePassword(
          t.deps.auth,
          user,
          { currentPassword: TEST_PASSWORD, newPassword: password, confirmPassword: password },
          headers(cookie),
        ).catch((e: unknown) => e);
        expect((changed as ValidationError).fields, password).toEqual({ newPassword: message });
        const reset = await resetPassword(t.deps.auth, { token, password, confirmPassword: password }).catch((e: unknown) => e);
        expect((reset as ValidationError).fields, password).toEqual({ password: message });
      }
      // Nothing changed: the old password still works, and the refused attempts did not use up the link.
      await signIn(t.deps.auth, { email: "naledi.k@example.co.za", password: TEST_PASSWORD }, headers());
      await resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
      await signIn(t.deps.auth, { email: "naledi.k@example.co.za", password: OTHER_PASSWORD }, headers());
    });

    it("keeps the 6-character minimum and accepts up to 128 characters", async () => {
      await expect(register({ password: "Zq9#x", confirmPassword: "Zq9#x" })).rejects.toMatchObject({
        fields: { password: "Password must be at least 6 characters" },
      });
      await register({ password: "Zq9#xw", confirmPassword: "Zq9#xw" });
      const longest = "Kq7!".repeat(32);
      await register({ password: longest, confirmPassword: longest });
      await expect(register({ password: `${longest}x`, confirmPassword: `${longest}x` })).rejects.toMatchObject({
        fields: { password: "Password must be at most 128 characters" },
      });
      // The demo accounts' password is not on the list.
      await register({ password: "demo1234", confirmPassword: "demo1234" });
    });
  });

  describe("reset links", () => {
    const linkOf = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)![1]!;

    it("stores only a hash of the token", async () => {
      const { user } = await t.signUp({ email: email("hashed") });
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const token = linkOf(await lastMail());
      const rows = await t.database.db.select().from(verifications).where(eq(verifications.value, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.identifier).not.toContain(token);
      expect(JSON.stringify(await t.database.query("select * from verifications"))).not.toContain(token);
    });

    it("an older link stops working once a newer one is issued, and after the newer one was used", async () => {
      const { user } = await t.signUp({ email: email("links") });
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const older = linkOf(await lastMail());
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const newer = linkOf(await lastMail());
      expect(newer).not.toBe(older);
      await resetPassword(t.deps.auth, { token: newer, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
      await expect(resetPassword(t.deps.auth, { token: older, password: "Kite-Umbrella-74", confirmPassword: "Kite-Umbrella-74" })).rejects.toMatchObject({
        fields: { token: INVALID_RESET_LINK },
      });
      await signIn(t.deps.auth, { email: user.email, password: OTHER_PASSWORD }, headers());
    });

    it("issuing a link invalidates the earlier one even before it is used", async () => {
      const { user } = await t.signUp({ email: email("issue") });
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const older = linkOf(await lastMail());
      await requestPasswordReset(t.deps.auth, { email: user.email });
      await expect(resetPassword(t.deps.auth, { token: older, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD })).rejects.toMatchObject({
        fields: { token: INVALID_RESET_LINK },
      });
    });

    it("using a link invalidates any other link of the account (one issued at the same moment)", async () => {
      const { user } = await t.signUp({ email: email("race") });
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const used = linkOf(await lastMail());
      // A second link written as better-auth writes one, as two requests racing would leave.
      const context = await t.deps.auth.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: "reset-password:raced1234567890abcdefghij",
        value: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await resetPassword(t.deps.auth, { token: used, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
      await expect(
        resetPassword(t.deps.auth, { token: "raced1234567890abcdefghij", password: "Kite-Umbrella-74", confirmPassword: "Kite-Umbrella-74" }),
      ).rejects.toMatchObject({ fields: { token: INVALID_RESET_LINK } });
    });

    it("deleting the account removes its reset links", async () => {
      const { cookie, user } = await t.signUp({ email: email("gone") });
      await requestPasswordReset(t.deps.auth, { email: user.email });
      const token = linkOf(await lastMail());
      await deleteAccount({ ...t.domain, auth: t.deps.auth }, user, { password: TEST_PASSWORD }, headers(cookie));
      expect(await t.database.db.select().from(verifications).where(eq(verifications.value, user.id))).toEqual([]);
      await expect(resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD })).rejects.toMatchObject({
        fields: { token: INVALID_RESET_LINK },
      });
    });

    it("refuses a token that is not a token with the invalid-link message, never a 500", async () => {
      for (const token of ["a\u0000b", "x".repeat(201), "../../etc", "abc def"]) {
        await expect(resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD })).rejects.toMatchObject({
          fields: { token: INVALID_RESET_LINK },
        });
        const res = await auth("POST", "/reset-password", { body: { token, newPassword: OTHER_PASSWORD } });
        expect(res.status).toBe(400);
      }
    });
  });
});
