/**
 * Deterministic South African demo data (npm run db:seed, and the first start with DEMO_DATA on).
 * Every choice comes from a seeded PRNG, so one seed always gives the same users, ids, titles and
 * texts; only the dates move, as they are offsets from the moment of seeding ("now").
 * Projects, proposals, hires and reviews agree with each other as the app itself would leave
 * them (docs/product.md, Proposals): see market.ts.
 */
import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  BUDGET_RANGES,
  CATEGORIES,
  LOCATIONS,
  PLATFORMS,
  PROJECT_LOCATION,
  PROJECT_SKILL_SUGGESTIONS,
  TIMELINES,
  type BudgetRangeCode,
  type Category,
  type Platform,
  type ProjectStatus,
} from "../../shared/constants";
import { budgetBounds, formatRand } from "../../shared/format";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/client";
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
} from "../db/schema";
import {
  ADDITIONAL_INFO,
  CITY_PLACES,
  CITY_WEIGHTS,
  CLOSINGS,
  COMMON_FEATURES,
  EXTRA_SKILLS,
  FEATURE_LEADS,
  INTROS,
  MOBILE_ONLY_SKILLS,
  NAME_GROUPS,
  PLATFORM_PHRASES,
  PLATFORM_STACKS,
  PROJECT_IDEAS,
  SA_CONTEXT,
  TITLE_PLACES,
  TITLE_SUFFIXES,
  WEB_ONLY_SKILLS,
  type ProjectIdea,
} from "./data";
import { ConversationPlanner } from "./conversations";
import { Market, type DemoStage, type MarketDeveloper, type MarketRows } from "./market";
import { makeDeveloper, type Person } from "./profiles";
import { Random } from "./random";
import { capitalise, fillTemplate, slug } from "./text";

export interface SeedOptions {
  /** Projects to create, all owned by clients. */
  projects: number;
  /** Developer accounts, the fixed demo developer included. */
  developers: number;
  /** Client accounts, the fixed demo client included. */
  clients: number;
  /** PRNG seed: the same seed gives the same data. */
  seed: number;
}

export interface SeedResult {
  projects: number;
  clients: number;
  developers: number;
  /** Reviews of developers (each developer's rating and reviewCount agree with them). */
  reviews: number;
  /** Proposals on the projects. */
  proposals: number;
  /** Conversations (docs/product.md, Messages and notifications) and their messages. */
  conversations: number;
  messages: number;
  /** The password of every demo account. */
  password: string;
}

/**
 * 400 projects (was 240): a quarter of them completed gives enough reviewed work that about a
 * fifth of the developers qualify as top developers, with most projects still open.
 */
export const DEFAULT_SEED: SeedOptions = { projects: 400, developers: 60, clients: 40, seed: 1 };

/** The password of every seeded account. */
export const DEMO_PASSWORD = "demo1234";

/** The two fixed, easy demo accounts, created first. */
export const DEMO_CLIENT = { email: "client@demo.buildza.co.za", name: "Thandi Nkosi" } as const;
export const DEMO_DEVELOPER = { email: "developer@demo.buildza.co.za", name: "Sipho Dlamini" } as const;
/** How many of the first projects the demo client owns, and their statuses (every status occurs). */
const DEMO_CLIENT_STATUSES: readonly ProjectStatus[] = ["active", "active", "in_progress", "active", "completed", "closed", "active", "completed"];
/**
 * How the demo client's projects are staged: the first has several open proposals (one from the
 * demo developer), the in-progress and completed ones hired the demo developer.
 */
function demoStage(i: number, status: ProjectStatus): DemoStage {
  if (i >= DEMO_CLIENT_STATUSES.length) return null;
  if (i === 0) return "showcase";
  return status === "in_progress" || status === "completed" ? "demo-hire" : null;
}

/** Rows per INSERT statement (one JSON parameter each). */
const BATCH_SIZE = 1000;

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const USER_SPREAD = 730 * DAY;
const PROJECT_SPREAD = 180 * DAY;

const HOUR = 60 * 60 * 1000;
/** Completed projects carry the reviews, so they are over a quarter of the projects. */
const STATUS_WEIGHTS: Record<ProjectStatus, number> = { active: 56, in_progress: 10, completed: 30, closed: 4 };
const BUDGET_WEIGHTS = [30, 35, 22, 13];
const TIMELINE_WEIGHTS = [10, 25, 40, 25];
const CATEGORY_WEIGHTS: Record<Category, number> = {
  "E-commerce": 14,
  Social: 8,
  Business: 16,
  Education: 12,
  Healthcare: 10,
  Finance: 11,
  "Food & Drink": 10,
  Travel: 7,
  Entertainment: 7,
  Other: 5,
};
/** First words of features that stay capitalised inside a sentence. */
const PROPER_WORDS = new Set(["English", "Mandela", "Section", "Twitch", "Yoco", "Ozow", "SnapScan", "PayFast", "WhatsApp", "Pargo", "Xero"]);

type UserInsert = typeof users.$inferInsert;
type AccountInsert = typeof accounts.$inferInsert;
type ProjectInsert = typeof projects.$inferInsert;

interface SeedUser {
  row: UserInsert;
  /** Id of the user's credential account. */
  accountId: string;
  /** Milliseconds before "now" the account was created. */
  age: number;
}

/**
 * Inserts `options.clients` clients and `options.developers` developers (each with a credential
 * account whose password is DEMO_PASSWORD) and `options.projects` projects owned by clients, in
 * one transaction and in batches of BATCH_SIZE rows. The demo client and developer come first and
 * the demo client owns the first projects. Every category, platform, budget range, timeline and
 * project skill suggestion occurs once there are at least 16 projects. Budgets are whole rand.
 * Every developer gets a developer profile (see profiles.ts); with at least ten developers every
 * city, developer skill filter and availability occurs. Every project gets proposals that agree
 * with its status, in-progress and completed projects a hired developer with one accepted
 * proposal, completed ones reviews both ways (see market.ts); proposalCount counts the pending,
 * shortlisted and accepted proposals, and each developer's rating, reviewCount and
 * completedProjects are computed from the reviews and projects at the end. A modest number of
 * conversations about some of the proposals and hires (and a few without a project) comes last,
 * some unread for the demo client and developer (see conversations.ts).
 * Throws RangeError unless every count is a positive integer; fails on a database that already
 * holds the demo accounts (unique email).
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedResult> {
  for (const key of ["projects", "developers", "clients"] as const) {
    const value = options[key];
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${key} must be a positive integer, got ${value}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);

  const now = Date.now();
  const password = await hashPassword(DEMO_PASSWORD);
  const clients = makeUsers(new Random(options.seed, "clients"), "client", options.clients, now, 0);
  const developers = makeUsers(new Random(options.seed, "developers"), "developer", options.developers, now, options.clients);
  const projectRng = new Random(options.seed, "projects");
  // Their own streams, so each part stays the same when another part changes.
  const profileRng = new Random(options.seed, "profiles");
  const market = new Random(options.seed, "market");
  const person = (u: SeedUser): Person => ({ id: u.row.id!, name: u.row.name, createdAt: u.row.createdAt! });
  const clientById = new Map(clients.map((u) => [u.row.id!, { id: u.row.id!, name: u.row.name }]));
  let reviewCount = 0;
  let proposalCount = 0;
  let conversationCount = 0;
  let messageCount = 0;

  await db.transaction(async (tx) => {
    for (const group of [clients, developers]) {
      for (let i = 0; i < group.length; i += BATCH_SIZE) {
        const batch = group.slice(i, i + BATCH_SIZE);
        await insertRows(
          tx,
          users,
          batch.map((u) => u.row),
        );
        await insertRows(
          tx,
          accounts,
          batch.map((u) => credential(u, password)),
        );
      }
    }
    const marketDevelopers: MarketDeveloper[] = [];
    await withoutSecondaryIndexes(tx, "developer_profiles", async () => {
      for (let start = 0; start < developers.length; start += BATCH_SIZE) {
        const batch = developers.slice(start, start + BATCH_SIZE);
        const seeds = batch.map((u, k) => makeDeveloper(profileRng, start + k, person(u), now));
        await insertRows(
          tx,
          developerProfiles,
          seeds.map((d) => d.profile),
        );
        seeds.forEach((d, k) =>
          marketDevelopers.push({
            id: batch[k]!.row.id!,
            name: batch[k]!.row.name,
            firstName: d.firstName,
            city: d.profile.city ?? null,
            createdAt: batch[k]!.row.createdAt!.getTime(),
            role: d.role,
            ratingWeights: d.ratingWeights,
            workload: d.workload,
          }),
        );
      }
      const marketplace = new Market(market, marketDevelopers, clients[0]!.row.id!, now);
      const planner = new ConversationPlanner(
        new Random(options.seed, "conversations"),
        clients.map((u) => ({ id: u.row.id!, name: u.row.name, createdAt: u.row.createdAt!.getTime() })),
        marketDevelopers,
        now,
      );
      const tables = ["projects", "proposals", "reviews", "client_reviews", "notifications"];
      const load = async () => {
        const pending: MarketRows = { proposals: [], reviews: [], clientReviews: [], notifications: [] };
        const flush = async (all: boolean) => {
          const targets = [
            [proposals, pending.proposals],
            [reviews, pending.reviews],
            [clientReviews, pending.clientReviews],
            [notifications, pending.notifications],
          ] as const;
          for (const [table, rows] of targets) {
            let i = 0;
            for (; i < rows.length && (all || rows.length - i >= BATCH_SIZE); i += BATCH_SIZE)
              await insertRows(tx, table as PgTable, rows.slice(i, i + BATCH_SIZE));
            rows.splice(0, i);
          }
        };
        for (let start = 0; start < options.projects; start += BATCH_SIZE) {
          const end = Math.min(options.projects, start + BATCH_SIZE);
          const rows: ProjectInsert[] = [];
          for (let i = start; i < end; i++) {
            const project = makeProject(projectRng, i, clients, now);
            const settled = marketplace.settle(project, clientById.get(project.userId)!, demoStage(i, project.status as ProjectStatus));
            rows.push(project);
            planner.observe(project, settled.proposals);
            pending.proposals.push(...settled.proposals);
            pending.reviews.push(...settled.reviews);
            pending.clientReviews.push(...settled.clientReviews);
            pending.notifications.push(...settled.notifications);
            proposalCount += settled.proposals.length;
            reviewCount += settled.reviews.length;
          }
          await insertRows(tx, projects, rows);
          await flush(false);
        }
        await flush(true);
        const talk = planner.build();
        await insertRows(tx, conversations, talk.conversations);
        await insertRows(tx, conversationParticipants, talk.participants);
        for (let i = 0; i < talk.messages.length; i += BATCH_SIZE) await insertRows(tx, messages, talk.messages.slice(i, i + BATCH_SIZE));
        await insertRows(tx, notifications, talk.notifications);
        conversationCount = talk.conversations.length;
        messageCount = talk.messages.length;
      };
      // Drop every table's secondary indexes during the load and build each once at the end.
      const wrap = (k: number): Promise<void> => (k === tables.length ? load() : withoutSecondaryIndexes(tx, tables[k]!, () => wrap(k + 1)));
      await wrap(0);
      await refreshAllDeveloperStats(tx);
    });
  });
  return {
    projects: options.projects,
    clients: options.clients,
    developers: options.developers,
    reviews: reviewCount,
    proposals: proposalCount,
    conversations: conversationCount,
    messages: messageCount,
    password: DEMO_PASSWORD,
  };
}

/**
 * Sets every developer's rating, reviewCount and completedProjects from the reviews and projects,
 * exactly as refreshDeveloperStats (server/proposals/service.ts) does for one developer; a
 * developer without completed projects has a successRate of 100.
 */
async function refreshAllDeveloperStats(db: Db): Promise<void> {
  await db.execute(sql`
    update developer_profiles p set
      rating = coalesce(r.rating, 0),
      review_count = coalesce(r.n, 0),
      completed_projects = coalesce(c.n, 0),
      success_rate = case when coalesce(c.n, 0) = 0 then 100 else p.success_rate end
    from developer_profiles d
    left join (select developer_id, round(avg(rating)::numeric, 2) as rating, count(*)::int as n from reviews group by developer_id) r on r.developer_id = d.user_id
    left join (select hired_developer_id, count(*)::int as n from projects where status = 'completed' group by hired_developer_id) c on c.hired_developer_id = d.user_id
    where p.user_id = d.user_id`);
}

/** Seeds DEFAULT_SEED when the users table is empty; returns the counts, or null when not empty. */
export async function seedIfEmpty(db: Db): Promise<SeedResult | null> {
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  if (existing) return null;
  return seedDemoData(db, DEFAULT_SEED);
}

/**
 * Inserts `rows` with one statement whose only parameter is the rows as JSON
 * (json_populate_recordset): far cheaper than a VALUES list with a bind parameter per cell.
 * Every row must set the same columns as the first.
 */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]]))));
  await db.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`);
}

/**
 * Runs `load` with the non-unique indexes of `tableName` dropped and rebuilds them afterwards,
 * inside the caller's transaction: building the GIN (full-text, skills) indexes once is many
 * times faster than updating them row by row. A failure rolls the drop back with the rest.
 */
async function withoutSecondaryIndexes(db: Db, tableName: string, load: () => Promise<void>): Promise<void> {
  const result = await db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${tableName} and indexdef not like 'CREATE UNIQUE INDEX%'`,
  );
  const indexes = (result as unknown as { rows: Array<{ indexname: string; indexdef: string }> }).rows;
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  await load();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
}

/** `count` users of one type; the first is the fixed demo account. Emails use `emailOffset + i`. */
function makeUsers(rng: Random, userType: "client" | "developer", count: number, now: number, emailOffset: number): SeedUser[] {
  const out: SeedUser[] = [];
  for (let i = 0; i < count; i++) {
    const id = rng.id();
    const accountId = rng.id();
    let name: string;
    let email: string;
    let age: number;
    if (i === 0) {
      const demo = userType === "client" ? DEMO_CLIENT : DEMO_DEVELOPER;
      name = demo.name;
      email = demo.email;
      age = 400 * DAY;
    } else {
      const group = rng.weighted(
        NAME_GROUPS,
        NAME_GROUPS.map((g) => g.weight),
      );
      const first = rng.pick(group.first);
      // Mostly a surname of the same community, sometimes of another.
      const last = rng.chance(0.85) ? rng.pick(group.last) : rng.pick(rng.pick(NAME_GROUPS).last);
      name = `${first} ${last}`;
      email = `${slug(first)}.${slug(last)}.${emailOffset + i}@example.co.za`;
      age = rng.int(DAY, USER_SPREAD);
    }
    const createdAt = new Date(now - age);
    const updatedAt = new Date(now - age + Math.floor(rng.next() * Math.min(age, 30 * DAY)));
    out.push({
      age,
      accountId,
      row: { id, name, email, emailVerified: i === 0 || rng.chance(0.92), userType, isActive: true, createdAt, updatedAt },
    });
  }
  return out;
}

/** The better-auth credential account (email and password) of `user`. */
function credential({ row: user, accountId }: SeedUser, password: string): AccountInsert {
  return {
    id: accountId,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password,
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  };
}

/** Skill order for the first projects, so project i (i < 3) gets a skill that fits PLATFORMS[i]. */
const COVER_SKILLS: readonly string[] = (() => {
  const rest: string[] = [...PROJECT_SKILL_SUGGESTIONS];
  const first = PLATFORMS.map(
    (p) =>
      rest.splice(
        rest.findIndex((s) => fits(s, p)),
        1,
      )[0]!,
  );
  return [...first, ...rest];
})();

/** Whether a skill makes sense on a platform (no iOS on a website, no Vue.js in a mobile-only app). */
function fits(skill: string, platform: Platform): boolean {
  if (platform === "mobile") return !WEB_ONLY_SKILLS.includes(skill);
  if (platform === "web") return !MOBILE_ONLY_SKILLS.includes(skill);
  return true;
}

/** Project number `i`. The first projects cycle through every list so small seeds cover them all. */
function makeProject(rng: Random, i: number, clients: readonly SeedUser[], now: number): ProjectInsert {
  const category =
    i < CATEGORIES.length
      ? CATEGORIES[i]!
      : rng.weighted(
          CATEGORIES,
          CATEGORIES.map((c) => CATEGORY_WEIGHTS[c]),
        );
  const ideas = PROJECT_IDEAS.filter((idea) => idea.category === category && (i >= LOCATIONS.length || !idea.cities));
  const idea = rng.pick(ideas);
  const city =
    i < LOCATIONS.length
      ? LOCATIONS[i]!
      : idea.cities
        ? rng.pick(idea.cities)
        : rng.weighted(
            LOCATIONS,
            LOCATIONS.map((c) => CITY_WEIGHTS[c]!),
          );
  const place = CITY_PLACES[city]!;
  const province = place.province;
  const words: Record<string, string> = {
    city,
    area: rng.pick(place.areas),
    province,
    theProvince: /^(Western|Eastern|Northern) Cape$|^Free State$/.test(province) ? `the ${province}` : province,
    lang: rng.pick(place.languages),
  };
  const fill = (template: string) => fillTemplate(template, words);

  const forcedSkill = i < COVER_SKILLS.length ? COVER_SKILLS[i]! : null;
  let platform: Platform = i < PLATFORMS.length ? PLATFORMS[i]! : rng.pick(idea.platforms);
  if (forcedSkill && !fits(forcedSkill, platform)) platform = "both";

  const budget = i < BUDGET_RANGES.length ? BUDGET_RANGES[i]! : rng.weighted(BUDGET_RANGES, BUDGET_WEIGHTS);
  const timeline = i < TIMELINES.length ? TIMELINES[i]! : rng.weighted(TIMELINES, TIMELINE_WEIGHTS);
  const features = pickFeatures(rng, idea, fill);
  const skills = pickSkills(rng, idea, platform, forcedSkill);

  const template = rng.pick(idea.titles);
  const placed = template.includes("{") || idea.cities || rng.chance(0.4);
  let title = fill(placed ? template : template + rng.pick(TITLE_PLACES));
  if (rng.chance(0.05)) title += rng.pick(TITLE_SUFFIXES);
  const description = describe(rng, idea, platform, features, budget.code, fill);
  const targetAudience =
    fill(capitalise(rng.pick(idea.audiences))) + fill(rng.pick([" in {area}, {city}", " in {city} and surrounds", " across {theProvince}", " in {city}"]));
  const additionalInfo = rng.chance(0.35) ? "" : rng.sample(ADDITIONAL_INFO, rng.int(1, 2)).map(fill).join(" ");

  const demo = i < DEMO_CLIENT_STATUSES.length;
  const owner = demo || clients.length === 1 ? clients[0]! : clients[1 + Math.floor((clients.length - 1) * rng.next() ** 1.5)]!;
  const status = demo ? DEMO_CLIENT_STATUSES[i]! : rng.weighted(Object.keys(STATUS_WEIGHTS) as ProjectStatus[], Object.values(STATUS_WEIGHTS));
  const spread = demo ? 30 * DAY : Math.min(PROJECT_SPREAD, owner.age);
  let age = Math.floor(rng.next() * spread);
  // A hire takes time: proposals, an accept and maybe a completion all happen after creation.
  if ((status === "in_progress" || status === "completed") && age < 10 * DAY) age = Math.max(age, Math.min(owner.age - HOUR, 10 * DAY));
  const createdAt = now - age;
  const updatedAt = createdAt + Math.floor(rng.next() * (status === "active" ? Math.min(age, 3 * DAY) : age));
  const deadline = rng.chance(0.5) ? null : saMidnight((status === "active" || status === "in_progress" ? now : createdAt) + rng.int(2 * WEEK, 20 * WEEK));
  const { min, max } = budgetBounds(budget.code);

  return {
    id: rng.uuid(),
    title,
    description,
    features,
    platform,
    skills,
    budgetRange: budget.code,
    budgetMin: min,
    budgetMax: max,
    timeline: timeline.code,
    deadline,
    targetAudience,
    additionalInfo,
    category,
    location: PROJECT_LOCATION,
    status,
    userId: owner.row.id,
    proposalCount: 0,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  };
}

/** 3-7 short features: mostly from the idea, sometimes one of COMMON_FEATURES (one language feature at most). */
function pickFeatures(rng: Random, idea: ProjectIdea, fill: (t: string) => string): string[] {
  const templates = rng.sample(idea.features, rng.int(3, Math.min(6, idea.features.length)));
  if (rng.chance(0.5)) {
    const common = rng.pick(COMMON_FEATURES);
    const hasLanguage = (t: string) => t.includes("{lang}");
    if (!templates.includes(common) && !(hasLanguage(common) && templates.some(hasLanguage))) templates.push(common);
  }
  return templates.map(fill);
}

/** 2-7 distinct skills: a stack for the platform, fitting extras, the forced cover skill if any. */
function pickSkills(rng: Random, idea: ProjectIdea, platform: Platform, forced: string | null): string[] {
  const skills = new Set<string>(forced ? [forced] : []);
  for (const s of rng.pick(PLATFORM_STACKS[platform])) skills.add(s);
  for (const s of rng.sample(
    idea.skills.filter((s) => fits(s, platform)),
    rng.int(0, 2),
  ))
    skills.add(s);
  if (rng.chance(0.3)) skills.add("UI/UX Design");
  if (rng.chance(0.06)) skills.add(rng.pick(EXTRA_SKILLS));
  if (skills.size < 2) skills.add(platform === "web" ? "API Integration" : "Push Notifications");
  return [...skills].slice(0, 7);
}

/** A 200-900 character brief: intro, problem, features, South African context, closing. */
function describe(rng: Random, idea: ProjectIdea, platform: Platform, features: string[], budget: BudgetRangeCode, fill: (t: string) => string): string {
  const intro = fillTemplate(rng.pick(INTROS), {
    client: fill(rng.pick(idea.clients)),
    platformPhrase: rng.pick(PLATFORM_PHRASES[platform]),
    goal: fill(rng.pick(idea.goals)),
  });
  const problems = rng.sample(idea.problems, rng.int(1, 2)).map(fill);
  const listed = features.slice(0, 4).map(lowerFirst);
  const featureText = fillTemplate(rng.pick(FEATURE_LEADS), {
    features: `${listed.slice(0, -1).join(", ")} and ${listed[listed.length - 1]}`,
  });
  const context = rng.sample(SA_CONTEXT, rng.int(1, 3)).map(fill);
  const closings = rng.sample(CLOSINGS, rng.int(0, 2)).map(fill);
  if (rng.chance(0.4)) {
    const { min, max } = budgetBounds(budget);
    const amount = Math.round((min + rng.next() * ((max ?? min * 3) - min)) / 500) * 500;
    closings.unshift(`We have set aside around ${formatRand(amount)} for this.`);
  }
  const join = () => [intro, ...problems, featureText, ...context, ...closings].join(" ");
  // Shorten to at most 900 characters: drop closings, extra context, the second problem.
  while (join().length > 900 && closings.length > 0) closings.pop();
  while (join().length > 900 && context.length > 1) context.pop();
  while (join().length > 900 && problems.length > 1) problems.pop();
  for (const extra of SA_CONTEXT) {
    if (join().length >= 200) break;
    const sentence = fill(extra);
    if (!context.includes(sentence)) context.push(sentence);
  }
  return join();
}

/** "Barcode scanning" -> "barcode scanning"; names and acronyms stay ("PayFast and Yoco checkout"). */
function lowerFirst(text: string): string {
  const first = text.split(" ")[0]!;
  if (PROPER_WORDS.has(first) || !/^[A-Z][a-z'-]+$/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Midnight in South Africa (UTC+2, no DST) of the day `time` (epoch ms) falls on. */
function saMidnight(time: number): Date {
  const day = new Date(time + 2 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00+02:00`);
}
