/**
 * The mix of the load test: what each scheduled request does. Anonymous browsing (the /projects and
 * /developers pages and the /api/v1 lists with varied filters and next pages), search, project and
 * developer views, and signed-in traffic by the accounts the run registered: reading the inbox,
 * signing in again, posting projects, sending proposals and messages. Every acknowledged write is
 * recorded for the lost-write check (verify.ts).
 *
 * The mix stays under the app's per-user limits so the figures describe the app, not its guards:
 * at most 24 messages a minute per account (the app allows 30, server/messages/service.ts) and a
 * capped number of sign-ins a minute per instance (better-auth allows 10 per client address,
 * server/auth/auth.ts). When no account may send, another request takes the slot.
 */
import {
  AVAILABILITIES,
  BUDGET_RANGES,
  CATEGORIES,
  DEVELOPER_SKILL_FILTERS,
  DEVELOPER_SORTS,
  LOCATIONS,
  PLATFORMS,
  PROJECT_SKILL_SUGGESTIONS,
  PROJECT_SORTS,
  TIMELINE_CODES,
} from "../../shared/constants";
import { Random } from "../../server/seed/random";
import type { Answer, CookieJar } from "./http";

export type Role = "client" | "developer";

export interface Account {
  role: Role;
  email: string;
  password: string;
  id: string;
  jar: CookieJar;
  /** When this account's recent messages were sent (ms, performance.now()). */
  messageTimes: number[];
}

export type WriteKind = "project" | "proposal" | "message";

/** A write the app acknowledged (201/200 with the new row's id). */
export interface Write {
  kind: WriteKind;
  id: string;
  /** Index of the instance that acknowledged it. */
  instance: number;
  /** The account that wrote it (its session reads it back). */
  account: Account;
  conversationId?: string;
}

/** One planned request: where, how, and what to learn from the answer. */
export interface Planned {
  action: string;
  path: string;
  method: "GET" | "POST";
  body?: unknown;
  account?: Account;
  page: boolean;
  onAnswer?(answer: Answer, instance: number): void;
}

/** Relative weights of the actions (sum 100): about 70% reads, 30% writes. */
export const WEIGHTS = {
  "projects page": 8,
  "developers page": 6,
  "projects list": 12,
  "developers list": 8,
  search: 10,
  "project view": 12,
  "developer view": 8,
  inbox: 4,
  "sign in": 2,
  "post project": 8,
  propose: 10,
  message: 12,
} as const;
export type ActionName = keyof typeof WEIGHTS;

const MESSAGES_PER_MINUTE = 24;
const SEARCH_TERMS = ["booking app", "delivery", "spaza", "taxi", "clinic", "school", "church", "Flutter", "React Native", "e-commerce", "Durban", "loyalty"];
const PROJECT_IDEAS = [
  "Booking app",
  "Delivery tracker",
  "Spaza shop stock app",
  "Taxi rank queue app",
  "Clinic appointment system",
  "School fees portal",
  "Tutoring marketplace",
];
const MESSAGE_LINES = [
  "Hi, are you available for a quick call this week?",
  "Thanks for the proposal - could you break the price into milestones?",
  "Sharp, I will send the designs tomorrow.",
  "Can the app work offline? Data is expensive for our users.",
  "Yes, we can start on Monday. Payment through EFT is fine.",
];

/** The state the mix keeps while the run goes on. */
export class Traffic {
  readonly writes: Write[] = [];
  private readonly random: Random;
  /** Active projects seen in lists or created by the run. */
  private readonly projects: string[] = [];
  private readonly projectSet = new Set<string>();
  private readonly developers: string[] = [];
  private readonly developerSet = new Set<string>();
  /** Next-page links seen: list path (with query) and its next cursor. */
  private readonly nextPages: string[] = [];
  /** project ids each developer account has sent a proposal for (or is sending one for). */
  private readonly proposed = new Map<string, Set<string>>();
  /** Conversations each account takes part in: id and the other account. */
  private readonly conversations = new Map<string, { id: string; other: Account }[]>();
  private readonly signInTimes: number[][];
  private counter = 0;

  constructor(
    private readonly accounts: Account[],
    private readonly options: { seed: number; pages: boolean; instances: number; signInsPerMinute: number },
  ) {
    this.random = new Random(options.seed, "loadtest");
    this.signInTimes = Array.from({ length: options.instances }, () => []);
  }

  /** Learns project and developer ids (and next pages) from a list answer. */
  learn(answer: Answer, listPath?: string): void {
    const json = answer.json as { projects?: { id: string; status?: string }[]; developers?: { id: string }[]; nextCursor?: string | null } | undefined;
    if (!json || answer.status !== 200) return;
    for (const p of json.projects ?? []) if (!p.status || p.status === "active") this.addProject(p.id);
    for (const d of json.developers ?? []) {
      if (!this.developerSet.has(d.id)) {
        this.developerSet.add(d.id);
        this.developers.push(d.id);
      }
    }
    if (listPath && json.nextCursor && this.nextPages.length < 200) {
      const url = new URL(listPath, "http://x");
      url.searchParams.set("cursor", json.nextCursor);
      this.nextPages.push(url.pathname + url.search);
    }
  }

  private addProject(id: string): void {
    if (this.projectSet.has(id)) return;
    this.projectSet.add(id);
    this.projects.push(id);
  }

  get knownProjects(): number {
    return this.projects.length;
  }
  get knownDevelopers(): number {
    return this.developers.length;
  }

  /** The request for the next slot (`now`: performance.now(), for the per-minute caps). */
  plan(now: number, instance: number): Planned {
    const names = Object.keys(WEIGHTS) as ActionName[];
    const action = this.random.weighted(
      names,
      names.map((n) => WEIGHTS[n]),
    );
    // "projects list" always has a request to make.
    return this.build(action, now, instance) ?? this.build("projects list", now, instance)!;
  }

  private build(action: ActionName, now: number, instance: number): Planned | null {
    const r = this.random;
    const pages = this.options.pages;
    switch (action) {
      case "projects page":
        return pages ? { action, path: `/projects${this.projectQuery(false)}`, method: "GET", page: true } : this.build("projects list", now, instance);
      case "developers page":
        return pages ? { action, path: `/developers${this.developerQuery(false)}`, method: "GET", page: true } : this.build("developers list", now, instance);
      case "projects list": {
        const path = (r.chance(0.15) && this.takeNextPage("/api/v1/projects")) || `/api/v1/projects${this.projectQuery(true)}`;
        return { action, path, method: "GET", page: false, onAnswer: (a) => this.learn(a, path) };
      }
      case "developers list": {
        const path = (r.chance(0.15) && this.takeNextPage("/api/v1/developers")) || `/api/v1/developers${this.developerQuery(true)}`;
        return { action, path, method: "GET", page: false, onAnswer: (a) => this.learn(a, path) };
      }
      case "search": {
        const term = encodeURIComponent(r.pick(SEARCH_TERMS));
        const kind = r.int(0, 2);
        if (kind === 0 && pages) return { action, path: `/search?q=${term}`, method: "GET", page: true };
        const path = kind === 1 ? `/api/v1/developers?search=${term}` : `/api/v1/projects?search=${term}`;
        return { action, path, method: "GET", page: false, onAnswer: (a) => this.learn(a) };
      }
      case "project view": {
        if (!this.projects.length) return null;
        const id = r.pick(this.projects);
        return pages && r.chance(0.6)
          ? { action, path: `/projects/${id}`, method: "GET", page: true }
          : { action, path: `/api/v1/projects/${id}`, method: "GET", page: false };
      }
      case "developer view": {
        if (!this.developers.length) return null;
        const id = r.pick(this.developers);
        return pages && r.chance(0.6)
          ? { action, path: `/developers/${id}`, method: "GET", page: true }
          : { action, path: `/api/v1/developers/${id}`, method: "GET", page: false };
      }
      case "inbox": {
        const account = r.pick(this.accounts);
        const path = r.pick(["/api/v1/conversations", "/api/v1/me/unread", "/api/v1/notifications", "/api/v1/proposals"]);
        return { action, path, method: "GET", page: false, account };
      }
      case "sign in": {
        const times = this.signInTimes[instance]!;
        prune(times, now);
        if (times.length >= this.options.signInsPerMinute) return null;
        times.push(now);
        const account = r.pick(this.accounts);
        // Sent without the account's cookie, as a signed-out client signs in; the new session then
        // replaces the account's session cookie.
        return {
          action,
          path: "/api/auth/sign-in/email",
          method: "POST",
          body: { email: account.email, password: account.password },
          page: false,
          onAnswer: (answer) => {
            if (answer.status === 200) account.jar.store(answer.cookies);
          },
        };
      }
      case "post project":
        return this.postProject();
      case "propose":
        return this.propose();
      case "message":
        return this.message(now);
    }
  }

  private takeNextPage(prefix: string): string | null {
    const index = this.nextPages.findIndex((p) => p.startsWith(`${prefix}?`));
    if (index < 0) return null;
    return this.nextPages.splice(index, 1)[0]!;
  }

  /** A query string with a random mix of the project list's filters and sorts. */
  private projectQuery(api: boolean): string {
    const r = this.random;
    const q = new URLSearchParams();
    if (r.chance(0.3)) q.set("category", r.pick(CATEGORIES));
    if (r.chance(0.25)) q.set("platform", r.pick(PLATFORMS));
    if (r.chance(0.2)) {
      const range = r.pick(BUDGET_RANGES);
      q.set("budgetMin", String(range.min));
      if (range.max !== null) q.set("budgetMax", String(range.max));
    }
    if (r.chance(0.2)) q.set("skills", r.sample(PROJECT_SKILL_SUGGESTIONS, r.int(1, 2)).join(","));
    if (r.chance(0.4)) q.set("sortBy", r.pick(PROJECT_SORTS));
    if (api && r.chance(0.2)) q.set("limit", String(r.pick([12, 24, 50])));
    const s = q.toString();
    return s ? `?${s}` : "";
  }

  /** A query string with a random mix of the developer directory's filters and sorts. */
  private developerQuery(api: boolean): string {
    const r = this.random;
    const q = new URLSearchParams();
    if (r.chance(0.3)) q.set("skills", r.pick(DEVELOPER_SKILL_FILTERS));
    if (r.chance(0.3)) q.set("location", r.pick(LOCATIONS));
    if (r.chance(0.2)) q.set("minRating", String(r.pick([3, 4, 4.5])));
    if (r.chance(0.15)) q.set("availability", r.pick(AVAILABILITIES));
    if (r.chance(0.4)) q.set("sortBy", r.pick(DEVELOPER_SORTS));
    if (api && r.chance(0.2)) q.set("limit", String(r.pick([12, 24, 50])));
    const s = q.toString();
    return s ? `?${s}` : "";
  }

  private ofRole(role: Role): Account[] {
    return this.accounts.filter((a) => a.role === role);
  }

  private postProject(): Planned {
    const r = this.random;
    const account = r.pick(this.ofRole("client"));
    const n = ++this.counter;
    const idea = r.pick(PROJECT_IDEAS);
    const city = r.pick(LOCATIONS);
    const body = {
      title: `${idea} for ${city} (load test ${n})`,
      description: `We need a ${idea.toLowerCase()} for customers in ${city}. It must work on cheap Android phones, use little data and take payments in rand. Load test project ${n}.`,
      platform: r.pick(PLATFORMS),
      features: ["Sign-up with a cellphone number", "Payments"],
      budgetRange: r.pick(BUDGET_RANGES).code,
      timeline: r.pick(TIMELINE_CODES),
      skills: r.sample(PROJECT_SKILL_SUGGESTIONS, r.int(1, 3)),
      category: r.pick(CATEGORIES),
    };
    return {
      action: "post project",
      path: "/api/v1/projects",
      method: "POST",
      body,
      account,
      page: false,
      onAnswer: (answer, instance) => {
        const id = (answer.json as { project?: { id?: string } } | undefined)?.project?.id;
        if (answer.status === 201 && id) {
          this.writes.push({ kind: "project", id, instance, account });
          this.addProject(id);
        }
      },
    };
  }

  private propose(): Planned | null {
    const r = this.random;
    if (!this.projects.length) return null;
    const account = r.pick(this.ofRole("developer"));
    const done = this.proposed.get(account.id) ?? new Set<string>();
    this.proposed.set(account.id, done);
    // Newest projects first half of the time (the run's own), else any known active project.
    let projectId: string | undefined;
    for (let attempt = 0; attempt < 8 && !projectId; attempt++) {
      const candidate = r.chance(0.5) ? this.projects[this.projects.length - 1 - r.int(0, Math.min(20, this.projects.length - 1))]! : r.pick(this.projects);
      if (!done.has(candidate)) projectId = candidate;
    }
    if (!projectId) return null;
    done.add(projectId);
    const price = r.int(5, 800) * 100;
    const body = {
      coverLetter: `Good day. I have built similar apps for South African clients and can start this week. I will keep the app light on data and test it on low-end Android phones. Load test proposal ${++this.counter}.`,
      price,
      duration: r.pick(TIMELINE_CODES),
    };
    return {
      action: "propose",
      path: `/api/v1/projects/${projectId}/proposals`,
      method: "POST",
      body,
      account,
      page: false,
      onAnswer: (answer, instance) => {
        const id = (answer.json as { proposal?: { id?: string } } | undefined)?.proposal?.id;
        if (answer.status === 201 && id) this.writes.push({ kind: "proposal", id, instance, account });
      },
    };
  }

  private message(now: number): Planned | null {
    const r = this.random;
    const free = this.accounts.filter((a) => {
      prune(a.messageTimes, now);
      return a.messageTimes.length < MESSAGES_PER_MINUTE;
    });
    if (!free.length) return null;
    const account = r.pick(free);
    account.messageTimes.push(now);
    const text = `${r.pick(MESSAGE_LINES)} (load test message ${++this.counter})`;
    const mine = this.conversations.get(account.id) ?? [];
    const record = (answer: Answer, instance: number) => {
      const json = answer.json as { message?: { id?: string; conversationId?: string } } | undefined;
      const id = json?.message?.id;
      if ((answer.status === 201 || answer.status === 200) && id) {
        this.writes.push({ kind: "message", id, instance, account, conversationId: json!.message!.conversationId });
      }
    };
    if (mine.length && r.chance(0.7)) {
      const conversation = r.pick(mine);
      return {
        action: "message",
        path: `/api/v1/conversations/${conversation.id}/messages`,
        method: "POST",
        body: { body: text },
        account,
        page: false,
        onAnswer: record,
      };
    }
    const other = r.pick(this.ofRole(account.role === "client" ? "developer" : "client"));
    return {
      action: "message",
      path: "/api/v1/conversations",
      method: "POST",
      body: { to: other.id, body: text },
      account,
      page: false,
      onAnswer: (answer, instance) => {
        record(answer, instance);
        const id = (answer.json as { conversation?: { id?: string } } | undefined)?.conversation?.id;
        if (id) {
          this.addConversation(account, other, id);
          this.addConversation(other, account, id);
        }
      },
    };
  }

  private addConversation(account: Account, other: Account, id: string): void {
    const list = this.conversations.get(account.id) ?? [];
    if (!list.some((c) => c.id === id)) list.push({ id, other });
    this.conversations.set(account.id, list);
  }
}

/** Drops the times older than a minute before `now` from a sorted list. */
function prune(times: number[], now: number): void {
  while (times.length && now - times[0]! >= 60_000) times.shift();
}
