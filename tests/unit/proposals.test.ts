/** Proposals, hiring and reviews (docs/product.md, Proposals, Reviews): domain and API. Every test builds its own data. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { developerProfiles, notifications, projects, proposals } from "../../server/db/schema";
import { saveDeveloperProfile } from "../../server/developers/service";
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from "../../server/errors";
import { updateEmailPreferences } from "../../server/email/preferences";
import { cancelHire, closeProject, completeProject } from "../../server/projects/lifecycle";
import { createProject, getProject } from "../../server/projects/service";
import {
  acceptProposal,
  declineProposal,
  developerProposalStats,
  getProposal,
  listMyProposals,
  PROPOSAL_CHANGED_ELSEWHERE,
  listProjectProposals,
  shortlistProposal,
  submitProposal,
  updateProposal,
  withdrawProposal,
} from "../../server/proposals/service";
import { createReview } from "../../server/reviews/service";
import { apiClient, json } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import * as proposalRoute from "../../app/routes/project.proposal";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeHire, makeProject, makeProposal, proposalBody as body } from "../support/factories";
import { projectInput, MALFORMED_VERSIONS } from "../support/fixtures";
import { PROPOSAL_VERSION_MESSAGE } from "../../shared/schemas";

describe.each(DB_KINDS)("proposals domain on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const proposalCount = async (projectId: string) => (await getProject(db(), projectId)).proposalCount;
  const mailsTo = async (userId: string) => {
    await t.flushEmails();
    const [u] = await db()
      .execute<{ email: string }>(sql`select email from users where id = ${userId}`)
      .then((r) => (r as unknown as { rows: Array<{ email: string }> }).rows);
    return t.mails.filter((m) => m.to === u!.email);
  };

  it("lets only developers propose, never on their own project or a project that is not active, once", async () => {
    const client = await makeClient(db());
    const otherClient = await makeClient(db());
    const [dev, dev2] = [await makeDeveloper(db()), await makeDeveloper(db())];
    const p = await makeProject(db(), client, { title: "Salon booking app" });
    await expect(submitProposal(t.domain, null, p.id, body())).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(submitProposal(t.domain, otherClient, p.id, body())).rejects.toBeInstanceOf(ForbiddenError);
    const ownByDev = await createProject(db(), dev2, projectInput({ title: "A developer's own project" }));
    await expect(submitProposal(t.domain, dev2, ownByDev.id, body())).rejects.toThrow("You cannot send a proposal for your own project");

    const mine = await submitProposal(t.domain, dev, p.id, body());
    expect(mine).toMatchObject({ status: "pending", price: 18000, duration: "2-4", durationLabel: "2-4 weeks", projectId: p.id });
    expect((await mailsTo(client.id)).map((m) => m.subject)).toEqual(['New proposal for "Salon booking app"']);
    await expect(submitProposal(t.domain, dev, p.id, body())).rejects.toThrow("You have already sent a proposal for this project");
    expect(await proposalCount(p.id)).toBe(1);

    await closeProject(t.domain, client, p.id);
    await expect(submitProposal(t.domain, dev2, p.id, body())).rejects.toThrow("This project is not open for proposals");
    expect(await proposalCount(p.id)).toBe(0);
    expect((await getProposal(db(), dev, mine.id)).status).toBe("declined");
  });

  it("sends the new-proposal email only while the client's switch is on, with an unsubscribe link", async () => {
    const client = await makeClient(db());
    const p = await makeProject(db(), client, { title: "Switchable email app" });
    await makeProposal(t.domain, p);
    const first = await mailsTo(client.id);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toMatch(/Unsubscribe: http:\/\/localhost:3999\/unsubscribe\?token=/);
    expect(first[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    await updateEmailPreferences(db(), client, { proposalReceived: false });
    await makeProposal(t.domain, p);
    expect(await mailsTo(client.id)).toHaveLength(1);
    // The notification is still recorded: only the email is switched off.
    const rows = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(rows.filter((n) => n.type === "proposal_received")).toHaveLength(2);
  });

  it("validates proposals with the product's rules and writes nothing", async () => {
    const p = await makeProject(db());
    const dev = await makeDeveloper(db());
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ ...body(), coverLetter: "Too short" }, { coverLetter: "Cover letter must be at least 100 characters" }],
      [{ ...body(), price: 499 }, { price: "Price must be at least R500" }],
      [{ ...body(), price: 1200.5 }, { price: "Price must be a whole number of rand" }],
      [{ ...body(), duration: "soon" }, { duration: "Please choose a timeline or enter a number of days (1 to 730)" }],
      [
        {
          ...body(5000),
          milestones: [
            { title: "Design", amount: 2000 },
            { title: "Build", amount: 2000 },
          ],
        },
        { milestones: "Milestone amounts must add up to the price" },
      ],
      [{}, { coverLetter: "Cover letter is required", price: "Please enter your price" }],
      [{ ...body(), price: " " }, { price: "Please enter your price" }],
    ];
    for (const [input, fields] of cases) {
      const err = await submitProposal(t.domain, dev, p.id, input).catch((e: unknown) => e);
      expect(err, JSON.stringify(input).slice(0, 60)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toMatchObject(fields);
    }
    expect(await proposalCount(p.id)).toBe(0);
    const ok = await submitProposal(t.domain, dev, p.id, {
      ...body(5000),
      duration: "45",
      milestones: [
        { title: "Design", amount: 2000 },
        { title: "Build", amount: 3000 },
      ],
    });
    expect(ok).toMatchObject({ duration: "45", durationLabel: "45 days" });
    expect(await proposalCount(p.id)).toBe(1);
  });

  it("lets the developer edit or withdraw while undecided; nobody else reads or changes it", async () => {
    const client = await makeClient(db());
    const [dev, stranger] = [await makeDeveloper(db()), await makeDeveloper(db())];
    const p = await makeProject(db(), client);
    const prop = await makeProposal(t.domain, p, dev);
    await expect(getProposal(db(), stranger, prop.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listProjectProposals(db(), dev, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateProposal(t.domain, stranger, prop.id, { price: 900 })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await updateProposal(t.domain, dev, prop.id, { price: 21000 })).price).toBe(21000);
    await shortlistProposal(t.domain, client, prop.id);
    expect((await getProposal(db(), client, prop.id)).status).toBe("shortlisted");
    expect(await withdrawProposal(t.domain, dev, prop.id)).toMatchObject({ status: "withdrawn" });
    expect(await proposalCount(p.id)).toBe(0);
    await expect(updateProposal(t.domain, dev, prop.id, { price: 30000 })).rejects.toThrow("Only a proposal awaiting a decision can be edited");
    const notes = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(notes.map((n) => n.type).sort()).toEqual(["proposal_received", "proposal_withdrawn"]);
  });

  it("refuses a proposal edit from a form opened before the proposal changed, writing nothing; a current version or none saves", async () => {
    const client = await makeClient(db());
    const dev = await makeDeveloper(db());
    const p = await makeProject(db(), client);
    const prop = await makeProposal(t.domain, p, dev, 18000);
    const form = { coverLetter: prop.coverLetter, price: String(prop.price), duration: prop.duration, milestones: [] };
    // Tabs A and B open the edit form (version = updatedAt then); A saves a new price first.
    const opened = prop.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    const a = await updateProposal(t.domain, dev, prop.id, { ...form, price: "21000", version: opened });
    expect(a.price).toBe(21000);
    // B still shows the old price and sends its whole form: refused, and nothing of it is written.
    await expect(updateProposal(t.domain, dev, prop.id, { ...form, duration: "30", version: opened })).rejects.toMatchObject({
      status: 409,
      message: PROPOSAL_CHANGED_ELSEWHERE,
    });
    expect(await getProposal(db(), dev, prop.id)).toMatchObject({ price: 21000, duration: prop.duration, updatedAt: a.updatedAt });
    // The client shortlisting it since is a change too: the form shows what it was before.
    await new Promise((r) => setTimeout(r, 5));
    await shortlistProposal(t.domain, client, prop.id);
    await expect(updateProposal(t.domain, dev, prop.id, { ...form, price: "19000", version: a.updatedAt })).rejects.toThrow(PROPOSAL_CHANGED_ELSEWHERE);
    // A form opened now saves; so does an API edit without a version.
    const now = await getProposal(db(), dev, prop.id);
    expect((await updateProposal(t.domain, dev, prop.id, { ...form, price: "19000", version: now.updatedAt })).price).toBe(19000);
    expect((await updateProposal(t.domain, dev, prop.id, { price: 20000 })).price).toBe(20000);
    // A decided proposal says so, not that it changed.
    const latest = await getProposal(db(), dev, prop.id);
    await declineProposal(t.domain, client, prop.id, {});
    await expect(updateProposal(t.domain, dev, prop.id, { ...form, version: latest.updatedAt })).rejects.toThrow(
      "Only a proposal awaiting a decision can be edited",
    );
  });

  it("of two tabs saving one proposal at the same moment with the same version, saves one and refuses the other", async () => {
    const p = await makeProject(db(), await makeClient(db()));
    const dev = await makeDeveloper(db());
    const prop = await makeProposal(t.domain, p, dev, 18000);
    const saves = await Promise.allSettled([21000, 22000].map((price) => updateProposal(t.domain, dev, prop.id, { price, version: prop.updatedAt })));
    expect(saves.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(saves.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([PROPOSAL_CHANGED_ELSEWHERE]);
    const saved = (saves.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ price: number }>).value.price;
    expect((await getProposal(db(), dev, prop.id)).price).toBe(saved);
  });

  it("answers a stale proposal edit with 409 and the message, on the edit page and through the API", async () => {
    const call = apiClient(t.app);
    const dev = await t.signUp({ email: `stale-proposal-${kind}@example.co.za`, userType: "developer", name: "Stale Tab" });
    const p = await makeProject(db(), await makeClient(db()));
    const prop = await makeProposal(t.domain, p, dev.user, 18000);
    const opened = prop.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    await updateProposal(t.domain, dev.user, prop.id, { price: 21000 });

    // The edit page: the loader hands the form its version; a form opened before the change is refused.
    const context = { deps: t.deps, user: dev.user };
    const page = await proposalRoute.loader({ request: new Request(`${APP_URL}/projects/${p.id}/proposal`), context, params: { id: p.id } } as never);
    expect(page.mine?.updatedAt).not.toBe(opened);
    const post = (version: string) =>
      proposalRoute.action({
        request: new Request(`${APP_URL}/projects/${p.id}/proposal`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ intent: "update", coverLetter: prop.coverLetter, price: "25000", duration: prop.duration, milestones: [], version }),
        }),
        context,
        params: { id: p.id },
      } as never);
    const stale = (await post(opened)) as unknown as { init: { status: number }; data: { ok: false; message: string } };
    expect(stale.init.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, message: PROPOSAL_CHANGED_ELSEWHERE });
    expect((await getProposal(db(), dev.user, prop.id)).price).toBe(21000);
    expect(((await post(page.mine!.updatedAt)) as Response).status).toBe(302);
    expect((await getProposal(db(), dev.user, prop.id)).price).toBe(25000);

    // The API: PATCH with an old version is refused the same way; without one it saves.
    const res = await call("PATCH", `/api/v1/proposals/${prop.id}`, { cookie: dev.cookie, body: { price: 30000, version: opened } });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: { message: PROPOSAL_CHANGED_ELSEWHERE } });
    expect((await getProposal(db(), dev.user, prop.id)).price).toBe(25000);
    expect((await call("PATCH", `/api/v1/proposals/${prop.id}`, { cookie: dev.cookie, body: { price: 30000 } })).status).toBe(200);
  });

  it("refuses a second tab's Submit after the first sent the proposal, leaving it as sent; the same form sent twice is answered once", async () => {
    const dev = await t.signUp({ email: `two-submits-${kind}@example.co.za`, userType: "developer", name: "Two Tabs" });
    const p = await makeProject(db(), await makeClient(db()));
    const context = { deps: t.deps, user: dev.user };
    const letter = (who: string) =>
      `${who}: I build booking apps for salons in Durban, with deposits by card and reminders by WhatsApp, light on data for prepaid users.`;
    const submit = (key: string, who: string, price: string) =>
      proposalRoute.action({
        request: new Request(`${APP_URL}/projects/${p.id}/proposal`, {
          method: "POST",
          body: new URLSearchParams([
            ["intent", "submit"],
            ["idempotencyKey", key],
            ["coverLetter", letter(who)],
            ["price", price],
            ["durationMode", "1-2"],
          ]),
        }),
        context,
        params: { id: p.id },
      } as never) as unknown as Promise<Response | { init: { status: number }; data: { ok: false; message: string } }>;
    const first = await submit("aaaaaaaa-0000-4000-8000-000000000001", "Tab one", "21000");
    expect((first as Response).status).toBe(302);
    // The first tab's form sent again (a double tap, a retry): its own answer, nothing more.
    expect(((await submit("aaaaaaaa-0000-4000-8000-000000000001", "Tab one", "21000")) as Response).status).toBe(302);
    const second = (await submit("aaaaaaaa-0000-4000-8000-000000000002", "Tab two", "30000")) as { init: { status: number }; data: { message: string } };
    expect(second.init.status).toBe(409);
    expect(second.data.message).toBe("You have already sent a proposal for this project");
    const [mine] = await listMyProposals(db(), dev.user);
    expect(mine).toMatchObject({ price: 21000, coverLetter: letter("Tab one") });
  });

  it("answers a proposal edit with a malformed version with 400 on `version`, on the edit page and through the API, writing nothing; null is not checked", async () => {
    // Not versions the server hands out ("new" is the profile's, not a proposal's): bad input, never a stale version.
    const malformed: unknown[] = ["new", ...MALFORMED_VERSIONS];
    const refused = { status: 400, message: PROPOSAL_VERSION_MESSAGE, fields: { version: PROPOSAL_VERSION_MESSAGE } };
    const call = apiClient(t.app);
    const dev = await t.signUp({ email: `malformed-version-${kind}@example.co.za`, userType: "developer", name: "Odd Version" });
    const p = await makeProject(db(), await makeClient(db()));
    const prop = await makeProposal(t.domain, p, dev.user, 18000);
    const form = { coverLetter: prop.coverLetter, price: "21000", duration: prop.duration, milestones: [] };
    const stored = async () => (await db().select().from(proposals).where(eq(proposals.id, prop.id)))[0]!;
    const before = await stored();

    for (const version of malformed) {
      await expect(updateProposal(t.domain, dev.user, prop.id, { ...form, version }), JSON.stringify(version)).rejects.toMatchObject(refused);
    }
    // A well-formed time that is not the proposal's is still a change made elsewhere (409).
    await expect(updateProposal(t.domain, dev.user, prop.id, { ...form, version: new Date(0).toISOString() })).rejects.toMatchObject({
      status: 409,
      message: PROPOSAL_CHANGED_ELSEWHERE,
    });

    // The edit page: its hidden version sent empty (without the scripts) or a malformed one (JSON) is refused the same way.
    const context = { deps: t.deps, user: dev.user };
    const action = (init: RequestInit) =>
      proposalRoute.action({
        request: new Request(`${APP_URL}/projects/${p.id}/proposal`, { method: "POST", ...init }),
        context,
        params: { id: p.id },
      } as never);
    type Refusal = { init: { status: number }; data: { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, unknown> } };
    const empty = (await action({
      body: new URLSearchParams([
        ["intent", "update"],
        ["version", ""],
        ["coverLetter", prop.coverLetter],
        ["price", "21000"],
        ["durationMode", prop.duration],
      ]),
    })) as unknown as Refusal;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({
      ok: false,
      message: PROPOSAL_VERSION_MESSAGE,
      fields: { version: PROPOSAL_VERSION_MESSAGE },
      values: { price: "21000" },
    });
    for (const version of malformed) {
      const answer = (await action({
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "update", ...form, version }),
      })) as unknown as Refusal;
      expect(answer.init.status, JSON.stringify(version)).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fields: { version: PROPOSAL_VERSION_MESSAGE } });
    }

    // The API: the same 400 in its usual shape.
    for (const version of malformed) {
      const res = await call("PATCH", `/api/v1/proposals/${prop.id}`, { cookie: dev.cookie, body: { price: 30000, version } });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(await json(res)).toMatchObject({
        error: { code: "validation_failed", message: PROPOSAL_VERSION_MESSAGE, fields: { version: PROPOSAL_VERSION_MESSAGE } },
      });
    }
    expect(await stored()).toEqual(before);

    // Null, like no version, is not checked; the version the server gave is.
    expect((await call("PATCH", `/api/v1/proposals/${prop.id}`, { cookie: dev.cookie, body: { price: 30000, version: null } })).status).toBe(200);
    const now = await getProposal(db(), dev.user, prop.id);
    expect((await updateProposal(t.domain, dev.user, prop.id, { ...form, version: now.updatedAt })).price).toBe(21000);
  });

  it("hires through accept, completes, and both sides review once; stats follow the reviews and projects", async () => {
    const client = await makeClient(db());
    const otherClient = await makeClient(db());
    const devs = [await makeDeveloper(db()), await makeDeveloper(db()), await makeDeveloper(db())];
    const p = await makeProject(db(), client, { title: "Spaza stock app" });
    const a = await makeProposal(t.domain, p, devs[0], 20000);
    const b = await makeProposal(t.domain, p, devs[1], 15000);
    const c = await makeProposal(t.domain, p, devs[2], 25000);
    expect(await proposalCount(p.id)).toBe(3);
    expect((await listProjectProposals(db(), client, p.id, "price_low")).map((x) => x.price)).toEqual([15000, 20000, 25000]);

    // Only the owner decides.
    for (const who of [otherClient, devs[0]!]) {
      await expect(shortlistProposal(t.domain, who, a.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(declineProposal(t.domain, who, a.id, {})).rejects.toBeInstanceOf(ForbiddenError);
      await expect(acceptProposal(t.domain, who, a.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(completeProject(t.domain, who, p.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(closeProject(t.domain, who, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    }
    await declineProposal(t.domain, client, c.id, { reason: "Over budget" });
    expect((await getProposal(db(), devs[2]!, c.id)).declineReason).toBe("Over budget");
    await shortlistProposal(t.domain, client, a.id);
    await expect(completeProject(t.domain, client, p.id)).rejects.toThrow("Only a project in progress can be marked complete");

    const accepted = await acceptProposal(t.domain, client, a.id);
    expect(accepted.status).toBe("accepted");
    expect((await mailsTo(devs[0]!.id)).map((m) => m.subject)).toEqual(['You were hired for "Spaza stock app"']);
    expect(await getProject(db(), p.id)).toMatchObject({ status: "in_progress", hiredDeveloperId: devs[0]!.id, proposalCount: 1 });
    expect((await getProposal(db(), devs[1]!, b.id)).status).toBe("declined");
    await expect(closeProject(t.domain, client, p.id)).rejects.toThrow("Only an active project can be closed");
    await expect(withdrawProposal(t.domain, devs[0]!, a.id)).rejects.toBeInstanceOf(ConflictError);
    expect((await developerProposalStats(db(), devs[0]!.id)).thisMonth).toBe(20000);

    await expect(createReview(db(), client, p.id, { rating: 5, comment: "Excellent work, on time and on budget." })).rejects.toThrow(
      "Reviews open when the project is completed",
    );
    await completeProject(t.domain, client, p.id);
    expect((await getProject(db(), p.id)).status).toBe("completed");
    await expect(createReview(db(), devs[1]!, p.id, { rating: 1, comment: "I was not even hired here, sorry." })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createReview(db(), client, p.id, { rating: 6, comment: "short" })).rejects.toMatchObject({
      fields: { rating: "Please choose a rating", comment: "Comment must be at least 20 characters" },
    });
    await createReview(db(), client, p.id, { rating: 4, comment: "Excellent work, on time and on budget." });
    await expect(createReview(db(), client, p.id, { rating: 5, comment: "Trying to review a second time." })).rejects.toThrow(
      "You have already reviewed this project",
    );
    await createReview(db(), devs[0]!, p.id, { rating: 5, comment: "Clear brief and quick payments, thank you." });

    const [profile] = await db().select().from(developerProfiles).where(eq(developerProfiles.userId, devs[0]!.id));
    expect(profile).toMatchObject({ rating: 4, reviewCount: 1, completedProjects: 1 });
    expect(await developerProposalStats(db(), devs[0]!.id)).toMatchObject({ completedProjects: 1, activeProposals: 0 });
    expect((await listMyProposals(db(), devs[0]!)).map((x) => x.id)).toEqual([a.id]);
    expect((await listMyProposals(db(), client)).map((x) => x.id).sort()).toEqual([a.id, b.id, c.id].sort());
    await expect(listMyProposals(db(), client, "sideways")).rejects.toBeInstanceOf(ValidationError);
  });

  it("closes the review window after 30 days", async () => {
    const { client, project } = await makeHire(t.domain, { completed: true });
    await db()
      .update(projects)
      .set({ completedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(projects.id, project.id));
    await expect(createReview(db(), client, project.id, { rating: 5, comment: "Late, but still a good job." })).rejects.toThrow(
      "The 30 days for reviewing this project have passed",
    );
  });

  it("cancels a hire: the project is active again, the proposal cancelled, the developer told", async () => {
    const { client, developer, project, proposal } = await makeHire(t.domain);
    await expect(cancelHire(t.domain, await makeClient(db()), project.id)).rejects.toBeInstanceOf(ForbiddenError);
    await cancelHire(t.domain, client, project.id);
    expect(await getProject(db(), project.id)).toMatchObject({ status: "active", hiredDeveloperId: null, proposalCount: 0 });
    expect((await getProposal(db(), developer, proposal.id)).status).toBe("cancelled");
    const notes = await db().select().from(notifications).where(eq(notifications.userId, developer.id));
    expect(notes.map((n) => n.type)).toContain("proposal_cancelled");
    await expect(cancelHire(t.domain, client, project.id)).rejects.toThrow("Only a project in progress can cancel its hire");
  });

  it("keeps proposalCount exact under 50 concurrent submissions", async () => {
    const p = await makeProject(db(), undefined, { title: "Popular project" });
    const devs = await Promise.all(Array.from({ length: 50 }, () => makeDeveloper(db(), { profile: false })));
    const results = await Promise.allSettled(devs.map((d) => submitProposal(t.domain, d, p.id, body())));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(eq(proposals.projectId, p.id));
    expect(row!.n).toBe(50);
    expect(await proposalCount(p.id)).toBe(50);
  });

  it("hires exactly one developer when accepts race", async () => {
    const client = await makeClient(db());
    const p = await makeProject(db(), client, { title: "Contested project" });
    const props = [];
    for (let i = 0; i < 6; i++) props.push(await makeProposal(t.domain, p));
    const results = await Promise.allSettled(props.map((x) => acceptProposal(t.domain, client, x.id)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ConflictError);
    const winner = (won[0] as PromiseFulfilledResult<{ developer: { id: string } }>).value.developer.id;
    const [accepted] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(sql`${proposals.projectId} = ${p.id} and ${proposals.status} = 'accepted'`);
    expect(accepted!.n).toBe(1);
    expect(await getProject(db(), p.id)).toMatchObject({ status: "in_progress", hiredDeveloperId: winner, proposalCount: 1 });
  });

  it("developer stats always equal a recomputation from reviews and projects", async () => {
    // Two completed hires with reviews, one hire cancelled, one in progress.
    for (const rating of [5, 3]) {
      const { client, developer, project } = await makeHire(t.domain, { completed: true });
      await createReview(db(), client, project.id, { rating, comment: "A fair review of the work that was done." });
      // Blind reviews: the client's review counts once the developer has reviewed too.
      await createReview(db(), developer, project.id, { rating: 4, comment: "A fair client who paid on time, thanks." });
    }
    const cancelled = await makeHire(t.domain);
    await cancelHire(t.domain, cancelled.client, cancelled.project.id);
    await makeHire(t.domain);
    const rows = await db().execute(sql`
      select d.user_id, d.rating, d.review_count, d.completed_projects,
        coalesce((select round(avg(rating)::numeric, 2) from reviews r where r.developer_id = d.user_id), 0) as r,
        (select count(*)::int from reviews r where r.developer_id = d.user_id) as n,
        (select count(*)::int from projects p where p.hired_developer_id = d.user_id and p.status = 'completed') as c
      from developer_profiles d`);
    const list = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(list.filter((r) => Number(r.n) > 0).length).toBeGreaterThanOrEqual(2);
    for (const r of list) {
      expect(Number(r.rating), String(r.user_id)).toBe(Number(r.r));
      expect(Number(r.review_count)).toBe(Number(r.n));
      expect(Number(r.completed_projects)).toBe(Number(r.c));
    }
  });

  it("serves the proposal API with the same rules and error shape", async () => {
    const call = apiClient(t.app);
    const owner = await t.signUp({ email: `api-client-${kind}@example.co.za`, userType: "client", name: "Api Client" });
    const dev = await t.signUp({ email: `api-dev-${kind}@example.co.za`, userType: "developer", name: "Api Dev" });
    const other = await t.signUp({ email: `api-dev2-${kind}@example.co.za`, userType: "developer", name: "Other Dev" });
    const project = await createProject(db(), owner.user, projectInput({ title: "API hiring project" }));
    const propose = (cookie?: string, b: unknown = body()) => call("POST", `/api/v1/projects/${project.id}/proposals`, { cookie, body: b });
    expect((await propose(owner.cookie)).status).toBe(403);
    expect((await propose(undefined)).status).toBe(401);
    expect((await propose(dev.cookie, "{oops")).status).toBe(400);
    const created = await propose(dev.cookie);
    expect(created.status).toBe(201);
    const { proposal } = await json<{ proposal: { id: string } }>(created);
    expect((await propose(dev.cookie)).status).toBe(409);
    expect((await call("GET", `/api/v1/proposals/${proposal.id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await call("GET", `/api/v1/projects/${project.id}/proposals`, { cookie: other.cookie })).status).toBe(403);
    const listed = await json<{ proposals: unknown[] }>(
      await call("GET", `/api/v1/projects/${project.id}/proposals?sortBy=price_low`, { cookie: owner.cookie }),
    );
    expect(listed.proposals).toHaveLength(1);
    expect((await call("POST", `/api/v1/proposals/${proposal.id}/accept`, { cookie: dev.cookie })).status).toBe(403);
    expect((await call("POST", `/api/v1/projects/${project.id}/complete`, { cookie: owner.cookie })).status).toBe(409);
    expect((await call("POST", `/api/v1/proposals/${proposal.id}/accept`, { cookie: owner.cookie })).status).toBe(200);
    const done = await call("POST", `/api/v1/projects/${project.id}/complete`, { cookie: owner.cookie });
    expect((await json<{ project: { status: string } }>(done)).project.status).toBe("completed");
    const review = await call("POST", `/api/v1/projects/${project.id}/reviews`, {
      cookie: owner.cookie,
      body: { rating: 5, comment: "Great communication and clean code." },
    });
    expect(review.status).toBe(201);
    // Blind reviews: the client's review is visible once the developer has reviewed the client too.
    const back = await call("POST", `/api/v1/projects/${project.id}/reviews`, {
      cookie: dev.cookie,
      body: { rating: 5, comment: "Clear brief and paid on time, thank you." },
    });
    expect(back.status).toBe(201);
    expect((await call("GET", `/api/v1/developers/${dev.user.id}/reviews`)).status).toBe(404); // no public profile yet
    // A profile made after the review starts from the record, not from zero.
    const profile = await saveDeveloperProfile(db(), dev.user, { title: "Flutter Developer" });
    expect(profile).toMatchObject({ rating: 5, reviewCount: 1, completedProjects: 1 });
    const { reviews: listed2 } = await json<{ reviews: Array<{ rating: number; projectTitle: string }> }>(
      await call("GET", `/api/v1/developers/${dev.user.id}/reviews`),
    );
    expect(listed2).toEqual([expect.objectContaining({ rating: 5, projectTitle: "API hiring project" })]);
    const mine = await json<{ proposals: Array<{ id: string }> }>(await call("GET", "/api/v1/proposals?status=accepted", { cookie: dev.cookie }));
    expect(mine.proposals.map((p) => p.id)).toEqual([proposal.id]);
    expect((await call("GET", "/api/v1/proposals?status=sideways", { cookie: dev.cookie })).status).toBe(400);
  });
});
