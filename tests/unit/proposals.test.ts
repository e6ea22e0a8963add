import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_STATUSES } from "../../shared/constants";
import { nextProjectStatus, nextProposalStatus, PROPOSAL_STATUSES, type ProjectEvent, type ProposalEvent } from "../../shared/lifecycle";
import type { SessionUser } from "../../server/context";
import { developerProfiles, notifications, projects, proposals, reviews, users } from "../../server/db/schema";
import { saveDeveloperProfile } from "../../server/developers/service";
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from "../../server/errors";
import { createProject, getProject } from "../../server/projects/service";
import {
  acceptProposal,
  cancelHire,
  closeProject,
  completeProject,
  createReview,
  declineProposal,
  developerProposalStats,
  getProposal,
  listMyProposals,
  listProjectProposals,
  shortlistProposal,
  submitProposal,
  updateProposal,
  withdrawProposal,
  type ProposalDeps,
} from "../../server/proposals/service";
import { emailDeps } from "../../server/context";
import { updateEmailPreferences } from "../../server/email/preferences";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

describe("state machines (shared/lifecycle.ts)", () => {
  const projectTable: Record<ProjectEvent, Record<string, string | null>> = {
    accept: { active: "in_progress", in_progress: null, completed: null, closed: null },
    complete: { active: null, in_progress: "completed", completed: null, closed: null },
    close: { active: "closed", in_progress: null, completed: null, closed: null },
    cancelHire: { active: null, in_progress: "active", completed: null, closed: null },
  };
  it.each(Object.keys(projectTable) as ProjectEvent[])("project %s goes exactly where the issue says", (event) => {
    for (const status of PROJECT_STATUSES) expect(nextProjectStatus(status, event), `${status} --${event}-->`).toBe(projectTable[event][status]);
  });

  const proposalTable: Record<ProposalEvent, Partial<Record<string, string>>> = {
    edit: { pending: "pending", shortlisted: "shortlisted" },
    shortlist: { pending: "shortlisted" },
    accept: { pending: "accepted", shortlisted: "accepted" },
    decline: { pending: "declined", shortlisted: "declined" },
    withdraw: { pending: "withdrawn", shortlisted: "withdrawn" },
    cancel: { accepted: "cancelled" },
  };
  it.each(Object.keys(proposalTable) as ProposalEvent[])("proposal %s is allowed only from its listed states", (event) => {
    for (const status of PROPOSAL_STATUSES) expect(nextProposalStatus(status, event), `${status} --${event}-->`).toBe(proposalTable[event][status] ?? null);
  });
});

const letter = "Sawubona! I have built three booking apps for salons in Durban and Pietermaritzburg, with PayFast deposits and WhatsApp reminders. ";

describe.each(DB_KINDS)("proposals domain on %s", (kind) => {
  let t: TestApp;
  let deps: ProposalDeps;
  let client: SessionUser;
  let otherClient: SessionUser;
  const devs: SessionUser[] = [];

  /** Users straight in the table: the domain only needs the session user. */
  async function makeUsers(prefix: string, userType: "client" | "developer", n: number): Promise<SessionUser[]> {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${String(i).padStart(3, "0")}`,
      name: `${prefix} ${i}`,
      email: `${prefix}${i}@example.co.za`,
      userType,
    }));
    await t.database.db.insert(users).values(rows);
    return rows.map((r) => ({ ...r, emailVerified: true, createdAt: new Date().toISOString() }));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    deps = emailDeps(t.deps);
    const clients = await makeUsers("client", "client", 2);
    client = clients[0]!;
    otherClient = clients[1]!;
    devs.push(...(await makeUsers("dev", "developer", 55)));
    for (const d of devs.slice(0, 3)) await saveDeveloperProfile(t.database.db, d, { title: "Flutter Developer", city: "Durban" });
  });
  afterAll(() => t?.close());

  const newProject = (title = "Salon booking app") => createProject(t.database.db, client, projectInput({ title }));
  const body = (price = 18000) => ({ coverLetter: letter, price, duration: "2-4" });
  const proposalCount = async (projectId: string) => (await getProject(t.database.db, projectId)).proposalCount;

  it("lets only developers propose, never on their own project or a project that is not active, once", async () => {
    const p = await newProject();
    await expect(submitProposal(deps, null, p.id, body())).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(submitProposal(deps, otherClient, p.id, body())).rejects.toBeInstanceOf(ForbiddenError);
    const ownByDev = await createProject(t.database.db, devs[10]!, projectInput({ title: "A developer's own project" }));
    await expect(submitProposal(deps, devs[10]!, ownByDev.id, body())).rejects.toThrow("You cannot send a proposal for your own project");

    t.mails.length = 0;
    const mine = await submitProposal(deps, devs[0]!, p.id, body());
    expect(mine).toMatchObject({ status: "pending", price: 18000, duration: "2-4", durationLabel: "2-4 weeks", projectId: p.id });
    expect(t.mails.map((m) => m.subject)).toEqual(['New proposal for "Salon booking app"']);
    await expect(submitProposal(deps, devs[0]!, p.id, body())).rejects.toThrow("You have already sent a proposal for this project");
    expect(await proposalCount(p.id)).toBe(1);

    await closeProject(t.database.db, client, p.id);
    await expect(submitProposal(deps, devs[1]!, p.id, body())).rejects.toThrow("This project is not open for proposals");
    expect(await proposalCount(p.id)).toBe(0);
    expect((await getProposal(t.database.db, devs[0]!, mine.id)).status).toBe("declined");
  });

  it("sends the new-proposal email only while the client's switch is on, with an unsubscribe link", async () => {
    const p = await newProject("Switchable email app");
    t.mails.length = 0;
    await submitProposal(deps, devs[4]!, p.id, body());
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.text).toMatch(/Unsubscribe: http:\/\/localhost:3999\/unsubscribe\?token=/);
    await updateEmailPreferences(t.database.db, client, { proposalReceived: false });
    await submitProposal(deps, devs[5]!, p.id, body());
    expect(t.mails).toHaveLength(1);
    // The notification is still recorded: only the email is switched off.
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(rows.filter((n) => n.type === "proposal_received" && n.message.includes("Switchable email app"))).toHaveLength(2);
    await updateEmailPreferences(t.database.db, client, { proposalReceived: true });
  });

  it("validates proposals with the issue's rules and writes nothing", async () => {
    const p = await newProject();
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
      [{}, { coverLetter: "Cover letter is required", price: "Price must be a number" }],
    ];
    for (const [input, fields] of cases) {
      const err = await submitProposal(deps, devs[1]!, p.id, input).catch((e: unknown) => e);
      expect(err, JSON.stringify(input).slice(0, 60)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toMatchObject(fields);
    }
    const ok = await submitProposal(deps, devs[1]!, p.id, {
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
    const p = await newProject();
    const prop = await submitProposal(deps, devs[2]!, p.id, body());
    await expect(getProposal(t.database.db, devs[3]!, prop.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listProjectProposals(t.database.db, devs[2]!, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateProposal(t.database.db, devs[3]!, prop.id, { price: 900 })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await updateProposal(t.database.db, devs[2]!, prop.id, { price: 21000 })).price).toBe(21000);
    await shortlistProposal(t.database.db, client, prop.id);
    expect((await getProposal(t.database.db, client, prop.id)).status).toBe("shortlisted");
    expect(await withdrawProposal(t.database.db, devs[2]!, prop.id)).toMatchObject({ status: "withdrawn" });
    expect(await proposalCount(p.id)).toBe(0);
    await expect(updateProposal(t.database.db, devs[2]!, prop.id, { price: 30000 })).rejects.toThrow("Only a proposal awaiting a decision can be edited");
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["proposal_received", "proposal_withdrawn"]));
  });

  it("hires through accept, completes, and both sides review once; stats follow the reviews and projects", async () => {
    const p = await newProject("Spaza stock app");
    const a = await submitProposal(deps, devs[0]!, p.id, body(20000));
    const b = await submitProposal(deps, devs[1]!, p.id, body(15000));
    const c = await submitProposal(deps, devs[2]!, p.id, body(25000));
    expect(await proposalCount(p.id)).toBe(3);
    expect((await listProjectProposals(t.database.db, client, p.id, "price_low")).map((x) => x.price)).toEqual([15000, 20000, 25000]);

    // Only the owner decides.
    for (const who of [otherClient, devs[0]!]) {
      await expect(shortlistProposal(t.database.db, who, a.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(declineProposal(t.database.db, who, a.id, {})).rejects.toBeInstanceOf(ForbiddenError);
      await expect(acceptProposal(deps, who, a.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(completeProject(t.database.db, who, p.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(closeProject(t.database.db, who, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    }
    await declineProposal(t.database.db, client, c.id, { reason: "Over budget" });
    expect((await getProposal(t.database.db, devs[2]!, c.id)).declineReason).toBe("Over budget");
    await shortlistProposal(t.database.db, client, a.id);
    await expect(completeProject(t.database.db, client, p.id)).rejects.toThrow("Only a project in progress can be marked complete");

    t.mails.length = 0;
    const accepted = await acceptProposal(deps, client, a.id);
    expect(accepted.status).toBe("accepted");
    expect(t.mails.map((m) => m.subject)).toEqual(['You were hired for "Spaza stock app"']);
    const hired = await getProject(t.database.db, p.id);
    expect(hired).toMatchObject({ status: "in_progress", hiredDeveloperId: devs[0]!.id, proposalCount: 1 });
    expect((await getProposal(t.database.db, devs[1]!, b.id)).status).toBe("declined");
    await expect(closeProject(t.database.db, client, p.id)).rejects.toThrow("Only an active project can be closed");
    await expect(withdrawProposal(t.database.db, devs[0]!, a.id)).rejects.toBeInstanceOf(ConflictError);
    expect((await developerProposalStats(t.database.db, devs[0]!.id)).thisMonth).toBe(20000);

    await expect(createReview(t.database.db, client, p.id, { rating: 5, comment: "Excellent work, on time and on budget." })).rejects.toThrow(
      "Reviews open when the project is completed",
    );
    await completeProject(t.database.db, client, p.id);
    expect((await getProject(t.database.db, p.id)).status).toBe("completed");
    await expect(createReview(t.database.db, devs[1]!, p.id, { rating: 1, comment: "I was not even hired here, sorry." })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(createReview(t.database.db, client, p.id, { rating: 6, comment: "short" })).rejects.toMatchObject({
      fields: { rating: "Please choose a rating", comment: "Comment must be at least 20 characters" },
    });
    await createReview(t.database.db, client, p.id, { rating: 4, comment: "Excellent work, on time and on budget." });
    await expect(createReview(t.database.db, client, p.id, { rating: 5, comment: "Trying to review a second time." })).rejects.toThrow(
      "You have already reviewed this project",
    );
    await createReview(t.database.db, devs[0]!, p.id, { rating: 5, comment: "Clear brief and quick payments, thank you." });

    const [profile] = await t.database.db.select().from(developerProfiles).where(eq(developerProfiles.userId, devs[0]!.id));
    expect(profile).toMatchObject({ rating: 4, reviewCount: 1, completedProjects: 1 });
    expect(await developerProposalStats(t.database.db, devs[0]!.id)).toMatchObject({ completedProjects: 1, activeProposals: expect.any(Number) });
    expect((await listMyProposals(t.database.db, devs[0]!)).some((x) => x.id === a.id)).toBe(true);
    expect((await listMyProposals(t.database.db, client)).length).toBeGreaterThanOrEqual(3);
  });

  it("closes the review window after 30 days", async () => {
    const p = await newProject();
    const prop = await submitProposal(deps, devs[1]!, p.id, body());
    await acceptProposal(deps, client, prop.id);
    await completeProject(t.database.db, client, p.id);
    await t.database.db
      .update(projects)
      .set({ completedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(projects.id, p.id));
    await expect(createReview(t.database.db, client, p.id, { rating: 5, comment: "Late, but still a good job." })).rejects.toThrow(
      "The 30 days for reviewing this project have passed",
    );
  });

  it("cancels a hire: the project is active again and the proposal cancelled", async () => {
    const p = await newProject();
    const prop = await submitProposal(deps, devs[2]!, p.id, body());
    await acceptProposal(deps, client, prop.id);
    await expect(cancelHire(t.database.db, otherClient, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    await cancelHire(t.database.db, client, p.id);
    expect(await getProject(t.database.db, p.id)).toMatchObject({ status: "active", hiredDeveloperId: null, proposalCount: 0 });
    expect((await getProposal(t.database.db, devs[2]!, prop.id)).status).toBe("cancelled");
    await expect(cancelHire(t.database.db, client, p.id)).rejects.toThrow("Only a project in progress can cancel its hire");
  });

  it("keeps proposalCount exact under 50 concurrent submissions", async () => {
    const p = await newProject("Popular project");
    const results = await Promise.allSettled(devs.slice(5, 55).map((d) => submitProposal(deps, d, p.id, body())));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(eq(proposals.projectId, p.id));
    expect(row!.n).toBe(50);
    expect(await proposalCount(p.id)).toBe(50);
  });

  it("hires exactly one developer when accepts race", async () => {
    const p = await newProject("Contested project");
    const props = [];
    for (const d of devs.slice(20, 26)) props.push(await submitProposal(deps, d, p.id, body()));
    const results = await Promise.allSettled(props.map((x) => acceptProposal(deps, client, x.id)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ConflictError);
    const winner = (won[0] as PromiseFulfilledResult<{ developer: { id: string } }>).value.developer.id;
    const [accepted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(sql`${proposals.projectId} = ${p.id} and ${proposals.status} = 'accepted'`);
    expect(accepted!.n).toBe(1);
    expect(await getProject(t.database.db, p.id)).toMatchObject({ status: "in_progress", hiredDeveloperId: winner, proposalCount: 1 });
  });

  it("developer stats always equal a recomputation from reviews and projects", async () => {
    const rows = await t.database.db.execute<{
      user_id: string;
      rating: string;
      review_count: number;
      completed_projects: number;
      r: string;
      n: number;
      c: number;
    }>(sql`
      select d.user_id, d.rating, d.review_count, d.completed_projects,
        coalesce((select round(avg(rating)::numeric, 2) from reviews r where r.developer_id = d.user_id), 0) as r,
        (select count(*)::int from reviews r where r.developer_id = d.user_id) as n,
        (select count(*)::int from projects p where p.hired_developer_id = d.user_id and p.status = 'completed') as c
      from developer_profiles d`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows) as unknown as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      expect(Number(r.rating), String(r.user_id)).toBe(Number(r.r));
      expect(Number(r.review_count)).toBe(Number(r.n));
      expect(Number(r.completed_projects)).toBe(Number(r.c));
    }
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(count!.n).toBeGreaterThan(0);
  });
  it("serves the proposal API with the same rules and error shape", async () => {
    const owner = await t.signUp({ email: "api-client@example.co.za", userType: "client", name: "Api Client" });
    const dev = await t.signUp({ email: "api-dev@example.co.za", userType: "developer", name: "Api Dev" });
    const other = await t.signUp({ email: "api-dev2@example.co.za", userType: "developer", name: "Other Dev" });
    const call = (method: string, path: string, cookie?: string, body?: unknown) =>
      t.app.request(path, {
        method,
        headers: { origin: "http://localhost:3999", ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    const project = await createProject(t.database.db, owner.user, projectInput({ title: "API hiring project" }));
    expect((await call("POST", `/api/v1/projects/${project.id}/proposals`, owner.cookie, body())).status).toBe(403);
    expect((await call("POST", `/api/v1/projects/${project.id}/proposals`, undefined, body())).status).toBe(401);
    expect((await call("POST", `/api/v1/projects/${project.id}/proposals`, dev.cookie, "{oops")).status).toBe(400);
    const created = await call("POST", `/api/v1/projects/${project.id}/proposals`, dev.cookie, body());
    expect(created.status).toBe(201);
    const { proposal } = (await created.json()) as { proposal: { id: string } };
    expect((await call("POST", `/api/v1/projects/${project.id}/proposals`, dev.cookie, body())).status).toBe(409);
    expect((await call("GET", `/api/v1/proposals/${proposal.id}`, other.cookie)).status).toBe(403);
    expect((await call("GET", `/api/v1/projects/${project.id}/proposals`, other.cookie)).status).toBe(403);
    const listed = (await (await call("GET", `/api/v1/projects/${project.id}/proposals?sortBy=price_low`, owner.cookie)).json()) as { proposals: unknown[] };
    expect(listed.proposals).toHaveLength(1);
    expect((await call("POST", `/api/v1/proposals/${proposal.id}/accept`, dev.cookie)).status).toBe(403);
    expect((await call("POST", `/api/v1/projects/${project.id}/complete`, owner.cookie)).status).toBe(409);
    expect((await call("POST", `/api/v1/proposals/${proposal.id}/accept`, owner.cookie)).status).toBe(200);
    const done = await call("POST", `/api/v1/projects/${project.id}/complete`, owner.cookie);
    expect(((await done.json()) as { project: { status: string } }).project.status).toBe("completed");
    const review = await call("POST", `/api/v1/projects/${project.id}/reviews`, owner.cookie, { rating: 5, comment: "Great communication and clean code." });
    expect(review.status).toBe(201);
    expect((await call("GET", `/api/v1/developers/${dev.user.id}/reviews`)).status).toBe(404); // no public profile yet
    await saveDeveloperProfile(t.database.db, dev.user, { title: "Flutter Developer" });
    const { reviews: listed2 } = (await (await call("GET", `/api/v1/developers/${dev.user.id}/reviews`)).json()) as {
      reviews: Array<{ rating: number; projectTitle: string }>;
    };
    expect(listed2).toEqual([expect.objectContaining({ rating: 5, projectTitle: "API hiring project" })]);
    const mine = (await (await call("GET", "/api/v1/proposals?status=accepted", dev.cookie)).json()) as { proposals: Array<{ id: string }> };
    expect(mine.proposals.map((p) => p.id)).toEqual([proposal.id]);
  });
});
