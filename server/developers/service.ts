/**
 * Developers domain (docs/product.md, Developers, Screens). Plain functions taking `db` and the
 * session user; they validate with the shared schemas and throw typed errors.
 */
import { randomUUID } from "node:crypto";
import { reviewVisible } from "../reviews/blind";
import { and, arrayOverlaps, desc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_BIO,
  DEFAULT_DEVELOPER_TITLE,
  DEFAULT_RESPONSE_TIME,
  DEVELOPER_CARD_RECENT,
  MAX_PORTFOLIO_IMAGES,
  TOP_DEVELOPER_MIN_RATING,
  TOP_DEVELOPER_MIN_REVIEWS,
  TOP_DEVELOPERS_LIMIT,
  type Availability,
  type DeveloperSort,
} from "../../shared/constants";
import { developerListQuerySchema, developerProfileSchema, NEW_PROFILE_VERSION, profileVersionSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { developerProfiles, reviews, users, type CertificationItem, type ExperienceItem, type PortfolioItem, type ProfileLinks } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from "../errors";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { isUserId } from "../lib/ids";
import { refreshDeveloperStats } from "./stats";
import { toPrefixTsquery } from "../lib/tsquery";
import { cappedCount, exactWhenFirstPageIsAll } from "../lib/capped-count";
import type { TotalsCache } from "../lib/totals-cache";
import { parseInput, parseVersion } from "../validation";
import { photoIdColumn } from "../files/profile-photos";
import { discardTargetFiles, filesOf, setAttachments, type FileInfo } from "../files/service";

/** A developer as cards, profile pages and the API see it. Money: whole rand per hour. */
export interface Developer {
  id: string;
  name: string;
  title: string;
  bio: string;
  city: string | null;
  hourlyRate: number | null;
  responseTime: string;
  availability: Availability;
  skills: string[];
  /** `images` (up to MAX_PORTFOLIO_IMAGES) only on a single profile (getDeveloper, findOwnDeveloperProfile), not in lists. */
  portfolio: (PortfolioItem & { images?: FileInfo[] })[];
  experience: ExperienceItem[];
  certifications: CertificationItem[];
  links: ProfileLinks;
  /** 0-5, two decimals. */
  rating: number;
  reviewCount: number;
  completedProjects: number;
  successRate: number;
  /** Up to 2 recent works (docs/product.md: developer card), from the portfolio. */
  recentProjects: Array<{ title: string }>;
  /** The profile photo's file id (square WebP at /api/v1/files/{id}/w/{64|128|256}), or null for the initial letter. */
  photoId: string | null;
  /** When the account was created (profile "Member since"). */
  memberSince: string;
  createdAt: string;
  updatedAt: string;
}

export interface Review {
  id: string;
  clientName: string;
  rating: number;
  comment: string;
  projectTitle: string;
  createdAt: string;
}

export interface DeveloperPage {
  developers: Developer[];
  nextCursor: string | null;
  hasMore: boolean;
  /** How many developers match, exact up to LIST_TOTAL_CAP (decision 0023). */
  total: number;
  /** true: more than LIST_TOTAL_CAP match ("1,000+"); `total` is then LIST_TOTAL_CAP. */
  totalCapped: boolean;
}

/** Spec defaults shown where a developer left a field empty (docs/product.md, Screens). */
export const DEVELOPER_DEFAULTS = { title: DEFAULT_DEVELOPER_TITLE, responseTime: DEFAULT_RESPONSE_TIME, bio: DEFAULT_BIO } as const;

const columns = {
  userId: developerProfiles.userId,
  name: developerProfiles.name,
  title: developerProfiles.title,
  bio: developerProfiles.bio,
  city: developerProfiles.city,
  hourlyRate: developerProfiles.hourlyRate,
  responseTime: developerProfiles.responseTime,
  availability: developerProfiles.availability,
  skills: developerProfiles.skills,
  portfolio: developerProfiles.portfolio,
  experience: developerProfiles.experience,
  certifications: developerProfiles.certifications,
  links: developerProfiles.links,
  rating: developerProfiles.rating,
  reviewCount: developerProfiles.reviewCount,
  completedProjects: developerProfiles.completedProjects,
  successRate: developerProfiles.successRate,
  createdAt: developerProfiles.createdAt,
  updatedAt: developerProfiles.updatedAt,
  memberSince: users.createdAt,
  // One index lookup per row (files_target_idx): the profile photo, if any (server/files/profile-photos.ts).
  photoId: photoIdColumn(`"users"."id"`),
};

type Row = Omit<typeof developerProfiles.$inferSelect, "searchVector" | "isActive"> & { memberSince: Date; photoId: string | null };

function toDeveloper(row: Row): Developer {
  const { userId, ...rest } = row;
  return {
    ...rest,
    id: userId,
    rating: Number(row.rating),
    availability: row.availability as Availability,
    recentProjects: row.portfolio.slice(0, DEVELOPER_CARD_RECENT).map((p) => ({ title: p.title })),
    memberSince: row.memberSince.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// A suspended developer's profile disappears from the directory, search and its page (docs/product.md, Trust and safety).
const activeDeveloper = and(eq(developerProfiles.isActive, true), eq(users.isActive, true), isNull(users.suspendedAt), eq(users.userType, "developer"))!;
// The same, read from the profile alone: suspension marks the profile inactive in its own
// transaction (docs/product.md, Trust and safety). The directory's totals count with this, through
// the partial sort indexes, without an account lookup per profile (decision 0048).
// Written as the partial indexes' own predicate (`where is_active`), not compared with a parameter.
const listedProfile = sql`${developerProfiles.isActive}`;

function requireDeveloper(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthorizedError();
  if (user.userType !== "developer") throw new ForbiddenError("Only developers have a developer profile");
  return user;
}

/** The refusal of a profile save from a form opened before the profile last changed (docs/product.md, Developers). */
export const PROFILE_CHANGED_ELSEWHERE =
  "Your profile was changed in another tab or window after you opened this form. Reload the page to see the latest version, then make your changes again.";

/**
 * Creates or updates the signed-in developer's profile from untrusted `input` (fields missing
 * from `input` keep their value). docs/product.md, Lifecycles: isActive true, updatedAt now, createdAt kept.
 * (A suspended account, which marks its profile inactive, has no session to save with.)
 * List items without an id get one. One statement, so a save is all or nothing. With `version`
 * (the profile's updatedAt, ISO, when the form was opened), a save over a profile changed since is
 * refused and writes nothing; with NEW_PROFILE_VERSION (a form opened before the first save) it
 * only creates, and is refused the same way when a profile exists by then; without one (absent or
 * null: API callers) it is not checked (docs/product.md, Developers).
 * Throws UnauthorizedError, ForbiddenError (clients), ValidationError (also for a malformed
 * `version`, shared/schemas.ts profileVersionSchema), ConflictError PROFILE_CHANGED_ELSEWHERE.
 */
export async function saveDeveloperProfile(db: Db, user: SessionUser | null, input: unknown): Promise<Developer> {
  const developer = requireDeveloper(user);
  const { version: sent, ...changes } = (input && typeof input === "object" && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  // A malformed version ("", a number) is bad input (400), not a stale one (docs/product.md, Developers).
  const version = parseVersion(profileVersionSchema, sent);
  const createOnly = version === NEW_PROFILE_VERSION;
  const checked = version !== undefined && version !== null && !createOnly;
  const [current] = await db
    .select(columns)
    .from(developerProfiles)
    .innerJoin(users, eq(users.id, developerProfiles.userId))
    .where(eq(developerProfiles.userId, developer.id))
    .limit(1);
  if (createOnly ? current : checked && version !== current?.updatedAt.toISOString()) throw new ConflictError(PROFILE_CHANGED_ELSEWHERE);
  const base = current
    ? {
        title: current.title,
        bio: current.bio,
        city: current.city,
        hourlyRate: current.hourlyRate,
        responseTime: current.responseTime,
        availability: current.availability,
        skills: current.skills,
        links: current.links,
        portfolio: current.portfolio,
        experience: current.experience,
        certifications: current.certifications,
      }
    : {};
  const data = parseInput(developerProfileSchema, { ...base, ...changes });
  const withIds = <T extends { id: string }>(items: T[]) => items.map((i) => ({ ...i, id: i.id || randomUUID() }));
  const portfolio = withIds(data.portfolio);
  const values = {
    name: developer.name,
    title: data.title,
    bio: data.bio,
    city: data.city,
    hourlyRate: data.hourlyRate,
    responseTime: data.responseTime,
    availability: data.availability,
    skills: data.skills,
    links: data.links,
    portfolio: portfolio.map(({ imageIds: _images, ...item }) => item),
    experience: withIds(data.experience),
    certifications: withIds(data.certifications),
    isActive: true,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(developerProfiles)
      .values({ userId: developer.id, ...values })
      // The version is checked again on the locked row, so of two tabs saving at once with the same
      // version one is saved and the other refused (nothing of it written). A create-only save
      // meeting a profile made meanwhile (two tabs opened before the first save) updates nothing.
      .onConflictDoUpdate({
        target: developerProfiles.userId,
        set: values,
        setWhere: createOnly ? sql`false` : checked ? eq(developerProfiles.updatedAt, current!.updatedAt) : undefined,
      })
      .returning({ isNew: sql<boolean>`xmax = 0` });
    if (!created) throw new ConflictError(PROFILE_CHANGED_ELSEWHERE);
    // A developer hired and reviewed before making a profile: the new row starts from the record,
    // not from zero (decision 0006: the figures always equal a recount).
    if (created?.isNew) await refreshDeveloperStats(tx, developer.id);
    // Portfolio images (docs/product.md, Files): an item sent with imageIds gets exactly those; a
    // removed item's images are deleted (queued; the caller runs deleteQueuedFilesSoon).
    for (const [i, item] of portfolio.entries())
      if (item.imageIds)
        await setAttachments(tx, developer.id, "portfolio", portfolioTarget(developer.id, item.id), item.imageIds, {
          max: MAX_PORTFOLIO_IMAGES,
          field: `portfolio.${i}.imageIds`,
          imagesOnly: true,
        });
    const kept = new Set(portfolio.map((p) => p.id));
    await discardTargetFiles(
      tx,
      "portfolio",
      (current?.portfolio ?? []).filter((p) => !kept.has(p.id)).map((p) => portfolioTarget(developer.id, p.id)),
    );
  });
  return getDeveloper(db, developer.id);
}

/**
 * A developer by user id. Throws NotFoundError "Developer not found" (docs/product.md, Messages and errors), also for a
 * string no user id looks like (ids are letters, digits, "-" and "_"; PostgreSQL refuses NUL).
 */
export async function getDeveloper(db: Db, id: string): Promise<Developer> {
  if (!isUserId(id)) throw new NotFoundError("Developer not found");
  const [row] = await prepared(
    "developer",
    db
      .select(columns)
      .from(developerProfiles)
      .innerJoin(users, eq(users.id, developerProfiles.userId))
      .where(and(eq(developerProfiles.userId, id), activeDeveloper))
      .limit(1),
  );
  if (!row) throw new NotFoundError("Developer not found");
  return withPortfolioImages(db, toDeveloper(row));
}

/**
 * The file target id of a portfolio item's images: `<developer id>:<item id>`. Item ids come from
 * the browser, so the developer's id keeps one developer's images off another's item of the same id.
 */
export function portfolioTarget(developerId: string, itemId: string): string {
  return `${developerId}:${itemId}`;
}

/** `developer` with the images of each portfolio item (one query). */
async function withPortfolioImages(db: Db, developer: Developer): Promise<Developer> {
  const images = await filesOf(
    db,
    "portfolio",
    developer.portfolio.map((p) => portfolioTarget(developer.id, p.id)),
  );
  return { ...developer, portfolio: developer.portfolio.map((p) => ({ ...p, images: images.get(portfolioTarget(developer.id, p.id)) ?? [] })) };
}

/** The signed-in developer's own profile, or null before the first save. */
export async function findOwnDeveloperProfile(db: Db, user: SessionUser): Promise<Developer | null> {
  const [row] = await prepared(
    "own_developer",
    db.select(columns).from(developerProfiles).innerJoin(users, eq(users.id, developerProfiles.userId)).where(eq(developerProfiles.userId, user.id)).limit(1),
  );
  return row ? withPortfolioImages(db, toDeveloper(row)) : null;
}

/** A developer's reviews, newest first (profile Reviews tab). Client name "" shows as "Anonymous". */
export async function listDeveloperReviews(db: Db, developerId: string, limit = 50): Promise<Review[]> {
  const rows = await prepared(
    "developer_reviews",
    db
      .select({
        id: reviews.id,
        clientName: reviews.clientName,
        rating: reviews.rating,
        comment: reviews.comment,
        projectTitle: reviews.projectTitle,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      // Blind reviews: a hidden one is not shown to anyone (server/reviews/blind.ts).
      .where(and(eq(reviews.developerId, developerId), reviewVisible(reviews.hiddenUntil)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit),
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Tie-break: user id in byte order, so pages are the same whatever the server's locale. */
const idOrder = sql`${developerProfiles.userId} collate "C" desc`;

/**
 * Sort keys (docs/product.md, Constants, all descending); the cursor is [key value, user id]. `DESC NULLS LAST`
 * is the order the indexes of drizzle/0001_developers.sql are built in (a bare DESC is NULLS FIRST,
 * which no index matches, so every active profile was read and sorted; docs/performance.md). The columns are
 * NOT NULL, so the order is the same.
 */
const SORTS: Record<DeveloperSort, { key: SQL; order: SQL }> = {
  rating: { key: sql`${developerProfiles.rating}`, order: sql`${developerProfiles.rating} desc nulls last` },
  reviewCount: { key: sql`${developerProfiles.reviewCount}`, order: sql`${developerProfiles.reviewCount} desc nulls last` },
  completedProjects: { key: sql`${developerProfiles.completedProjects}`, order: sql`${developerProfiles.completedProjects} desc nulls last` },
  // "Rate on request" (no rate) sorts last.
  hourlyRate: { key: sql`coalesce(${developerProfiles.hourlyRate}, -1)`, order: sql`coalesce(${developerProfiles.hourlyRate}, -1) desc` },
};

function sortValue(sort: DeveloperSort, d: Developer): number {
  if (sort === "rating") return d.rating;
  if (sort === "reviewCount") return d.reviewCount;
  if (sort === "completedProjects") return d.completedProjects;
  return d.hourlyRate ?? -1;
}

/**
 * Lists active developers with a profile (docs/product.md, Lists and search): search (full-text over name, title,
 * bio, skills), skills (any), location (city), minRating, availability; sorts rating | reviewCount
 * | completedProjects | hourlyRate, all descending, ties broken by id; keyset pagination.
 * `totalsCache`: the instance's totals cache (decision 0035). Throws ValidationError.
 */
export async function listDevelopers(db: Db, rawQuery: unknown, totalsCache?: TotalsCache): Promise<DeveloperPage> {
  const q = parseInput(developerListQuerySchema, rawQuery);
  const filters: SQL[] = [];
  if (q.skills?.length) filters.push(arrayOverlaps(developerProfiles.skills, q.skills));
  if (q.location) filters.push(eq(developerProfiles.city, q.location));
  if (q.minRating != null) filters.push(gte(developerProfiles.rating, q.minRating));
  if (q.availability) filters.push(eq(developerProfiles.availability, q.availability));
  const tsquery = q.search ? toPrefixTsquery(q.search) : null;
  // Stemmed, or as typed: a name that is an English stop word ("Don", "Will") is dropped from the
  // stemmed query and found by the unstemmed one (docs/product.md, Lists and search). Both without
  // accents, as the column keeps them (migration 0037): "zoe" finds "Zoë" and "Zoë" finds "Zoe".
  if (tsquery)
    filters.push(sql`${developerProfiles.searchVector} @@ (to_tsquery('english_unaccent', ${tsquery}) || to_tsquery('simple_unaccent', ${tsquery}))`);

  const sort = SORTS[q.sortBy];
  const pageFilters = [activeDeveloper, ...filters];
  if (q.cursor) {
    const [value, id] = decodeCursor(q.cursor, ["decimal", "text"]) as [number, string];
    pageFilters.push(sql`(${sort.key}, ${developerProfiles.userId} collate "C") < (${value}::numeric, ${id}::text collate "C")`);
  }
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(developerProfiles)
      .innerJoin(users, eq(users.id, developerProfiles.userId))
      .where(and(...pageFilters))
      .orderBy(sort.order, idOrder)
      .limit(q.limit + 1),
    cappedCount(
      db,
      db
        .select({ one: sql<number>`1`.as("one") })
        .from(developerProfiles)
        .where(and(listedProfile, ...filters))
        .$dynamic(),
      totalsCache,
      // A text search alone is first asked of the planner (decision 0043); with other filters it is counted.
      { estimate: Boolean(tsquery) && !q.skills?.length && !q.location && q.minRating == null && !q.availability },
    ),
  ]);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit).map(toDeveloper);
  const last = page.at(-1);
  return {
    developers: page,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor([sortValue(q.sortBy, last), last.id]) : null,
    ...exactWhenFirstPageIsAll(totals, page.length, !q.cursor && !hasMore),
  };
}

/**
 * Top developers (docs/product.md, Lists and search): rating at least 4.0 and at least 5 reviews, by rating then
 * reviewCount descending, 6 by default.
 */
export async function listTopDevelopers(db: Db, limit = TOP_DEVELOPERS_LIMIT): Promise<Developer[]> {
  const rows = await db
    .select(columns)
    .from(developerProfiles)
    .innerJoin(users, eq(users.id, developerProfiles.userId))
    .where(and(activeDeveloper, gte(developerProfiles.rating, TOP_DEVELOPER_MIN_RATING), gte(developerProfiles.reviewCount, TOP_DEVELOPER_MIN_REVIEWS)))
    .orderBy(SORTS.rating.order, desc(developerProfiles.reviewCount), idOrder)
    .limit(Math.min(Math.max(limit, 1), 50));
  return rows.map(toDeveloper);
}

/** The profile fields that count towards completion, with where to fix each (dashboard card). */
const COMPLETION_FIELDS: Array<{ key: string; label: string; filled: (d: Developer) => boolean }> = [
  { key: "title", label: "Professional title", filled: (d) => d.title.length > 0 },
  { key: "bio", label: "Bio", filled: (d) => d.bio.length >= 50 },
  { key: "city", label: "City", filled: (d) => d.city !== null },
  { key: "hourlyRate", label: "Hourly rate", filled: (d) => d.hourlyRate !== null },
  { key: "skills", label: "At least 3 skills", filled: (d) => d.skills.length >= 3 },
  { key: "portfolio", label: "A portfolio item", filled: (d) => d.portfolio.length > 0 },
  { key: "experience", label: "Work experience", filled: (d) => d.experience.length > 0 },
  { key: "links", label: "A GitHub, LinkedIn or website link", filled: (d) => Object.values(d.links).some(Boolean) },
];

/**
 * Profile completion in percent (whole number) from which fields are filled, and the missing
 * ones with the /profile/setup section that fixes each. No profile: 0% and everything missing.
 */
export function profileCompletion(developer: Developer | null): { percent: number; missing: Array<{ key: string; label: string; href: string }> } {
  const missing = COMPLETION_FIELDS.filter((f) => !developer || !f.filled(developer)).map((f) => ({
    key: f.key,
    label: f.label,
    href: `/profile/setup#${f.key}`,
  }));
  return { percent: Math.round((100 * (COMPLETION_FIELDS.length - missing.length)) / COMPLETION_FIELDS.length), missing };
}
