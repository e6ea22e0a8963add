/**
 * Saved searches and job alerts (docs/product.md, Journeys "Saved searches"): a matching project is
 * announced once, as one notice and one email through the outbox and the "Job alerts" switch; a
 * project that does not match is not; a second sweep announces nothing; daily alerts wait a day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../server/db/schema";
import { updateEmailPreferences } from "../../server/email/preferences";
import { ConflictError, ForbiddenError, ValidationError } from "../../server/errors";
import { createProject } from "../../server/projects/service";
import {
  createSavedSearch,
  DAILY_ALERT_MS,
  deleteSavedSearch,
  listSavedSearches,
  sweepSavedSearchAlerts,
  updateSavedSearchAlert,
} from "../../server/saved-searches/service";
import { MAX_SAVED_SEARCHES } from "../../shared/constants";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper } from "../support/factories";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("saved searches on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const noticesOf = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
  const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);
  const emailOf = async (userId: string) => (await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!.email;

  it("posts a matching and a non-matching project: one notice and one email; a second sweep sends none", async () => {
    const developer = await makeDeveloper(db());
    const client = await makeClient(db());
    const search = await createSavedSearch(db(), developer, { filters: { category: "Education", skills: "Kotlin" }, alert: "instant" });
    expect(search).toMatchObject({ name: "Kotlin · Education", alert: "instant", href: "/projects?category=Education&skills=Kotlin" });

    const match = await createProject(
      db(),
      client,
      projectInput({ title: "Matric revision app for Limpopo schools", category: "Education", skills: ["Kotlin"] }),
    );
    await createProject(db(), client, projectInput({ title: "Stock app for a Soweto spaza", category: "Business", skills: ["Kotlin"] }));
    await sweepSavedSearchAlerts(t.domain);
    await t.flushEmails();

    expect(await noticesOf(developer.id)).toEqual([`New project for "Kotlin · Education": Matric revision app for Limpopo schools`]);
    const email = await emailOf(developer.id);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]!.text).toContain(`/projects/${match.id}`);
    expect(mailsTo(email)[0]!.text).not.toContain("Soweto spaza");

    await sweepSavedSearchAlerts(t.domain);
    await t.flushEmails();
    expect(await noticesOf(developer.id)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("a daily alert waits a day and sends one digest of every new match; off sends nothing; the email switch holds the email, not the notice", async () => {
    const developer = await makeDeveloper(db());
    const quiet = await makeDeveloper(db());
    const client = await makeClient(db());
    await createSavedSearch(db(), developer, { name: "Flutter health", filters: { category: "Healthcare", skills: "Flutter" }, alert: "daily" });
    const off = await createSavedSearch(db(), quiet, { filters: { category: "Healthcare" }, alert: "off" });
    await updateEmailPreferences(db(), developer, { jobAlerts: false });
    await updateEmailPreferences(db(), developer, { jobAlerts: true });
    for (const title of ["Clinic queue app for Durban", "Pharmacy stock app for Gqeberha"])
      await createProject(db(), client, projectInput({ title, category: "Healthcare", skills: ["Flutter"] }));

    await sweepSavedSearchAlerts(t.domain);
    expect(await noticesOf(developer.id)).toEqual([]);
    const tomorrow = new Date(Date.now() + DAILY_ALERT_MS + 60_000);
    await sweepSavedSearchAlerts(t.domain, tomorrow);
    await sweepSavedSearchAlerts(t.domain, tomorrow);
    await t.flushEmails(tomorrow);
    expect(await noticesOf(developer.id)).toEqual(['2 new projects match "Flutter health"']);
    const mails = mailsTo(await emailOf(developer.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new projects for "Flutter health"');
    expect(await noticesOf(quiet.id)).toEqual([]);

    // Switched off by email: the notice still arrives, the email does not.
    await updateSavedSearchAlert(db(), quiet, off.id, { alert: "instant" });
    await updateEmailPreferences(db(), quiet, { jobAlerts: false });
    await createProject(db(), client, projectInput({ title: "Physio booking app for Bloemfontein", category: "Healthcare" }));
    await sweepSavedSearchAlerts(t.domain);
    await t.flushEmails();
    expect(await noticesOf(quiet.id)).toHaveLength(1);
    expect(mailsTo(await emailOf(quiet.id))).toHaveLength(0);
  });

  it("only developers save searches, with valid filters, up to the limit; only the owner changes or deletes one", async () => {
    const developer = await makeDeveloper(db());
    const other = await makeDeveloper(db());
    await expect(createSavedSearch(db(), await makeClient(db()), { filters: {} })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createSavedSearch(db(), developer, { filters: { category: "Knitting" } })).rejects.toBeInstanceOf(ValidationError);
    await expect(createSavedSearch(db(), developer, { filters: {}, alert: "hourly" })).rejects.toBeInstanceOf(ValidationError);
    const mine = await createSavedSearch(db(), developer, { filters: {} });
    expect(mine.name).toBe("All projects");
    // Named as the filter chips read: labels, not codes, and the budget too (two searches that
    // differ only in budget are told apart).
    const cheap = await createSavedSearch(db(), developer, {
      filters: { search: "delivery", skills: "Flutter,React", platform: "mobile", budgetMax: "15000" },
    });
    const big = await createSavedSearch(db(), developer, { filters: { skills: "Flutter", category: "Education", platform: "web", budgetMin: "75000" } });
    expect(cheap.name).toBe('"delivery" · Flutter, React · Mobile App · Under R15 000');
    expect(big.name).toBe("Flutter · Education · Web Application · R75 000+");
    // The same search saved again (a second tap, filters in another order) is the one already saved.
    const again = await createSavedSearch(db(), developer, {
      filters: { budgetMax: "15000", platform: "mobile", skills: "Flutter,React", search: "delivery" },
    });
    expect(again).toEqual(cheap);
    expect((await listSavedSearches(db(), developer)).filter((s) => s.name === cheap.name)).toHaveLength(1);
    await deleteSavedSearch(db(), developer, cheap.id);
    await deleteSavedSearch(db(), developer, big.id);
    await expect(updateSavedSearchAlert(db(), other, mine.id, { alert: "off" })).rejects.toMatchObject({ status: 404 });
    await expect(deleteSavedSearch(db(), other, mine.id)).rejects.toMatchObject({ status: 404 });
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) await createSavedSearch(db(), developer, { filters: { search: `app ${i}` } });
    await expect(createSavedSearch(db(), developer, { filters: { search: "one too many" } })).rejects.toBeInstanceOf(ConflictError);
    // A search already saved is still "saved" at the limit: nothing new is written.
    expect((await createSavedSearch(db(), developer, { filters: {} })).id).toBe(mine.id);
    await deleteSavedSearch(db(), developer, mine.id);
    expect(await listSavedSearches(db(), developer)).toHaveLength(MAX_SAVED_SEARCHES - 1);
  });
});
