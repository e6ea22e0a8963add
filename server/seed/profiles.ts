/**
 * Demo developer profiles (docs/product.md, Developers "Demo data"). One profile per developer user. Reviews are no
 * longer invented here: they are written for completed projects the developer was hired for
 * (market.ts), and rating, reviewCount and completedProjects are computed from those rows at the
 * end of seeding, exactly as refreshDeveloperStats does. Each developer gets a rating tier (how
 * their clients rate them) and a workload (their share of hires) for that.
 */
import { countLabel } from "../../shared/format";
import { foldText } from "../../shared/text";
import { AVAILABILITIES, DEVELOPER_SKILL_FILTERS, LOCATIONS, RESPONSE_TIMES, type Availability, type Platform } from "../../shared/constants";
import type { CertificationItem, ExperienceItem, PortfolioItem, ProfileLinks, developerProfiles } from "../db/schema";
import { CITY_PLACES, CITY_WEIGHTS, PLATFORM_PHRASES, PROJECT_IDEAS, type ProjectIdea } from "./data";
import {
  BIO_CLIENTS,
  BIO_CLOSINGS,
  BIO_CONTEXT,
  BIO_INTROS,
  BIO_STACK,
  CERTIFICATIONS,
  CLIENT_KINDS,
  COMPANIES,
  COVER_ROLES,
  DEVELOPER_ROLES,
  FREELANCE_DESCRIPTIONS,
  GREETINGS,
  JOB_DESCRIPTIONS,
  PAYMENT_OUTCOME,
  PORTFOLIO_OUTCOMES,
  REVIEW_CAVEATS,
  REVIEW_COMPLAINTS,
  REVIEW_ENDINGS,
  REVIEW_LOW_ENDINGS,
  REVIEW_MIXED,
  REVIEW_OPENINGS,
  REVIEW_PRAISE,
  type DeveloperRole,
} from "./profile-data";
import type { Random } from "./random";
import { capitalise, fillTemplate, slug } from "./text";

export type ProfileInsert = typeof developerProfiles.$inferInsert;

/** A seeded user as the profile generator needs it. */
export interface Person {
  id: string;
  name: string;
  createdAt: Date;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Share of developers (after the first ten) with an almost empty profile, so UI defaults show. */
const SPARSE_SHARE = 0.1;
/** Cities of the first ten developers: the demo developer in Johannesburg, then every other city. */
const COVER_CITIES: readonly string[] = ["Johannesburg", ...LOCATIONS.filter((c) => c !== "Johannesburg")];
/** Forced availability and rating tier of some of the first developers (small seeds show every filter). */
const COVER_AVAILABILITY: Record<number, Availability> = { 1: "busy", 2: "unavailable", 3: "available" };
const COVER_TIER: Record<number, Tier> = { 1: "excellent", 2: "good", 3: "poor", 4: "average" };

const AVAILABILITY_WEIGHTS = [68, 22, 10];
const RESPONSE_WEIGHTS = [15, 30, 20, 25, 10];

/** How a developer's clients rate them: review rating weights for 1..5 stars. */
type Tier = "excellent" | "good" | "average" | "poor";
const TIERS: readonly Tier[] = ["excellent", "good", "average", "poor"];
const TIER_WEIGHTS = [42, 34, 14, 10];
const TIER_RATINGS: Record<Tier, readonly number[]> = {
  excellent: [1, 1, 3, 20, 75],
  good: [1, 3, 8, 48, 40],
  average: [5, 10, 25, 40, 20],
  poor: [15, 25, 30, 22, 8],
};
const TIER_SUCCESS: Record<Tier, [number, number]> = { excellent: [95, 100], good: [90, 100], average: [85, 95], poor: [80, 90] };

const roleByKey = new Map(DEVELOPER_ROLES.map((r) => [r.key, r]));
const ideasByPlatform = (platforms: readonly Platform[]) => PROJECT_IDEAS.filter((idea) => idea.platforms.some((p) => platforms.includes(p)));
const roleIdeas = new Map(DEVELOPER_ROLES.map((r) => [r.key, ideasByPlatform(r.platforms)]));

/**
 * Chance by tier that a developer is established (gets most of the hires): clients come back to,
 * and recommend, developers they rate well. About a fifth of the developers are.
 */
const TIER_ESTABLISHED: Record<Tier, number> = { excellent: 0.4, good: 0.3, average: 0.1, poor: 0.08 };
/** The demo developer's review ratings, in order (every prefix of five or more averages >= 4.5). */
export const DEMO_RATINGS: readonly number[] = [5, 5, 4, 5, 5, 5, 4, 5, 5, 5, 5, 4, 5, 5];

export interface DeveloperSeed {
  /** The profile; rating, reviewCount and completedProjects are 0 until the reviews exist. */
  profile: ProfileInsert;
  /** What the developer's reviews say: weights of 1..5 stars. */
  ratingWeights: readonly number[];
  /** Relative share of the hires (in-progress and completed projects) this developer gets. */
  workload: number;
  role: DeveloperRole;
  firstName: string;
}

/**
 * The profile of developer number `i` (0 is the fixed demo developer), with its rating tier and
 * workload. The first ten cover every city, every developer skill filter and every availability.
 */
export function makeDeveloper(rng: Random, i: number, developer: Person, now: number): DeveloperSeed {
  if (i === 0) return demoDeveloper(rng, developer, now);
  const created = developer.createdAt.getTime();
  const age = now - created;
  const sparse = i >= COVER_CITIES.length && rng.chance(SPARSE_SHARE);
  if (sparse) return sparseDeveloper(rng, developer, now);

  const cover = COVER_ROLES[i - 1];
  const role = cover
    ? roleByKey.get(cover.role)!
    : rng.weighted(
        DEVELOPER_ROLES,
        DEVELOPER_ROLES.map((r) => r.weight),
      );
  const city =
    i < COVER_CITIES.length
      ? COVER_CITIES[i]!
      : rng.weighted(
          LOCATIONS,
          LOCATIONS.map((c) => CITY_WEIGHTS[c]!),
        );
  const words = placeWords(rng, city);
  const [first, last] = splitName(developer.name);
  const years = rng.int(1, 14);

  const skillCount = Math.min(10, Math.max(3, Math.round(3 + rng.next() ** 1.3 * 7)));
  const skills = [...role.core, ...(cover?.extra ?? [])];
  for (const s of rng.sample(
    role.pool.filter((s) => !skills.includes(s)),
    skillCount - skills.length,
  ))
    skills.push(s);

  let title = rng.pick(role.titles);
  if (years >= 7 && !/^Senior /.test(title) && rng.chance(0.35)) title = `Senior ${title}`;
  if (title.length > 80) title = rng.pick(role.titles);

  const availability = COVER_AVAILABILITY[i] ?? rng.weighted(AVAILABILITIES, AVAILABILITY_WEIGHTS);
  const responseTime = rng.chance(0.12) ? "" : rng.weighted(RESPONSE_TIMES, RESPONSE_WEIGHTS);
  const hourlyRate = rng.chance(0.1) ? null : rate(rng, years, role.rateFactor);

  const bio = makeBio(rng, role, years, skills, words);
  const handle = githubHandle(rng, first, last);
  const portfolio = rng.chance(0.12) ? [] : makePortfolio(rng, role, skills, handle, rng.int(1, 4));
  const experience = rng.chance(0.12) ? [] : makeExperience(rng, role, skills, words, years, now);
  const certifications = makeCertifications(rng, skills, years, now, rng.weighted([0, 1, 2, 3], [35, 35, 20, 10]));
  const links: ProfileLinks = {
    github: rng.chance(0.7) ? `https://github.com/${handle}` : "",
    linkedin: rng.chance(0.7) ? `https://www.linkedin.com/in/${slug(first)}-${slug(last)}${rng.chance(0.5) ? `-${rng.int(10, 999)}` : ""}` : "",
    website: rng.chance(0.3) ? rng.pick([`https://${slug(first)}${slug(last)}.co.za`, `https://${handle}.dev`, `https://www.${slug(last)}digital.co.za`]) : "",
  };

  const tier = COVER_TIER[i] ?? rng.weighted(TIERS, TIER_WEIGHTS);
  // Established developers get most of the work, the rest a job now and then; new accounts little.
  const workload = (rng.chance(TIER_ESTABLISHED[tier]) ? 0.85 + 0.15 * rng.next() : 0.02 * rng.next()) * Math.min(1, age / (60 * DAY));
  const [minSuccess, maxSuccess] = TIER_SUCCESS[tier];

  return {
    profile: {
      ...baseProfile(rng, developer, now),
      title,
      bio,
      city,
      hourlyRate,
      responseTime,
      availability,
      skills,
      portfolio,
      experience,
      certifications,
      links,
      ...NO_STATS,
      successRate: rng.int(minSuccess, maxSuccess),
    },
    ratingWeights: TIER_RATINGS[tier],
    workload,
    role,
    firstName: first,
  };
}

/** Stats before any review exists; the seeder fills them in from reviews and projects. */
const NO_STATS = { rating: 0, reviewCount: 0, completedProjects: 0 } as const;

/** Fields every profile sets, so all rows of a batch have the same columns. */
function baseProfile(rng: Random, developer: Person, now: number) {
  const created = developer.createdAt.getTime();
  const updated = Math.min(now, created + rng.int(HOUR, Math.max(HOUR, Math.min(now - created, 120 * DAY))));
  return { userId: developer.id, name: developer.name, isActive: true, createdAt: developer.createdAt, updatedAt: new Date(updated) };
}

/** An almost empty profile: the UI shows its defaults ("Full-Stack Developer", "< 24h", no bio). */
function sparseDeveloper(rng: Random, developer: Person, now: number): DeveloperSeed {
  const skills = rng.chance(0.5) ? [] : rng.sample(DEVELOPER_SKILL_FILTERS, rng.int(1, 3));
  // A few had a job or two from before they filled in anything.
  const workload = rng.chance(0.2) && now - developer.createdAt.getTime() > 30 * DAY ? 0.03 : 0;
  const role = rng.pick(DEVELOPER_ROLES);
  return {
    profile: {
      ...baseProfile(rng, developer, now),
      title: "",
      bio: "",
      city: rng.chance(0.3) ? rng.pick(LOCATIONS) : null,
      hourlyRate: null,
      responseTime: "",
      availability: "available",
      skills,
      portfolio: [],
      experience: [],
      certifications: [],
      links: { github: "", linkedin: "", website: "" },
      ...NO_STATS,
      successRate: 100,
    },
    ratingWeights: [0, 0, 1, 2, 2],
    workload,
    role,
    firstName: splitName(developer.name)[0],
  };
}

/** Sipho Dlamini: a complete top-developer profile in Johannesburg (the demo login). */
function demoDeveloper(rng: Random, developer: Person, now: number): DeveloperSeed {
  const role = roleByKey.get("mobile-web")!;
  const ym = (monthsAgo: number) => yearMonth(monthIndex(now) - monthsAgo);
  const skills = ["React Native", "Flutter", "React", "Node.js", "Firebase", "API Integration", "Payment Systems", "Push Notifications", "UI/UX Design"];
  const portfolio: PortfolioItem[] = [
    {
      id: rng.uuid(),
      title: "Kasi Eats - township food delivery app",
      description:
        "A React Native app and web dashboard that lets Soweto kitchens take orders, accept Yoco and SnapScan payments and dispatch drivers. Works offline during load-shedding and syncs when the towers come back.",
      technologies: ["React Native", "Node.js", "Firebase", "Payment Systems"],
      link: "https://github.com/siphodlamini/kasi-eats",
    },
    {
      id: rng.uuid(),
      title: "Stokvel savings tracker",
      description:
        "A Flutter app for stokvel members to record monthly contributions, see payouts and get WhatsApp reminders. Used by more than 300 groups in Gauteng.",
      technologies: ["Flutter", "Firebase", "Push Notifications"],
      link: "https://play.google.com/store/apps/details?id=za.co.stokvelsaver",
    },
    {
      id: rng.uuid(),
      title: "Clinic queue booking for a Johannesburg practice group",
      description:
        "A React web app where patients book a slot and get an SMS when it's nearly their turn, with POPIA consent built in. Cut waiting-room time by about an hour.",
      technologies: ["React", "Node.js", "API Integration"],
      link: "https://siphodlamini.co.za/work/clinic-queue",
    },
  ];
  const experience: ExperienceItem[] = [
    {
      id: rng.uuid(),
      title: "Freelance Mobile & Web Developer",
      company: "Freelance",
      startDate: ym(26),
      endDate: "",
      description: "React Native and Flutter apps with web dashboards for start-ups and small businesses across Gauteng.",
    },
    {
      id: rng.uuid(),
      title: "Senior Mobile Developer",
      company: "Mzansi Fintech",
      startDate: ym(62),
      endDate: ym(27),
      description: "Led the React Native team behind a savings and airtime app with 200 000 users; integrated Ozow and card payments.",
    },
    {
      id: rng.uuid(),
      title: "Junior Developer",
      company: "Jozi Code Works",
      startDate: ym(90),
      endDate: ym(63),
      description: "Built React websites and Node.js APIs for agency clients in Johannesburg.",
    },
  ];
  const certifications: CertificationItem[] = [
    { id: rng.uuid(), name: "Meta React Native Specialization", issuer: "Meta", date: ym(40) },
    { id: rng.uuid(), name: "Google Associate Android Developer", issuer: "Google", date: ym(30) },
    { id: rng.uuid(), name: "AWS Certified Cloud Practitioner", issuer: "Amazon Web Services", date: ym(14) },
  ];
  return {
    profile: {
      ...baseProfile(rng, developer, now),
      title: "Mobile & Full-Stack Developer (React Native, Flutter)",
      bio: "I'm a mobile and full-stack developer based in Braamfontein, Johannesburg, with seven years of experience building apps for start-ups, NGOs and township businesses. I work mainly in React Native and Flutter, with Node.js and Firebase on the back end. I've integrated PayFast, Yoco and SnapScan payments, and every app I ship keeps working offline through load-shedding. I build POPIA consent and data deletion in from day one, and I'm happy to meet in person anywhere in Gauteng.",
      city: "Johannesburg",
      hourlyRate: 650,
      responseTime: "< 4h",
      availability: "available",
      skills,
      portfolio,
      experience,
      certifications,
      links: { github: "https://github.com/siphodlamini", linkedin: "https://www.linkedin.com/in/sipho-dlamini-dev", website: "https://siphodlamini.co.za" },
      ...NO_STATS,
      successRate: 98,
    },
    // Unused: the demo developer's ratings are DEMO_RATINGS.
    ratingWeights: TIER_RATINGS.excellent,
    workload: 0.3,
    role,
    firstName: "Sipho",
  };
}

/** {city}, {area}, {province}, {theProvince} and {lang} for one city (see data.ts). */
function placeWords(rng: Random, city: string): Record<string, string> {
  const place = CITY_PLACES[city]!;
  return {
    city,
    area: rng.pick(place.areas),
    province: place.province,
    theProvince: /^(Western|Eastern|Northern) Cape$|^Free State$/.test(place.province) ? `the ${place.province}` : place.province,
    lang: rng.pick(place.languages),
  };
}

function splitName(name: string): [string, string] {
  const space = name.indexOf(" ");
  return space < 0 ? [name, name] : [name.slice(0, space), name.slice(space + 1)];
}

/** "a Flutter developer", "an Android developer", "an iOS developer". */
function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) && !/^(?:UI|US|Uni)/.test(noun) ? "an" : "a"} ${noun}`;
}

/** "A, B and C". */
function listing(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Whole rand per hour, R250-R1200 in steps of R50, higher with experience. */
function rate(rng: Random, years: number, factor: number): number {
  const raw = (200 + years * 45 + rng.int(-50, 220)) * factor;
  return Math.min(1200, Math.max(250, Math.round(raw / 50) * 50));
}

/** 2-5 sentences: intro and stack always, then some of clients, local context and a closing, in that order. */
function makeBio(rng: Random, role: DeveloperRole, years: number, skills: readonly string[], place: Record<string, string>): string {
  const [kind, kind2] = rng.sample(CLIENT_KINDS, 2);
  const words = {
    ...place,
    aNoun: withArticle(role.noun),
    ANoun: capitalise(withArticle(role.noun)),
    // "1 year", "7 years": a developer of one year's experience never reads "1 years".
    years: countLabel(years, "year"),
    builds: rng.pick(role.builds),
    // The role's core skills first: an Android developer mentions Android.
    skills: listing(
      [
        ...role.core,
        ...rng.sample(
          skills.filter((s) => !role.core.includes(s)),
          rng.int(1, 3),
        ),
      ].slice(0, 4),
    ),
    greeting: GREETINGS[place.lang!] ?? "Hello",
    kind: kind!,
    kind2: kind2!,
  };
  const [context1, context2] = rng.sample(BIO_CONTEXT, 2);
  const optional = [rng.pick(BIO_CLIENTS), context1!, context2!, rng.pick(BIO_CLOSINGS)];
  const chosen = new Set(rng.sample([0, 1, 2, 3], rng.int(0, 3)));
  const sentences = [rng.pick(BIO_INTROS)];
  if (chosen.has(0)) sentences.push(optional[0]!);
  sentences.push(rng.pick(BIO_STACK));
  for (const k of [1, 2, 3]) if (chosen.has(k)) sentences.push(optional[k]!);
  return sentences.map((s) => fillTemplate(s, words)).join(" ");
}

function githubHandle(rng: Random, first: string, last: string): string {
  const f = slug(first);
  const l = slug(last);
  return rng.pick([`${f}${l}`, `${f}-${l}`, `${f}${l.slice(0, 1)}dev`, `${f.slice(0, 1)}${l}`, `${f}${l}${rng.int(1, 99)}`]);
}

function kebab(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .replace(/-$/, "");
}

/** A project title from the catalogue, in a random city: portfolio items and reviewed projects. */
function projectTitle(rng: Random, idea: ProjectIdea): { title: string; words: Record<string, string> } {
  const city = idea.cities
    ? rng.pick(idea.cities)
    : rng.weighted(
        LOCATIONS,
        LOCATIONS.map((c) => CITY_WEIGHTS[c]!),
      );
  const words = placeWords(rng, city);
  return { title: capitalise(fillTemplate(rng.pick(idea.titles), words)), words };
}

function makePortfolio(rng: Random, role: DeveloperRole, skills: readonly string[], handle: string, count: number): PortfolioItem[] {
  const ideas = rng.sample(roleIdeas.get(role.key)!, count);
  return ideas.map((idea) => {
    const { title, words } = projectTitle(rng, idea);
    const platform = rng.pick(idea.platforms.filter((p) => role.platforms.includes(p)));
    const technologies = [...new Set([...role.core, ...rng.sample(skills, rng.int(1, 3))])].slice(0, 5);
    const app = platform === "mobile" && role.appPhrase ? role.appPhrase : rng.pick(PLATFORM_PHRASES[platform]);
    const sentences = [
      `${capitalise(fillTemplate(rng.pick(idea.clients), words))} needed ${app} that ${fillTemplate(rng.pick(idea.goals), words)}.`,
      `I built it with ${listing(technologies)}.`,
    ];
    const outcomes = idea.skills.includes("Payment Systems") ? [...PORTFOLIO_OUTCOMES, PAYMENT_OUTCOME] : PORTFOLIO_OUTCOMES;
    if (rng.chance(0.7)) sentences.push(fillTemplate(rng.pick(outcomes), words));
    const name = kebab(title);
    const link = rng.weighted(
      [
        "",
        `https://github.com/${handle}/${name}`,
        `https://play.google.com/store/apps/details?id=za.co.${name.replace(/-/g, "").slice(0, 30)}`,
        `https://${name.split("-").slice(0, 3).join("")}.co.za`,
      ],
      [15, 40, platform === "web" ? 0 : 25, 20],
    );
    return { id: rng.uuid(), title, description: sentences.join(" "), technologies, link };
  });
}

/** Months since year 0: year * 12 + month (0-11), in UTC. */
function monthIndex(time: number): number {
  const d = new Date(time);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function yearMonth(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** 1-4 jobs, newest first, that fill the developer's `years` of experience without overlapping. */
function makeExperience(
  rng: Random,
  role: DeveloperRole,
  skills: readonly string[],
  place: Record<string, string>,
  years: number,
  now: number,
): ExperienceItem[] {
  const nowMonth = monthIndex(now);
  const start = nowMonth - years * 12 - rng.int(0, 11);
  const current = rng.chance(0.7);
  const end = current ? nowMonth : nowMonth - rng.int(1, 5);
  const count = Math.max(1, Math.min(rng.int(1, 4), Math.floor((end - start) / 6)));
  // Cut points between jobs, with a gap of 0-2 months before each new job.
  const cuts = [...new Set(Array.from({ length: count - 1 }, () => rng.int(start + 4, end - 4)))].sort((a, b) => b - a);
  const bounds = [end, ...cuts, start];
  const companies = rng.sample(COMPANIES, count);
  const jobs: ExperienceItem[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const jobEnd = bounds[k]!;
    const jobStart = Math.min(jobEnd, bounds[k + 1]! + (k + 2 < bounds.length ? rng.int(0, 2) : 0));
    const oldest = k + 2 === bounds.length;
    const freelance = rng.chance(0.22);
    const roleTitle = rng.pick(role.titles).replace(/^Senior /, "");
    let title = freelance ? `Freelance ${roleTitle}` : roleTitle;
    if (!freelance && oldest && bounds.length > 2)
      title = rng.pick([`Junior ${roleTitle}`, "Graduate Developer", "Intern Software Developer", `Junior ${roleTitle}`]);
    else if (!freelance && k === 0 && years >= 7 && rng.chance(0.5)) title = rng.pick([`Senior ${roleTitle}`, `Lead ${roleTitle}`]);
    const words = { ...place, skill: rng.pick(skills) };
    jobs.push({
      id: rng.uuid(),
      title: title.slice(0, 120),
      company: freelance ? "Freelance" : companies[k]!,
      startDate: yearMonth(jobStart),
      endDate: k === 0 && current ? "" : yearMonth(jobEnd),
      description: fillTemplate(freelance ? rng.pick(FREELANCE_DESCRIPTIONS) : rng.pick(JOB_DESCRIPTIONS), words),
    });
  }
  return jobs;
}

/** Certifications that fit the developer's skills (or anyone), dated within their career. */
function makeCertifications(rng: Random, skills: readonly string[], years: number, now: number, count: number): CertificationItem[] {
  const fitting = CERTIFICATIONS.filter((c) => c.skills.length === 0 || c.skills.some((s) => skills.includes(s)));
  const nowMonth = monthIndex(now);
  return rng
    .sample(fitting, count)
    .map((c) => ({ id: rng.uuid(), name: c.name, issuer: c.issuer, date: yearMonth(nowMonth - rng.int(1, Math.max(2, Math.min(years, 6) * 12))) }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** 1-3 sentences whose tone matches the stars. */
export function reviewComment(rng: Random, rating: number, dev: string, role: DeveloperRole): string {
  const sentences = [rng.pick(REVIEW_OPENINGS[rating]!)];
  if (rating >= 4) {
    if (rng.chance(0.8)) sentences.push(rng.chance(0.35) ? rng.pick(role.praise) : rng.pick(REVIEW_PRAISE));
    if (rating === 4 && rng.chance(0.5)) sentences.push(rng.pick(REVIEW_CAVEATS));
    else if (rng.chance(0.45)) sentences.push(rng.pick(REVIEW_ENDINGS));
  } else if (rating === 3) {
    if (rng.chance(0.85)) sentences.push(rng.pick(REVIEW_MIXED));
    if (rng.chance(0.3)) sentences.push("The end result does what we need.");
  } else {
    sentences.push(rng.pick(REVIEW_COMPLAINTS));
    if (rng.chance(0.5)) sentences.push(rng.pick(REVIEW_LOW_ENDINGS));
  }
  return sentences
    .slice(0, 3)
    .map((s) => fillTemplate(s, { dev }))
    .join(" ");
}
