/**
 * The /support contact form (server/support/service.ts, docs/product.md "Support"): a valid
 * message is stored and its email to support is queued in the same transaction (Reply-To the
 * sender); invalid input writes nothing and names its fields; each client address may send 5 an hour.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, supportMessages } from "../../server/db/schema";
import { submitSupportMessage, SUPPORT_MESSAGES_PER_HOUR } from "../../server/support/service";
import { CONTACT_EMAIL } from "../../shared/constants";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient } from "../support/factories";

describe.each(DB_KINDS)("support contact form (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const deps = () => ({ db: t.deps.db, secret: t.deps.secret });
  const valid = {
    name: "Zanele Khumalo",
    email: "Zanele@Example.co.za",
    subject: "Cannot edit my project",
    message: "The Edit Project button does nothing on my phone.",
  };
  const rows = async () => Number((await t.deps.db.select({ n: count() }).from(supportMessages))[0]!.n);
  const outbox = async () => Number((await t.deps.db.select({ n: count() }).from(emailOutbox))[0]!.n);

  it("stores the message and emails support through the outbox", async () => {
    const user = await makeClient(t.deps.db);
    const before = await rows();
    const { id } = await submitSupportMessage(deps(), user, valid, "10.1.0.1");
    // Counted against this test's own start: the other tests of the file may run first (shuffled).
    expect(await rows()).toBe(before + 1);
    await t.flushEmails();
    const mail = t.mails.find((m) => m.to === CONTACT_EMAIL && m.text?.includes(`Reference: ${id}`))!;
    expect(mail.subject).toBe("[BuildZA support] Cannot edit my project");
    expect(mail.text).toContain("From: Zanele Khumalo <zanele@example.co.za>");
    expect(mail.text).toContain(`Reference: ${id}`);
    expect(mail.text).toContain(`Account: ${user.id}`);
    expect(mail.headers?.["Reply-To"]).toBe("zanele@example.co.za");
  });

  it("refuses invalid input with field messages and writes nothing", async () => {
    const before = [await rows(), await outbox()];
    await expect(submitSupportMessage(deps(), null, { ...valid, email: "nope", message: "short" }, "10.1.0.2")).rejects.toMatchObject({
      status: 400,
      fields: { email: "Invalid email address", message: "Message must be at least 20 characters" },
    });
    await expect(submitSupportMessage(deps(), null, null, "10.1.0.2")).rejects.toMatchObject({ status: 400 });
    expect([await rows(), await outbox()]).toEqual(before);
  });

  it(`lets one client address send ${SUPPORT_MESSAGES_PER_HOUR} messages an hour`, async () => {
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) await submitSupportMessage(deps(), null, valid, "10.1.0.3");
    const before = await rows();
    await expect(submitSupportMessage(deps(), null, valid, "10.1.0.3")).rejects.toMatchObject({ status: 429 });
    expect(await rows()).toBe(before);
    await expect(submitSupportMessage(deps(), null, valid, "10.1.0.4")).resolves.toMatchObject({ id: expect.any(String) });
  });
});
