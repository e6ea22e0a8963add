/**
 * The marketplace side of the demo data (docs/product.md, Proposals): proposals on every project, the hire of
 * in-progress and completed projects, reviews both ways on completed projects and a few
 * notifications for the demo accounts. Everything follows the proposal and project state
 * machines (shared/lifecycle.ts) and happens in a plausible order in time:
 * project created < proposal sent < accepted < completed < reviewed < now.
 */
import { COUNTED_PROPOSAL_STATUSES, type ProposalStatus } from "../../shared/lifecycle";
import { budgetBounds, formatRand } from "../../shared/format";
import { TIMELINES, type BudgetRangeCode } from "../../shared/constants";
import type { clientReviews, Milestone, notifications, projects, proposals, reviews } from "../db/schema";
import {
  ACCEPTED_OTHER_REASON,
  CLIENT_REVIEW_COMMENTS,
  CLOSED_REASON,
  COVER_APPROACH,
  COVER_CLOSINGS,
  COVER_EXPERIENCE,
  COVER_OPENINGS,
  DECLINE_REASONS,
  MILESTONE_TITLES,
} from "./market-data";
import type { DeveloperRole } from "./profile-data";
import { DEMO_RATINGS, reviewComment } from "./profiles";
import type { Random } from "./random";
import { fillTemplate } from "./text";

type ProjectInsert = typeof projects.$inferInsert;
export type ProposalInsert = typeof proposals.$inferInsert;
export type ReviewInsert = typeof reviews.$inferInsert;
export type ClientReviewInsert = typeof clientReviews.$inferInsert;
export type NotificationInsert = typeof notifications.$inferInsert;

const HOUR = 60 * 60 * 1000;

/** A developer as the market needs it; index 0 is the demo developer. */
export interface MarketDeveloper {
  id: string;
  name: string;
  firstName: string;
  city: string | null;
  createdAt: number;
  role: DeveloperRole;
  ratingWeights: readonly number[];
  /** Relative share of hires. */
  workload: number;
}

export interface MarketClient {
  id: string;
  name: string;
}

/** How a project of the demo client is staged. */
export type DemoStage = "showcase" | "demo-hire" | null;

export interface MarketRows {
  proposals: ProposalInsert[];
  reviews: ReviewInsert[];
  clientReviews: ClientReviewInsert[];
  notifications: NotificationInsert[];
}

/** Completed hires some developers get first, so small seeds show a top and a low-rated developer. */
const HIRE_QUOTAS: Record<number, number> = { 0: 6, 1: 2, 2: 2, 3: 3, 4: 2 };
const REVIEW_SHARE = 0.92;
const CLIENT_REVIEW_SHARE = 0.6;
const CANCELLED_SHARE = 0.12;
const CLIENT_RATING_WEIGHTS = [2, 3, 10, 35, 50];
const DAYS_BY_TIMELINE: Record<string, [number, number]> = { "1-2": [5, 14], "2-4": [14, 30], "4-8": [28, 60], "8+": [56, 120] };

/** Cumulative weights for O(log n) weighted picks among many developers. */
function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w));
  return out;
}

export class Market {
  private readonly hireWeights: Float64Array;
  private readonly bidWeights: Float64Array;
  private readonly quotas = new Map<number, number>();
  private demoReviews = 0;
  private needCancelled = true;

  constructor(
    private readonly rng: Random,
    private readonly developers: readonly MarketDeveloper[],
    private readonly demoClientId: string,
    private readonly now: number,
  ) {
    const total = developers.reduce((n, d) => n + d.workload, 0);
    this.hireWeights = cumulative(developers.map((d) => (total > 0 ? d.workload : 1)));
    this.bidWeights = cumulative(developers.map((d) => 0.25 + d.workload));
    for (const [i, n] of Object.entries(HIRE_QUOTAS)) if (Number(i) < developers.length) this.quotas.set(Number(i), n);
  }

  private pick(weights: Float64Array): number {
    const r = this.rng.next() * weights[weights.length - 1]!;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (weights[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** A random time in [from, to) (both epoch ms), at `a`..`b` of the way. */
  private between(from: number, to: number, a = 0, b = 1): number {
    return Math.floor(from + (to - from) * (a + (b - a) * this.rng.next()));
  }

  /**
   * Completes `project` (status already chosen) with its hire, completion time and proposalCount,
   * and returns its proposals, reviews and notifications. Sets hiredDeveloperId and completedAt
   * on every project (null when not hired) so all rows of a batch have the same columns.
   */
  settle(project: ProjectInsert, owner: MarketClient, stage: DemoStage): MarketRows {
    const rows: MarketRows = { proposals: [], reviews: [], clientReviews: [], notifications: [] };
    const status = project.status!;
    const created = project.createdAt!.getTime();
    const used = new Set<number>();
    project.hiredDeveloperId = null;
    project.completedAt = null;

    if (status === "in_progress" || status === "completed") {
      const hired = this.chooseHire(status, stage);
      used.add(hired);
      const dev = this.developers[hired]!;
      const base = Math.max(created, dev.createdAt);
      let openFrom = created;
      // An earlier hire the client cancelled: accepted, cancelled, then this developer hired.
      if (status === "in_progress" && created >= dev.createdAt && stage === null && (this.needCancelled || this.rng.chance(CANCELLED_SHARE))) {
        const sent = this.between(created, this.now, 0.005, 0.03);
        const other = this.bidder(used, sent);
        if (other !== null) {
          this.needCancelled = false;
          used.add(other);
          const acceptedAt = this.between(created, this.now, 0.035, 0.045);
          const cancelledAt = this.between(created, this.now, 0.05, 0.07);
          rows.proposals.push(this.proposal(project, owner, other, "cancelled", sent, cancelledAt, acceptedAt, ""));
          openFrom = cancelledAt;
        }
      }
      const from = Math.max(base, openFrom);
      const sent = this.between(from, this.now, 0.01, 0.1);
      const acceptedAt = this.between(from, this.now, 0.12, 0.3);
      project.hiredDeveloperId = dev.id;
      let updated = acceptedAt;
      if (status === "completed") {
        const completedAt = this.between(acceptedAt, this.now, 0.3, 0.8);
        project.completedAt = new Date(completedAt);
        updated = completedAt;
        this.reviewBothWays(rows, project, owner, hired, completedAt, stage === "demo-hire" || this.quotaProject);
      }
      // The demo hires always have milestones, so the demo contract shows released, delivered and unfunded ones.
      const accepted = this.proposal(project, owner, hired, "accepted", sent, acceptedAt, acceptedAt, "", stage === "demo-hire");
      rows.proposals.push(accepted);
      if (hired === 0) {
        rows.notifications.push({
          id: this.rng.uuid(),
          userId: dev.id,
          type: "proposal_accepted",
          message: `You were hired for "${project.title}" (${formatRand(accepted.price)})`,
          link: `/projects/${project.id}`,
          readAt: status === "completed" ? new Date(acceptedAt + HOUR) : null,
          createdAt: new Date(acceptedAt),
        });
      }
      project.updatedAt = new Date(updated);
      // Others who applied while the project was open: declined on the accept, or withdrawn.
      for (const k of this.bidders(used, Math.floor(8 * this.rng.next() ** 2), acceptedAt)) {
        const t = this.between(Math.max(openFrom, this.developers[k]!.createdAt), acceptedAt);
        if (this.rng.chance(0.75)) rows.proposals.push(this.proposal(project, owner, k, "declined", t, acceptedAt, null, ACCEPTED_OTHER_REASON));
        else rows.proposals.push(this.proposal(project, owner, k, "withdrawn", t, this.between(t, acceptedAt), null, ""));
      }
    } else if (status === "closed") {
      const closedAt = project.updatedAt!.getTime();
      for (const k of this.bidders(used, Math.floor(6 * this.rng.next() ** 2), closedAt)) {
        const t = this.between(Math.max(created, this.developers[k]!.createdAt), closedAt);
        if (this.rng.chance(0.75)) rows.proposals.push(this.proposal(project, owner, k, "declined", t, closedAt, null, CLOSED_REASON));
        else rows.proposals.push(this.proposal(project, owner, k, "withdrawn", t, this.between(t, closedAt), null, ""));
      }
    } else {
      let count = Math.floor(13 * this.rng.next() ** 2);
      const chosen: number[] = [];
      if (stage === "showcase") {
        count = Math.max(count, 5);
        chosen.push(0);
        used.add(0);
      }
      chosen.push(...this.bidders(used, count - chosen.length, this.now));
      chosen.forEach((k, n) => {
        const t = this.between(Math.max(created, this.developers[k]!.createdAt), this.now);
        const later = this.between(t, this.now);
        // The showcase keeps every proposal open; the demo developer's is shortlisted.
        const state: ProposalStatus =
          stage === "showcase"
            ? n === 0 || this.rng.chance(0.3)
              ? "shortlisted"
              : "pending"
            : this.rng.weighted<ProposalStatus>(["pending", "shortlisted", "declined", "withdrawn"], [55, 20, 15, 10]);
        const reason = state === "declined" ? this.rng.pick(DECLINE_REASONS) : "";
        const row = this.proposal(project, owner, k, state, t, state === "pending" ? t : later, null, reason);
        rows.proposals.push(row);
        if (owner.id === this.demoClientId && (state === "pending" || state === "shortlisted")) {
          rows.notifications.push({
            id: this.rng.uuid(),
            userId: owner.id,
            type: "proposal_received",
            message: `${this.developers[k]!.name} sent a proposal for "${project.title}" (${formatRand(row.price)})`,
            link: `/projects/${project.id}#proposals`,
            readAt: state === "shortlisted" ? new Date(later) : null,
            createdAt: new Date(t),
          });
        }
      });
    }
    project.proposalCount = rows.proposals.filter((p) => (COUNTED_PROPOSAL_STATUSES as readonly string[]).includes(p.status!)).length;
    return rows;
  }

  /** Whether the last chooseHire used a quota (its project is always reviewed). */
  private quotaProject = false;

  /** The hired developer: the demo developer for the demo client's hires, quotas first, then by workload. */
  private chooseHire(status: string, stage: DemoStage): number {
    this.quotaProject = false;
    if (stage === "demo-hire") {
      if (status === "completed") this.useQuota(0);
      return 0;
    }
    if (status === "completed") {
      for (const [i, left] of this.quotas) {
        if (left > 0) {
          this.useQuota(i);
          this.quotaProject = true;
          return i;
        }
      }
    }
    // Completed work (and so reviews) concentrates on established developers; current jobs spread wider.
    return this.pick(status === "completed" ? this.hireWeights : this.bidWeights);
  }

  private useQuota(i: number) {
    const left = this.quotas.get(i);
    if (left) this.quotas.set(i, left - 1);
  }

  /** One developer not in `used` whose account existed before `before`, or null. */
  private bidder(used: Set<number>, before: number): number | null {
    return this.bidders(used, 1, before)[0] ?? null;
  }

  /** Up to `count` distinct developers not in `used` (added to it) who signed up before `before`. */
  private bidders(used: Set<number>, count: number, before: number): number[] {
    const out: number[] = [];
    for (let attempt = 0; out.length < count && attempt < count * 6; attempt++) {
      const k = this.pick(this.bidWeights);
      if (used.has(k) || this.developers[k]!.createdAt >= before - HOUR) continue;
      used.add(k);
      out.push(k);
    }
    return out;
  }

  private proposal(
    project: ProjectInsert,
    owner: MarketClient,
    k: number,
    status: ProposalStatus,
    sent: number,
    updated: number,
    acceptedAt: number | null,
    declineReason: string,
    /** Always 2-4 milestones (else about a third of proposals have them). */
    withMilestones = false,
  ): ProposalInsert & { price: number } {
    const rng = this.rng;
    const { min, max } = budgetBounds(project.budgetRange as BudgetRangeCode);
    let price = min + rng.next() * ((max ?? min * 2.5) - min);
    if (rng.chance(0.15)) price *= 0.85 + rng.next() * 0.3;
    price = Math.max(500, Math.round(price / 500) * 500);
    const useCode = rng.chance(0.6);
    const code = rng.chance(0.7) ? project.timeline! : rng.pick(TIMELINES).code;
    const [lo, hi] = DAYS_BY_TIMELINE[code] ?? [14, 60];
    return {
      id: rng.uuid(),
      projectId: project.id!,
      developerId: this.developers[k]!.id,
      coverLetter: this.coverLetter(project, owner, k),
      price,
      durationCode: useCode ? code : null,
      durationDays: useCode ? null : rng.int(lo, hi),
      milestones: rng.chance(0.35) || withMilestones ? milestones(rng, price) : [],
      status,
      declineReason,
      acceptedAt: acceptedAt === null ? null : new Date(acceptedAt),
      createdAt: new Date(sent),
      updatedAt: new Date(Math.max(sent, updated)),
    };
  }

  /** 3-5 sentences in the developer's voice, naming the project and some of its skills. */
  private coverLetter(project: ProjectInsert, owner: MarketClient, k: number): string {
    const rng = this.rng;
    const dev = this.developers[k]!;
    const skills = rng.sample(project.skills ?? [], rng.int(2, 3));
    const words: Record<string, string> = {
      client: owner.name.split(" ")[0]!,
      title: project.title!,
      skills: skills.length < 2 ? (skills[0] ?? "modern tools") : `${skills.slice(0, -1).join(", ")} and ${skills[skills.length - 1]}`,
      years: String(rng.int(2, 12)),
      count: String(rng.int(3, 25)),
      city: dev.city ?? "Gauteng",
      weeks: String(rng.int(3, 10)),
      dev: dev.firstName,
    };
    const sentences = [rng.pick(COVER_OPENINGS), rng.pick(COVER_EXPERIENCE), ...rng.sample(COVER_APPROACH, rng.int(1, 2))];
    if (rng.chance(0.7)) sentences.push(rng.pick(COVER_CLOSINGS));
    return sentences.map((s) => fillTemplate(s, words)).join(" ");
  }

  /** The client's review of the developer (usually) and the developer's review of the client (often). */
  private reviewBothWays(rows: MarketRows, project: ProjectInsert, owner: MarketClient, k: number, completedAt: number, always: boolean) {
    const rng = this.rng;
    const dev = this.developers[k]!;
    if (always || k === 0 || rng.chance(REVIEW_SHARE)) {
      const rating = k === 0 ? DEMO_RATINGS[this.demoReviews++ % DEMO_RATINGS.length]! : rng.weighted([1, 2, 3, 4, 5], dev.ratingWeights);
      rows.reviews.push({
        id: rng.uuid(),
        developerId: dev.id,
        clientId: owner.id,
        projectId: project.id!,
        clientName: owner.name,
        projectTitle: project.title!,
        rating,
        comment: reviewComment(rng, rating, dev.firstName, dev.role),
        createdAt: new Date(this.between(completedAt, this.now, 0.05, 0.6)),
      });
    }
    if (always || rng.chance(CLIENT_REVIEW_SHARE)) {
      const rating = rng.weighted([1, 2, 3, 4, 5], CLIENT_RATING_WEIGHTS);
      rows.clientReviews.push({
        id: rng.uuid(),
        projectId: project.id!,
        clientId: owner.id,
        developerId: dev.id,
        rating,
        comment: fillTemplate(rng.pick(CLIENT_REVIEW_COMMENTS[rating]!), { client: owner.name.split(" ")[0]! }),
        createdAt: new Date(this.between(completedAt, this.now, 0.05, 0.8)),
      });
    }
  }
}

/** 2-4 milestones in project order whose amounts (whole R100s, the last takes the rest) add up to `price`. */
function milestones(rng: Random, price: number): Milestone[] {
  const count = rng.int(2, 4);
  const titles = rng
    .sample(
      MILESTONE_TITLES.map((_, i) => i),
      count,
    )
    .sort((a, b) => a - b)
    .map((i) => MILESTONE_TITLES[i]!);
  const shares = titles.map(() => 1 + rng.next());
  const total = shares.reduce((a, b) => a + b, 0);
  const amounts = shares.slice(0, -1).map((s) => Math.round((price * s) / total / 100) * 100);
  const last = price - amounts.reduce((a, b) => a + b, 0);
  if (last < 1 || amounts.some((a) => a < 1)) return [];
  return titles.map((title, i) => ({ title, amount: i < amounts.length ? amounts[i]! : last }));
}
