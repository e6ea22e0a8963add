/**
 * Review requests (docs/product.md, Reviews): completing a project asks the developer to review
 * the client, by notice and email; a week later each side that has not reviewed is reminded once,
 * with the last day to review, unless the window has closed; the "Review requests" switch stops the
 * emails, not the notices.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReview } from "../../server/reviews/service";
import { pendingReviews, remindReviews } from "../../server/reviews/reminders";
import { emailOutbox, notifications, projects } from "../../server/db/schema";
import { updateEmailPreferences } from "../../server/email/preferences";
import { formatDate } from "../../shared/format";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeHire } from "../support/factories";

const DAY = 86_400_000;

describe.each(DB_KINDS)("review requests on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;

  const noticesOf = async (userId: string) =>
    (
      await db()
        .select({ type: notifications.type, message: notifications.message, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.type, ["project_completed", "review_reminder"])))
        .orderBy(notifications.createdAt)
    ).map((n) => ({ ...n }));
  const mailsTo = async (userId: string) =>
    (
      await db()
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, headers: emailOutbox.headers })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toUserId, userId), eq(emailOutbox.template, "review-request")))
        .orderBy(emailOutbox.id)
    ).map((m) => ({ subject: m.subject, text: m.text, unsubscribe: "List-Unsubscribe" in (m.headers as object) }));
  const completedAt = async (projectId: string) => (await db().select({ at: projects.completedAt }).from(projects).where(eq(projects.id, projectId)))[0]!.at!;

  it("asks the developer to review the client when the client completes the project, by notice and a switchable email", async () => {
    const h = await makeHire(t.domain, { completed: true });
    expect(await noticesOf(h.developer.id)).toEqual([
      { type: "project_completed", message: `"${h.project.title}" was marked complete. Please review the client.`, link: `/projects/${h.project.id}` },
    ]);
    const [mail] = await mailsTo(h.developer.id);
    expect(mail!.subject).toBe(`"${h.project.title}" is complete: review ${h.client.name}`);
    expect(mail!.text).toContain(`How did working with ${h.client.name} go?`);
    expect(mail!.text).toContain(`You can review until ${formatDate(new Date((await completedAt(h.project.id)).getTime() + 30 * DAY))}`);
    expect(mail!.text).toContain(`Write your review: ${APP_URL}/projects/${h.project.id}#review`);
    expect(mail!.unsubscribe).toBe(true);
    // The client marked it complete themselves, on the page with the review form: no email.
    expect(await mailsTo(h.client.id)).toEqual([]);
  });

  it("reminds each side that has not reviewed once, a week after completion, saying the other's review waits", async () => {
    const h = await makeHire(t.domain, { completed: true });
    await createReview(db(), h.client, h.project.id, { rating: 5, comment: "Delivered every screen on time, a pleasure." });
    const done = await completedAt(h.project.id);
    // Six days on: too early.
    await remindReviews(t.domain, new Date(done.getTime() + 6 * DAY));
    expect((await noticesOf(h.developer.id)).filter((n) => n.type === "review_reminder")).toEqual([]);
    // Eight days on (a job that ran late), twice from two instances at once: one reminder, to the developer only.
    const later = new Date(done.getTime() + 8 * DAY);
    await Promise.all([remindReviews(t.domain, later), remindReviews(t.domain, later)]);
    await remindReviews(t.domain, new Date(done.getTime() + 9 * DAY));
    const until = formatDate(new Date(done.getTime() + 30 * DAY));
    expect((await noticesOf(h.developer.id)).filter((n) => n.type === "review_reminder")).toEqual([
      { type: "review_reminder", message: `Reminder: review ${h.client.name} on "${h.project.title}" by ${until}`, link: `/projects/${h.project.id}` },
    ]);
    expect(await noticesOf(h.client.id)).toEqual([]);
    const reminders = (await mailsTo(h.developer.id)).filter((m) => m.subject.startsWith("Reminder"));
    expect(reminders.map((m) => m.subject)).toEqual([`Reminder: review ${h.client.name} on "${h.project.title}"`]);
    expect(reminders[0]!.text).toContain(`${h.client.name} has already reviewed you: their review is shown to you once you write yours.`);
    expect(await mailsTo(h.client.id)).toEqual([]);
  });

  it("reminds both sides when neither has reviewed, and the switch stops the email but not the notice", async () => {
    const h = await makeHire(t.domain, { completed: true });
    await updateEmailPreferences(db(), h.client, { reviewRequests: false });
    const done = await completedAt(h.project.id);
    await remindReviews(t.domain, new Date(done.getTime() + 7 * DAY + 1000));
    expect((await noticesOf(h.client.id)).map((n) => n.message)).toEqual([
      `Reminder: review ${h.developer.name} on "${h.project.title}" by ${formatDate(new Date(done.getTime() + 30 * DAY))}`,
    ]);
    expect((await noticesOf(h.developer.id)).map((n) => n.type)).toEqual(["project_completed", "review_reminder"]);
    expect(await mailsTo(h.client.id)).toEqual([]);
    const devReminder = (await mailsTo(h.developer.id)).at(-1)!;
    expect(devReminder.text).toContain("Reviews stay hidden until both of you have written one");
  });

  it("lists on the dashboard the reviews each side still owes, until written or the window closes", async () => {
    const h = await makeHire(t.domain, { completed: true });
    const until = new Date((await completedAt(h.project.id)).getTime() + 30 * DAY).toISOString();
    const owed = async (who: typeof h.client, now?: Date) => (await pendingReviews(db(), who, now)).filter((r) => r.projectId === h.project.id);
    expect(await owed(h.client)).toEqual([{ projectId: h.project.id, projectTitle: h.project.title, otherName: h.developer.name, until }]);
    expect(await owed(h.developer)).toEqual([{ projectId: h.project.id, projectTitle: h.project.title, otherName: h.client.name, until }]);
    await createReview(db(), h.developer, h.project.id, { rating: 4, comment: "Clear brief and paid on time, thank you." });
    expect(await owed(h.developer)).toEqual([]);
    expect(await owed(h.client)).toHaveLength(1);
    expect(await owed(h.client, new Date(Date.now() + 31 * DAY))).toEqual([]);
    // An in-progress hire owes nothing yet.
    const current = await makeHire(t.domain);
    expect((await pendingReviews(db(), current.client)).map((r) => r.projectId)).not.toContain(current.project.id);
  });

  it("does not remind once the review window has closed (a job that was down), and forgets the project", async () => {
    const h = await makeHire(t.domain, { completed: true });
    const done = await completedAt(h.project.id);
    expect(await remindReviews(t.domain, new Date(done.getTime() + 31 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await noticesOf(h.developer.id)).map((n) => n.type)).toEqual(["project_completed"]);
    expect(await noticesOf(h.client.id)).toEqual([]);
    const [row] = await db().select({ at: projects.reviewRemindedAt }).from(projects).where(eq(projects.id, h.project.id));
    expect(row!.at).not.toBeNull();
  });
});
