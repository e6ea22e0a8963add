/**
 * Forms sent before or without the page's scripts (docs/product.md, Look and feel; decision 0055):
 * the reader of their fields (app/lib/form-fields.ts), and the route actions of the proposal, the
 * developer profile, the project wizard and the report page answering such a post: saved from the
 * fields, or refused with the field's message and the fields as sent, writing nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as proposalRoute from "../../app/routes/project.proposal";
import * as profileRoute from "../../app/routes/profile.setup";
import * as newProjectRoute from "../../app/routes/projects.new";
import * as reportRoute from "../../app/routes/report";
import { formFields, likeShape, nestedFieldErrors, withAddedItems } from "../../app/lib/form-fields";
import type { SessionUser } from "../../server/context";
import { projectDrafts, projects, reports } from "../../server/db/schema";
import { findOwnDeveloperProfile, PROFILE_CHANGED_ELSEWHERE } from "../../server/developers/service";
import { findMyProposal } from "../../server/proposals/service";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { COVER_LETTER, makeProject } from "../support/factories";
import { projectInput } from "../support/fixtures";

const form = (entries: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("formFields", () => {
  it("reads dotted names into objects and numbered ones into lists in the order of their places", () => {
    const fields = formFields(
      form([
        ["title", "Flutter developer"],
        ["links.github", "github.com/thabo"],
        ["experience.1.title", "Lead"],
        ["experience.0.title", "Junior"],
        ["experience.0.company", "Takealot"],
        ["experience.1.company", "Yoco"],
      ]),
    );
    expect(fields).toEqual({
      title: "Flutter developer",
      links: { github: "github.com/thabo" },
      experience: [
        { title: "Junior", company: "Takealot" },
        { title: "Lead", company: "Yoco" },
      ],
    });
  });

  it("closes gaps between places and makes no huge list of a huge place", () => {
    expect(
      formFields(
        form([
          ["milestones.7.title", "B"],
          ["milestones.2.title", "A"],
        ]),
      ),
    ).toEqual({ milestones: [{ title: "A" }, { title: "B" }] });
    // Seven digits is not a place: a key, which the schema then refuses (a list is expected).
    expect(formFields(form([["milestones.9999999.title", "A"]]))).toEqual({ milestones: { "9999999": { title: "A" } } });
    expect(
      formFields(
        form([
          ["0", "a"],
          ["1", "b"],
        ]),
      ),
    ).toEqual({ "0": "a", "1": "b" });
  });

  it("collects repeated names given as lists (one value too); any other repeated name keeps its first value", () => {
    expect(
      formFields(
        form([
          ["skills", "Flutter"],
          ["skills", "Go, Rust"],
          ["title", "first"],
          ["title", "second"],
        ]),
        { lists: ["skills"] },
      ),
    ).toEqual({
      skills: ["Flutter", "Go, Rust"],
      title: "first",
    });
    expect(formFields(form([["skills", "Flutter"]]), { lists: ["skills"] })).toEqual({ skills: ["Flutter"] });
    expect(formFields(form([["skills", "Flutter"]]))).toEqual({ skills: "Flutter" });
  });

  it("splits comma lists, also at any place of a list (*)", () => {
    const fields = formFields(
      form([
        ["newSkills", " Go, ,Rust ,"],
        ["newSkills", "Dart"],
        ["portfolio.0.technologies", "Flutter, Firebase"],
        ["portfolio.1.technologies", ""],
      ]),
      { commaLists: ["newSkills", "portfolio.*.technologies"] },
    );
    expect(fields).toEqual({ newSkills: ["Go", "Rust", "Dart"], portfolio: [{ technologies: ["Flutter", "Firebase"] }, { technologies: [] }] });
  });

  it("drops names that would reach a prototype, empty keys and uploaded files", () => {
    const f = form([
      ["__proto__.polluted", "yes"],
      ["links.constructor.prototype.polluted", "yes"],
      ["a..b", "x"],
      ["title", "kept"],
    ]);
    f.append("photo", new Blob(["x"]), "photo.png");
    expect(formFields(f)).toEqual({ title: "kept" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a name that is both a text and an object or list does not throw: the schema refuses what comes of it", () => {
    expect(() =>
      formFields(
        form([
          ["skills", "Go"],
          ["skills.0", "Rust"],
          ["skills", "Dart"],
        ]),
        { lists: ["skills"] },
      ),
    ).not.toThrow();
    expect(() =>
      formFields(
        form([
          ["title", "x"],
          ["title.a", "y"],
          ["title.0", "z"],
        ]),
      ),
    ).not.toThrow();
  });

  it("withAddedItems puts a chip list's additions after the kept items, and leaves a list nobody sent alone", () => {
    expect(withAddedItems({ skills: ["Flutter"], newSkills: ["Go", "Rust"], title: "t" }, "skills", "newSkills")).toEqual({
      skills: ["Flutter", "Go", "Rust"],
      title: "t",
    });
    expect(withAddedItems({ newSkills: [] }, "skills", "newSkills")).toEqual({ skills: [] });
    expect(withAddedItems({ title: "t" }, "skills", "newSkills")).toEqual({ title: "t" });
  });

  it("likeShape gives the fields a page draws again the form's shape, whatever a crafted post sent", () => {
    const template = { title: "", features: [""], links: { github: "" }, milestones: [{ title: "", amount: "" }] };
    expect(likeShape({ title: "App", features: ["a", "b"], links: { github: "x" }, milestones: [{ title: "M", amount: "5" }] }, template)).toEqual({
      title: "App",
      features: ["a", "b"],
      links: { github: "x" },
      milestones: [{ title: "M", amount: "5" }],
    });
    expect(likeShape({ title: ["a"], features: "one", links: "x", milestones: ["text", { title: { a: 1 } }], extra: "dropped" }, template)).toEqual({
      title: "",
      features: [],
      links: { github: "" },
      milestones: [
        { title: "", amount: "" },
        { title: "", amount: "" },
      ],
    });
    expect(likeShape(undefined, template)).toEqual({ title: "", features: [], links: { github: "" }, milestones: [] });
  });

  it("nestedFieldErrors nests a failure's messages as react-hook-form holds them, a list's own message beside its items'", () => {
    const errors = nestedFieldErrors({
      "milestones.1.amount": "Amount must be whole rand",
      milestones: "Milestone amounts must add up to the price",
      price: "Price is required",
    }) as {
      milestones: { message: string; 1: { amount: { message: string } } } & unknown[];
      price: { message: string; type: string };
    };
    expect(errors.price).toEqual({ type: "server", message: "Price is required" });
    expect(errors.milestones.message).toBe("Milestone amounts must add up to the price");
    expect(errors.milestones[1].amount.message).toBe("Amount must be whole rand");
    expect(errors.milestones[0]).toBeUndefined();
    expect(nestedFieldErrors({})).toBeUndefined();
    expect(nestedFieldErrors(undefined)).toBeUndefined();
  });
});

/** The route's action called as React Router calls it for a form post (no scripts: url-encoded fields). */
async function post(
  route: { action: (args: never) => unknown },
  path: string,
  user: SessionUser,
  t: TestApp,
  params: Record<string, string>,
  entries: Array<[string, string]>,
) {
  const body = new URLSearchParams(entries);
  const request = new Request(`${APP_URL}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const answer = (await route.action({ request, context: { deps: t.deps, user, requestId: "t", clientAddress: "127.0.0.1" }, params } as never)) as
    | Response
    | {
        data: { ok: boolean; fields?: Record<string, string>; values?: Record<string, unknown>; step?: number; message?: string };
        init: { status?: number } | null;
      };
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location"), flash: answer.headers.get("set-cookie") ?? "" };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

describe.each(DB_KINDS)("forms posted without JavaScript on %s", (kind) => {
  let t: TestApp;
  let client: SessionUser;
  let developer: SessionUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    client = (await t.signUp({ email: `nojs-client-${kind}@example.co.za`, name: "Nomsa Client" })).user;
    developer = (await t.signUp({ email: `nojs-dev-${kind}@example.co.za`, name: "Sipho Developer", userType: "developer" })).user;
  });
  afterAll(() => t?.close());

  it("a proposal from its fields: money as typed, a number of days, milestones by place; a bad one is refused with the fields as sent", async () => {
    const project = await makeProject(t.database.db, client);
    const path = `/projects/${project.id}/proposal`;
    const fields: Array<[string, string]> = [
      ["intent", "submit"],
      ["coverLetter", COVER_LETTER],
      ["price", "R 20 000"],
      ["durationMode", "days"],
      ["durationDays", "21"],
      ["milestones.0.title", "Designs"],
      ["milestones.0.amount", "5 000"],
      ["milestones.1.title", "Build"],
      ["milestones.1.amount", "14000"],
    ];
    const refused = await post(proposalRoute, path, developer, t, { id: project.id }, fields);
    expect(refused).toMatchObject({ status: 400, ok: false, fields: { milestones: "Milestone amounts must add up to the price" } });
    expect((refused as { values: Record<string, unknown> }).values).toMatchObject({
      price: "R 20 000",
      durationDays: "21",
      milestones: [{ title: "Designs" }, { title: "Build" }],
    });
    expect(await findMyProposal(t.database.db, developer, project.id)).toBeNull();

    fields[fields.length - 1] = ["milestones.1.amount", "15 000"];
    const sent = await post(proposalRoute, path, developer, t, { id: project.id }, fields);
    expect(sent).toMatchObject({ status: 302, location: `/projects/${project.id}` });
    expect(sent.flash).toContain("flash=");
    const saved = await findMyProposal(t.database.db, developer, project.id);
    expect(saved).toMatchObject({ price: 20000, duration: "21", coverLetter: COVER_LETTER.trim() });
    expect(saved!.milestones.map((m) => [m.title, m.amount])).toEqual([
      ["Designs", 5000],
      ["Build", 15000],
    ]);
  });

  it("the developer profile from its fields: kept and added skills, experience entries by place, ids kept; a bad entry is refused, nothing saved", async () => {
    const path = "/profile/setup";
    const base: Array<[string, string]> = [
      ["title", "Flutter developer"],
      ["bio", "I build offline-first apps."],
      ["hourlyRate", "R 450"],
      ["availability", "available"],
      ["skills", "Flutter"],
      ["newSkills", "Go, Rust"],
      ["experience.0.id", ""],
      ["experience.0.title", "Mobile developer"],
      ["experience.0.company", "Yoco"],
      ["experience.0.startDate", "2021-03"],
      ["experience.1.id", ""],
      ["experience.1.title", "Junior developer"],
      ["experience.1.company", "Takealot"],
      ["experience.1.startDate", "2099-01"],
      ["links.github", "github.com/sipho"],
    ];
    const refused = await post(profileRoute, path, developer, t, {}, base);
    expect(refused).toMatchObject({ status: 400, fields: { "experience.1.startDate": "Start date cannot be in the future" } });
    expect((refused as { values: Record<string, unknown> }).values).toMatchObject({ skills: ["Flutter"], newSkills: ["Go", "Rust"] });
    expect(await findOwnDeveloperProfile(t.database.db, developer)).toBeNull();

    const fixed = base.map(([k, v]): [string, string] => (k === "experience.1.startDate" ? [k, "2019-01"] : [k, v]));
    expect(await post(profileRoute, path, developer, t, {}, fixed)).toMatchObject({ status: 302, location: "/profile/setup" });
    const saved = await findOwnDeveloperProfile(t.database.db, developer);
    expect(saved).toMatchObject({
      title: "Flutter developer",
      hourlyRate: 450,
      skills: ["Flutter", "Go", "Rust"],
      links: { github: "https://github.com/sipho" },
    });
    expect(saved!.experience.map((e) => e.company)).toEqual(["Yoco", "Takealot"]);

    // Sent again with the ids the page renders: the entries are the same entries, not new ones.
    const ids = saved!.experience.map((e) => e.id);
    const again = fixed.map(([k, v]): [string, string] => (k === "experience.0.id" ? [k, ids[0]!] : k === "experience.1.id" ? [k, ids[1]!] : [k, v]));
    expect(await post(profileRoute, path, developer, t, {}, [...again.filter(([k]) => k !== "newSkills"), ["skills", "Go"], ["skills", "Rust"]])).toMatchObject(
      { status: 302 },
    );
    expect((await findOwnDeveloperProfile(t.database.db, developer))!.experience.map((e) => e.id)).toEqual(ids);

    // The page's hidden version: a form opened before another tab saved is refused, nothing written.
    const opened = (await findOwnDeveloperProfile(t.database.db, developer))!.updatedAt;
    const retitled = (title: string, version: string): Array<[string, string]> => [
      ...again.filter(([k]) => k !== "newSkills").map(([k, v]): [string, string] => (k === "title" ? [k, title] : [k, v])),
      ["version", version],
    ];
    expect(await post(profileRoute, path, developer, t, {}, retitled("Title from tab A", opened))).toMatchObject({ status: 302 });
    expect(await post(profileRoute, path, developer, t, {}, retitled("Title from tab B", opened))).toMatchObject({
      status: 409,
      message: PROFILE_CHANGED_ELSEWHERE,
    });
    expect((await findOwnDeveloperProfile(t.database.db, developer))!.title).toBe("Title from tab A");
  });

  it("the wizard's Next checks the step's fields and moves on, keeping every step's fields and the draft; publishing creates the project", async () => {
    const me = (await t.signUp({ email: `nojs-wizard-${kind}@example.co.za`, name: "Wizard Client" })).user;
    const values = projectInput({ title: "Taxi rank queue app", skills: [] });
    const fields = (step: number, intent: string, title = values.title): Array<[string, string]> => [
      ["step", String(step)],
      ["intent", intent],
      ["title", title],
      ["description", values.description],
      ["platform", values.platform],
      ["features.0", "Queue numbers by SMS"],
      ["features.1", ""],
      ["budgetRange", values.budgetRange],
      ["timeline", values.timeline],
      ["deadline", ""],
      ["skills", "Flutter"],
      ["newSkills", "Firebase"],
      ["targetAudience", "Taxi marshals"],
      ["category", "Business"],
      ["additionalInfo", ""],
    ];
    const bad = await post(newProjectRoute, "/projects/new", me, t, {}, fields(0, "next", "Taxi"));
    expect(bad).toMatchObject({ status: 400, fields: { title: "Title must be at least 5 characters" } });
    expect((bad as { values: Record<string, unknown> }).values).toMatchObject({ title: "Taxi", step: "0" });

    const moved = await post(newProjectRoute, "/projects/new", me, t, {}, fields(0, "next"));
    expect(moved).toMatchObject({ status: 200, ok: true, step: 1 });
    expect((moved as { values: Record<string, unknown> }).values).toMatchObject({ title: values.title, targetAudience: "Taxi marshals", step: "1" });
    const [draft] = await t.database.db.select().from(projectDrafts).where(eq(projectDrafts.userId, me.id));
    expect(draft).toMatchObject({ step: 1, values: { title: values.title, skills: ["Flutter", "Firebase"] } });
    expect(await post(newProjectRoute, "/projects/new", me, t, {}, fields(1, "previous"))).toMatchObject({ ok: true, step: 0 });

    const published = await post(newProjectRoute, "/projects/new", me, t, {}, fields(2, "publish"));
    expect(published).toMatchObject({ status: 302 });
    const [project] = await t.database.db.select().from(projects).where(eq(projects.userId, me.id));
    expect(published.location).toBe(`/projects/${project!.id}`);
    expect(project).toMatchObject({
      title: values.title,
      features: ["Queue numbers by SMS"],
      skills: ["Flutter", "Firebase"],
      targetAudience: "Taxi marshals",
    });
    expect(await t.database.db.select().from(projectDrafts).where(eq(projectDrafts.userId, me.id))).toEqual([]);
  });

  it("the report page's form reports the project and goes back with the thanks; without a reason it is refused, nothing stored", async () => {
    const project = await makeProject(t.database.db, client);
    const path = `/report/project/${project.id}`;
    const params = { kind: "project", id: project.id };
    const refused = await post(reportRoute, path, developer, t, params, [
      ["details", "Asks for payment by EFT first"],
      ["returnTo", `/projects/${project.id}`],
    ]);
    expect(refused).toMatchObject({ status: 400, fields: { reason: "Please choose a reason" }, values: { details: "Asks for payment by EFT first" } });
    expect(await t.database.db.select().from(reports).where(eq(reports.reporterId, developer.id))).toEqual([]);

    const sent = await post(reportRoute, path, developer, t, params, [
      ["reason", "Spam or scam"],
      ["details", "Asks for payment by EFT first"],
      ["returnTo", `/projects/${project.id}?from=list`],
    ]);
    expect(sent).toMatchObject({ status: 302, location: `/projects/${project.id}?from=list` });
    const [report] = await t.database.db.select().from(reports).where(eq(reports.reporterId, developer.id));
    expect(report).toMatchObject({ kind: "project", reason: "Spam or scam", details: "Asks for payment by EFT first" });
    // returnTo stays on this site.
    const other = await makeProject(t.database.db, client);
    const away = await post(reportRoute, `/report/project/${other.id}`, developer, t, { kind: "project", id: other.id }, [
      ["reason", "Other"],
      ["returnTo", "//evil.example/x"],
    ]);
    expect(away).toMatchObject({ status: 302, location: `/projects/${other.id}` });
  });
});
