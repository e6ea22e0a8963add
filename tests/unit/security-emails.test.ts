/**
 * Security emails (docs/product.md, Accounts): the owner's own address hears of every change to
 * how the account is signed in to, whichever way it came: the password changed in Settings or over
 * the auth HTTP API, reset with a link, two-factor sign-in turned on or off, and a sign-in from a
 * browser the account has not been used on. Failed attempts and known browsers send nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "../../server/auth/accounts";
import { changePassword } from "../../server/auth/settings";
import { completeTwoFactorSignIn, confirmTwoFactor, disableTwoFactor, startTwoFactor } from "../../server/auth/two-factor";
import { emailOutbox, knownDevices } from "../../server/db/schema";
import { DEVICE_COOKIE } from "../../server/auth/devices";
import { createApiToken, listApiTokens } from "../../server/tokens/service";
import { apiClient } from "../support/api";
import { APP_URL, cookieFrom, createTestApp, OTHER_PASSWORD, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { totpNow } from "../support/totp";

describe.each(DB_KINDS)("security emails on %s", (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const call = (method: string, path: string, options: Parameters<ReturnType<typeof apiClient>>[2] = {}) => apiClient(t.app)(method, path, options);
  const address = () => `security-${++n}@example.co.za`;
  /** The device cookie among `cookie`'s pairs ("buildza_device=..."). */
  const deviceCookieOf = (cookie: string) => cookie.split("; ").find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
  /** The security emails queued for `userId`, oldest first. */
  const noticesTo = async (userId: string) =>
    (
      await t.database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, to: emailOutbox.toAddress, headers: emailOutbox.headers })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toUserId, userId), eq(emailOutbox.template, "security-notice")))
        .orderBy(emailOutbox.id)
    ).map((m) => ({ ...m, unsubscribe: "List-Unsubscribe" in (m.headers as object) }));

  it("tells the owner when the password is changed in Settings, and nothing when the current password was wrong", async () => {
    const email = address();
    const { user, cookie } = await t.signUp({ email, name: "Thabo Secure" });
    await expect(
      changePassword(
        t.deps.auth,
        user,
        { currentPassword: "Wrong-Password-9", newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        new Headers({ cookie }),
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(await noticesTo(user.id)).toEqual([]);
    await changePassword(
      t.deps.auth,
      user,
      { currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      new Headers({ cookie }),
    );
    const [mail] = await noticesTo(user.id);
    expect(mail).toMatchObject({ subject: "Your BuildZA password was changed", to: email, unsubscribe: false });
    expect(mail!.text).toContain("Hi Thabo Secure,");
    expect(mail!.text).toMatch(/The password of your BuildZA account was changed in Settings on \d{2} \w{3} \d{4}, \d{2}:\d{2}\./);
    expect(mail!.text).toContain(
      `If it was not you, reset your password now (that signs everyone out and revokes every API token) and then turn on two-factor sign-in in Settings:\n${APP_URL}/forgot-password`,
    );
  });

  it("tells the owner when the password is changed over the auth HTTP API", async () => {
    const { user, cookie } = await t.signUp({ email: address() });
    const res = await call("POST", "/api/auth/change-password", { cookie, body: { currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await noticesTo(user.id)).map((m) => m.subject)).toEqual(["Your BuildZA password was changed"]);
  });

  it("tells the owner when an API token is created; a password reset revokes every token", async () => {
    const email = address();
    const { user } = await t.signUp({ email, name: "Lindiwe Tokens" });
    const { token } = await createApiToken(t.domain, user, { name: "Invoice sync" });
    const [mail] = await noticesTo(user.id);
    expect(mail!.subject).toBe("A new API token was created on your BuildZA account");
    expect(mail!.text).toContain('A personal API token named "Invoice sync" was created on your BuildZA account');
    expect((await call("GET", "/api/v1/me/unread", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await requestPasswordReset(t.deps.auth, { email });
    const [reset] = await t.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, user.id), eq(emailOutbox.template, "password-reset")));
    const link = /\/reset-password\?token=([\w-]+)/.exec(reset!.text)![1]!;
    await resetPassword(t.deps.auth, { token: link, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    expect((await call("GET", "/api/v1/me/unread", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await listApiTokens(t.deps.db, user)).toEqual([]);
    expect((await noticesTo(user.id)).at(-1)!.text).toContain("every session was signed out and its API tokens were revoked");
  });

  it("tells the owner when the password is reset with a link", async () => {
    const email = address();
    const { user } = await t.signUp({ email });
    await requestPasswordReset(t.deps.auth, { email });
    const [reset] = await t.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, user.id), eq(emailOutbox.template, "password-reset")));
    const token = /\/reset-password\?token=([\w-]+)/.exec(reset!.text)![1]!;
    expect(await noticesTo(user.id)).toEqual([]);
    await resetPassword(t.deps.auth, { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    const [mail] = await noticesTo(user.id);
    expect(mail!.subject).toBe("Your BuildZA password was reset");
    expect(mail!.text).toContain("someone can read your email: secure your email account first");
  });

  it("tells the owner when two-factor sign-in is turned on and off, not when a code signs in", async () => {
    const email = address();
    const { user, cookie } = await t.signUp({ email });
    const setup = await startTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie }));
    expect(await noticesTo(user.id)).toEqual([]);
    const fresh = cookieFrom(await confirmTwoFactor(t.deps.auth, user, { code: await totpNow(setup.secret) }, new Headers({ cookie })));
    expect((await noticesTo(user.id)).map((m) => m.subject)).toEqual(["Two-factor sign-in was turned on"]);

    // Signing in with a code changes nothing about the account. From the browser it was set up
    // in, no email at all; from another one, the new-browser email, after the code, not before.
    const device = deviceCookieOf(cookie);
    const here = await call("POST", "/api/auth/sign-in/email", { cookie: device, body: { email, password: TEST_PASSWORD } });
    await completeTwoFactorSignIn(
      t.deps.auth,
      { method: "totp", code: await totpNow(setup.secret) },
      new Headers({ cookie: `${cookieFrom(here.headers)}; ${device}` }),
    );
    expect(await noticesTo(user.id)).toHaveLength(1);
    const step = await call("POST", "/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
    const pending = cookieFrom(step.headers);
    expect(await noticesTo(user.id)).toHaveLength(1);
    await completeTwoFactorSignIn(t.deps.auth, { method: "totp", code: await totpNow(setup.secret) }, new Headers({ cookie: pending }));
    expect((await noticesTo(user.id)).map((m) => m.subject)).toEqual(["Two-factor sign-in was turned on", "New sign-in to your BuildZA account"]);

    await disableTwoFactor(t.deps.auth, user, { password: TEST_PASSWORD }, new Headers({ cookie: fresh }));
    expect((await noticesTo(user.id)).map((m) => m.subject).at(-1)).toBe("Two-factor sign-in was turned off");
  });

  it("tells the owner of a sign-in from a browser the account has not been used on, once per browser; not at sign-up, a failed attempt or a known browser", async () => {
    const email = address();
    const { user, cookie } = await t.signUp({ email, name: "Naledi Browsers" });
    const laptop = deviceCookieOf(cookie);
    expect(laptop).toMatch(/^buildza_device=[0-9a-f]{64}$/);
    const signIn = (options: { cookie?: string; password?: string; agent?: string }) =>
      call("POST", "/api/auth/sign-in/email", {
        cookie: options.cookie,
        headers: { "user-agent": options.agent ?? "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36" },
        body: { email, password: options.password ?? TEST_PASSWORD },
      });
    // The browser it signed up in, again: nothing to tell.
    expect((await signIn({ cookie: laptop })).status).toBe(200);
    // A wrong password from anywhere: nothing (the attempt did not get in).
    expect((await signIn({ password: "Wrong-Password-9" })).status).toBe(401);
    expect(await noticesTo(user.id)).toEqual([]);

    // A phone with no device cookie: the owner hears what signed in, from where and when.
    const phone = await signIn({
      agent: "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    });
    expect(phone.status).toBe(200);
    const [mail] = await noticesTo(user.id);
    expect(mail).toMatchObject({ subject: "New sign-in to your BuildZA account", to: email, unsubscribe: false });
    expect(mail!.text).toMatch(
      /Your BuildZA account was signed in to from a browser it had not been used on before: Chrome on Android( \(address [^)]+\))?, on \d{2} \w{3} \d{4}, \d{2}:\d{2}\./,
    );
    expect(mail!.text).toContain("If it was not you, reset your password now");
    // The phone now has its own device cookie, httpOnly: signing in on it again tells nobody.
    const setCookie = phone.headers.getSetCookie().find((c) => c.startsWith("buildza_device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toContain(laptop.split("=")[1]);
    expect((await signIn({ cookie: deviceCookieOf(cookieFrom(phone.headers)) })).status).toBe(200);
    expect((await signIn({ cookie: laptop })).status).toBe(200);
    expect(await noticesTo(user.id)).toHaveLength(1);
    // A device cookie this account does not know (another account's, on a shared computer) is a new browser for it.
    const other = await t.signUp({ email: address() });
    await signIn({ cookie: deviceCookieOf(other.cookie) });
    expect(await noticesTo(user.id)).toHaveLength(2);
  });

  it("learns an account's first browser silently when it has none on record (accounts from before this feature)", async () => {
    const email = address();
    const { user } = await t.signUp({ email });
    await t.database.db.delete(knownDevices).where(eq(knownDevices.userId, user.id));
    const first = await call("POST", "/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
    expect(first.status).toBe(200);
    expect(await noticesTo(user.id)).toEqual([]);
    expect(await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id))).toHaveLength(1);
    await call("POST", "/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
    expect((await noticesTo(user.id)).map((m) => m.subject)).toEqual(["New sign-in to your BuildZA account"]);
  });
});
