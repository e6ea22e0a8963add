/**
 * Changing the email address (docs/product.md, Accounts) through better-auth's changeEmail: the
 * link goes to the new address only and nothing changes until it is used; then the account signs
 * in with the new address, which is verified, and the old address gets a notice through the
 * outbox; an address in use, a wrong password and a fourth request in an hour are refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CHANGE_TEMPLATE, EMAIL_CHANGE_TOO_MANY, EMAIL_CHANGE_TOO_SOON, EMAIL_IN_USE, requestEmailChange } from "../../server/auth/email-change";
import { verifyEmailToken } from "../../server/auth/verification";
import { emailOutbox, users } from "../../server/db/schema";
import { getSessionUser } from "../../server/http/session";
import { EMAIL_CHANGES_PER_HOUR } from "../../shared/constants";
import { apiClient, json } from "../support/api";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";

describe.each(DB_KINDS)("email change on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const mails = (template: string, userId: string) =>
    t.database.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody, id: emailOutbox.id, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, userId), eq(emailOutbox.template, template)));
  const tokenOf = (text: string) => decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(text)![1]!);
  const signIn = (email: string) => apiClient(t.app)("POST", "/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });

  it("sends the link to the new address only; the address changes when it is used, once; the old address is told", async () => {
    const { cookie, user } = await t.signUp({ email: "change-me@example.co.za", name: "Lwazi Change" });
    const headers = new Headers({ cookie });
    expect(await requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: " New-Me@Example.co.za ", password: TEST_PASSWORD }, headers)).toBe(
      "new-me@example.co.za",
    );
    const [link] = await mails(EMAIL_CHANGE_TEMPLATE, user.id);
    expect(link!.to).toBe("new-me@example.co.za");
    // Nothing changed yet: the old address still signs in, the new one does not.
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe("change-me@example.co.za");
    expect((await signIn("new-me@example.co.za")).status).toBe(401);

    expect(await verifyEmailToken(t.database.db, t.deps.auth, tokenOf(link!.text), "https://buildza.test")).toBe("changed");
    const [after] = await t.database.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    expect(after).toEqual({ email: "new-me@example.co.za", verified: true });
    expect((await getSessionUser(t.deps.auth, headers))!.email).toBe("new-me@example.co.za");
    expect((await signIn("new-me@example.co.za")).status).toBe(200);
    expect((await signIn("change-me@example.co.za")).status).toBe(401);
    const [told] = await mails("email-changed", user.id);
    expect(told!.to).toBe("change-me@example.co.za");
    expect(told!.text).toContain("changed to new-me@example.co.za");
    // The link again: already done, nothing more happens.
    expect(await verifyEmailToken(t.database.db, t.deps.auth, tokenOf(link!.text))).toBe("already");
    expect(await mails("email-changed", user.id)).toHaveLength(1);
  });

  it("refuses an address in use, a wrong password and bad input, changing nothing", async () => {
    await t.signUp({ email: "taken@example.co.za", name: "Taken Already" });
    const { cookie, user } = await t.signUp({ email: "wants-taken@example.co.za", name: "Wants Taken" });
    const headers = new Headers({ cookie });
    await expect(
      requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: "TAKEN@example.co.za", password: TEST_PASSWORD }, headers),
    ).rejects.toMatchObject({
      status: 400,
      fields: { newEmail: EMAIL_IN_USE },
    });
    await expect(
      requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: "free@example.co.za", password: "Wrong-Password-1" }, headers),
    ).rejects.toMatchObject({ status: 400, fields: { password: "Password is incorrect" } });
    await expect(requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: "not an email", password: TEST_PASSWORD }, headers)).rejects.toMatchObject({
      status: 400,
      fields: { newEmail: "Invalid email address" },
    });
    await expect(
      requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: "wants-taken@example.co.za", password: TEST_PASSWORD }, headers),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      requestEmailChange(t.database.db, t.deps.auth, null, { newEmail: "free@example.co.za", password: TEST_PASSWORD }, headers),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(await mails(EMAIL_CHANGE_TEMPLATE, user.id)).toHaveLength(0);
    // better-auth's own endpoint is not served over HTTP (the allowlist, server/auth/guard.ts).
    const direct = await apiClient(t.app)("POST", "/api/auth/change-email", { cookie, body: { newEmail: "free@example.co.za" } });
    expect(direct.status).toBe(404);
    expect(await json(direct)).toBeTruthy();
  });

  it("is rate limited: one request a minute and EMAIL_CHANGES_PER_HOUR an hour", async () => {
    const { cookie, user } = await t.signUp({ email: "many-changes@example.co.za", name: "Many Changes" });
    const headers = new Headers({ cookie });
    const ask = (n: number) => requestEmailChange(t.database.db, t.deps.auth, user, { newEmail: `many-${n}@example.co.za`, password: TEST_PASSWORD }, headers);
    await ask(1);
    await expect(ask(2)).rejects.toMatchObject({ status: 429, message: EMAIL_CHANGE_TOO_SOON });
    // Earlier requests, as if made more than a minute ago.
    const age = async () =>
      t.database.db
        .update(emailOutbox)
        .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(emailOutbox.toUserId, user.id));
    for (let n = 2; n <= EMAIL_CHANGES_PER_HOUR; n++) {
      await age();
      await ask(n);
    }
    await age();
    await expect(ask(99)).rejects.toMatchObject({ status: 429, message: EMAIL_CHANGE_TOO_MANY });
    expect(await mails(EMAIL_CHANGE_TEMPLATE, user.id)).toHaveLength(EMAIL_CHANGES_PER_HOUR);
  });
});
