/**
 * Two-factor sign-in (docs/product.md, Accounts; docs/decisions/0030) through better-auth's
 * twoFactor plugin: turned on with the password and a first code, sign-in then needs a code after
 * the right password (over the auth HTTP API and the domain), a wrong code is refused, a backup
 * code works once, turning it off needs the password; moderators without it are refused by the
 * moderation API, with a session or an API token.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATOR_NEEDS_2FA, setUserRole } from "../../server/auth/roles";
import { completeTwoFactorSignIn, confirmTwoFactor, disableTwoFactor, startTwoFactor, WRONG_BACKUP_CODE, WRONG_CODE } from "../../server/auth/two-factor";
import { users } from "../../server/db/schema";
import { createApiToken } from "../../server/tokens/service";
import { apiClient, json } from "../support/api";
import { cookieFrom, createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { totpNow } from "../support/totp";

describe.each(DB_KINDS)("two-factor sign-in on %s", (kind) => {
  let t: TestApp;
  const call = (method: string, path: string, options: Parameters<ReturnType<typeof apiClient>>[2] = {}) => apiClient(t.app)(method, path, options);
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** Signs up `email` and turns two-factor sign-in on; returns the key, backup codes and a fresh cookie. */
  async function withTwoFactor(email: string) {
    const { cookie, user } = await t.signUp({ email, name: "Nomsa Twofactor" });
    const setup = await startTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie }));
    const headers = await confirmTwoFactor(t.deps.auth, user, { code: await totpNow(setup.secret) }, new Headers({ cookie }));
    return { user, setup, cookie: cookieFrom(headers) };
  }
  const passwordStep = (email: string, password = TEST_PASSWORD) => call("POST", "/api/auth/sign-in/email", { body: { email, password } });

  it("turns on with the password and a first code; signing in then needs a code after the right password", async () => {
    const email = "two-factor-on@example.co.za";
    const { cookie, user } = await t.signUp({ email, name: "Nomsa Twofactor" });
    await expect(startTwoFactor(t.deps.auth, user, { password: "Wrong-Password-9" }, new Headers({ cookie }))).rejects.toMatchObject({
      status: 400,
      fields: { password: "Password is incorrect" },
    });
    const setup = await startTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie }));
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/BuildZA:/);
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.backupCodes).toHaveLength(10);
    // The QR code is an SVG image drawn here (tests/e2e/account-security.test.ts scans it in Chromium).
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(setup.qrCode.slice(setup.qrCode.indexOf(",") + 1))).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    // Not on until a code proves the app has the key: sign-in still makes a session at once.
    expect((await json<{ twoFactorRedirect?: boolean }>(await passwordStep(email))).twoFactorRedirect).toBeUndefined();
    await expect(confirmTwoFactor(t.deps.auth, user, { code: "000000" }, new Headers({ cookie }))).rejects.toMatchObject({ fields: { code: WRONG_CODE } });
    await expect(confirmTwoFactor(t.deps.auth, user, { code: "12ab" }, new Headers({ cookie }))).rejects.toMatchObject({ status: 400 });
    const fresh = cookieFrom(await confirmTwoFactor(t.deps.auth, user, { code: await totpNow(setup.secret) }, new Headers({ cookie })));
    const [row] = await t.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(row!.on).toBe(true);
    expect((await call("GET", "/api/v1/me/unread", { cookie: fresh })).status).toBe(200);

    // A wrong password answers as for any account; the right one asks for the code and makes no session.
    expect((await passwordStep(email, "Wrong-Password-9")).status).toBe(401);
    const step = await passwordStep(email);
    expect(step.status).toBe(200);
    expect(await json(step)).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(step.headers);
    expect(pending).toMatch(/two_factor=/);
    expect((await call("GET", "/api/v1/me/unread", { cookie: pending })).status).toBe(401);

    await expect(completeTwoFactorSignIn(t.deps.auth, { method: "totp", code: "000000" }, new Headers({ cookie: pending }))).rejects.toMatchObject({
      fields: { code: WRONG_CODE },
    });
    const signedIn = cookieFrom(
      await completeTwoFactorSignIn(t.deps.auth, { method: "totp", code: await totpNow(setup.secret) }, new Headers({ cookie: pending })),
    );
    expect((await call("GET", "/api/v1/me/unread", { cookie: signedIn })).status).toBe(200);
    // Without a pending sign-in a code alone opens nothing.
    await expect(completeTwoFactorSignIn(t.deps.auth, { method: "totp", code: await totpNow(setup.secret) }, new Headers())).rejects.toMatchObject({
      status: 401,
    });
  });

  it("a backup code signs in once; the HTTP second step works for API clients", async () => {
    const email = "two-factor-backup@example.co.za";
    const { setup } = await withTwoFactor(email);
    const code = setup.backupCodes[0]!;
    const first = cookieFrom((await passwordStep(email)).headers);
    const signedIn = cookieFrom(await completeTwoFactorSignIn(t.deps.auth, { method: "backup", code }, new Headers({ cookie: first })));
    expect((await call("GET", "/api/v1/me/unread", { cookie: signedIn })).status).toBe(200);
    const second = cookieFrom((await passwordStep(email)).headers);
    await expect(completeTwoFactorSignIn(t.deps.auth, { method: "backup", code }, new Headers({ cookie: second }))).rejects.toMatchObject({
      fields: { code: WRONG_BACKUP_CODE },
    });
    // Over HTTP (an API client): the code step answers a session cookie, never a token.
    const viaHttp = await call("POST", "/api/auth/two-factor/verify-totp", { cookie: second, body: { code: await totpNow(setup.secret) } });
    expect(viaHttp.status).toBe(200);
    expect(JSON.stringify(await json(viaHttp))).not.toMatch(/"token"/);
    expect((await call("GET", "/api/v1/me/unread", { cookie: cookieFrom(viaHttp.headers) })).status).toBe(200);
    // "Trust this device" is not offered.
    expect((await call("POST", "/api/auth/two-factor/verify-totp", { cookie: second, body: { code: "123456", trustDevice: true } })).status).toBe(400);
    // Turning it on or off over HTTP is not served (Settings only).
    expect((await call("POST", "/api/auth/two-factor/enable", { cookie: signedIn, body: { password: TEST_PASSWORD } })).status).toBe(404);
  });

  it("turns off with the password; sign-in is one step again", async () => {
    const email = "two-factor-off@example.co.za";
    const { user, cookie } = await withTwoFactor(email);
    await expect(disableTwoFactor(t.deps.auth, user, { password: "Wrong-Password-9" }, new Headers({ cookie }))).rejects.toMatchObject({
      fields: { password: "Password is incorrect" },
    });
    await disableTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie }));
    const step = await passwordStep(email);
    expect((await json<{ twoFactorRedirect?: boolean }>(step)).twoFactorRedirect).toBeUndefined();
    expect((await call("GET", "/api/v1/me/unread", { cookie: cookieFrom(step.headers) })).status).toBe(200);
  });

  it("refuses a moderator without two-factor sign-in (403 with the reason), by session and by API token, and lets them in once it is on", async () => {
    const { cookie, user } = await t.signUp({ email: "mod-no-2fa@example.co.za", name: "Mpho Moderator" });
    await setUserRole(t.database.db, user.email, "moderator");
    const refused = await call("GET", "/api/v1/moderation/reports", { cookie });
    expect(refused.status).toBe(403);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(MODERATOR_NEEDS_2FA);
    const { token } = await createApiToken(t.domain, { ...user, role: "moderator" }, { name: "Moderation script" });
    const byToken = await call("GET", "/api/v1/moderation/reports", { origin: null, headers: { authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(403);

    const setup = await startTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie }));
    const fresh = cookieFrom(await confirmTwoFactor(t.deps.auth, user, { code: await totpNow(setup.secret) }, new Headers({ cookie })));
    expect((await call("GET", "/api/v1/moderation/reports", { cookie: fresh })).status).toBe(200);
    expect((await call("GET", "/api/v1/moderation/reports", { origin: null, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
