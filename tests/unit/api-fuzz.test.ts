/**
 * Generated bad input to every JSON API endpoint (server/api/v1.ts) and every /api/auth endpoint
 * we serve (server/auth/guard.ts), plus some we do not: no answer is a 5xx, and a 4xx writes
 * nothing (docs/security.md). FUZZ_RUNS sets the number of cases per database (default 150).
 * GET /api/v1/events is left out: a stream that stays open.
 */
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainDeps } from "../../server/context";
import { notifications, reports, users } from "../../server/db/schema";
import { setUserRole } from "../../server/auth/roles";
import { reportProfile } from "../../server/moderation/service";
import { saveDeveloperProfile } from "../../server/developers/service";
import { sendMessage, startConversation } from "../../server/messages/service";
import { uploadFile } from "../../server/files/service";
import sharp from "sharp";
import { createProject } from "../../server/projects/service";
import { submitProposal } from "../../server/proposals/service";
import { APP_URL, createTestApp, OTHER_PASSWORD, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";
import {
  bodyNear,
  encodeQuery,
  encodeSegment,
  FUZZ_LIMITS_POLICY,
  cursorLike,
  type CursorKind,
  nastyString,
  queryNear,
  segmentNear,
  serialised,
  tableChecksums,
} from "../support/fuzz";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

/** Who sends a case: nobody, the fixture's client or developer, or a new account (for requests that end sessions or the account). */
type Who = "anonymous" | "client" | "developer" | "fresh" | "moderator";

interface Endpoint {
  method: string;
  /** With slots :project, :proposal, :conversation, :notification, :developer, :message, :report, :any. */
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  who?: Who[];
}

const proposalBody = {
  coverLetter: "I have shipped three offline-first Flutter apps for informal retailers in Gauteng. ".repeat(2),
  price: 20000,
  duration: "2-4",
  milestones: [
    { title: "Design", amount: 5000 },
    { title: "Build", amount: 15000 },
  ],
};
const profileBody = {
  title: "Flutter developer",
  bio: "Offline-first apps.",
  city: "Durban",
  hourlyRate: 500,
  responseTime: "< 4h",
  availability: "available",
  skills: ["Flutter"],
  links: { github: "https://github.com/example", linkedin: "", website: "" },
  portfolio: [{ title: "Stock app", description: "", technologies: ["Flutter"], link: "" }],
  experience: [{ title: "Developer", company: "Kasi Apps", startDate: "2020-01", endDate: "", description: "" }],
  certifications: [{ name: "Associate Android Developer", issuer: "Google", date: "2020-06" }],
};
const listQuery = { search: "app", skills: "Flutter,React", sortBy: "newest", cursor: "", limit: "5" };

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/api/v1/projects", query: { ...listQuery, category: "Business", platform: "mobile", budgetMin: "1000", budgetMax: "50000" } },
  { method: "GET", path: "/api/v1/projects/:project" },
  { method: "POST", path: "/api/v1/projects", body: projectInput() },
  { method: "PATCH", path: "/api/v1/projects/:project", body: { title: "A better title", skills: ["Flutter"] } },
  { method: "PUT", path: "/api/v1/projects/:project", body: projectInput() },
  { method: "DELETE", path: "/api/v1/projects/:any" },
  { method: "POST", path: "/api/v1/projects/:project/reports", body: { reason: "Other", details: "Looks odd" } },
  { method: "POST", path: "/api/v1/projects/:project/proposals", body: proposalBody },
  { method: "GET", path: "/api/v1/projects/:project/proposals", query: { sortBy: "price_low" } },
  { method: "POST", path: "/api/v1/projects/:project/complete" },
  { method: "POST", path: "/api/v1/projects/:any/close" },
  { method: "POST", path: "/api/v1/projects/:project/cancel-hire" },
  { method: "POST", path: "/api/v1/projects/:project/reviews", body: { rating: 5, comment: "Great work, delivered on time and well tested." } },
  { method: "GET", path: "/api/v1/proposals", query: { status: "pending" } },
  { method: "GET", path: "/api/v1/proposals/:proposal" },
  { method: "PATCH", path: "/api/v1/proposals/:proposal", body: proposalBody },
  { method: "POST", path: "/api/v1/proposals/:proposal/withdraw" },
  { method: "POST", path: "/api/v1/proposals/:proposal/shortlist" },
  { method: "POST", path: "/api/v1/proposals/:proposal/decline", body: { reason: "Budget" } },
  { method: "POST", path: "/api/v1/proposals/:proposal/accept" },
  { method: "GET", path: "/api/v1/developers", query: { ...listQuery, sortBy: "rating", location: "Durban", minRating: "4", availability: "available" } },
  { method: "GET", path: "/api/v1/developers/top" },
  { method: "GET", path: "/api/v1/clients/:developer" },
  { method: "GET", path: "/api/v1/developers/:developer" },
  { method: "GET", path: "/api/v1/developers/:developer/reviews" },
  { method: "PUT", path: "/api/v1/me/developer-profile", body: profileBody },
  { method: "GET", path: "/api/v1/me/export" },
  { method: "POST", path: "/api/v1/users/:developer/reports", body: { reason: "Spam or scam", details: "Copied portfolio" } },
  { method: "POST", path: "/api/v1/messages/:message/reports", body: { reason: "Asking to pay outside BuildZA", details: "" } },
  { method: "GET", path: "/api/v1/moderation/reports", who: ["anonymous", "client", "moderator", "moderator"] },
  { method: "GET", path: "/api/v1/moderation/log", who: ["anonymous", "developer", "moderator"] },
  {
    method: "POST",
    path: "/api/v1/moderation/reports/:report/actions",
    body: { action: "warn", reason: "Keep it polite" },
    who: ["anonymous", "client", "moderator", "moderator"],
  },
  { method: "DELETE", path: "/api/v1/me", body: { password: TEST_PASSWORD }, who: ["anonymous", "fresh"] },
  { method: "GET", path: "/api/v1/conversations", query: { cursor: "", limit: "10" } },
  { method: "POST", path: "/api/v1/conversations", body: { to: ":developer", body: "Hello there" } },
  { method: "GET", path: "/api/v1/conversations/:conversation" },
  { method: "GET", path: "/api/v1/conversations/:conversation/messages", query: { cursor: "2", after: "0", limit: "10" } },
  { method: "POST", path: "/api/v1/conversations/:conversation/messages", body: { body: "Still keen?" } },
  { method: "POST", path: "/api/v1/conversations/:conversation/read", body: { seq: 1 } },
  { method: "GET", path: "/api/v1/notifications", query: { cursor: "", limit: "10" } },
  { method: "POST", path: "/api/v1/notifications/read-all" },
  { method: "POST", path: "/api/v1/notifications/:notification/read" },
  { method: "GET", path: "/api/v1/me/unread" },
  { method: "GET", path: "/api/v1/me/email-preferences" },
  { method: "PUT", path: "/api/v1/me/email-preferences", body: { newMessage: false, proposalReceived: true } },
  { method: "POST", path: "/api/v1/unsubscribe", query: { token: "abc.def" } },
  // Files: a JSON or text body to the upload is refused (415); downloads and deletions by id.
  { method: "POST", path: "/api/v1/files", body: { file: "not a file", purpose: "photo" } },
  { method: "GET", path: "/api/v1/files/:file" },
  { method: "GET", path: "/api/v1/files/:file/download" },
  { method: "GET", path: "/api/v1/files/:file/w/:width" },
  { method: "DELETE", path: "/api/v1/files/:file" },
  { method: "DELETE", path: "/api/v1/messages/:message" },
  { method: "GET", path: "/api/v1/:any" },
  // better-auth, served (guard.ts AUTH_HTTP_ENDPOINTS) and not.
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    body: { name: "Fuzzy Person", email: "fuzzy@example.co.za", password: OTHER_PASSWORD, userType: "developer" },
  },
  { method: "POST", path: "/api/auth/sign-in/email", body: { email: "fuzz-client@example.co.za", password: TEST_PASSWORD, rememberMe: true } },
  { method: "POST", path: "/api/auth/sign-out", who: ["anonymous", "fresh"] },
  { method: "GET", path: "/api/auth/get-session", query: { disableCookieCache: "true" } },
  { method: "POST", path: "/api/auth/request-password-reset", body: { email: "fuzz-client@example.co.za" } },
  { method: "POST", path: "/api/auth/reset-password", body: { token: "abcdefghijklmnopqrstuvwx", newPassword: OTHER_PASSWORD } },
  {
    method: "POST",
    path: "/api/auth/change-password",
    body: { currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD, revokeOtherSessions: true },
    who: ["anonymous", "fresh"],
  },
  { method: "GET", path: "/api/auth/list-sessions" },
  { method: "POST", path: "/api/auth/revoke-other-sessions", who: ["anonymous", "fresh"] },
  { method: "POST", path: "/api/auth/update-user", body: { name: "New Name", userType: "developer" } },
  { method: "POST", path: "/api/auth/:any", body: { email: "fuzz-client@example.co.za" } },
  { method: "GET", path: "/api/auth/reset-password/:any", query: { callbackURL: "/" } },
];

describe.each(DB_KINDS)("generated bad input to the APIs on %s", (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string[]> = {};
  let fresh = 0;

  beforeAll(async () => {
    // Each case comes from its own address (X-Forwarded-For through one trusted proxy), and the
    // limits are high, so a 429 does not answer before the input is looked at.
    t = await createTestApp(kind, { trustProxy: 1, limits: FUZZ_LIMITS_POLICY });
    const client = await t.signUp({ email: "fuzz-client@example.co.za", name: "Fuzz Client" });
    const developer = await t.signUp({ email: "fuzz-dev@example.co.za", name: "Fuzz Developer", userType: "developer" });
    cookies.client = client.cookie;
    cookies.developer = developer.cookie;
    await saveDeveloperProfile(t.database.db, developer.user, profileBody);
    const project = await createProject(t.database.db, client.user, projectInput());
    const spare = await createProject(t.database.db, client.user, projectInput({ title: "A project to close or delete" }));
    const proposal = await submitProposal(domainDeps(t.deps), developer.user, project.id, proposalBody);
    const { conversation } = await startConversation(t.database.db, developer.user, { to: client.user.id, body: "Hello, I sent a proposal" });
    const moderator = await t.signUp({ email: "fuzz-mod@example.co.za", name: "Fuzz Moderator" });
    await setUserRole(t.database.db, "fuzz-mod@example.co.za", "moderator");
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, moderator.user.id));
    cookies.moderator = moderator.cookie;
    await reportProfile(t.database.db, client.user, developer.user.id, { reason: "Other", details: "Fixture report" });
    const [report] = await t.database.db.select({ id: reports.id }).from(reports).limit(1);
    const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#225588" } })
      .png()
      .toBuffer();
    const file = await uploadFile({ db: t.database.db, files: t.deps.files }, developer.user, { name: "photo.png", bytes: photo, purpose: "photo" });
    const message = await sendMessage(t.database.db, developer.user, conversation.id, { body: "A photo", attachments: [file.id] });
    const [notification] = await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, client.user.id)).limit(1);
    ids.project = [project.id, spare.id];
    // DELETE and close take these: the spare project, never the one the other cases work on.
    ids.any = [spare.id, developer.user.id, "ok", "error"];
    ids.proposal = [proposal.id];
    ids.conversation = [conversation.id];
    ids.notification = [notification!.id];
    ids.developer = [developer.user.id, client.user.id];
    ids.report = [report!.id];
    ids.file = [file.id];
    ids.width = ["320", "640"];
    ids.message = [message.id];
  });
  afterAll(() => t?.close());

  /** A case: the endpoint's path with generated segments and query, a generated body, a sender. */
  const caseOf = (e: Endpoint) =>
    fc.record({
      endpoint: fc.constant(e),
      path: fc.tuple(...(e.path.match(/:\w+/g) ?? []).map((slot) => segmentNear(ids[slot.slice(1)] ?? ["x"]))).map((segments) => {
        let i = 0;
        return e.path.replace(/:\w+/g, () => encodeSegment(segments[i++]!));
      }),
      query: e.query ? fc.oneof(fc.constant(e.query), queryNear(e.query)) : fc.option(queryNear({ q: "1" }), { nil: undefined }),
      body: e.body
        ? fc.option(serialised(bodyNear(e.body)), { nil: undefined, freq: 10 })
        : fc.option(serialised(fc.jsonValue({ maxDepth: 1 })), { freq: 3, nil: undefined }),
      type: fc.oneof(
        { weight: 8, arbitrary: fc.constant("application/json") },
        { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded") },
      ),
      who: fc.constantFrom<Who>(...(e.who ?? ["anonymous", "client", "developer", "client"])),
      ip: fc.ipV4(),
    });

  it("answers no 5xx, and a 4xx writes nothing", { timeout: 180_000 }, async () => {
    const fixtureBody = (body: string) => body.replaceAll('":developer"', JSON.stringify(ids.developer![0]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS).chain(caseOf), async (c) => {
        let cookie = c.who === "anonymous" ? undefined : cookies[c.who];
        if (c.who === "fresh") cookie = (await t.signUp({ email: `fuzz-fresh-${++fresh}@example.co.za` })).cookie;
        const before = await tableChecksums(t.database);
        const res = await t.app.request(`${c.path}${c.query ? encodeQuery(c.query) : ""}`, {
          method: c.endpoint.method,
          headers: {
            origin: APP_URL,
            "x-forwarded-for": c.ip,
            ...(cookie ? { cookie } : {}),
            ...(c.body !== undefined ? { "content-type": c.type } : {}),
          },
          body: c.body === undefined || c.endpoint.method === "GET" ? undefined : fixtureBody(c.body),
        });
        const text = await res.text();
        expect(res.status, `${c.endpoint.method} ${c.path}: ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await tableChecksums(t.database), `${c.endpoint.method} ${c.path} answered ${res.status} but wrote`).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers no 5xx to forged list cursors", async () => {
    // Each list with the shape of the cursors it writes (server/*/service.ts).
    const lists: Array<[string, CursorKind[]]> = [
      ["/api/v1/projects?sortBy=newest", ["date", "uuid"]],
      ["/api/v1/projects?sortBy=budget_high", ["number", "date", "uuid"]],
      ["/api/v1/projects?sortBy=most_proposals", ["number", "date", "uuid"]],
      ...["rating", "reviewCount", "completedProjects", "hourlyRate"].map((sortBy): [string, CursorKind[]] => [
        `/api/v1/developers?sortBy=${sortBy}`,
        ["number", "text"],
      ]),
      ["/api/v1/conversations?limit=5", ["date", "uuid"]],
      ["/api/v1/notifications?limit=5", ["date", "uuid"]],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists).chain(([list, shape]) => fc.tuple(fc.constant(list), cursorLike(shape))),
        async ([list, cursor]) => {
          const res = await t.app.request(`${list}&cursor=${cursor}`, { headers: { cookie: cookies.client!, origin: APP_URL } });
          expect(res.status, `${list} ${cursor}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answers no 5xx to generated paths under /api", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nastyString, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("/api/v1/", "/api/auth/", "/api/v1/projects/"),
        async (segments, prefix) => {
          const res = await t.app.request(`${prefix}${segments.map(encodeSegment).join("/")}`, { headers: { cookie: cookies.client!, origin: APP_URL } });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});
