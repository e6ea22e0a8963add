import { asc, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AVAILABILITIES,
  BUDGET_RANGE_CODES,
  CATEGORIES,
  DEVELOPER_SKILL_FILTERS,
  LOCATIONS,
  PLATFORMS,
  PROJECT_SKILL_SUGGESTIONS,
  PROJECT_STATUSES,
  TIMELINES,
  TIMELINE_CODES,
  TOP_DEVELOPER_MIN_RATING,
  TOP_DEVELOPER_MIN_REVIEWS,
} from "../../shared/constants";
import { COUNTED_PROPOSAL_STATUSES, PROPOSAL_STATUSES } from "../../shared/lifecycle";
import { developerProfileSchema, messageSchema, proposalSchema } from "../../shared/schemas";
import { budgetBounds } from "../../shared/format";
import { verifyPassword } from "../../server/auth/password";
import { makeDeveloper } from "../../server/seed/profiles";
import { Random } from "../../server/seed/random";
import type { Database } from "../../server/db/client";
import {
  accounts,
  clientReviews,
  conversationParticipants,
  conversations,
  developerProfiles,
  messages,
  notifications,
  projects,
  proposals,
  reviews,
  users,
  emailOutbox,
} from "../../server/db/schema";
import { previewOf, unreadCounts } from "../../server/messages/service";
import { queueUnreadMessageEmails } from "../../server/messages/unread-email";
import { DEFAULT_SEED, DEMO_PASSWORD, seedDemoData, seedIfEmpty, type SeedOptions } from "../../server/seed/seed";
import { createTestDatabase, DB_KINDS } from "../support/db";

const SMALL: SeedOptions = { projects: 60, developers: 10, clients: 8, seed: 7 };
const DAY = 24 * 60 * 60 * 1000;

/** Profiles and reviews in a stable order. */
function listProfiles(database: Database) {
  return database.db.select().from(developerProfiles).orderBy(asc(developerProfiles.userId));
}
function listReviews(database: Database) {
  return database.db.select().from(reviews).orderBy(asc(reviews.id));
}
function listProposals(database: Database) {
  return database.db.select().from(proposals).orderBy(asc(proposals.id));
}
/** `items` grouped by `key`, in order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** The rows of a raw SQL query. */
async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Projects in a stable order that does not depend on the moment of seeding. */
function listProjects(database: Database) {
  return database.db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id));
}

describe.each(DB_KINDS)("demo data on %s", (kind) => {
  const opened: Database[] = [];
  const open = async () => {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database;
  };
  let main: Database;
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    main = await open();
    seeded = await seedDemoData(main.db, SMALL);
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  it("creates exactly the requested numbers of clients, developers and projects", async () => {
    const rows = await main.db.select({ userType: users.userType }).from(users);
    expect(rows.filter((u) => u.userType === "client")).toHaveLength(SMALL.clients);
    expect(rows.filter((u) => u.userType === "developer")).toHaveLength(SMALL.developers);
    expect(await main.db.select({ id: projects.id }).from(projects)).toHaveLength(SMALL.projects);
  });

  it("gives every user one credential account whose password is DEMO_PASSWORD", async () => {
    const all = await main.db.select({ id: users.id }).from(users);
    const creds = await main.db.select().from(accounts);
    expect(creds).toHaveLength(all.length);
    expect(new Set(creds.map((a) => a.userId))).toEqual(new Set(all.map((u) => u.id)));
    for (const a of creds) {
      expect(a.providerId).toBe("credential");
      expect(a.accountId).toBe(a.userId);
    }
    expect(new Set(creds.map((a) => a.password)).size).toBe(1);
    expect(await verifyPassword({ hash: creds[0]!.password!, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: creds[0]!.password!, password: "wrong-password" })).toBe(false);
  });

  it("includes the two demo accounts, and the demo client owns several projects", async () => {
    const [client] = await main.db.select().from(users).where(eq(users.email, "client@demo.buildza.co.za"));
    const [developer] = await main.db.select().from(users).where(eq(users.email, "developer@demo.buildza.co.za"));
    expect(client).toMatchObject({ name: "Thandi Nkosi", userType: "client", isActive: true, emailVerified: true });
    expect(developer).toMatchObject({ name: "Sipho Dlamini", userType: "developer", isActive: true, emailVerified: true });
    const owned = await main.db.select().from(projects).where(eq(projects.userId, client!.id));
    expect(owned.length).toBeGreaterThanOrEqual(3);
    expect(new Set(owned.map((p) => p.status))).toEqual(new Set(PROJECT_STATUSES));

    // An active project with several open proposals, one of them from the demo developer.
    const open = await main.db
      .select()
      .from(proposals)
      .where(
        sql`${proposals.status} in ('pending', 'shortlisted') and ${proposals.projectId} in (select id from projects where user_id = ${client!.id} and status = 'active')`,
      );
    const byProject = groupBy(open, (p) => p.projectId);
    const showcase = [...byProject.values()].find((list) => list.length >= 3 && list.some((p) => p.developerId === developer!.id));
    expect(showcase, "active demo project with several proposals incl. the demo developer's").toBeDefined();
    expect(new Set(showcase!.map((p) => p.status))).toEqual(new Set(["pending", "shortlisted"]));

    // A completed project hired to the demo developer, reviewed both ways.
    const hired = owned.filter((p) => p.status === "completed" && p.hiredDeveloperId === developer!.id);
    expect(hired.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(hired.map((p) => p.id));
    expect((await main.db.select().from(reviews).where(eq(reviews.developerId, developer!.id))).some((r) => ids.has(r.projectId!))).toBe(true);
    expect(
      (await main.db.select().from(clientReviews).where(eq(clientReviews.clientId, client!.id))).some(
        (r) => ids.has(r.projectId) && r.developerId === developer!.id,
      ),
    ).toBe(true);

    // Notices: proposals received by the demo client, hires of the demo developer, with links to the project.
    const received = await main.db.select().from(notifications).where(eq(notifications.userId, client!.id));
    expect(received.some((n) => n.type === "proposal_received")).toBe(true);
    const accepted = await main.db.select().from(notifications).where(eq(notifications.userId, developer!.id));
    expect(accepted.some((n) => n.type === "proposal_accepted")).toBe(true);
    const projectIds = new Set((await main.db.select({ id: projects.id }).from(projects)).map((p) => p.id));
    // (The new_message notices of the demo conversations have their own test.)
    for (const n of [...received, ...accepted].filter((x) => x.type !== "new_message")) {
      expect(n.message.length).toBeGreaterThan(10);
      expect(n.message).not.toMatch(/[{}]/);
      const link = /^\/projects\/([0-9a-f-]{36})(#proposals)?$/.exec(n.link);
      expect(link, n.link).not.toBeNull();
      expect(projectIds.has(link![1]!)).toBe(true);
      expect(n.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("gives users unique lowercase emails and sign-up dates within the last two years", async () => {
    const rows = await main.db.select().from(users);
    const emails = rows.map((u) => u.email);
    expect(new Set(emails).size).toBe(rows.length);
    for (const u of rows) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.email).toMatch(/^[a-z.\d]+@(example|demo\.buildza)\.co\.za$/);
      expect(u.name).toMatch(/^\S+( \S+)+$/);
      expect(u.isActive).toBe(true);
      expect(Date.now() - u.createdAt.getTime()).toBeLessThanOrEqual(731 * DAY);
      expect(u.updatedAt.getTime()).toBeGreaterThanOrEqual(u.createdAt.getTime());
    }
  });

  it("covers every category, platform, budget range, timeline, skill suggestion and city", async () => {
    const rows = await listProjects(main);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.platform))).toEqual(new Set(PLATFORMS));
    expect(new Set(rows.map((p) => p.budgetRange))).toEqual(new Set(BUDGET_RANGE_CODES));
    expect(new Set(rows.map((p) => p.timeline))).toEqual(new Set(TIMELINE_CODES));
    const skills = new Set(rows.flatMap((p) => p.skills));
    for (const skill of PROJECT_SKILL_SUGGESTIONS) expect(skills, skill).toContain(skill);
    const text = rows.map((p) => `${p.title} ${p.description} ${p.targetAudience}`).join(" ");
    for (const city of LOCATIONS) expect(text, city).toContain(city);
  });

  it("derives budgetMin and budgetMax from the budget range code", async () => {
    for (const p of await listProjects(main)) {
      const { min, max } = budgetBounds(p.budgetRange as (typeof BUDGET_RANGE_CODES)[number]);
      expect([p.budgetMin, p.budgetMax]).toEqual([min, max]);
    }
  });

  it("fills every project field within the product's rules", async () => {
    const owners = new Map((await main.db.select().from(users)).map((u) => [u.id, u]));
    const rows = await listProjects(main);
    for (const p of rows) {
      const owner = owners.get(p.userId)!;
      expect(owner.userType).toBe("client");
      expect(p.title.length).toBeGreaterThanOrEqual(5);
      expect(p.title.length).toBeLessThanOrEqual(120);
      expect(p.title).not.toMatch(/[{}]/);
      expect(p.description.length).toBeGreaterThanOrEqual(200);
      expect(p.description.length).toBeLessThanOrEqual(900);
      expect(p.description).not.toMatch(/[{}]/);
      expect(p.features.length).toBeGreaterThanOrEqual(3);
      expect(p.features.length).toBeLessThanOrEqual(7);
      expect(p.skills.length).toBeGreaterThanOrEqual(2);
      expect(p.skills.length).toBeLessThanOrEqual(7);
      expect(new Set(p.skills.map((s) => s.toLowerCase())).size).toBe(p.skills.length);
      expect(p.targetAudience).not.toBe("");
      expect(p.location).toBe("South Africa");
      expect(PROJECT_STATUSES).toContain(p.status);
      expect(p.proposalCount).toBeGreaterThanOrEqual(0);
      expect(p.proposalCount).toBeLessThanOrEqual(40);
      expect(Date.now() - p.createdAt.getTime()).toBeLessThanOrEqual(180 * DAY);
      expect(p.createdAt.getTime()).toBeGreaterThanOrEqual(owner.createdAt.getTime());
      expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
      if (p.deadline) expect(p.deadline.getTime()).toBeGreaterThan(p.createdAt.getTime());
    }
    const active = rows.filter((p) => p.status === "active").length;
    expect(active / rows.length).toBeGreaterThan(0.45);
    expect(rows.some((p) => p.deadline === null)).toBe(true);
    expect(rows.some((p) => p.deadline !== null)).toBe(true);
  });

  it("gives every developer user exactly one profile with the user's name and dates", async () => {
    const developers = await main.db.select().from(users).where(eq(users.userType, "developer"));
    const profiles = await listProfiles(main);
    expect(profiles).toHaveLength(developers.length);
    const byId = new Map(profiles.map((p) => [p.userId, p]));
    expect(byId.size).toBe(profiles.length);
    for (const u of developers) {
      const p = byId.get(u.id);
      expect(p, u.email).toBeDefined();
      expect(p!.name).toBe(u.name);
      expect(p!.isActive).toBe(true);
      expect(p!.createdAt.getTime()).toBe(u.createdAt.getTime());
      expect(p!.updatedAt.getTime()).toBeGreaterThan(p!.createdAt.getTime());
      expect(p!.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("writes exactly reviewCount reviews per developer, and rating is their rounded average", async () => {
    const profiles = await listProfiles(main);
    const rows = await listReviews(main);
    expect(rows).toHaveLength(seeded.reviews);
    const clients = new Map((await main.db.select().from(users).where(eq(users.userType, "client"))).map((u) => [u.id, u]));
    const byDeveloper = new Map<string, number[]>();
    for (const r of rows) {
      byDeveloper.set(r.developerId, [...(byDeveloper.get(r.developerId) ?? []), r.rating]);
      expect(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5).toBe(true);
      const client = clients.get(r.clientId!);
      expect(client, "review by a demo client").toBeDefined();
      expect(["", client!.name]).toContain(r.clientName);
      expect(r.projectTitle.length).toBeGreaterThanOrEqual(5);
      expect(r.comment.length).toBeGreaterThan(10);
      expect(r.comment).not.toMatch(/[{}]/);
      expect(Date.now() - r.createdAt.getTime()).toBeLessThanOrEqual(731 * DAY);
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(client!.createdAt.getTime());
    }
    for (const p of profiles) {
      const ratings = byDeveloper.get(p.userId) ?? [];
      expect(p.reviewCount, p.name).toBe(ratings.length);
      expect(p.reviewCount).toBeLessThanOrEqual(40);
      const sum = ratings.reduce((a, b) => a + b, 0);
      expect(Number(p.rating), p.name).toBe(ratings.length ? Math.round((sum * 100) / ratings.length) / 100 : 0);
    }
    // The same check in SQL: no profile disagrees with round(avg(rating), 2) of its reviews.
    const mismatches = await main.db.execute(
      sql`select p.user_id from developer_profiles p left join (select developer_id, count(*)::int as n, round(avg(rating), 2) as avg from reviews group by developer_id) r on r.developer_id = p.user_id where p.review_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.avg, 0)`,
    );
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("covers every developer skill filter, city and availability, with top and low-rated developers", async () => {
    const profiles = await listProfiles(main);
    const skills = new Set(profiles.flatMap((p) => p.skills));
    for (const skill of DEVELOPER_SKILL_FILTERS) expect(skills, skill).toContain(skill);
    expect(new Set(profiles.map((p) => p.city).filter(Boolean))).toEqual(new Set(LOCATIONS));
    expect(new Set(profiles.map((p) => p.availability))).toEqual(new Set(AVAILABILITIES));
    const top = profiles.filter((p) => Number(p.rating) >= TOP_DEVELOPER_MIN_RATING && p.reviewCount >= TOP_DEVELOPER_MIN_REVIEWS);
    expect(top.length).toBeGreaterThanOrEqual(1);
    expect(profiles.some((p) => p.reviewCount > 0 && Number(p.rating) < 3.5)).toBe(true);
  });

  it("gives the demo developer a complete top-developer profile in Johannesburg", async () => {
    const [developer] = await main.db.select().from(users).where(eq(users.email, "developer@demo.buildza.co.za"));
    const [p] = await main.db.select().from(developerProfiles).where(eq(developerProfiles.userId, developer!.id));
    expect(p).toMatchObject({ name: "Sipho Dlamini", city: "Johannesburg", availability: "available" });
    expect(p!.skills).toEqual(expect.arrayContaining(["React Native", "Flutter"]));
    expect(p!.title).not.toBe("");
    expect(p!.bio.length).toBeGreaterThan(100);
    expect(p!.hourlyRate).not.toBeNull();
    expect(p!.portfolio.length).toBeGreaterThan(0);
    expect(p!.experience.length).toBeGreaterThan(0);
    expect(p!.certifications.length).toBeGreaterThan(0);
    expect(Object.values(p!.links).every((l) => l.startsWith("https://"))).toBe(true);
    expect(p!.reviewCount).toBeGreaterThanOrEqual(5);
    expect(Number(p!.rating)).toBeGreaterThanOrEqual(4.5);
  });

  it("fills every profile within the profile form's rules", async () => {
    const all = new Set<string>([...DEVELOPER_SKILL_FILTERS, ...PROJECT_SKILL_SUGGESTIONS]);
    for (const p of await listProfiles(main)) {
      const editable = {
        title: p.title,
        bio: p.bio,
        city: p.city,
        hourlyRate: p.hourlyRate,
        responseTime: p.responseTime,
        availability: p.availability,
        skills: p.skills,
        links: p.links,
        portfolio: p.portfolio,
        experience: p.experience,
        certifications: p.certifications,
      };
      const result = developerProfileSchema.safeParse(editable);
      expect(result.success, `${p.name}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      for (const s of p.skills) expect(all, s).toContain(s);
      expect(p.skills.length).toBeLessThanOrEqual(10);
      if (p.bio) {
        expect(p.skills.length).toBeGreaterThanOrEqual(3);
        expect(p.bio).not.toMatch(/[{}]/);
      }
      expect(p.portfolio.length).toBeLessThanOrEqual(4);
      expect(p.experience.length).toBeLessThanOrEqual(4);
      expect(p.certifications.length).toBeLessThanOrEqual(3);
      for (const item of [...p.portfolio, ...p.experience, ...p.certifications])
        expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      if (p.hourlyRate !== null) expect(p.hourlyRate % 50).toBe(0);
      expect(p.completedProjects).toBeGreaterThanOrEqual(0);
      expect(p.completedProjects).toBeLessThanOrEqual(60);
      expect(p.successRate).toBeGreaterThanOrEqual(80);
      expect(p.successRate).toBeLessThanOrEqual(100);
    }
  });

  it("sets every project's proposalCount to its pending, shortlisted and accepted proposals", async () => {
    const rows = await listProjects(main);
    const all = await listProposals(main);
    const counted = new Map<string, number>();
    for (const p of all) if ((COUNTED_PROPOSAL_STATUSES as readonly string[]).includes(p.status)) counted.set(p.projectId, (counted.get(p.projectId) ?? 0) + 1);
    for (const p of rows) expect(p.proposalCount, p.title).toBe(counted.get(p.id) ?? 0);
    expect(rows.some((p) => p.proposalCount >= 3)).toBe(true);
  });

  it("hires exactly one developer, by one accepted proposal, on every in-progress and completed project", async () => {
    const developers = new Map((await main.db.select().from(users).where(eq(users.userType, "developer"))).map((u) => [u.id, u]));
    const byProject = groupBy(await listProposals(main), (p) => p.projectId);
    const now = Date.now();
    for (const p of await listProjects(main)) {
      const list = byProject.get(p.id) ?? [];
      const accepted = list.filter((x) => x.status === "accepted");
      if (p.status === "in_progress" || p.status === "completed") {
        expect(p.hiredDeveloperId, p.title).not.toBeNull();
        expect(developers.has(p.hiredDeveloperId!)).toBe(true);
        expect(accepted, p.title).toHaveLength(1);
        const a = accepted[0]!;
        expect(a.developerId).toBe(p.hiredDeveloperId);
        expect(a.acceptedAt!.getTime()).toBeGreaterThan(p.createdAt.getTime());
        expect(a.acceptedAt!.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime());
        // Nothing is left open once a developer is hired.
        expect(list.filter((x) => x.status === "pending" || x.status === "shortlisted")).toEqual([]);
        if (p.status === "completed") {
          expect(p.completedAt!.getTime()).toBeGreaterThan(a.acceptedAt!.getTime());
          expect(p.completedAt!.getTime()).toBeLessThan(now);
        } else {
          expect(p.completedAt).toBeNull();
        }
      } else {
        expect(p.hiredDeveloperId).toBeNull();
        expect(p.completedAt).toBeNull();
        expect(accepted).toEqual([]);
        expect(list.filter((x) => x.status === "cancelled")).toEqual([]);
      }
      if (p.status === "closed") expect(list.every((x) => x.status === "declined" || x.status === "withdrawn")).toBe(true);
      for (const x of list.filter((x) => x.status === "cancelled")) {
        expect(p.status).toBe("in_progress");
        expect(x.developerId).not.toBe(p.hiredDeveloperId);
        expect(x.acceptedAt!.getTime()).toBeLessThan(accepted[0]!.acceptedAt!.getTime());
      }
    }
  });

  it("writes proposals within the proposal form's rules, from developers, once per developer and project", async () => {
    const usersById = new Map((await main.db.select().from(users)).map((u) => [u.id, u]));
    const projectsById = new Map((await listProjects(main)).map((p) => [p.id, p]));
    const seen = new Set<string>();
    const timelineCodes = new Set(TIMELINES.map((t) => t.code as string));
    const all = await listProposals(main);
    for (const x of all) {
      const project = projectsById.get(x.projectId)!;
      const developer = usersById.get(x.developerId)!;
      expect(developer.userType).toBe("developer");
      expect(x.developerId).not.toBe(project.userId);
      const key = `${x.projectId}/${x.developerId}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const duration = x.durationCode ?? String(x.durationDays);
      expect((x.durationCode === null) !== (x.durationDays === null)).toBe(true);
      if (x.durationCode !== null) expect(timelineCodes.has(x.durationCode)).toBe(true);
      const parsed = proposalSchema.safeParse({ coverLetter: x.coverLetter, price: x.price, duration, milestones: x.milestones });
      expect(parsed.success, `${x.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(x.coverLetter).not.toMatch(/[{}]/);
      expect(x.price).toBeGreaterThanOrEqual(500);
      expect(x.price).toBeGreaterThanOrEqual(Math.floor(project.budgetMin * 0.8));
      expect(x.price).toBeLessThanOrEqual((project.budgetMax ?? project.budgetMin * 2.5) * 1.2);
      expect(x.createdAt.getTime()).toBeGreaterThanOrEqual(project.createdAt.getTime());
      expect(x.createdAt.getTime()).toBeGreaterThan(developer.createdAt.getTime());
      expect(x.updatedAt.getTime()).toBeGreaterThanOrEqual(x.createdAt.getTime());
      expect(x.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(x.acceptedAt !== null).toBe(x.status === "accepted" || x.status === "cancelled");
      if (x.status !== "declined") expect(x.declineReason).toBe("");
    }
    expect(all.some((x) => x.milestones.length > 0)).toBe(true);
    expect(all.some((x) => x.durationDays !== null)).toBe(true);
    expect(all.some((x) => x.durationCode !== null)).toBe(true);
  });

  it("has projects in every status and proposals in every state", async () => {
    expect(new Set((await listProjects(main)).map((p) => p.status))).toEqual(new Set(PROJECT_STATUSES));
    expect(new Set((await listProposals(main)).map((p) => p.status))).toEqual(new Set(PROPOSAL_STATUSES));
  });

  it("reviews only completed projects, by their owner of the developer they hired, once, after completion", async () => {
    const projectsById = new Map((await listProjects(main)).map((p) => [p.id, p]));
    const usersById = new Map((await main.db.select().from(users)).map((u) => [u.id, u]));
    const rows = await listReviews(main);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.projectId)).size).toBe(rows.length);
    for (const r of rows) {
      const project = projectsById.get(r.projectId!);
      expect(project, r.id).toBeDefined();
      expect(project!.status).toBe("completed");
      expect(project!.hiredDeveloperId).toBe(r.developerId);
      expect(r.projectTitle).toBe(project!.title);
      expect(r.clientId).toBe(project!.userId);
      expect(r.clientName).toBe(usersById.get(project!.userId)!.name);
      expect(r.createdAt.getTime()).toBeGreaterThan(project!.completedAt!.getTime());
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const clientRows = await main.db.select().from(clientReviews);
    expect(clientRows.length).toBeGreaterThan(0);
    for (const r of clientRows) {
      const project = projectsById.get(r.projectId)!;
      expect(project.status).toBe("completed");
      expect(r.clientId).toBe(project.userId);
      expect(r.developerId).toBe(project.hiredDeveloperId);
      expect(r.rating >= 1 && r.rating <= 5).toBe(true);
      expect(r.comment).not.toMatch(/[{}]/);
      expect(r.createdAt.getTime()).toBeGreaterThan(project.completedAt!.getTime());
    }
  });

  it("derives every developer's rating, reviewCount and completedProjects from reviews and projects", async () => {
    // The same expressions as refreshDeveloperStats (server/proposals/service.ts).
    const mismatches = await rowsOf<{ user_id: string }>(
      main,
      sql`select p.user_id, p.rating, p.review_count, p.completed_projects from developer_profiles p
          where p.rating <> coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.developer_id = p.user_id), 0)
             or p.review_count <> (select count(*)::int from reviews r where r.developer_id = p.user_id)
             or p.completed_projects <> (select count(*)::int from projects j where j.hired_developer_id = p.user_id and j.status = 'completed')`,
    );
    expect(mismatches).toEqual([]);
    const profiles = await listProfiles(main);
    for (const p of profiles) expect(p.reviewCount, p.name).toBeLessThanOrEqual(p.completedProjects);
    expect(profiles.some((p) => p.completedProjects > 0)).toBe(true);
  });

  it("writes conversations as sending and reading messages would leave them", async () => {
    const convs = await main.db.select().from(conversations);
    const msgs = await main.db.select().from(messages).orderBy(asc(messages.conversationId), asc(messages.seq));
    const parts = await main.db.select().from(conversationParticipants);
    const projectsById = new Map((await listProjects(main)).map((p) => [p.id, p]));
    const usersById = new Map((await main.db.select().from(users)).map((u) => [u.id, u]));
    const proposalKeys = new Set(
      (await listProposals(main)).filter((p) => p.status !== "withdrawn" && p.status !== "declined").map((p) => `${p.projectId}/${p.developerId}`),
    );
    const byConversation = groupBy(msgs, (m) => m.conversationId);
    const partsOf = groupBy(parts, (p) => p.conversationId);
    expect(convs.length).toBeGreaterThanOrEqual(10);
    expect(convs.length).toBeLessThanOrEqual(150);
    expect(convs.some((c) => c.projectId === null)).toBe(true);
    expect(convs.some((c) => c.projectId !== null)).toBe(true);
    const pairs = new Set<string>();
    for (const c of convs) {
      // One conversation per pair and project, and one per pair without a project; the pair in byte order.
      expect(c.userAId < c.userBId, c.id).toBe(true);
      const key = `${c.userAId}/${c.userBId}/${c.projectId ?? ""}`;
      expect(pairs.has(key), key).toBe(false);
      pairs.add(key);
      // A client and a developer; about a project: its owner and a developer who proposed on it.
      expect(new Set([usersById.get(c.userAId)!.userType, usersById.get(c.userBId)!.userType])).toEqual(new Set(["client", "developer"]));
      if (c.projectId) {
        const project = projectsById.get(c.projectId)!;
        expect(c.projectTitle).toBe(project.title);
        expect([c.userAId, c.userBId]).toContain(project.userId);
        const developerId = c.userAId === project.userId ? c.userBId : c.userAId;
        expect(proposalKeys.has(`${c.projectId}/${developerId}`)).toBe(true);
      } else {
        expect(c.projectTitle).toBeNull();
      }
      // Messages numbered 1..n in time order, from the two participants, within the message rules.
      const list = byConversation.get(c.id) ?? [];
      expect(list.map((m) => m.seq)).toEqual(list.map((_, i) => i + 1));
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(c.lastSeq).toBe(list.length);
      const last = list.at(-1)!;
      expect(c.lastMessageAt.getTime()).toBe(last.createdAt.getTime());
      expect(c.lastMessagePreview).toBe(previewOf(last.body));
      expect(c.lastSenderId).toBe(last.senderId);
      expect(c.createdAt.getTime()).toBe(list[0]!.createdAt.getTime());
      expect(last.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      list.forEach((m, i) => {
        expect([c.userAId, c.userBId]).toContain(m.senderId);
        expect(messageSchema.safeParse({ body: m.body }).data?.body).toBe(m.body);
        expect(m.body).not.toMatch(/[{}]/);
        if (i) expect(m.createdAt.getTime()).toBeGreaterThan(list[i - 1]!.createdAt.getTime());
        if (c.projectId) expect(m.createdAt.getTime()).toBeGreaterThan(projectsById.get(c.projectId)!.createdAt.getTime());
      });
      // One participant row per side; unread_count = the other's messages after last_read_seq.
      const sides = partsOf.get(c.id) ?? [];
      expect(sides.map((p) => [p.userId, p.otherUserId]).sort()).toEqual(
        [
          [c.userAId, c.userBId],
          [c.userBId, c.userAId],
        ].sort(),
      );
      for (const p of sides) {
        expect(p.lastMessageAt.getTime()).toBe(c.lastMessageAt.getTime());
        expect(p.lastReadSeq).toBeGreaterThanOrEqual(0);
        expect(p.lastReadSeq).toBeLessThanOrEqual(c.lastSeq);
        expect(p.unreadCount).toBe(list.filter((m) => m.seq > p.lastReadSeq && m.senderId !== p.userId).length);
        // Sending marks read: nobody has unread messages older than one of their own.
        const ownLast = list.filter((m) => m.senderId === p.userId).at(-1)?.seq ?? 0;
        expect(p.lastReadSeq).toBeGreaterThanOrEqual(ownLast);
      }
    }
    // Every participant row belongs to a seeded conversation.
    expect(parts).toHaveLength(convs.length * 2);
  });

  it("gives each side with unread messages one unread new-message notice, and the demo accounts unread conversations", async () => {
    const parts = await main.db.select().from(conversationParticipants);
    const notices = await main.db.select().from(notifications).where(eq(notifications.type, "new_message"));
    const unreadNotices = groupBy(
      notices.filter((n) => n.readAt === null),
      (n) => `${n.userId} ${n.link}`,
    );
    const convs = new Map((await main.db.select().from(conversations)).map((c) => [c.id, c]));
    for (const p of parts) {
      const list = unreadNotices.get(`${p.userId} /messages/${p.conversationId}`) ?? [];
      expect(list.length, `${p.userId} in ${p.conversationId}`).toBe(p.unreadCount > 0 ? 1 : 0);
      if (p.unreadCount > 0) {
        const c = convs.get(p.conversationId)!;
        expect(list[0]!.message).toContain(`: ${c.lastMessagePreview}`);
        expect(list[0]!.createdAt.getTime()).toBe(c.lastMessageAt.getTime());
      }
    }
    for (const n of notices) {
      expect(n.link).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
      expect(convs.has(n.link.slice("/messages/".length))).toBe(true);
      if (n.readAt) expect(n.readAt.getTime()).toBeGreaterThanOrEqual(n.createdAt.getTime());
    }
    expect(parts.some((p) => p.unreadCount > 0)).toBe(true);
    expect(parts.some((p) => p.unreadCount === 0)).toBe(true);

    for (const email of ["client@demo.buildza.co.za", "developer@demo.buildza.co.za"]) {
      const [user] = await main.db.select().from(users).where(eq(users.email, email));
      const mine = parts.filter((p) => p.userId === user!.id);
      expect(mine.filter((p) => p.unreadCount > 0).length, email).toBeGreaterThanOrEqual(2);
      expect(
        mine.some((p) => p.unreadCount === 0),
        email,
      ).toBe(true);
      const counts = await unreadCounts(main.db, user!.id);
      expect(counts.messages).toBe(mine.reduce((n, p) => n + p.unreadCount, 0));
      expect(counts.notifications).toBeGreaterThan(0);
    }
  });

  it("sends no unread-message emails for the demo conversations", async () => {
    const deps = { db: main.db, appUrl: "http://localhost:3999", secret: "test-secret-test-secret-test-secret-0123" };
    expect(await queueUnreadMessageEmails(deps, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(0);
    expect((await main.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n).toBe(0);
  });

  it("gives the same data for the same seed and different data for another seed", async () => {
    const again = await open();
    await seedDemoData(again.db, SMALL);
    const other = await open();
    await seedDemoData(other.db, { ...SMALL, seed: SMALL.seed + 1 });

    const shape = async (database: Database) => {
      const rows = await listProjects(database);
      const people = await database.db.select({ id: users.id, name: users.name, email: users.email }).from(users).orderBy(asc(users.email));
      const profiles = (await listProfiles(database)).map(({ createdAt, updatedAt, searchVector, ...p }) => p);
      const reviewRows = (await listReviews(database)).map(({ createdAt, ...r }) => r);
      const proposalRows = (await listProposals(database)).map(({ createdAt, updatedAt, acceptedAt, ...p }) => p);
      const conversationRows = (await database.db.select().from(conversations).orderBy(asc(conversations.id))).map(({ createdAt, lastMessageAt, ...c }) => c);
      const messageRows = (await database.db.select().from(messages).orderBy(asc(messages.id))).map(({ createdAt, ...m }) => m);
      return {
        conversations: conversationRows,
        messages: messageRows,
        proposals: proposalRows,
        projects: rows.map((p) => [p.id, p.title, p.description, p.userId, p.skills, p.features]),
        users: people,
        profiles,
        reviews: reviewRows,
      };
    };
    const first = await shape(main);
    expect(await shape(again)).toEqual(first);

    const different = await shape(other);
    expect(different.projects.map((p) => p[1])).not.toEqual(first.projects.map((p) => p[1]));
    const firstIds = new Set(first.projects.map((p) => p[0]));
    expect(different.projects.some((p) => firstIds.has(p[0] as string))).toBe(false);
    expect(different.profiles.map((p) => p.bio)).not.toEqual(first.profiles.map((p) => p.bio));
  });

  it("seedIfEmpty seeds the default data set once and then leaves the database alone", async () => {
    const fresh = await open();
    const result = await seedIfEmpty(fresh.db);
    expect(result).toEqual({
      projects: DEFAULT_SEED.projects,
      clients: DEFAULT_SEED.clients,
      developers: DEFAULT_SEED.developers,
      reviews: expect.any(Number),
      proposals: expect.any(Number),
      conversations: expect.any(Number),
      messages: expect.any(Number),
      password: DEMO_PASSWORD,
    });
    // About a fifth of the developers qualify as top developers.
    const profiles = await fresh.db.select().from(developerProfiles);
    const top = profiles.filter((p) => Number(p.rating) >= TOP_DEVELOPER_MIN_RATING && p.reviewCount >= TOP_DEVELOPER_MIN_REVIEWS);
    expect(top.length / profiles.length).toBeGreaterThanOrEqual(0.18);
    expect(await fresh.db.select({ id: proposals.id }).from(proposals)).toHaveLength(result!.proposals);
    expect(await fresh.db.select({ id: reviews.id }).from(reviews)).toHaveLength(result!.reviews);
    expect(await fresh.db.select({ id: developerProfiles.userId }).from(developerProfiles)).toHaveLength(DEFAULT_SEED.developers);
    expect(await fresh.db.select({ id: projects.id }).from(projects)).toHaveLength(DEFAULT_SEED.projects);
    expect(await fresh.db.select({ id: conversations.id }).from(conversations)).toHaveLength(result!.conversations);
    expect(result!.conversations).toBeGreaterThanOrEqual(60);
    expect(result!.conversations).toBeLessThanOrEqual(150);
    expect(await fresh.db.select({ id: messages.id }).from(messages)).toHaveLength(result!.messages);
    expect(await seedIfEmpty(fresh.db)).toBeNull();
    expect(await seedIfEmpty(main.db)).toBeNull();
    expect(await fresh.db.select({ id: projects.id }).from(projects)).toHaveLength(DEFAULT_SEED.projects);
  }, 60_000);

  it("rejects counts that are not positive integers without writing anything", async () => {
    const fresh = await open();
    await expect(seedDemoData(fresh.db, { ...SMALL, projects: 0 })).rejects.toThrow(RangeError);
    await expect(seedDemoData(fresh.db, { ...SMALL, clients: 2.5 })).rejects.toThrow(RangeError);
    expect(await fresh.db.select({ id: users.id }).from(users)).toHaveLength(0);
  });
  it('writes a developer of one year\'s experience as "1 year", never "1 years"', () => {
    const rng = new Random(11, "bios");
    const now = Date.now();
    const bios = Array.from(
      { length: 400 },
      (_, i) => makeDeveloper(rng, i + 1, { id: `d${i}`, name: "Lindiwe Dube", createdAt: new Date(now - 400 * 86_400_000) }, now).profile.bio ?? "",
    );
    expect(bios.some((bio) => /\b1 year\b/.test(bio))).toBe(true);
    for (const bio of bios) expect(bio).not.toMatch(/\b1 years\b/);
  });
});
