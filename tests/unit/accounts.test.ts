import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, requestPasswordReset, resetPassword, signIn, signOut } from "../../server/auth/accounts";
import { accounts, sessions, users, verifications } from "../../server/db/schema";
import { AppError, ConflictError, ValidationError } from "../../server/errors";
import { getSessionUser } from "../../server/http/session";
import { cookieFrom, createTestApp, OTHER_PASSWORD, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

const body = (overrides: Record<string, unknown> = {}) => ({
  userType: "client",
  name: "Naledi Khumalo",
  email: "naledi@example.co.za",
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  terms: true,
  ...overrides,
});

describe.each(DB_KINDS)("accounts on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
  const headers = () => new Headers({ origin: "http://localhost:3999" });

  it("registers a user with profile fields and an argon2id credential, signed in", async () => {
    const result = await registerAccount(t.deps.auth, body({ userType: "developer", email: "Sipho@Example.co.za", name: "Sipho Dlamini" }), headers());
    expect(result.userType).toBe("developer");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, result.userId));
    expect(row).toMatchObject({ email: "sipho@example.co.za", name: "Sipho Dlamini", userType: "developer", isActive: true });
    const [credential] = await t.database.db.select().from(accounts).where(eq(accounts.userId, result.userId));
    expect(credential!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const session = await getSessionUser(t.deps.auth, new Headers({ cookie: cookieFrom(result.headers) }));
    expect(session).toMatchObject({ id: result.userId, userType: "developer", name: "Sipho Dlamini" });
  });

  it("treats emails case-insensitively and refuses a taken one with a clear message", async () => {
    await registerAccount(t.deps.auth, body({ email: "taken@example.co.za" }), headers());
    const before = await userCount();
    const err = await registerAccount(t.deps.auth, body({ email: "TAKEN@example.co.za" }), headers()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).fields).toEqual({ email: "An account with this email already exists" });
    expect(await userCount()).toBe(before);
  });

  it("validates registration with the spec's messages and creates nothing", async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: "" }, { name: "Name is required" }],
      [{ name: "N" }, { name: "Name must be at least 2 characters" }],
      [{ email: "" }, { email: "Email is required" }],
      [{ email: "not-an-email" }, { email: "Invalid email address" }],
      [
        { password: "", confirmPassword: "" },
        { password: "Password is required", confirmPassword: "Please confirm your password" },
      ],
      [{ password: "12345", confirmPassword: "12345" }, { password: "Password must be at least 6 characters" }],
      [{ confirmPassword: "different" }, { confirmPassword: "Passwords do not match" }],
      [{ terms: false }, { terms: "You must accept the terms and conditions" }],
      [{ userType: "admin" }, { userType: "Please choose an account type" }],
      [{ name: 7 }, { name: "Name is required" }],
    ];
    for (const [overrides, fields] of cases) {
      const err = await registerAccount(t.deps.auth, body({ email: "new@example.co.za", ...overrides }), headers()).catch((e: unknown) => e);
      expect(err, JSON.stringify(overrides)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toMatchObject(fields);
    }
    expect(await userCount()).toBe(before);
  });

  it("creates user and credential in one transaction: a failing credential leaves no user", async () => {
    const before = await userCount();
    await t.database.db.execute(sql`alter table accounts add constraint test_refuse check (provider_id <> 'credential') not valid`);
    try {
      await expect(registerAccount(t.deps.auth, body({ email: "halfway@example.co.za" }), headers())).rejects.toBeInstanceOf(AppError);
    } finally {
      await t.database.db.execute(sql`alter table accounts drop constraint test_refuse`);
    }
    expect(await userCount()).toBe(before);
  });

  it("signs in: wrong password fails with the provider's message; remember-me sets a 30-day cookie", async () => {
    await registerAccount(t.deps.auth, body({ email: "login@example.co.za" }), headers());
    await expect(signIn(t.deps.auth, { email: "login@example.co.za", password: "wrong-password" }, headers())).rejects.toMatchObject({
      status: 401,
      message: "Invalid email or password",
    });
    await expect(signIn(t.deps.auth, { email: "", password: "" }, headers())).rejects.toMatchObject({
      fields: { email: "Email is required", password: "Password is required" },
    });

    const remembered = await signIn(t.deps.auth, { email: "LOGIN@example.co.za", password: TEST_PASSWORD, rememberMe: true }, headers());
    const long = remembered.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(long).toMatch(/Max-Age=2592000/);
    expect(long).toMatch(/HttpOnly/);
    expect(long).toMatch(/SameSite=Lax/i);

    const brief = await signIn(t.deps.auth, { email: "login@example.co.za", password: TEST_PASSWORD, rememberMe: false }, headers());
    const short = brief.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(short).not.toMatch(/Max-Age|Expires/);
    const user = await getSessionUser(t.deps.auth, new Headers({ cookie: cookieFrom(brief.headers) }));
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id))
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    const hours = (session!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("signs out by ending the session on the server", async () => {
    const { headers: h } = await registerAccount(t.deps.auth, body({ email: "bye@example.co.za" }), headers());
    const cookie = cookieFrom(h);
    expect(await getSessionUser(t.deps.auth, new Headers({ cookie }))).not.toBeNull();
    await signOut(t.deps.auth, new Headers({ cookie, origin: "http://localhost:3999" }));
    expect(await getSessionUser(t.deps.auth, new Headers({ cookie }))).toBeNull();
  });

  it("resets a password with a single-use link valid 1 hour, never revealing unknown emails", async () => {
    const { headers: h, userId } = await registerAccount(t.deps.auth, body({ email: "forgot@example.co.za" }), headers());
    const oldCookie = cookieFrom(h);
    // The reset emails (registration also queued the verification email).
    const mailsTo = (address: string) => t.mails.filter((m) => m.to === address && m.subject === "Reset your BuildZA password");
    await requestPasswordReset(t.deps.auth, { email: "nobody@example.co.za" });
    await t.flushEmails();
    expect(mailsTo("nobody@example.co.za")).toHaveLength(0);
    await expect(requestPasswordReset(t.deps.auth, { email: "nope" })).rejects.toMatchObject({ fields: { email: "Invalid email address" } });

    await requestPasswordReset(t.deps.auth, { email: "Forgot@example.co.za" });
    await t.flushEmails();
    expect(mailsTo("forgot@example.co.za")).toHaveLength(1);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mailsTo("forgot@example.co.za")[0]!.text)![1]!;
    const [v] = await t.database.db.select().from(verifications).where(eq(verifications.value, userId));
    const minutes = (v!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    await expect(resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: "other" })).rejects.toMatchObject({
      fields: { confirmPassword: "Passwords do not match" },
    });
    await resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    await expect(resetPassword(t.deps.auth, { token, password: "again12", confirmPassword: "again12" })).rejects.toMatchObject({
      fields: { token: "This reset link is invalid or has expired" },
    });
    expect(await getSessionUser(t.deps.auth, new Headers({ cookie: oldCookie }))).toBeNull();
    await expect(signIn(t.deps.auth, { email: "forgot@example.co.za", password: TEST_PASSWORD }, headers())).rejects.toBeInstanceOf(AppError);
    await signIn(t.deps.auth, { email: "forgot@example.co.za", password: OTHER_PASSWORD }, headers());

    // An expired link is refused.
    await requestPasswordReset(t.deps.auth, { email: "forgot@example.co.za" });
    await t.flushEmails();
    const expired = /token=([\w-]+)/.exec(mailsTo("forgot@example.co.za").at(-1)!.text)![1]!;
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, userId));
    await expect(resetPassword(t.deps.auth, { token: expired, password: "Kite-Umbrella-74", confirmPassword: "Kite-Umbrella-74" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
  it("limits sign-in attempts and reset requests per email and client address (docs/decisions/0011-rate-limits.md)", async () => {
    await registerAccount(t.deps.auth, body({ email: "guarded@example.co.za" }), headers());
    const guard = { limits: t.deps.limits, clientAddress: "192.0.2.10" };
    // The test app's limits (tests/support/app.ts): 3 free attempts on an account, then a delay.
    let refused: unknown = null;
    for (let i = 0; i < 6 && !refused; i++) {
      const err = await signIn(t.deps.auth, { email: "guarded@example.co.za", password: "wrong-one" }, headers(), guard).catch((e: unknown) => e);
      if ((err as AppError).status === 429) refused = err;
      else expect(err).toMatchObject({ status: 401 });
    }
    expect(refused).toMatchObject({ status: 429, code: "too_many_attempts" });
    expect((refused as Error).message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    // Another account is not affected.
    await registerAccount(t.deps.auth, body({ email: "other-guarded@example.co.za" }), headers());
    await signIn(t.deps.auth, { email: "other-guarded@example.co.za", password: TEST_PASSWORD }, headers(), guard);

    for (let i = 0; i < 3; i++) await requestPasswordReset(t.deps.auth, { email: "guarded@example.co.za" }, guard);
    await expect(requestPasswordReset(t.deps.auth, { email: "guarded@example.co.za" }, guard)).rejects.toMatchObject({ status: 429 });
  });
});
