import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, signIn } from "../../server/auth/accounts";
import { changeName, changePassword, deleteAccount, exportMyData, listMySessions, signOutOtherSessions, signOutSession } from "../../server/auth/settings";
import { accounts, developerProfiles, projectReports, projects, reviews, sessions, users, verifications } from "../../server/db/schema";
import { findOwnDeveloperProfile, profileCompletion, saveDeveloperProfile } from "../../server/developers/service";
import { AppError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../../server/errors";
import { getSessionUser } from "../../server/http/session";
import { createProject, reportProject } from "../../server/projects/service";
import { apiClient } from "../support/api";
import { APP_URL, cookieFrom, createTestApp, OTHER_PASSWORD, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";
import * as exportRoute from "../../app/routes/profile.export";

const headersOf = (cookie: string) => new Headers({ cookie, origin: APP_URL });

/** A complete developer profile form body. */
const fullProfile = (overrides: Record<string, unknown> = {}) => ({
  title: "Senior Flutter Developer",
  bio: "I build offline-first Flutter apps for township retailers and taxi associations across Gauteng and beyond.",
  city: "Johannesburg",
  hourlyRate: 650,
  responseTime: "< 4h",
  availability: "busy",
  skills: ["Flutter", "Firebase", "Node.js"],
  links: { github: "https://github.com/example-dev", linkedin: "", website: "https://example-dev.co.za" },
  portfolio: [{ title: "Taxi rank queue app", description: "Queue marshal app", technologies: ["Flutter"], link: "https://example.co.za/taxi" }],
  experience: [{ title: "Mobile lead", company: "Kasi Apps", startDate: "2021-03", endDate: "", description: "Led a team of four" }],
  certifications: [{ name: "Associate Android Developer", issuer: "Google", date: "2020-06" }],
  ...overrides,
});

describe.each(DB_KINDS)("settings on %s", (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const email = (prefix: string) => `${prefix}-${++n}@example.co.za`;
  const profileRow = async (id: string) => (await t.database.db.select().from(developerProfiles).where(eq(developerProfiles.userId, id)))[0];
  const sessionCount = async (id: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(eq(sessions.userId, id))
    )[0]!.n;
  /** A second (third, ...) session of the same account, as another browser would have. */
  const signInAgain = async (address: string, password = TEST_PASSWORD) =>
    cookieFrom((await signIn(t.deps.auth, { email: address, password }, headersOf(""))).headers);

  describe("developer profile", () => {
    it("a client has no developer profile to edit", async () => {
      const { user } = await t.signUp({ email: email("client"), userType: "client" });
      await expect(saveDeveloperProfile(t.database.db, user, fullProfile())).rejects.toBeInstanceOf(ForbiddenError);
      await expect(saveDeveloperProfile(t.database.db, null, fullProfile())).rejects.toBeInstanceOf(UnauthorizedError);
      expect(await profileRow(user.id)).toBeUndefined();
    });

    it("a developer only ever writes their own profile, never another developer's", async () => {
      const a = await t.signUp({ email: email("dev-a"), name: "Developer Alpha", userType: "developer" });
      const b = await t.signUp({ email: email("dev-b"), name: "Developer Bravo", userType: "developer" });
      await saveDeveloperProfile(t.database.db, b.user, fullProfile({ title: "Bravo's title" }));
      const before = await profileRow(b.user.id);
      // Whatever the body says, the session user's own row is the one written.
      const saved = await saveDeveloperProfile(t.database.db, a.user, {
        ...fullProfile({ title: "Alpha's title" }),
        userId: b.user.id,
        id: b.user.id,
        name: "Developer Bravo",
      });
      expect(saved.id).toBe(a.user.id);
      expect(saved.name).toBe("Developer Alpha");
      expect(await profileRow(b.user.id)).toEqual(before);
      expect((await profileRow(a.user.id))!.title).toBe("Alpha's title");
    });

    it("follows docs/product.md, Lifecycles: isActive true, createdAt kept, updatedAt now; list items get ids", async () => {
      const { user } = await t.signUp({ email: email("dev"), userType: "developer" });
      expect(await findOwnDeveloperProfile(t.database.db, user)).toBeNull();
      const first = await saveDeveloperProfile(t.database.db, user, fullProfile());
      const row1 = (await profileRow(user.id))!;
      expect(row1.isActive).toBe(true);
      expect(Math.abs(row1.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      for (const list of [first.portfolio, first.experience, first.certifications]) {
        expect(list).toHaveLength(1);
        expect(list[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      }
      await t.database.db
        .update(developerProfiles)
        .set({ isActive: false, updatedAt: new Date(Date.now() - 86_400_000) })
        .where(eq(developerProfiles.userId, user.id));
      const second = await saveDeveloperProfile(t.database.db, user, {
        ...fullProfile({ title: "Changed" }),
        portfolio: [...first.portfolio, { title: "Second item" }],
      });
      const row2 = (await profileRow(user.id))!;
      expect(row2.isActive).toBe(true);
      expect(row2.createdAt).toEqual(row1.createdAt);
      expect(Math.abs(row2.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(second.portfolio[0]!.id).toBe(first.portfolio[0]!.id);
      expect(second.portfolio[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.portfolio[1]!.id).not.toBe(first.portfolio[0]!.id);
      // Fields missing from the body keep their value.
      const partial = await saveDeveloperProfile(t.database.db, user, { bio: "Short bio" });
      expect(partial).toMatchObject({ title: "Changed", bio: "Short bio", city: "Johannesburg", hourlyRate: 650 });
      // Empty rate = "Rate on request".
      expect((await saveDeveloperProfile(t.database.db, user, { hourlyRate: "" })).hourlyRate).toBeNull();
    });

    it("validates with clear messages, and a failed save changes nothing", async () => {
      const { user } = await t.signUp({ email: email("dev"), userType: "developer" });
      await saveDeveloperProfile(t.database.db, user, fullProfile());
      const before = await profileRow(user.id);
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ city: "London" }, { city: "Please choose a city from the list" }],
        [{ hourlyRate: 20 }, { hourlyRate: "Hourly rate must be at least R50" }],
        [{ hourlyRate: "abc" }, { hourlyRate: "Hourly rate must be a number" }],
        [{ skills: ["Flutter", "flutter"] }, { skills: "A skill cannot be added twice" }],
        [{ links: { github: "http://github.com/x", linkedin: "", website: "" } }, { "links.github": "GitHub link must be a valid https:// URL" }],
        [{ links: { github: "", linkedin: "http://linkedin.com/in/x", website: "" } }, { "links.linkedin": "LinkedIn link must be a valid https:// URL" }],
        [
          { portfolio: [{ title: "", link: "ftp://x" }] },
          { "portfolio.0.title": "Project title is required", "portfolio.0.link": "Project link must be a valid https:// URL" },
        ],
        [
          { experience: [{ title: "Dev", company: "", startDate: "2022-13" }] },
          { "experience.0.company": "Company is required", "experience.0.startDate": "Start date is required (YYYY-MM)" },
        ],
        [
          { experience: [{ title: "Dev", company: "Co", startDate: "2022-05", endDate: "2021-01" }] },
          { "experience.0.endDate": "End date must be after the start date" },
        ],
        [
          { certifications: [{ name: "", issuer: "" }] },
          { "certifications.0.name": "Certification name is required", "certifications.0.issuer": "Issuer is required" },
        ],
        [{ availability: "sometimes" }, { availability: "Please choose your availability" }],
      ];
      for (const [overrides, fields] of cases) {
        const err = await saveDeveloperProfile(t.database.db, user, fullProfile({ title: "Should not be saved", ...overrides })).catch((e: unknown) => e);
        expect(err, JSON.stringify(overrides)).toBeInstanceOf(ValidationError);
        expect((err as ValidationError).fields).toMatchObject(fields);
      }
      expect(await profileRow(user.id)).toEqual(before);
    });

    it("computes profile completion from the filled fields, with links to fix the rest", async () => {
      const none = profileCompletion(null);
      expect(none.percent).toBe(0);
      expect(none.missing.map((m) => m.href)).toEqual(
        ["title", "bio", "city", "hourlyRate", "skills", "portfolio", "experience", "links"].map((k) => `/profile/setup#${k}`),
      );
      const { user } = await t.signUp({ email: email("dev"), userType: "developer" });
      const partial = await saveDeveloperProfile(t.database.db, user, { title: "Flutter developer", city: "Durban", skills: ["Flutter", "Dart"] });
      const p = profileCompletion(partial);
      expect(p.percent).toBe(25);
      expect(p.missing.map((m) => m.key)).toEqual(["bio", "hourlyRate", "skills", "portfolio", "experience", "links"]);
      const full = await saveDeveloperProfile(t.database.db, user, fullProfile());
      expect(profileCompletion(full)).toEqual({ percent: 100, missing: [] });
    });
  });

  describe("account", () => {
    it("changes the name on the account and the developer profile together", async () => {
      const { user, cookie } = await t.signUp({ email: email("rename"), name: "Old Name", userType: "developer" });
      await saveDeveloperProfile(t.database.db, user, fullProfile());
      await expect(changeName(t.database.db, user, { name: "N" })).rejects.toMatchObject({ fields: { name: "Name must be at least 2 characters" } });
      await expect(changeName(t.database.db, user, { name: "  " })).rejects.toMatchObject({ fields: { name: "Name is required" } });
      await expect(changeName(t.database.db, null, { name: "Someone" })).rejects.toBeInstanceOf(UnauthorizedError);
      expect((await getSessionUser(t.deps.auth, headersOf(cookie)))!.name).toBe("Old Name");
      expect(await changeName(t.database.db, user, { name: "  Thandiwe Nkosi " })).toEqual({ name: "Thandiwe Nkosi" });
      expect((await getSessionUser(t.deps.auth, headersOf(cookie)))!.name).toBe("Thandiwe Nkosi");
      expect((await profileRow(user.id))!.name).toBe("Thandiwe Nkosi");
    });

    it("changes the password: the current one is required, other sessions end, the old password stops working", async () => {
      const address = email("pw");
      const { user, cookie } = await t.signUp({ email: address });
      const other = await signInAgain(address);
      expect(await sessionCount(user.id)).toBe(2);

      await expect(
        changePassword(t.deps.auth, user, { currentPassword: "wrong-one", newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD }, headersOf(cookie)),
      ).rejects.toMatchObject({
        fields: { currentPassword: "Current password is incorrect" },
      });
      await expect(
        changePassword(t.deps.auth, user, { currentPassword: "", newPassword: "123", confirmPassword: "456" }, headersOf(cookie)),
      ).rejects.toMatchObject({
        fields: { currentPassword: "Current password is required", newPassword: "Password must be at least 6 characters" },
      });
      await expect(
        changePassword(
          t.deps.auth,
          user,
          { currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: "Kite-Umbrella-74" },
          headersOf(cookie),
        ),
      ).rejects.toMatchObject({
        fields: { confirmPassword: "Passwords do not match" },
      });
      expect(await getSessionUser(t.deps.auth, headersOf(other))).not.toBeNull();

      const { headers } = await changePassword(
        t.deps.auth,
        user,
        { currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        headersOf(cookie),
      );
      const fresh = cookieFrom(headers);
      expect(fresh).toMatch(/session_token=/);
      expect(await getSessionUser(t.deps.auth, headersOf(other))).toBeNull();
      expect(await getSessionUser(t.deps.auth, headersOf(fresh))).toMatchObject({ id: user.id });
      expect(await sessionCount(user.id)).toBe(1);
      await expect(signIn(t.deps.auth, { email: address, password: TEST_PASSWORD }, headersOf(""))).rejects.toBeInstanceOf(AppError);
      await signIn(t.deps.auth, { email: address, password: OTHER_PASSWORD }, headersOf(""));
    });

    it("signs out of every other session and keeps this one", async () => {
      const address = email("others");
      const { user, cookie } = await t.signUp({ email: address });
      const second = await signInAgain(address);
      const third = await signInAgain(address);
      const others = async () => (await listMySessions(t.database.db, t.deps.auth, user, headersOf(cookie))).filter((s) => !s.current).length;
      expect(await others()).toBe(2);
      await signOutOtherSessions(t.deps.auth, headersOf(cookie));
      expect(await others()).toBe(0);
      expect(await getSessionUser(t.deps.auth, headersOf(cookie))).not.toBeNull();
      expect(await getSessionUser(t.deps.auth, headersOf(second))).toBeNull();
      expect(await getSessionUser(t.deps.auth, headersOf(third))).toBeNull();
      await expect(signOutOtherSessions(t.deps.auth, headersOf(""))).rejects.toBeInstanceOf(UnauthorizedError);
    });
  });

  describe("sessions", () => {
    const PHONE = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const signInWith = async (address: string, agent: string) =>
      cookieFrom((await signIn(t.deps.auth, { email: address, password: TEST_PASSWORD }, new Headers({ "user-agent": agent }))).headers);

    it("lists each signed-in browser, this one first and marked, then newest first, and signs out one of them everywhere", async () => {
      const address = email("sessions");
      const { user, cookie } = await t.signUp({ email: address });
      const phone = await signInWith(address, PHONE);
      const desktop = await signInWith(address, DESKTOP);
      const list = await listMySessions(t.database.db, t.deps.auth, user, headersOf(cookie));
      expect(list.map((s) => [s.browser, s.current])).toEqual([
        ["an unknown browser", true],
        ["Firefox on Windows", false],
        ["Chrome on Android", false],
      ]);
      expect(Date.parse(list[1]!.signedInAt)).toBeGreaterThanOrEqual(Date.parse(list[2]!.signedInAt));
      expect(list[0]!.id).not.toMatch(/token/i);
      // No session token leaves the server: only ids, browsers, addresses and times.
      expect(Object.keys(list[0]!).sort()).toEqual(["address", "browser", "current", "id", "lastActiveAt", "signedInAt"]);

      await signOutSession(t.database.db, t.deps.auth, user, list[2]!.id, headersOf(cookie));
      expect(await getSessionUser(t.deps.auth, headersOf(phone))).toBeNull();
      expect(await getSessionUser(t.deps.auth, headersOf(desktop))).toMatchObject({ id: user.id });
      expect((await listMySessions(t.database.db, t.deps.auth, user, headersOf(cookie))).map((s) => s.browser)).toEqual([
        "an unknown browser",
        "Firefox on Windows",
      ]);

      // Not this one (Sign out does that), not someone else's, not nonsense; signed out, nothing.
      await expect(signOutSession(t.database.db, t.deps.auth, user, list[0]!.id, headersOf(cookie))).rejects.toBeInstanceOf(ConflictError);
      const stranger = await t.signUp({ email: email("sessions-other") });
      const [theirs] = await listMySessions(t.database.db, t.deps.auth, stranger.user, headersOf(stranger.cookie));
      await expect(signOutSession(t.database.db, t.deps.auth, user, theirs!.id, headersOf(cookie))).rejects.toBeInstanceOf(NotFoundError);
      expect(await getSessionUser(t.deps.auth, headersOf(stranger.cookie))).toMatchObject({ id: stranger.user.id });
      await expect(signOutSession(t.database.db, t.deps.auth, user, { id: 1 }, headersOf(cookie))).rejects.toBeInstanceOf(NotFoundError);
      await expect(signOutSession(t.database.db, t.deps.auth, null, list[1]!.id, headersOf(""))).rejects.toBeInstanceOf(UnauthorizedError);
      expect(await getSessionUser(t.deps.auth, headersOf(desktop))).toMatchObject({ id: user.id });
    });
  });

  describe("download my data", () => {
    it("exports the account, profile, reviews, projects, reports and sessions, without password hashes or tokens", async () => {
      const dev = await t.signUp({ email: email("export-dev"), name: "Export Developer", userType: "developer" });
      const client = await t.signUp({ email: email("export-client"), name: "Export Client" });
      await saveDeveloperProfile(t.database.db, dev.user, fullProfile());
      const project = await createProject(t.database.db, client.user, projectInput({ title: "Export test project" }));
      await reportProject(t.database.db, dev.user, project.id, { reason: "Other", details: "Looks like a duplicate" });
      await t.database.db.insert(reviews).values({
        developerId: dev.user.id,
        clientId: client.user.id,
        clientName: "Export Client",
        projectId: project.id,
        projectTitle: project.title,
        rating: 5,
        comment: "Great work",
      });

      const mine = await exportMyData(t.database.db, dev.user);
      expect(JSON.parse(JSON.stringify(mine))).toEqual(mine);
      expect(mine.account).toMatchObject({ id: dev.user.id, name: "Export Developer", email: dev.user.email, userType: "developer", emailVerified: true });
      expect(mine.developerProfile).toMatchObject({ title: "Senior Flutter Developer", city: "Johannesburg", skills: ["Flutter", "Firebase", "Node.js"] });
      expect(mine.reviewsAboutMe).toEqual([expect.objectContaining({ clientName: "Export Client", rating: 5, comment: "Great work" })]);
      expect(mine.projectReports).toEqual([expect.objectContaining({ projectId: project.id, reason: "Other: Looks like a duplicate" })]);
      expect(mine.sessions.length).toBeGreaterThan(0);
      expect(mine.credentials).toEqual([expect.objectContaining({ providerId: "credential" })]);

      const theirs = await exportMyData(t.database.db, client.user);
      expect(theirs.developerProfile).toBeNull();
      expect(theirs.projects).toEqual([expect.objectContaining({ id: project.id, title: "Export test project", status: "active" })]);
      expect(theirs.reviewsWritten).toEqual([expect.objectContaining({ developerId: dev.user.id, comment: "Great work" })]);

      // No secrets: neither the password hash nor any session token appears anywhere.
      for (const [who, data] of [
        [dev.user, mine],
        [client.user, theirs],
      ] as const) {
        const text = JSON.stringify(data);
        const [credential] = await t.database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, who.id));
        expect(text).not.toContain(credential!.password!);
        expect(text).not.toContain("$argon2");
        for (const s of await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, who.id)))
          expect(text).not.toContain(s.token);
        expect(text).not.toMatch(/"(password|token|searchVector)"/);
      }
      await expect(exportMyData(t.database.db, null)).rejects.toBeInstanceOf(UnauthorizedError);
    });

    it("/profile/export answers the file buildza-my-data.json as an attachment, and sends signed-out users to login", async () => {
      const dev = await t.signUp({ email: email("download"), name: "Download Developer", userType: "developer" });
      const request = new Request(`${APP_URL}/profile/export`);
      const response = (await exportRoute.loader({ request, context: { deps: t.deps, user: dev.user }, params: {} } as never)) as Response;
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="buildza-my-data.json"');
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(JSON.parse(await response.text())).toMatchObject({ account: { id: dev.user.id, name: "Download Developer" } });
      const redirect = await Promise.resolve()
        .then(() => exportRoute.loader({ request, context: { deps: t.deps, user: null }, params: {} } as never))
        .catch((e: unknown) => e);
      expect((redirect as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fexport");
    });
  });

  describe("delete my account", () => {
    /** Rows of every table of the public schema whose text contains `needle` (case-insensitive). */
    async function tablesContaining(needle: string): Promise<string[]> {
      const tables = (await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: Array<{ table_name: string }> };
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(["users", "sessions", "accounts", "verifications", "projects", "project_reports", "developer_profiles", "reviews"]),
      );
      const found: string[] = [];
      for (const { table_name } of tables.rows) {
        const result = (await t.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} t where position(lower(${needle}) in lower(t::text)) > 0`,
        )) as unknown as { rows: Array<{ n: number }> };
        if (result.rows[0]!.n > 0) found.push(table_name);
      }
      return found;
    }

    it("needs the right password and changes nothing otherwise", async () => {
      const { user, cookie } = await t.signUp({ email: email("keep") });
      await expect(deleteAccount({ ...t.domain, auth: t.deps.auth }, user, { password: "wrong-password" }, headersOf(cookie))).rejects.toMatchObject({
        fields: { password: "Password is incorrect" },
      });
      await expect(deleteAccount({ ...t.domain, auth: t.deps.auth }, user, {}, headersOf(cookie))).rejects.toMatchObject({
        fields: { password: "Please enter your password to confirm" },
      });
      await expect(deleteAccount({ ...t.domain, auth: t.deps.auth }, null, { password: TEST_PASSWORD }, headersOf(""))).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      expect(await getSessionUser(t.deps.auth, headersOf(cookie))).toMatchObject({ id: user.id });
    });

    it("a developer: no name, email, bio or links remain, and no session works", async () => {
      const address = email("zanele-gone");
      const dev = await t.signUp({ email: address, name: "Zanele Qwabe-Erasure", userType: "developer" });
      const other = await signInAgain(address);
      await saveDeveloperProfile(
        t.database.db,
        dev.user,
        fullProfile({
          bio: "Zanele's unique biography text that must disappear with the account, all of it.",
          links: { github: "https://github.com/zanele-erasure", linkedin: "https://linkedin.com/in/zanele-erasure", website: "https://zanele-erasure.co.za" },
        }),
      );
      const client = await t.signUp({ email: email("reviewer"), name: "Reviewing Client" });
      await t.database.db
        .insert(reviews)
        .values({ developerId: dev.user.id, clientId: client.user.id, clientName: "Reviewing Client", rating: 4, comment: "Zanele Qwabe-Erasure was great" });
      await requestPasswordReset(t.deps.auth, { email: address });
      expect((await tablesContaining(address)).length).toBeGreaterThan(0);

      const { headers } = await deleteAccount({ ...t.domain, auth: t.deps.auth }, dev.user, { password: TEST_PASSWORD }, headersOf(dev.cookie));
      expect(headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=.*Max-Age=0/.test(c))).toBe(true);

      for (const needle of [address, "Zanele Qwabe-Erasure", "unique biography", "zanele-erasure"]) {
        expect(await tablesContaining(needle), needle).toEqual([]);
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, dev.user.id));
      expect(row).toMatchObject({ name: "Deleted user", email: `deleted-${dev.user.id}@deleted.invalid`, isActive: false, image: null });
      expect(await profileRow(dev.user.id)).toBeUndefined();
      expect(await sessionCount(dev.user.id)).toBe(0);
      expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, dev.user.id))).toEqual([]);
      expect(await t.database.db.select().from(verifications).where(eq(verifications.value, dev.user.id))).toEqual([]);
      expect(await getSessionUser(t.deps.auth, headersOf(dev.cookie))).toBeNull();
      expect(await getSessionUser(t.deps.auth, headersOf(other))).toBeNull();
      await expect(signIn(t.deps.auth, { email: address, password: TEST_PASSWORD }, headersOf(""))).rejects.toBeInstanceOf(AppError);
      // The client who reviewed is untouched.
      expect(await getSessionUser(t.deps.auth, headersOf(client.cookie))).toMatchObject({ name: "Reviewing Client" });
    });

    it("a client: projects are closed (kept, no personal data), reviews written lose the name, no session works", async () => {
      const address = email("sipho-gone");
      const client = await t.signUp({ email: address, name: "Sipho Mthembu-Erasure" });
      const p1 = await createProject(t.database.db, client.user, projectInput({ title: "Loyalty app for a Durban bakery" }));
      const p2 = await createProject(t.database.db, client.user, projectInput({ title: "Stokvel savings tracker" }));
      const dev = await t.signUp({ email: email("reviewed"), name: "Reviewed Developer", userType: "developer" });
      await saveDeveloperProfile(t.database.db, dev.user, fullProfile());
      const [review] = await t.database.db
        .insert(reviews)
        .values({
          developerId: dev.user.id,
          clientId: client.user.id,
          clientName: "Sipho Mthembu-Erasure",
          projectId: p1.id,
          projectTitle: p1.title,
          rating: 5,
          comment: "Delivered on time",
        })
        .returning();
      const devProject = await createProject(t.database.db, dev.user, projectInput({ title: "Someone else's project" }));
      await reportProject(t.database.db, client.user, devProject.id, { reason: "Spam or scam" });

      await deleteAccount({ ...t.domain, auth: t.deps.auth }, client.user, { password: TEST_PASSWORD }, headersOf(client.cookie));

      for (const needle of [address, "Sipho Mthembu-Erasure"]) expect(await tablesContaining(needle), needle).toEqual([]);
      const mine = await t.database.db.select().from(projects).where(eq(projects.userId, client.user.id));
      expect(mine.map((p) => p.id).sort()).toEqual([p1.id, p2.id].sort());
      expect(mine.every((p) => p.status === "closed")).toBe(true);
      const [kept] = await t.database.db.select().from(reviews).where(eq(reviews.id, review!.id));
      expect(kept).toMatchObject({ clientName: "", clientId: null, rating: 5, developerId: dev.user.id });
      expect(await getSessionUser(t.deps.auth, headersOf(client.cookie))).toBeNull();
      expect(await sessionCount(client.user.id)).toBe(0);
      // Other people's data stays: the developer's project is still active and reports keep counting.
      const [theirs] = await t.database.db.select().from(projects).where(eq(projects.id, devProject.id));
      expect(theirs!.status).toBe("active");
      expect((await t.database.db.select().from(projectReports).where(eq(projectReports.projectId, devProject.id))).length).toBe(1);
      expect((await profileRow(dev.user.id))!.name).toBe("Reviewed Developer");
    });

    it("the same email can register again afterwards", async () => {
      const address = email("again");
      const first = await t.signUp({ email: address });
      await deleteAccount({ ...t.domain, auth: t.deps.auth }, first.user, { password: TEST_PASSWORD }, headersOf(first.cookie));
      const second = await t.signUp({ email: address });
      expect(second.user.id).not.toBe(first.user.id);
    });
  });
  it("serves GET /api/v1/me/export and DELETE /api/v1/me with the API's error shape", async () => {
    const { cookie } = await t.signUp({ email: "api-erase@example.co.za", name: "Bongani Mthembu", userType: "developer" });
    const call = (method: string, path: string, body?: unknown, withCookie = true) =>
      apiClient(t.app)(method, path, { body, cookie: withCookie ? cookie : undefined });
    expect((await call("GET", "/api/v1/me/export", undefined, false)).status).toBe(401);
    const exported = await call("GET", "/api/v1/me/export");
    expect(exported.status).toBe(200);
    expect(JSON.stringify(await exported.json())).toContain("api-erase@example.co.za");
    const wrong = await call("DELETE", "/api/v1/me", { password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe("Password is incorrect");
    expect((await call("DELETE", "/api/v1/me", { password: TEST_PASSWORD })).status).toBe(204);
    expect((await call("GET", "/api/v1/me/export")).status).toBe(401);
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, "api-erase@example.co.za"));
    expect(left!.n).toBe(0);
  });
});
