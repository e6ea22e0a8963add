/**
 * Email verification (docs/product.md, Trust and safety): the email queued at sign-up through the
 * outbox, the 24-hour link that works once, Resend's limits, and the daily limits of unverified
 * accounts (projects, new conversations) that verifying lifts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendVerificationEmail, verifyEmailToken } from "../../server/auth/verification";
import { emailOutbox } from "../../server/db/schema";
import { getSessionUser } from "../../server/http/session";
import { startConversation } from "../../server/messages/service";
import { createProject, getProjectClient } from "../../server/projects/service";
import { UNVERIFIED_DAILY_LIMITS } from "../../shared/constants";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeUser } from "../support/factories";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("email verification on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** The token of the newest verification email to `userId`. */
  async function tokenFor(userId: string): Promise<string> {
    const rows = await t.database.db
      .select({ text: emailOutbox.textBody, id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toUserId, userId), eq(emailOutbox.template, "email-verification")));
    const newest = rows.sort((a, b) => b.id - a.id)[0];
    const match = newest?.text.match(/\/verify-email\?token=(\S+)/);
    if (!match) throw new Error("no verification email");
    return decodeURIComponent(match[1]!);
  }

  it("emails a link at sign-up; unverified accounts post 3 projects a day; the link verifies once and lifts the limit", async () => {
    const { cookie, user } = await t.signUp({ email: "verify-client@example.co.za", name: "Palesa Verify", verified: false });
    expect(user.emailVerified).toBe(false);
    const token = await tokenFor(user.id);

    for (let i = 0; i < UNVERIFIED_DAILY_LIMITS.projects; i++) await createProject(t.database.db, user, projectInput({ title: `Unverified project ${i + 1}` }));
    await expect(createProject(t.database.db, user, projectInput({ title: "One too many" }))).rejects.toMatchObject({
      status: 429,
      code: "unverified_limit",
      message: expect.stringContaining("Verifying lifts the limit"),
    });
    expect((await getProjectClient(t.database.db, user.id)).verified).toBe(false);

    // Resend: not within a minute of the last email.
    await expect(resendVerificationEmail(t.database.db, t.deps.auth, user)).rejects.toMatchObject({ status: 429 });

    await expect(verifyEmailToken(t.database.db, t.deps.auth, "not-a-token")).rejects.toMatchObject({ status: 400 });
    expect(await verifyEmailToken(t.database.db, t.deps.auth, token)).toBe("verified");
    expect(await verifyEmailToken(t.database.db, t.deps.auth, token)).toBe("already");
    const verified = (await getSessionUser(t.deps.auth, new Headers({ cookie })))!;
    expect(verified.emailVerified).toBe(true);
    await createProject(t.database.db, verified, projectInput({ title: "Verified now, no limit" }));
    expect((await getProjectClient(t.database.db, user.id)).verified).toBe(true);
    await expect(resendVerificationEmail(t.database.db, t.deps.auth, verified)).rejects.toMatchObject({ status: 409 });
  });

  it("resends after a minute, at most 3 an hour", async () => {
    const { user } = await t.signUp({ email: "verify-resend@example.co.za", name: "Resend Person", verified: false });
    const age = async () =>
      t.database.db
        .update(emailOutbox)
        .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(emailOutbox.toUserId, user.id));
    await age();
    await resendVerificationEmail(t.database.db, t.deps.auth, user);
    await age();
    await resendVerificationEmail(t.database.db, t.deps.auth, user);
    await age();
    await expect(resendVerificationEmail(t.database.db, t.deps.auth, user)).rejects.toMatchObject({ status: 429, message: expect.stringContaining("an hour") });
  });

  it("limits an unverified account to 10 new conversations a day", async () => {
    const { user } = await t.signUp({ email: "verify-chatty@example.co.za", name: "Chatty Person", verified: false });
    for (let i = 0; i < UNVERIFIED_DAILY_LIMITS.conversations; i++) {
      const other = await makeUser(t.database.db);
      await startConversation(t.database.db, user, { to: other.id, body: `Hello number ${i}` });
    }
    const one = await makeUser(t.database.db);
    await expect(startConversation(t.database.db, user, { to: one.id, body: "One more" })).rejects.toMatchObject({ status: 429, code: "unverified_limit" });
  });
});
