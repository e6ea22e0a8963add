import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../../server/errors";
import { encodeCursor } from "../../server/lib/cursor";
import { toPrefixTsquery } from "../../server/lib/tsquery";
import { closeProject, deleteProject } from "../../server/projects/lifecycle";
import { makeProposal } from "../support/factories";
import {
  clientProjectStats,
  createProject,
  getProject,
  getProjectClient,
  listProjects,
  PROJECT_CHANGED_ELSEWHERE,
  projectFormValues,
  listSimilarProjects,
  listUserProjects,
  reportProject,
  updateProject,
  type Project,
} from "../../server/projects/service";
import { projects } from "../../server/db/schema";
import { DB_KINDS } from "../support/db";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { apiClient, json } from "../support/api";
import * as editRoute from "../../app/routes/project.edit";
import { projectInput, MALFORMED_VERSIONS } from "../support/fixtures";
import { eq, sql } from "drizzle-orm";
import { MAX_YEARS_AHEAD } from "../../shared/constants";
import { PROJECT_VERSION_MESSAGE } from "../../shared/schemas";

describe.each(DB_KINDS)("projects domain on %s", (kind) => {
  let t: TestApp;
  let owner: SessionUser;
  let other: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = (await t.signUp({ email: "owner@example.co.za", name: "Thandi Nkosi" })).user;
    other = (await t.signUp({ email: "other@example.co.za", name: "Pieter van Wyk", userType: "developer" })).user;
  });
  afterAll(() => t?.close());

  const countRows = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(projects))[0]!.n;

  it("creates a project with spec defaults and derived budget bounds", async () => {
    const p = await createProject(t.database.db, owner, projectInput({ budgetRange: "R75000+", features: ["  Login ", "", "Payments"] }));
    expect(p).toMatchObject({
      status: "active",
      location: "South Africa",
      proposalCount: 0,
      userId: owner.id,
      budgetMin: 75000,
      budgetMax: null,
      features: ["Login", "Payments"],
    });
    expect(await getProject(t.database.db, p.id)).toEqual(p);
  });

  it("stores the largest skill list the rules allow and finds it by skill (its index entry fits)", async () => {
    // 20 skills of 40 characters that take 3 bytes each in UTF-8: the most a project can carry,
    // and what projects_active_newest_idx, keyed on skills too, must hold (btree's limit is 2,704 bytes).
    const skills = Array.from({ length: 20 }, (_, i) => "語".repeat(39) + String.fromCharCode(0x4e00 + i));
    const p = await createProject(t.database.db, owner, projectInput({ skills }));
    expect(p.skills).toEqual(skills);
    const found = await listProjects(t.database.db, { skills: skills[7]! });
    expect(found.projects.map((x) => x.id)).toEqual([p.id]);
    await deleteProject(t.domain, owner, p.id);
  });

  it("ranks Similar Projects by how many skills they share, then by category, then newest", async () => {
    const make = (title: string, skills: string[], category: string) =>
      createProject(t.database.db, owner, projectInput({ title, skills, category: category as never }));
    const target = await make("Township tutoring marketplace", ["Svelte", "Rust", "Elixir"], "Education");
    const twoShared = await make("Rust and Elixir booking back end", ["Rust", "Elixir", "Go"], "Travel");
    const oneSharedSameCategory = await make("Svelte homework tracker", ["Svelte"], "Education");
    const noneSameCategory = await make("Matric past papers library", ["Kotlin"], "Education");
    const noneOtherCategory = await make("Taxi rank queue app", ["Kotlin"], "Travel");
    try {
      const similar = await listSimilarProjects(t.database.db, target);
      expect(similar.map((p) => p.title).slice(0, 3)).toEqual([twoShared.title, oneSharedSameCategory.title, noneSameCategory.title]);
      expect(similar.map((p) => p.id)).not.toContain(target.id);
      expect(similar.map((p) => p.id)).not.toContain(noneOtherCategory.id);
    } finally {
      for (const p of [target, twoShared, oneSharedSameCategory, noneSameCategory, noneOtherCategory]) await deleteProject(t.domain, owner, p.id);
    }
  });

  it("refuses bad input with the spec's messages and writes nothing", async () => {
    const before = await countRows();
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        {},
        {
          title: "Project title is required",
          description: "Project description is required",
          platform: "Please select a platform",
          budgetRange: "Please select a budget range",
          timeline: "Please select a timeline",
        },
      ],
      [projectInput({ title: "App" }), { title: "Title must be at least 5 characters" }],
      [projectInput({ description: "Too short" }), { description: "Description must be at least 50 characters" }],
      [projectInput({ budgetRange: "R10000-R50000" as never }), { budgetRange: "Please select a budget range" }],
      [projectInput({ timeline: "soon" as never }), { timeline: "Please select a timeline" }],
      [projectInput({ platform: "desktop" as never }), { platform: "Please select a platform" }],
      [projectInput({ skills: ["React", "react"] }), { skills: "A skill cannot be added twice" }],
      [projectInput({ title: "x".repeat(10_000) }), { title: "Title must be at most 120 characters" }],
      [projectInput({ title: 42 as never }), { title: "Project title is required" }],
      [projectInput({ category: "Gaming" as never }), { category: "Please select a category" }],
      [null, { _form: expect.any(String) as unknown as string }],
    ];
    for (const [input, fields] of cases) {
      const err = await createProject(t.database.db, owner, input).catch((e: unknown) => e);
      expect(err, JSON.stringify(input)?.slice(0, 80)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toMatchObject(fields);
    }
    expect(await countRows()).toBe(before);
  });

  it("requires a session to create", async () => {
    await expect(createProject(t.database.db, null, projectInput())).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("lets only the owner update or delete", async () => {
    const p = await createProject(t.database.db, owner, projectInput({ title: "Owner only project" }));
    await expect(updateProject(t.database.db, other, p.id, { title: "Hijacked title" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteProject(t.domain, other, p.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getProject(t.database.db, p.id)).title).toBe("Owner only project");

    const updated = await updateProject(t.database.db, owner, p.id, { title: "Renamed project", budgetRange: "R5000-R15000" });
    expect(updated).toMatchObject({ title: "Renamed project", budgetMin: 5000, budgetMax: 15000, description: p.description });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt).getTime());
    await expect(updateProject(t.database.db, owner, p.id, { title: "No" })).rejects.toBeInstanceOf(ValidationError);
    expect((await getProject(t.database.db, p.id)).title).toBe("Renamed project");

    await deleteProject(t.domain, owner, p.id);
    await expect(getProject(t.database.db, p.id)).rejects.toThrow("Project not found");
  });

  it("edits a project whose deadline has passed without asking for a new one; a new deadline still cannot be in the past", async () => {
    const p = await createProject(t.database.db, owner, projectInput({ title: "Deadline went by" }));
    // Set a week ago, as if posted with a deadline that has since passed.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date(Date.now() - 7 * 86_400_000));
    await t.database.db
      .update(projects)
      .set({ deadline: new Date(`${day}T00:00:00+02:00`) })
      .where(eq(projects.id, p.id));
    const saved = (await getProject(t.database.db, p.id)).deadline;
    const updated = await updateProject(t.database.db, owner, p.id, { title: "Deadline went by, renamed" });
    expect(updated).toMatchObject({ title: "Deadline went by, renamed", deadline: saved });
    // The edit form sends the saved deadline back as it showed it: still kept.
    expect((await updateProject(t.database.db, owner, p.id, { description: `${p.description} More detail.`, deadline: day })).deadline).toBe(saved);
    const yesterday = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date(Date.now() - 86_400_000));
    await expect(updateProject(t.database.db, owner, p.id, { deadline: yesterday })).rejects.toMatchObject({
      fields: { deadline: "Deadline cannot be in the past" },
    });
    await expect(createProject(t.database.db, owner, projectInput({ deadline: day }))).rejects.toMatchObject({
      fields: { deadline: "Deadline cannot be in the past" },
    });
    // A year typed wrong ("2062" for "2026"): refused on create and on a new deadline in an edit.
    await expect(createProject(t.database.db, owner, projectInput({ deadline: "2062-03-01" }))).rejects.toMatchObject({
      fields: { deadline: `Deadline must be within ${MAX_YEARS_AHEAD} years` },
    });
    await expect(updateProject(t.database.db, owner, p.id, { deadline: "9999-12-31" })).rejects.toMatchObject({
      fields: { deadline: `Deadline must be within ${MAX_YEARS_AHEAD} years` },
    });
  });

  it("refuses an edit from a form opened before the project changed in another tab, instead of putting the old values back", async () => {
    const p = await createProject(t.database.db, owner, projectInput({ title: "Two tabs project" }));
    // Tab A and tab B open the edit form (version = updatedAt then); A saves a new title first.
    const opened = p.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    const a = await updateProject(t.database.db, owner, p.id, { ...projectFormValues(p), title: "Title from tab A", version: opened });
    expect(a.title).toBe("Title from tab A");
    // B still shows the old title and sends its whole form: refused, A's title stays.
    await expect(
      updateProject(t.database.db, owner, p.id, { ...projectFormValues(p), description: `${p.description} From tab B.`, version: opened }),
    ).rejects.toMatchObject({ status: 409, message: PROJECT_CHANGED_ELSEWHERE });
    expect((await getProject(t.database.db, p.id)).title).toBe("Title from tab A");
    // A form opened after A's save goes through; so does an API edit without a version.
    expect((await updateProject(t.database.db, owner, p.id, { description: `${p.description} From tab B.`, version: a.updatedAt })).title).toBe(
      "Title from tab A",
    );
    expect((await updateProject(t.database.db, owner, p.id, { title: "Renamed by a script" })).title).toBe("Renamed by a script");
    // Two tabs saving at the same moment with the same version: one is saved, the other refused.
    const now = await getProject(t.database.db, p.id);
    const saves = await Promise.allSettled(
      ["Tab C", "Tab D"].map((title) => updateProject(t.database.db, owner, p.id, { ...projectFormValues(now), title, version: now.updatedAt })),
    );
    expect(saves.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(saves.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([PROJECT_CHANGED_ELSEWHERE]);
  });

  it("answers a project edit with a malformed version with 400 on `version`, on the edit page and through the API, writing nothing; null is not checked", async () => {
    // Not versions the server hands out ("new" is the profile's, not a project's): bad input, never a stale version.
    const malformed: unknown[] = ["new", ...MALFORMED_VERSIONS];
    const refused = { status: 400, message: PROJECT_VERSION_MESSAGE, fields: { version: PROJECT_VERSION_MESSAGE } };
    const call = apiClient(t.app);
    const me = await t.signUp({ email: `malformed-version-${kind}@example.co.za`, name: "Odd Version" });
    const p = await createProject(t.database.db, me.user, projectInput({ title: "Odd version project" }));
    const stored = async () => (await t.database.db.select().from(projects).where(eq(projects.id, p.id)))[0]!;
    const before = await stored();

    for (const version of malformed) {
      await expect(updateProject(t.database.db, me.user, p.id, { title: "Renamed oddly", version }), JSON.stringify(version)).rejects.toMatchObject(refused);
    }
    // A well-formed time that is not the project's is still a change made elsewhere (409).
    await expect(updateProject(t.database.db, me.user, p.id, { title: "Renamed oddly", version: new Date(0).toISOString() })).rejects.toMatchObject({
      status: 409,
      message: PROJECT_CHANGED_ELSEWHERE,
    });

    // The edit page: its hidden version sent empty (without the scripts) or a malformed one (JSON) is refused the same way.
    const context = { deps: t.deps, user: me.user };
    const action = (init: RequestInit) =>
      editRoute.action({ request: new Request(`${APP_URL}/projects/${p.id}/edit`, { method: "POST", ...init }), context, params: { id: p.id } } as never);
    type Refusal = { init: { status: number }; data: { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, unknown> } };
    const empty = (await action({
      body: new URLSearchParams([
        ["step", "2"],
        ["version", ""],
        ["title", "Renamed without scripts"],
      ]),
    })) as unknown as Refusal;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({
      ok: false,
      message: PROJECT_VERSION_MESSAGE,
      fields: { version: PROJECT_VERSION_MESSAGE },
      values: { title: "Renamed without scripts", version: "" },
    });
    for (const version of malformed) {
      const answer = (await action({
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "Renamed oddly", version }),
      })) as unknown as Refusal;
      expect(answer.init.status, JSON.stringify(version)).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fields: { version: PROJECT_VERSION_MESSAGE } });
    }

    // The API: the same 400 in its usual shape.
    for (const version of malformed) {
      const res = await call("PATCH", `/api/v1/projects/${p.id}`, { cookie: me.cookie, body: { title: "Renamed oddly", version } });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(await json(res)).toMatchObject({
        error: { code: "validation_failed", message: PROJECT_VERSION_MESSAGE, fields: { version: PROJECT_VERSION_MESSAGE } },
      });
    }
    expect(await stored()).toEqual(before);

    // Null, like no version, is not checked; the version the server gave is.
    expect((await call("PATCH", `/api/v1/projects/${p.id}`, { cookie: me.cookie, body: { title: "Renamed by a script", version: null } })).status).toBe(200);
    const now = await getProject(t.database.db, p.id);
    expect((await updateProject(t.database.db, me.user, p.id, { title: "Renamed from the form", version: now.updatedAt })).title).toBe("Renamed from the form");
  });

  it("answers Project not found for unknown and malformed ids", async () => {
    await expect(getProject(t.database.db, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getProject(t.database.db, "not-a-uuid")).rejects.toThrow("Project not found");
  });

  describe("listing", () => {
    let made: Project[] = [];
    let client: SessionUser;
    beforeAll(async () => {
      client = (await t.signUp({ email: "lister@example.co.za", name: "Lerato Mokoena" })).user;
      const specs = [
        { title: "Taxi rank queue tracker", platform: "mobile", category: "Travel", budgetRange: "R5000-R15000", skills: ["React Native"] },
        { title: "Clinic booking for Durban", platform: "web", category: "Healthcare", budgetRange: "R15000-R35000", skills: ["React", "Node.js"] },
        { title: "Matric maths revision", platform: "both", category: "Education", budgetRange: "R35000-R75000", skills: ["Flutter", "Firebase"] },
        { title: "Wine farm e-commerce store", platform: "web", category: "E-commerce", budgetRange: "R75000+", skills: ["Laravel", "Payment Systems"] },
        { title: "Stokvel savings tracker", platform: "mobile", category: "Finance", budgetRange: "R15000-R35000", skills: ["Flutter"] },
      ] as const;
      made = [];
      for (const s of specs) {
        made.push(
          await createProject(
            t.database.db,
            client,
            projectInput({ ...s, skills: [...s.skills], description: `${s.title}: a detailed brief for a South African client that needs it built well.` }),
          ),
        );
      }
      // An inactive project never shows in browse.
      const closed = await createProject(t.database.db, client, projectInput({ title: "Closed legacy project" }));
      await closeProject(t.domain, client, closed.id);
      // Two proposals on the taxi tracker: it leads the most_proposals sort.
      for (let i = 0; i < 2; i++) await makeProposal(t.domain, made[0]!);
    });

    const titles = async (query: Record<string, string>) => {
      const page = await listProjects(t.database.db, { limit: "50", ...query });
      return page.projects
        .filter((p) => p.userId === client.id)
        .map((p) => p.title)
        .sort();
    };

    it("filters by category, platform (mobile and web include both), budget and skills", async () => {
      expect(await titles({ category: "Healthcare" })).toEqual(["Clinic booking for Durban"]);
      expect(await titles({ platform: "mobile" })).toEqual(["Matric maths revision", "Stokvel savings tracker", "Taxi rank queue tracker"]);
      expect(await titles({ platform: "both" })).toEqual(["Matric maths revision"]);
      expect(await titles({ budgetMax: "15000" })).toEqual(["Taxi rank queue tracker"]);
      expect(await titles({ budgetMin: "15000", budgetMax: "35000" })).toEqual(["Clinic booking for Durban", "Stokvel savings tracker"]);
      expect(await titles({ budgetMin: "75000" })).toEqual(["Wine farm e-commerce store"]);
      expect(await titles({ skills: "Flutter,Laravel" })).toEqual(["Matric maths revision", "Stokvel savings tracker", "Wine farm e-commerce store"]);
      expect(await titles({ category: "", platform: "" })).toHaveLength(5);
      expect(await titles({})).not.toContain("Closed legacy project");
    });

    it("searches title, description, features and skills with prefixes", async () => {
      expect(await titles({ search: "taxi" })).toEqual(["Taxi rank queue tracker"]);
      expect(await titles({ search: "Durb" })).toEqual(["Clinic booking for Durban"]);
      expect(await titles({ search: "laravel" })).toEqual(["Wine farm e-commerce store"]);
      expect(await titles({ search: "savings stokvel" })).toEqual(["Stokvel savings tracker"]);
      expect(await titles({ search: "zzzz-nothing" })).toEqual([]);
      expect(await titles({ search: "'&|!:*()" })).toHaveLength(5);
      expect(toPrefixTsquery("Pay & go!")).toBe("pay:* & go:*");
    });

    it("finds skills and words with dots, slashes and hyphens as typed (Node.js, UI/UX, e-commerce), whole or by their beginning", async () => {
      // 'node.js' is one word to the database: "node:* & js:*" found nothing.
      expect(await titles({ search: "Node.js" })).toEqual(["Clinic booking for Durban"]);
      expect(await titles({ search: "node.j" })).toEqual(["Clinic booking for Durban"]);
      expect(await titles({ search: "e-commerce" })).toEqual(["Wine farm e-commerce store"]);
      expect(await titles({ search: "payment-systems" })).toEqual(["Wine farm e-commerce store"]);
      expect(await titles({ search: "react-native" })).toEqual(["Taxi rank queue tracker"]);
      const uiux = await createProject(t.database.db, client, projectInput({ title: "Salon booking redesign", skills: ["UI/UX Design", "Vue.js"] }));
      expect(await titles({ search: "UI/UX" })).toEqual(["Salon booking redesign"]);
      expect(await titles({ search: "vue.js ui/ux" })).toEqual(["Salon booking redesign"]);
      await deleteProject(t.domain, client, uiux.id);
      expect(toPrefixTsquery("Node.js, ../etc 'x'.y")).toBe("(node.js:* | node:* & js:*) & etc:* & x & y");
    });

    it("finds C# and C++ by the letter the index keeps, not every word starting with c", async () => {
      const csharp = await createProject(t.database.db, client, projectInput({ title: "Stock takes for a Polokwane wholesaler", skills: ["C#", ".NET"] }));
      // "Clinic booking for Durban" starts with c: a prefix match listed it (and nearly every project).
      expect(await titles({ search: "C#" })).toEqual(["Stock takes for a Polokwane wholesaler"]);
      expect(await titles({ search: "c++" })).toEqual(["Stock takes for a Polokwane wholesaler"]);
      await deleteProject(t.domain, client, csharp.id);
    });

    it("finds words whatever their accents, typed with or without them (café, cafe)", async () => {
      const description = (text: string) => `${text} A detailed brief for a South African client that needs it built well.`;
      const cafe = await createProject(t.database.db, client, projectInput({ title: "Café loyalty stamps", description: description("Stamps for regulars.") }));
      const cart = await createProject(
        t.database.db,
        client,
        projectInput({ title: "Coffee cart orders", description: description("Like a cafe on wheels.") }),
      );
      try {
        expect(await titles({ search: "cafe" })).toEqual(["Café loyalty stamps", "Coffee cart orders"]);
        expect(await titles({ search: "Café" })).toEqual(["Café loyalty stamps", "Coffee cart orders"]);
        expect(await titles({ search: "cafe loyalty" })).toEqual(["Café loyalty stamps"]);
        // The JSON API answers the same search.
        const res = await t.app.request("/api/v1/projects?search=cafe&limit=50");
        expect(((await res.json()) as { projects: Project[] }).projects.map((p) => p.title).sort()).toEqual(["Café loyalty stamps", "Coffee cart orders"]);
      } finally {
        await deleteProject(t.domain, client, cafe.id);
        await deleteProject(t.domain, client, cart.id);
      }
    });

    it("sorts newest, budget_high and most_proposals", async () => {
      const order = async (sortBy: string) =>
        (await listProjects(t.database.db, { limit: "50", sortBy })).projects.filter((p) => p.userId === client.id).map((p) => p.title);
      expect(await order("newest")).toEqual(made.map((p) => p.title).reverse());
      expect((await order("budget_high"))[0]).toBe("Wine farm e-commerce store");
      expect((await order("budget_high")).at(-1)).toBe("Taxi rank queue tracker");
      expect((await order("most_proposals"))[0]).toBe("Taxi rank queue tracker");
    });

    it("pages with a cursor through every project once under every sort", async () => {
      for (const sortBy of ["newest", "budget_high", "most_proposals"]) {
        const all = await listProjects(t.database.db, { limit: "50", sortBy });
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await listProjects(t.database.db, { limit: "2", sortBy, ...(cursor ? { cursor } : {}) });
          expect(page.total).toBe(all.total);
          seen.push(...page.projects.map((p) => p.id));
          cursor = page.nextCursor ?? undefined;
          expect(page.hasMore).toBe(cursor !== undefined);
        } while (cursor);
        expect(seen).toEqual(all.projects.map((p) => p.id));
      }
    });

    it("rejects bad cursors and unknown codes with messages", async () => {
      for (const cursor of ["garbage", encodeCursor(["x"]), encodeCursor([1, "not a date", "id"]), "%%%"]) {
        await expect(listProjects(t.database.db, { cursor })).rejects.toMatchObject({ fields: { cursor: "Invalid cursor" } });
      }
      await expect(listProjects(t.database.db, { category: "Mobile Apps" })).rejects.toMatchObject({ fields: { category: "Unknown category" } });
      await expect(listProjects(t.database.db, { sortBy: "oldest" })).rejects.toMatchObject({ fields: { sortBy: "Unknown sort" } });
      await expect(listProjects(t.database.db, { budgetMin: "lots" })).rejects.toMatchObject({ fields: { budgetMin: "budgetMin must be a number" } });
      await expect(listProjects(t.database.db, { limit: "1000" })).rejects.toBeInstanceOf(ValidationError);
    });

    it("finds similar projects by shared skills and category", async () => {
      const similar = await listSimilarProjects(t.database.db, made[4]!); // Stokvel: Flutter, Finance
      expect(similar.map((p) => p.id)).not.toContain(made[4]!.id);
      expect(similar[0]!.title).toBe("Matric maths revision");
      expect(similar.length).toBeLessThanOrEqual(4);
    });

    it("pages a client's own projects in every status, newest first", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listUserProjects(t.database.db, client.id, { limit: 4, cursor });
        seen.push(...page.projects.map((p) => p.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(["Closed legacy project", ...made.map((p) => p.title).reverse()]);
      await expect(listUserProjects(t.database.db, client.id, { limit: 4, cursor: "nope" })).rejects.toBeInstanceOf(ValidationError);
    });

    it("counts the client's projects for the dashboard and About the Client", async () => {
      expect(await clientProjectStats(t.database.db, client.id)).toEqual({ totalProjects: 6, activeProjects: 5, totalProposals: 2 });
      expect(await getProjectClient(t.database.db, client.id)).toMatchObject({ name: "Lerato Mokoena", projectsPosted: 6, verified: true });
    });
  });

  it("stores one report per user and refuses the owner's own", async () => {
    const p = await createProject(t.database.db, owner, projectInput({ title: "Reported project" }));
    await expect(reportProject(t.database.db, owner, p.id, { reason: "Spam or scam" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reportProject(t.database.db, other, p.id, { reason: "Because" })).rejects.toMatchObject({ fields: { reason: "Please choose a reason" } });
    await reportProject(t.database.db, other, p.id, { reason: "Spam or scam", details: "Asks for payment upfront" });
    await expect(reportProject(t.database.db, other, p.id, { reason: "Other" })).rejects.toThrow("You have already reported this project");
  });
});
