import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABILITIES, DEVELOPER_SORTS, LOCATIONS, type DeveloperSort } from "../../shared/constants";
import { developerProfiles, users } from "../../server/db/schema";
import {
  getDeveloper,
  listDevelopers,
  listTopDevelopers,
  PROFILE_CHANGED_ELSEWHERE,
  profileCompletion,
  saveDeveloperProfile,
  type Developer,
} from "../../server/developers/service";
import * as profileRoute from "../../app/routes/profile.setup";
import { NotFoundError } from "../../server/errors";
import { NEW_PROFILE_VERSION, PROFILE_VERSION_MESSAGE } from "../../shared/schemas";
import { seedDemoData } from "../../server/seed/seed";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { makeDeveloper } from "../support/factories";
import { DB_KINDS } from "../support/db";
import { MALFORMED_VERSIONS } from "../support/fixtures";

const SKILLS = ["React Native", "Flutter", "Node.js", "Python", "DevOps", "Blockchain", "UI/UX Design", "Laravel"];
const WORDS = ["payments", "logistics", "clinics", "schools", "farming", "retail"];
// Accented names and the same names without accents: a search finds both whichever way it is typed.
const NAMES = ["Nkosi", "Naidoo", "van der Merwe", "Dlamini", "Kelly", "Don", "Zoë Botha", "Zoe Adams", "Anél Pretorius", "Anel Smit"];

/** A deterministic spread of developers: ids are same-length lowercase hex, so any collation orders them alike. */
function fixture(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const id = `dev${(1000 + i).toString(16)}`;
    return {
      id,
      name: `Developer ${i} ${NAMES[i % NAMES.length]}`,
      city: i % 11 === 10 ? null : LOCATIONS[i % LOCATIONS.length]!,
      availability: AVAILABILITIES[i % 3]!,
      skills: [SKILLS[i % SKILLS.length]!, SKILLS[(i * 3 + 1) % SKILLS.length]!].filter((s, j, a) => a.indexOf(s) === j),
      rating: Math.round((((i * 37) % 50) / 10) * 100) / 100 + (i % 4 === 0 ? 0.25 : 0),
      reviewCount: (i * 7) % 13,
      completedProjects: (i * 5) % 9,
      hourlyRate: i % 6 === 0 ? null : 200 + ((i * 53) % 9) * 100,
      bio: `I build ${WORDS[i % WORDS.length]} apps for South African businesses.`,
      title: i % 2 ? "Flutter Developer" : "Full-Stack Developer",
      active: i % 17 !== 16,
    };
  });
}

describe.each(DB_KINDS)("developers domain on %s", (kind) => {
  let t: TestApp;
  const devs = fixture(41);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const now = Date.now();
    await t.database.db.insert(users).values(
      devs.map((d, i) => ({
        id: d.id,
        name: d.name,
        email: `${d.id}@example.co.za`,
        userType: "developer" as const,
        isActive: d.active,
        createdAt: new Date(now - i * 86_400_000),
      })),
    );
    await t.database.db.insert(developerProfiles).values(
      devs.map((d) => ({
        userId: d.id,
        name: d.name,
        title: d.title,
        bio: d.bio,
        city: d.city,
        hourlyRate: d.hourlyRate,
        availability: d.availability,
        skills: d.skills,
        rating: Math.min(d.rating, 5),
        reviewCount: d.reviewCount,
        completedProjects: d.completedProjects,
        // A closed or suspended account's profile is inactive (docs/product.md, Trust and safety).
        isActive: d.active,
      })),
    );
    // A client (no profile) never appears.
    await t.signUp({ email: "client@example.co.za", userType: "client" });
  });
  afterAll(() => t?.close());

  const value = (d: (typeof devs)[number], sort: DeveloperSort) =>
    sort === "rating"
      ? Math.min(d.rating, 5)
      : sort === "reviewCount"
        ? d.reviewCount
        : sort === "completedProjects"
          ? d.completedProjects
          : (d.hourlyRate ?? -1);

  const expected = (filter: (d: (typeof devs)[number]) => boolean, sort: DeveloperSort) =>
    devs
      .filter((d) => d.active && filter(d))
      .sort((a, b) => value(b, sort) - value(a, sort) || (a.id < b.id ? 1 : -1))
      .map((d) => d.id);

  async function allPages(query: Record<string, string>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listDevelopers(t.database.db, { ...query, limit: "5", ...(cursor ? { cursor } : {}) });
      ids.push(...page.developers.map((d: Developer) => d.id));
      cursor = page.nextCursor;
      if (++pages > 50) throw new Error("paging does not end");
    } while (cursor);
    return ids;
  }

  const cases: Array<[string, Record<string, string>, (d: (typeof devs)[number]) => boolean]> = [
    ["no filter", {}, () => true],
    ["skills any", { skills: "Flutter,DevOps" }, (d) => d.skills.includes("Flutter") || d.skills.includes("DevOps")],
    ["location", { location: "Durban" }, (d) => d.city === "Durban"],
    ["minRating 4.5", { minRating: "4.5" }, (d) => Math.min(d.rating, 5) >= 4.5],
    ["minRating 3.0", { minRating: "3.0" }, (d) => Math.min(d.rating, 5) >= 3],
    ["availability", { availability: "busy" }, (d) => d.availability === "busy"],
    [
      "city + skill + minRating",
      { location: "Cape Town", skills: "React Native,Python,Node.js", minRating: "3.5" },
      (d) => d.city === "Cape Town" && d.skills.some((s) => ["React Native", "Python", "Node.js"].includes(s)) && Math.min(d.rating, 5) >= 3.5,
    ],
    ["search text", { search: "clinics" }, (d) => d.bio.includes("clinics")],
    ["search name prefix", { search: "naid" }, (d) => d.name.includes("Naidoo")],
    // Searches are stemmed ("kelly" is looked up as 'kelli'): a name is found when typed in full too.
    ["search a whole name the stemmer changes", { search: "Kelly" }, (d) => d.name.includes("Kelly")],
    // "Don" is an English stop word, dropped from the stemmed query.
    ["search a name that is a stop word", { search: "don" }, (d) => d.name.includes("Don")],
    ["search a name's prefix and a word of the bio", { search: "kell clinics" }, (d) => d.name.includes("Kelly") && d.bio.includes("clinics")],
    // Accents are ignored both ways (docs/product.md, Lists and search; migration 0037).
    ["search a name without its accent", { search: "zoe" }, (d) => d.name.includes("Zoë") || d.name.includes("Zoe")],
    ["search a name with an accent it is stored without", { search: "Zoë" }, (d) => d.name.includes("Zoë") || d.name.includes("Zoe")],
    ["search a whole name without its accent", { search: "anel" }, (d) => d.name.includes("Anél") || d.name.includes("Anel")],
    ["search an accented name's beginning", { search: "Ané" }, (d) => d.name.includes("Anél") || d.name.includes("Anel")],
    ["search an accented name and a surname", { search: "anél pretorius" }, (d) => d.name.includes("Anél Pretorius")],
  ];

  for (const [label, query, filter] of cases) {
    it(`returns exactly the matching developers, every page once, under every sort: ${label}`, async () => {
      for (const sortBy of DEVELOPER_SORTS) {
        const want = expected(filter, sortBy);
        const got = await allPages({ ...query, sortBy });
        expect(got, `${label} / ${sortBy}`).toEqual(want);
        const first = await listDevelopers(t.database.db, { ...query, sortBy });
        expect(first.total).toBe(want.length);
      }
    });
  }

  it("lists top developers: rating at least 4.0 and at least 5 reviews, best first, 6", async () => {
    const top = await listTopDevelopers(t.database.db);
    const want = devs
      .filter((d) => d.active && Math.min(d.rating, 5) >= 4 && d.reviewCount >= 5)
      .sort((a, b) => Math.min(b.rating, 5) - Math.min(a.rating, 5) || b.reviewCount - a.reviewCount || (a.id < b.id ? 1 : -1))
      .slice(0, 6)
      .map((d) => d.id);
    expect(top.map((d) => d.id)).toEqual(want);
  });

  it("hides inactive developers and answers Developer not found", async () => {
    const inactive = devs.find((d) => !d.active)!;
    await expect(getDeveloper(t.database.db, inactive.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDeveloper(t.database.db, "nobody")).rejects.toThrow("Developer not found");
    const d = await getDeveloper(t.database.db, devs[1]!.id);
    expect(d).toMatchObject({ id: devs[1]!.id, name: devs[1]!.name, successRate: 100 });
    expect(new Date(d.memberSince).getFullYear()).toBeGreaterThan(2000);
  });

  it("rejects bad queries and cursors", async () => {
    await expect(listDevelopers(t.database.db, { location: "Atlantis" })).rejects.toMatchObject({ fields: { location: "Unknown location" } });
    await expect(listDevelopers(t.database.db, { sortBy: "name" })).rejects.toMatchObject({ fields: { sortBy: "Unknown sort" } });
    await expect(listDevelopers(t.database.db, { minRating: "six" })).rejects.toMatchObject({ fields: { minRating: "minRating must be a number" } });
    await expect(listDevelopers(t.database.db, { cursor: "bogus" })).rejects.toMatchObject({ fields: { cursor: "Invalid cursor" } });
  });

  it("serves the developer API with the same query parameters and error shape", async () => {
    const res = await t.app.request("/api/v1/developers?location=Durban&sortBy=hourlyRate&limit=3");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { developers: Developer[]; total: number; nextCursor: string | null };
    expect(body.developers.map((d) => d.id)).toEqual(expected((d) => d.city === "Durban", "hourlyRate").slice(0, 3));
    expect((await t.app.request("/api/v1/developers?availability=sometimes")).status).toBe(400);
    expect((await t.app.request(`/api/v1/developers/${devs[2]!.id}`)).status).toBe(200);
    expect((await t.app.request("/api/v1/developers/nobody")).status).toBe(404);
    const top = (await (await t.app.request("/api/v1/developers/top")).json()) as { developers: Developer[] };
    expect(top.developers.length).toBeLessThanOrEqual(6);
    const anon = await t.app.request("/api/v1/me/developer-profile", {
      method: "PUT",
      headers: { "content-type": "application/json", origin: APP_URL },
      body: "{}",
    });
    expect(anon.status).toBe(401);
  });

  it("lets a developer save only their own profile, and no client", async () => {
    // A database of its own: the listing tests above count exactly the fixture's developers.
    const own = await createTestApp(kind);
    try {
      await saveOwnProfileChecks(own);
    } finally {
      await own.close();
    }
  });
});

/** Saving one's own profile through the API: only developers, only their own row, validated. */
async function saveOwnProfileChecks(t: TestApp) {
  const someoneElse = await makeDeveloper(t.database.db);
  const dev = await t.signUp({ email: "mine@example.co.za", userType: "developer", name: "Lindiwe Zulu" });
  const client = await t.signUp({ email: "notdev@example.co.za", userType: "client" });
  const put = (cookie: string, body: unknown) =>
    t.app.request("/api/v1/me/developer-profile", {
      method: "PUT",
      headers: { "content-type": "application/json", origin: APP_URL, cookie },
      body: JSON.stringify(body),
    });

  expect((await put(client.cookie, { title: "Sneaky" })).status).toBe(403);
  const bad = await put(dev.cookie, { hourlyRate: "cheap", links: { github: "http://github.com/x" }, city: "Atlantis" });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
    hourlyRate: "Hourly rate must be a number",
    "links.github": "GitHub link must be a valid https:// URL",
    city: "Please choose a city from the list",
  });
  const before = await t.database.db.select().from(developerProfiles).where(eq(developerProfiles.userId, someoneElse.id));
  const ok = await put(dev.cookie, {
    title: "Android Developer",
    city: "Polokwane",
    hourlyRate: 450,
    skills: ["Android", "Kotlin"],
    portfolio: [{ title: "Taxi app", description: "", technologies: ["Kotlin"], link: "https://example.co.za" }],
  });
  expect(ok.status).toBe(200);
  const saved = ((await ok.json()) as { developer: Developer }).developer;
  expect(saved).toMatchObject({ id: dev.user.id, name: "Lindiwe Zulu", title: "Android Developer", city: "Polokwane", hourlyRate: 450 });
  expect(saved.portfolio[0]!.id).toMatch(/.+/);
  const after = await t.database.db.select().from(developerProfiles).where(eq(developerProfiles.userId, someoneElse.id));
  expect(after).toEqual(before);
  const completion = profileCompletion(saved);
  expect(completion.percent).toBeGreaterThan(0);
  expect(completion.missing.map((m) => m.key)).toContain("bio");
  expect(profileCompletion(null)).toMatchObject({ percent: 0 });
  const count = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(developerProfiles)
    .where(eq(developerProfiles.userId, client.user.id));
  expect(count[0]!.n).toBe(0);
}

describe.each(DB_KINDS)("developer profile saves from a stale form on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const row = async (userId: string) => (await db().select().from(developerProfiles).where(eq(developerProfiles.userId, userId)))[0]!;
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it("refuses a save from a form opened before the profile changed, writing nothing; a current version or none saves", async () => {
    const dev = await makeDeveloper(db(), { profile: false });
    const first = await saveDeveloperProfile(db(), dev, { title: "Flutter Developer", bio: "First words." });
    // Tabs A and B open the form; A saves a new title first.
    await tick();
    const a = await saveDeveloperProfile(db(), dev, { title: "Android Developer", bio: "First words.", version: first.updatedAt });
    expect(a.title).toBe("Android Developer");
    // B still shows the old title and sends its whole form: refused, and nothing of it is written.
    const before = await row(dev.id);
    await expect(saveDeveloperProfile(db(), dev, { title: "Flutter Developer", bio: "Words from tab B.", version: first.updatedAt })).rejects.toMatchObject({
      status: 409,
      message: PROFILE_CHANGED_ELSEWHERE,
    });
    expect(await row(dev.id)).toEqual(before);
    // A form opened after A's save goes through; so does an API save without a version.
    await tick();
    expect((await saveDeveloperProfile(db(), dev, { bio: "Words from tab B.", version: a.updatedAt })).bio).toBe("Words from tab B.");
    expect((await saveDeveloperProfile(db(), dev, { title: "Renamed by a script" })).title).toBe("Renamed by a script");
  });

  it("of two tabs saving at the same moment with the same version, saves one and refuses the other", async () => {
    const dev = await makeDeveloper(db(), { profile: false });
    const saved = await saveDeveloperProfile(db(), dev, { title: "Flutter Developer" });
    const saves = await Promise.allSettled(["Tab C", "Tab D"].map((title) => saveDeveloperProfile(db(), dev, { title, version: saved.updatedAt })));
    expect(saves.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(saves.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([PROFILE_CHANGED_ELSEWHERE]);
    const winner = (saves.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Developer>).value.title;
    expect((await row(dev.id)).title).toBe(winner);
  });

  it("answers a stale save with 409 and the message, on the profile page and through the API", async () => {
    const dev = await t.signUp({ email: `stale-profile-${kind}@example.co.za`, userType: "developer", name: "Stale Tab" });
    const opened = (await saveDeveloperProfile(db(), dev.user, { title: "Flutter Developer" })).updatedAt;
    await tick();
    await saveDeveloperProfile(db(), dev.user, { title: "Android Developer" });

    // The page: the loader hands the form its version; a form opened before the change is refused.
    const context = { deps: t.deps, user: dev.user };
    const page = await profileRoute.loader({ request: new Request(`${APP_URL}/profile/setup`), context, params: {} } as never);
    expect(page.version).toBe((await row(dev.user.id)).updatedAt.toISOString());
    const post = (version: string) =>
      profileRoute.action({
        request: new Request(`${APP_URL}/profile/setup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...page.values, title: "iOS Developer", version }),
        }),
        context,
        params: {},
      } as never);
    const stale = (await post(opened!)) as unknown as { init: { status: number }; data: { ok: false; message: string } };
    expect(stale.init.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, message: PROFILE_CHANGED_ELSEWHERE });
    expect((await row(dev.user.id)).title).toBe("Android Developer");
    expect(await post(page.version!)).toEqual({ ok: true });
    expect((await row(dev.user.id)).title).toBe("iOS Developer");

    // The API: PUT with an old version is refused the same way; without one it saves.
    const put = (body: unknown) =>
      t.app.request("/api/v1/me/developer-profile", {
        method: "PUT",
        headers: { "content-type": "application/json", origin: APP_URL, cookie: dev.cookie },
        body: JSON.stringify(body),
      });
    const res = await put({ title: "Kotlin Developer", version: opened });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { message: PROFILE_CHANGED_ELSEWHERE } });
    expect((await row(dev.user.id)).title).toBe("iOS Developer");
    expect((await put({ title: "Kotlin Developer" })).status).toBe(200);
  });

  // Not versions the server hands out: bad input, never taken for a stale version.
  const MALFORMED: unknown[] = ["NEW", ...MALFORMED_VERSIONS];

  it("answers a malformed version with 400 on `version` and writes nothing, before and after the first save; absent or null is not checked", async () => {
    const dev = await makeDeveloper(db(), { profile: false });
    const refused = { status: 400, message: PROFILE_VERSION_MESSAGE, fields: { version: PROFILE_VERSION_MESSAGE } };
    for (const version of MALFORMED) {
      await expect(saveDeveloperProfile(db(), dev, { title: "Flutter Developer", version }), JSON.stringify(version)).rejects.toMatchObject(refused);
    }
    expect(await db().select().from(developerProfiles).where(eq(developerProfiles.userId, dev.id))).toEqual([]);

    const first = await saveDeveloperProfile(db(), dev, { title: "Flutter Developer", version: null });
    const before = await row(dev.id);
    for (const version of MALFORMED) {
      await expect(saveDeveloperProfile(db(), dev, { title: "Android Developer", version }), JSON.stringify(version)).rejects.toMatchObject(refused);
    }
    expect(await row(dev.id)).toEqual(before);
    // A well-formed time that is not the profile's is still a change made elsewhere (409).
    await expect(saveDeveloperProfile(db(), dev, { title: "Android Developer", version: new Date(0).toISOString() })).rejects.toMatchObject({
      status: 409,
      message: PROFILE_CHANGED_ELSEWHERE,
    });
    await tick();
    expect((await saveDeveloperProfile(db(), dev, { title: "Android Developer", version: first.updatedAt })).title).toBe("Android Developer");
    expect((await saveDeveloperProfile(db(), dev, { title: "Kotlin Developer", version: null })).title).toBe("Kotlin Developer");
    expect((await saveDeveloperProfile(db(), dev, { title: "Swift Developer" })).title).toBe("Swift Developer");
  });

  it("of two tabs opened before the first save, saves the first and refuses the second, writing nothing of it", async () => {
    const dev = await makeDeveloper(db(), { profile: false });
    const a = await saveDeveloperProfile(db(), dev, { title: "Flutter Developer", bio: "Tab A.", version: NEW_PROFILE_VERSION });
    const before = await row(dev.id);
    await expect(
      saveDeveloperProfile(db(), dev, { title: "Android Developer", bio: "Tab B.", hourlyRate: 900, version: NEW_PROFILE_VERSION }),
    ).rejects.toMatchObject({ status: 409, message: PROFILE_CHANGED_ELSEWHERE });
    expect(await row(dev.id)).toEqual(before);
    // The first tab's form took the version of its own save, and saves again.
    await tick();
    expect((await saveDeveloperProfile(db(), dev, { bio: "Tab A again.", version: a.updatedAt })).bio).toBe("Tab A again.");

    // Both at the same moment: one creates the profile, the other is refused and nothing of it is written.
    const other = await makeDeveloper(db(), { profile: false });
    const saves = await Promise.allSettled(["Tab C", "Tab D"].map((title) => saveDeveloperProfile(db(), other, { title, version: NEW_PROFILE_VERSION })));
    expect(saves.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(saves.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([PROFILE_CHANGED_ELSEWHERE]);
    const winner = (saves.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Developer>).value;
    expect(await row(other.id)).toMatchObject({ title: winner.title, updatedAt: new Date(winner.updatedAt) });

    // An API caller without a version still creates, then updates, unchecked.
    const scripted = await makeDeveloper(db(), { profile: false });
    expect((await saveDeveloperProfile(db(), scripted, { title: "Scripted" })).title).toBe("Scripted");
    expect((await saveDeveloperProfile(db(), scripted, { title: "Scripted again" })).title).toBe("Scripted again");
  });

  it("on the profile page and through the API: a second tab's first save is refused (409), an empty or malformed version is bad input (400)", async () => {
    const dev = await t.signUp({ email: `first-save-${kind}@example.co.za`, userType: "developer", name: "First Save" });
    const context = { deps: t.deps, user: dev.user };
    const load = () => profileRoute.loader({ request: new Request(`${APP_URL}/profile/setup`), context, params: {} } as never);
    const action = (init: RequestInit) =>
      profileRoute.action({ request: new Request(`${APP_URL}/profile/setup`, { method: "POST", ...init }), context, params: {} } as never);
    const postJson = (body: unknown) => action({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    type Refusal = { init: { status: number }; data: { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, unknown> } };

    // Tabs A and B open the setup page before any profile exists: the form says so with its version.
    const [tabA, tabB] = [await load(), await load()];
    expect(tabA.version).toBe(NEW_PROFILE_VERSION);
    expect(tabB.version).toBe(NEW_PROFILE_VERSION);
    expect(await postJson({ ...tabA.values, title: "Flutter Developer", version: tabA.version })).toEqual({ ok: true });
    const saved = await row(dev.user.id);
    // B's whole form would put back A's title and empty fields: refused, nothing of it written.
    const second = (await postJson({ ...tabB.values, title: "Android Developer", version: tabB.version })) as unknown as Refusal;
    expect(second.init.status).toBe(409);
    expect(second.data).toMatchObject({ ok: false, message: PROFILE_CHANGED_ELSEWHERE });
    // Without the scripts (the hidden field) the same.
    const form = (version: string) =>
      action({
        body: new URLSearchParams([
          ["title", "Android Developer"],
          ["version", version],
        ]),
      });
    const noJs = (await form(tabB.version!)) as unknown as Refusal;
    expect(noJs.init.status).toBe(409);
    expect(noJs.data).toMatchObject({ ok: false, message: PROFILE_CHANGED_ELSEWHERE });
    expect(await row(dev.user.id)).toEqual(saved);
    // The page renders the saved profile's version now.
    expect((await load()).version).toBe(saved.updatedAt.toISOString());

    // A form whose hidden version came empty, or a version that is not one, is bad input: 400 on `version`.
    const empty = (await form("")) as unknown as Refusal;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, message: PROFILE_VERSION_MESSAGE, fields: { version: PROFILE_VERSION_MESSAGE } });
    expect(empty.data.values).toMatchObject({ title: "Android Developer" });
    for (const version of MALFORMED) {
      const answer = (await postJson({ ...tabA.values, title: "Android Developer", version })) as unknown as Refusal;
      expect(answer.init.status, JSON.stringify(version)).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fields: { version: PROFILE_VERSION_MESSAGE } });
    }
    expect(await row(dev.user.id)).toEqual(saved);

    // The API: the same 400 in its usual shape, 409 for "new" over a profile; null or no version saves unchecked.
    const put = (body: unknown) =>
      t.app.request("/api/v1/me/developer-profile", {
        method: "PUT",
        headers: { "content-type": "application/json", origin: APP_URL, cookie: dev.cookie },
        body: JSON.stringify(body),
      });
    for (const version of MALFORMED) {
      const res = await put({ title: "Kotlin Developer", version });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: "validation_failed", message: PROFILE_VERSION_MESSAGE, fields: { version: PROFILE_VERSION_MESSAGE } },
      });
    }
    const overwrite = await put({ title: "Kotlin Developer", version: NEW_PROFILE_VERSION });
    expect(overwrite.status).toBe(409);
    expect(await overwrite.json()).toMatchObject({ error: { message: PROFILE_CHANGED_ELSEWHERE } });
    expect(await row(dev.user.id)).toEqual(saved);
    expect((await put({ title: "Kotlin Developer", version: null })).status).toBe(200);
    expect((await put({ title: "Swift Developer" })).status).toBe(200);
    expect((await row(dev.user.id)).title).toBe("Swift Developer");

    // A new developer's API save with "new" creates the profile once.
    const fresh = await t.signUp({ email: `first-save-api-${kind}@example.co.za`, userType: "developer", name: "First Api Save" });
    const create = (title: string) =>
      t.app.request("/api/v1/me/developer-profile", {
        method: "PUT",
        headers: { "content-type": "application/json", origin: APP_URL, cookie: fresh.cookie },
        body: JSON.stringify({ title, version: NEW_PROFILE_VERSION }),
      });
    expect((await create("Go Developer")).status).toBe(200);
    expect((await create("Rust Developer")).status).toBe(409);
    expect((await row(fresh.user.id)).title).toBe("Go Developer");
  });
});

describe.each(DB_KINDS)("developers on seeded demo data on %s", (kind) => {
  let t: TestApp;
  type Row = {
    id: string;
    city: string | null;
    availability: string;
    skills: string[];
    rating: number;
    reviewCount: number;
    completedProjects: number;
    hourlyRate: number | null;
  };
  let rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db, { projects: 20, developers: 45, clients: 10, seed: 11 });
    rows = (
      await t.database.db
        .select({
          id: developerProfiles.userId,
          city: developerProfiles.city,
          availability: developerProfiles.availability,
          skills: developerProfiles.skills,
          rating: developerProfiles.rating,
          reviewCount: developerProfiles.reviewCount,
          completedProjects: developerProfiles.completedProjects,
          hourlyRate: developerProfiles.hourlyRate,
        })
        .from(developerProfiles)
    ).map((r) => ({ ...r, rating: Number(r.rating) }));
  }, 120_000);
  afterAll(() => t?.close());

  const key = (r: Row, sort: DeveloperSort) =>
    sort === "rating" ? r.rating : sort === "reviewCount" ? r.reviewCount : sort === "completedProjects" ? r.completedProjects : (r.hourlyRate ?? -1);
  // Byte order of the id breaks ties (collate "C").
  const byteDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

  const filters: Array<[string, Record<string, string>, (r: Row) => boolean]> = [
    ["all", {}, () => true],
    ["skills", { skills: "Flutter,Machine Learning" }, (r) => r.skills.includes("Flutter") || r.skills.includes("Machine Learning")],
    ["city", { location: "Johannesburg" }, (r) => r.city === "Johannesburg"],
    ["minRating", { minRating: "4.0" }, (r) => r.rating >= 4],
    ["availability", { availability: "available" }, (r) => r.availability === "available"],
    [
      "combined",
      { location: "Cape Town", minRating: "3.5", skills: "React,Node.js,Flutter" },
      (r) => r.city === "Cape Town" && r.rating >= 3.5 && r.skills.some((s) => ["React", "Node.js", "Flutter"].includes(s)),
    ],
  ];

  it("matches a plain in-memory filter and sort of the same rows, paging each developer once", async () => {
    expect(rows.length).toBe(45);
    for (const [label, query, keep] of filters) {
      for (const sortBy of DEVELOPER_SORTS) {
        const want = rows
          .filter(keep)
          .sort((a, b) => key(b, sortBy) - key(a, sortBy) || byteDesc(a.id, b.id))
          .map((r) => r.id);
        const got: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await listDevelopers(t.database.db, { ...query, sortBy, limit: "7", ...(cursor ? { cursor } : {}) });
          got.push(...page.developers.map((d) => d.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(got, `${label} / ${sortBy}`).toEqual(want);
      }
    }
  });
});
