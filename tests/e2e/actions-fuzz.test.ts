/**
 * Generated bad input to every form action (the route modules' `action` exports) and to the
 * loaders of pages with an id in their path, through the production React Router build, in
 * process on a fresh embedded database: no answer is a 5xx, and a 4xx writes nothing
 * (docs/security.md). Needs `npm run build`. FUZZ_RUNS sets the number of cases (default 120).
 *
 * Also: the common-password list of the server's password rules is not in the browser bundle.
 */
import { todayIso } from "../../shared/format";
import { storageFor } from "../../server/files/storage";
import { dictionary } from "@zxcvbn-ts/language-common";
import fc from "fast-check";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../server/auth/accounts";
import { createAuth } from "../../server/auth/auth";
import { createAuthLimits } from "../../server/auth/limits";
import { loadConfig } from "../../server/config";
import { domainDeps, type AppDeps, type SessionUser } from "../../server/context";
import { openDatabase, type Database } from "../../server/db/client";
import { saveDeveloperProfile } from "../../server/developers/service";
import { setUserRole } from "../../server/auth/roles";
import { eq } from "drizzle-orm";
import { contracts, milestones, reports, users } from "../../server/db/schema";
import { proposeMilestoneChange } from "../../server/payments/changes";
import { paymentsDeps, startFunding } from "../../server/payments/service";
import { reportProfile } from "../../server/moderation/service";
import { createHttpApp } from "../../server/http/app";
import { getSessionUser } from "../../server/http/session";
import { startConversation } from "../../server/messages/service";
import { createProject } from "../../server/projects/service";
import { acceptProposal, submitProposal } from "../../server/proposals/service";
import { createRealtimeHub, type RealtimeHub } from "../../server/realtime/hub";
import { APP_URL, cookieFrom, OTHER_PASSWORD, TEST_PASSWORD, TEST_SECRET } from "../support/app";
import { projectInput } from "../support/fixtures";
import { bodyNear, encodeQuery, encodeSegment, FUZZ_LIMITS_POLICY, nastyString, queryNear, segmentNear, tableChecksums } from "../support/fuzz";

/** A due date next year: within the MAX_YEARS_AHEAD bound whatever the year the tests run. */
const NEXT_YEAR = Number(todayIso().slice(0, 4)) + 1;

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const BUILD = path.resolve("build");

type Who = "anonymous" | "client" | "developer" | "fresh" | "moderator";

interface Route {
  method: "GET" | "POST";
  /** With slots :project, :spare, :conversation, :developer, :contract, :milestone, :change, :payment, :invoice (filled with fixture ids or generated text). */
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  who?: Who[];
}

const proposalBody = { coverLetter: "I have shipped offline-first Flutter apps for informal retailers in Gauteng. ".repeat(2), price: 20000, duration: "2-4" };
const profileBody = { title: "Flutter developer", bio: "Offline-first apps.", city: "Durban", hourlyRate: 500, availability: "available", skills: ["Flutter"] };

const ROUTES: Route[] = [
  { method: "POST", path: "/login", body: { email: "fuzz-client@example.co.za", password: TEST_PASSWORD, rememberMe: "on", redirectTo: "/dashboard" } },
  {
    method: "POST",
    path: "/register",
    body: { userType: "client", name: "Fuzzy Person", email: "fuzzy@example.co.za", password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, terms: "on" },
  },
  { method: "POST", path: "/forgot-password", body: { email: "fuzz-client@example.co.za" } },
  { method: "POST", path: "/reset-password", body: { token: "abcdefghijklmnopqrstuvwx", password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD } },
  { method: "POST", path: "/logout", who: ["anonymous", "fresh"] },
  { method: "POST", path: "/messages/new", query: { to: ":developer" }, body: { body: "Hello there" } },
  { method: "POST", path: "/messages/:conversation", body: { body: "Still keen?" } },
  { method: "POST", path: "/notifications" },
  { method: "POST", path: "/profile/setup", body: profileBody, who: ["anonymous", "developer", "client"] },
  { method: "POST", path: "/profile", body: { intent: "name", name: "New Name" } },
  { method: "POST", path: "/profile", body: { intent: "emailPreferences", newMessage: false } },
  {
    method: "POST",
    path: "/profile",
    body: { intent: "password", currentPassword: TEST_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    who: ["fresh"],
  },
  { method: "POST", path: "/profile", body: { intent: "signOutOthers" }, who: ["fresh"] },
  { method: "POST", path: "/profile", body: { intent: "delete", password: TEST_PASSWORD }, who: ["anonymous", "fresh"] },
  { method: "POST", path: "/projects/new", body: projectInput() },
  { method: "POST", path: "/projects/new", body: { intent: "discardDraft" } },
  // Forms sent without JavaScript (docs/product.md, Look and feel): fields named by their path, the wizard's steps, the report page.
  {
    method: "POST",
    path: "/projects/new",
    body: { intent: "next", step: "0", title: "Fuzzed wizard step", description: "d".repeat(60), platform: "web", "features.0": "Stock" },
  },
  {
    method: "POST",
    path: "/profile/setup",
    body: {
      ...profileBody,
      newSkills: "Go, Rust",
      "experience.0.title": "Mobile developer",
      "experience.0.company": "Yoco",
      "experience.0.startDate": "2021-03",
    },
    who: ["developer"],
  },
  { method: "POST", path: "/report/project/:project", body: { reason: "Spam or scam", details: "Asks for payment first", returnTo: "/projects" } },
  { method: "POST", path: "/developers/:developer", body: { intent: "invite", projectId: ":project", returnTo: "/dashboard" } },
  { method: "POST", path: "/developers/:developer", body: { intent: "save", returnTo: "/developers" } },
  { method: "POST", path: "/projects/:project", body: { intent: "save", returnTo: "/projects" } },
  { method: "POST", path: "/projects/:project/edit", body: projectInput() },
  { method: "POST", path: "/projects/:spare/edit", body: { intent: "delete" } },
  { method: "POST", path: "/projects/:project/proposal", body: proposalBody },
  {
    method: "POST",
    path: "/projects/:project",
    body: { intent: "shortlist", proposalId: ":proposal", reason: "", rating: "5", comment: "Great work, well tested." },
  },
  { method: "POST", path: "/unsubscribe", query: { token: "abc.def" } },
  {
    method: "POST",
    path: "/moderation",
    body: { reportId: ":report", action: "warn", reason: "Please keep it polite" },
    who: ["anonymous", "client", "moderator", "moderator"],
  },
  { method: "GET", path: "/moderation", who: ["anonymous", "developer", "moderator"] },
  { method: "POST", path: "/verify-email", body: { token: "abcdefghijklmnopqrstuvwx" } },
  { method: "POST", path: "/verify-email", body: { intent: "resend", redirectTo: "/dashboard" } },
  { method: "GET", path: "/verify-email", query: { token: "abc" } },
  // Loaders of pages with ids and queries in their address.
  { method: "GET", path: "/projects/:project" },
  { method: "GET", path: "/projects/:project/edit" },
  { method: "GET", path: "/projects/:project/proposal" },
  { method: "GET", path: "/developers/:developer" },
  { method: "GET", path: "/messages/:conversation" },
  { method: "GET", path: "/messages/new", query: { to: ":developer", project: ":project" } },
  { method: "GET", path: "/projects", query: { search: "app", skills: "Flutter", sortBy: "newest", budgetMin: "1000", cursor: "" } },
  { method: "GET", path: "/developers", query: { search: "app", minRating: "4", location: "Durban", cursor: "" } },
  { method: "GET", path: "/reset-password", query: { token: "abc" } },
  // Payments (docs/product.md, Payments): the contract page's actions, milestone changes, checkout, payouts, documents.
  { method: "GET", path: "/contracts/:contract", query: { payment: ":payment" } },
  {
    method: "POST",
    path: "/contracts/:contract",
    body: { intent: "proposeChange", milestoneId: ":milestone", title: "New terms", amount: "700", dueDate: `${NEXT_YEAR}-01-31` },
  },
  { method: "POST", path: "/contracts/:contract", body: { intent: "proposeChange", milestoneId: "", title: "Extra milestone", amount: "300", dueDate: "" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "acceptChange", changeId: ":change" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "declineChange", changeId: ":change" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "fund", milestoneId: ":milestone" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "submit", milestoneId: ":milestone", note: "Done" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "approve", milestoneId: ":milestone" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "requestChanges", milestoneId: ":milestone", feedback: "Please fix the colours" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "refund", milestoneId: ":milestone" } },
  { method: "POST", path: "/contracts/:contract", body: { intent: "dispute", milestoneId: ":milestone", reason: "Not what we agreed" } },
  {
    method: "POST",
    path: "/contracts/:contract",
    body: { intent: "resolve", milestoneId: ":milestone", developerAmount: "250" },
    who: ["moderator", "client"],
  },
  { method: "GET", path: "/pay/test/:payment" },
  { method: "POST", path: "/pay/test/:payment", body: { outcome: "delayed" } },
  { method: "GET", path: "/payouts" },
  { method: "POST", path: "/payouts", body: { intent: "bank", bankCode: "470010", accountNumber: "1234567890", holderName: "Fuzz Person" } },
  { method: "POST", path: "/payouts", body: { intent: "withdraw", amount: "150" } },
  { method: "POST", path: "/payouts", body: { intent: "testPayout", reference: "po_000000000000000000000000", outcome: "paid" } },
  { method: "GET", path: "/payouts/statement", query: { month: "2026-11" } },
  { method: "GET", path: "/payouts/ledger.csv" },
  { method: "GET", path: "/payments", query: { cursor: "" } },
  { method: "GET", path: "/receipts/:payment" },
  { method: "GET", path: "/invoices/:invoice" },
];

/** A form body as a browser sends it: lists as repeated names, other values as text. */
function formOf(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (!body || typeof body !== "object" || Array.isArray(body)) return form;
  for (const [k, v] of Object.entries(body)) {
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, typeof item === "object" && item !== null ? JSON.stringify(item) : String(item));
  }
  return form;
}

/** Text with a lone surrogate cannot be sent as UTF-8 either way: both sides agree on U+FFFD. */
const wellFormed = (s: string) => Buffer.from(s, "utf8").toString("utf8");

describe("generated bad input to form actions and page loaders", () => {
  let database: Database;
  let realtime: RealtimeHub;
  let app: ReturnType<typeof createHttpApp>;
  let deps: AppDeps;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string[]> = {};
  let fresh = 0;

  async function signUp(email: string, userType: "client" | "developer" = "client"): Promise<{ cookie: string; user: SessionUser }> {
    const body = { email, name: "Fuzz Person", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, userType, terms: true };
    const cookie = cookieFrom((await registerAccount(deps.auth, body, new Headers({ origin: APP_URL }))).headers);
    return { cookie, user: (await getSessionUser(deps.auth, new Headers({ cookie })))! };
  }

  beforeAll(async () => {
    const build = (await import(pathToFileURL(path.join(BUILD, "server/index.js")).href)) as ServerBuild;
    database = await openDatabase({ dataDir: null });
    await database.migrate();
    const mailer = { send: async () => {} };
    const config = loadConfig({ APP_URL, NODE_ENV: "production", DATA_DIR: "tests/.tmp/data", PAGE_CACHE: "off", TRUST_PROXY: "1" });
    const limits = createAuthLimits(database.db, TEST_SECRET, FUZZ_LIMITS_POLICY);
    const auth = createAuth({ db: database.db, appUrl: APP_URL, secret: TEST_SECRET, limits });
    realtime = await createRealtimeHub(database, database.db);
    deps = { db: database.db, auth, mailer, config, limits, realtime, secret: TEST_SECRET, files: storageFor(config) };
    app = createHttpApp(deps, { build });

    const client = await signUp("fuzz-client@example.co.za");
    const developer = await signUp("fuzz-dev@example.co.za", "developer");
    cookies.client = client.cookie;
    cookies.developer = developer.cookie;
    await saveDeveloperProfile(database.db, developer.user, profileBody);
    const project = await createProject(database.db, client.user, projectInput());
    const spare = await createProject(database.db, client.user, projectInput({ title: "A project to delete" }));
    const proposal = await submitProposal(domainDeps(deps), developer.user, project.id, proposalBody);
    const { conversation } = await startConversation(database.db, developer.user, { to: client.user.id, body: "Hello, I sent a proposal" });
    ids.project = [project.id];
    ids.spare = [spare.id];
    ids.proposal = [proposal.id];
    ids.conversation = [conversation.id];
    ids.developer = [developer.user.id, client.user.id];
    const moderator = await signUp("fuzz-mod@example.co.za");
    await setUserRole(database.db, "fuzz-mod@example.co.za", "moderator");
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, "fuzz-mod@example.co.za"));
    cookies.moderator = moderator.cookie;
    await reportProfile(database.db, client.user, developer.user.id, { reason: "Other", details: "Fixture report" });
    ids.report = (await database.db.select({ id: reports.id }).from(reports)).map((r) => r.id);
    // A hire of the developer on the client's project: its contract, a milestone with a payment
    // started, and a milestone change the developer proposed (docs/product.md, Payments).
    const hired = await createProject(database.db, client.user, projectInput({ title: "A hired project" }));
    const hire = await submitProposal(domainDeps(deps), developer.user, hired.id, proposalBody);
    await acceptProposal(domainDeps(deps), client.user, hire.id);
    const [contract] = await database.db.select().from(contracts).where(eq(contracts.proposalId, hire.id));
    const [milestone] = await database.db.select().from(milestones).where(eq(milestones.contractId, contract!.id));
    const { reference } = await startFunding(paymentsDeps(deps), { ...client.user, emailVerified: true }, milestone!.id);
    const change = await proposeMilestoneChange(paymentsDeps(deps), developer.user, contract!.id, { title: "Extra screens", amount: 500 });
    ids.contract = [contract!.id];
    ids.milestone = [milestone!.id];
    ids.change = [change.id];
    ids.payment = [reference];
    ids.invoice = ["INV-000001"];
  }, 120_000);
  afterAll(async () => {
    deps?.limits.close();
    await realtime?.close();
    await database?.close();
  });

  /** ":slot" values inside bodies and queries become the fixture's ids. */
  const withIds = (text: string) =>
    text.replace(
      /:(project|spare|proposal|conversation|developer|report|contract|milestone|change|payment|invoice)\b/g,
      (m, slot: string) => ids[slot]?.[0] ?? m,
    );

  const caseOf = (r: Route) =>
    fc.record({
      route: fc.constant(r),
      path: fc.tuple(...(r.path.match(/:\w+/g) ?? []).map((slot) => segmentNear(ids[slot.slice(1)] ?? ["x"]))).map((segments) => {
        let i = 0;
        return r.path.replace(/:\w+/g, () => encodeSegment(segments[i++]!));
      }),
      query: r.query ? fc.oneof(fc.constant(r.query), queryNear(r.query)) : fc.constant(undefined),
      body: r.body ? fc.oneof({ weight: 5, arbitrary: bodyNear(r.body) }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.constant(undefined),
      json: fc.boolean(),
      who: fc.constantFrom<Who>(...(r.who ?? ["anonymous", "client", "developer", "client"])),
      ip: fc.ipV4(),
    });

  it("answers no 5xx, and a 4xx writes nothing", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES).chain(caseOf), async (c) => {
        let cookie = c.who === "anonymous" ? undefined : cookies[c.who];
        if (c.who === "fresh") cookie = (await signUp(`fuzz-fresh-${++fresh}@example.co.za`)).cookie;
        const query = c.query ? withIds(encodeQuery(Object.fromEntries(Object.entries(c.query).map(([k, v]) => [k, wellFormed(v)])))) : "";
        const body = c.route.method === "GET" ? undefined : c.json ? withIds(JSON.stringify(c.body ?? {})) : withIds(formOf(c.body).toString());
        const before = await tableChecksums(database);
        const res = await app.request(`${APP_URL}${c.path}${query}`, {
          method: c.route.method,
          redirect: "manual",
          headers: {
            origin: APP_URL,
            "x-forwarded-for": c.ip,
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { "content-type": c.json ? "application/json" : "application/x-www-form-urlencoded" } : {}),
          },
          body,
        });
        const text = await res.text();
        expect(res.status, `${c.route.method} ${c.path}${query}: ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await tableChecksums(database), `${c.route.method} ${c.path} answered ${res.status} but wrote`).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers no 5xx to generated page addresses", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nastyString, { minLength: 1, maxLength: 2 }),
        fc.constantFrom("/", "/projects/", "/developers/", "/messages/"),
        async (segments, prefix) => {
          const res = await app.request(`${APP_URL}${prefix}${segments.map(encodeSegment).join("/")}`, {
            redirect: "manual",
            headers: { cookie: cookies.client! },
          });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("answers page addresses whose id is not an id (NUL included) without a 500", async () => {
    for (const page of [
      "/contracts/%00",
      "/pay/test/%00",
      "/receipts/%00",
      "/invoices/%00",
      "/developers/a%00b",
      "/developers/%00",
      "/projects/%00",
      "/projects/%00/edit",
      "/projects/%00/proposal",
      "/messages/%00",
    ]) {
      const res = await app.request(`${APP_URL}${page}`, { redirect: "manual", headers: { cookie: cookies.client! } });
      expect(res.status, page).toBeLessThan(500);
    }
  });

  it("keeps the common-password list out of the browser's files", async () => {
    // Long entries mixing letters and digits would not appear in our code by chance.
    const samples = dictionary["passwords-common"].filter((w) => w.length >= 10 && /\d/.test(w) && /[a-z]/.test(w)).slice(0, 200);
    expect(samples.length).toBeGreaterThan(50);
    const files = (await fs.readdir(path.join(BUILD, "client"), { recursive: true })).filter((f) => /\.(js|css|html)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await fs.readFile(path.join(BUILD, "client", file), "utf8");
      expect(
        samples.filter((w) => text.includes(w)),
        file,
      ).toEqual([]);
    }
  });
});
