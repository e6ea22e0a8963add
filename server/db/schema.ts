/**
 * Database schema (Drizzle, PostgreSQL): the entities of docs/product.md as tables.
 * `users`, `sessions`, `accounts`, `verifications` are better-auth's tables; `users` also carries
 * the profile fields of docs/product.md, Projects (userType, isActive), so account and profile are one row
 * written in one transaction.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PROJECT_STATUSES, type ProjectStatus } from "../../shared/constants";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../shared/lifecycle";
import {
  MILESTONE_CHANGE_STATUSES,
  MILESTONE_STATUSES,
  PAYOUT_STATUSES,
  type MilestoneChangeStatus,
  type MilestoneStatus,
  type PayoutStatus,
} from "../../shared/payments";

/** `column in ('a', 'b', ...)` for a CHECK constraint over a fixed list of values. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

// Millisecond precision, so a timestamp survives a round trip through a JS Date (keyset cursors).
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    userType: text("user_type").$type<"client" | "developer">().notNull().default("client"),
    isActive: boolean("is_active").notNull().default(true),
    /** Moderator or member (docs/product.md, Trust and safety): granted only by `npm run user:role`, never through sign-up or the API. */
    role: text("role").$type<"member" | "moderator">().notNull().default("member"),
    /** When a moderator suspended the account (null: not suspended), and the reason shown at sign-in. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true, precision: 3 }),
    suspensionReason: text("suspension_reason"),
    /** Two-factor sign-in is on (better-auth twoFactor plugin; docs/product.md, Accounts). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_user_type_check", sql`${t.userType} in ('client', 'developer')`),
    check("users_role_check", sql`${t.role} in ('member', 'moderator')`),
    // The few moderators, told of each new dispute (server/payments/milestones.ts).
    index("users_moderators_idx")
      .on(t.id)
      .where(sql`role = 'moderator'`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * Browsers a user has signed in from (docs/product.md, Accounts "Security emails"): a signed-in
 * browser keeps a random device id in an httpOnly cookie; only its SHA-256 is stored. A sign-in
 * from a browser without a known id emails the owner. Rows unseen for DEVICE_MEMORY_DAYS are
 * forgotten; deleting the account deletes them.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Projects (docs/product.md, Projects). Budgets are whole rand; budget_max null means no upper bound
 * (R75000+). `search_vector` is generated from title, skills, description and features for
 * full-text search (docs/product.md) and served by a GIN index. Its configuration english_unaccent
 * (migration 0037) is English with accents removed first, so "cafe" finds "café".
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platform: text("platform").notNull(),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    budgetRange: text("budget_range").notNull(),
    budgetMin: integer("budget_min").notNull(),
    budgetMax: integer("budget_max"),
    timeline: text("timeline").notNull(),
    deadline: timestamp("deadline", { withTimezone: true }),
    targetAudience: text("target_audience").notNull().default(""),
    additionalInfo: text("additional_info").notNull().default(""),
    category: text("category").notNull().default("Other"),
    location: text("location").notNull().default("South Africa"),
    /** Changed only by the project state machine (server/projects/lifecycle.ts). */
    status: text("status").$type<ProjectStatus>().notNull().default("active"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    proposalCount: integer("proposal_count").notNull().default(0),
    /** The developer hired by accepting a proposal (status in_progress or completed). */
    hiredDeveloperId: text("hired_developer_id").references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3 }),
    /** When the reminder to review (server/reviews/reminders.ts) went out; null until then. */
    reviewRemindedAt: timestamp("review_reminded_at", { withTimezone: true, precision: 3 }),
    /**
     * Hidden from everyone but its client and moderators (docs/product.md, Trust and safety): by a
     * moderator ("moderator") or because its client is suspended ("suspension"). Not a status: the
     * project keeps its place in the lifecycle and comes back as it was when restored.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true, precision: 3 }),
    hiddenBy: text("hidden_by").$type<"moderator" | "suspension">(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, description), 'B') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(features)), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    // Partial, with exactly the predicate every list has (listProjects: active, not hidden by
    // moderation): a search or skills count needs no second index for the status, and a capped
    // total of the btree shapes is an index-only scan that reads no table page for `hidden_at`
    // (docs/performance.md, "fifth pass").
    index("projects_active_search_idx")
      .using("gin", t.searchVector)
      .where(sql`status = 'active' and hidden_at is null`),
    index("projects_active_skills_idx")
      .using("gin", t.skills)
      .where(sql`status = 'active' and hidden_at is null`),
    // Skills ride along as a third key column (created_at and id are unique, so it never changes
    // the order): a skills total then walks this index only, newest first, and stops at 1,001
    // matches, which for a common skill costs far less than the GIN index's bitmap of every match
    // (docs/performance.md, "fifth pass"). The planner still takes the GIN index for a rare skill.
    // Skills are at most 20 of 40 UTF-16 units (<= 120 bytes each), so a tuple stays under
    // btree's 2,704-byte limit.
    index("projects_active_newest_idx")
      .on(t.createdAt.desc(), t.id.desc(), t.skills)
      .where(sql`status = 'active' and hidden_at is null`),
    // Budget-range filters (budgetMin and budgetMax together): the count reads this index only.
    index("projects_active_budget_range_idx")
      .on(t.budgetMin, t.budgetMax)
      .where(sql`status = 'active' and hidden_at is null`),
    index("projects_active_budget_idx")
      .on(t.budgetMin.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active' and hidden_at is null`),
    index("projects_active_proposals_idx")
      .on(t.proposalCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active' and hidden_at is null`),
    // The other filter of the two rides along as a trailing key, as skills do above: a category +
    // platform total is then an index-only scan too.
    index("projects_active_category_idx")
      .on(t.category, t.createdAt.desc(), t.id.desc(), t.platform)
      .where(sql`status = 'active' and hidden_at is null`),
    index("projects_active_platform_idx")
      .on(t.platform, t.createdAt.desc(), t.id.desc(), t.category)
      .where(sql`status = 'active' and hidden_at is null`),
    index("projects_user_idx").on(t.userId, t.createdAt.desc()),
    // A client's record counts their projects by status (server/clients/reputation.ts) on every
    // project page: index-only, instead of a heap block per project of theirs.
    // The completion time rides along as a third key: the dashboard's reviews still owed
    // (server/reviews/reminders.ts) read a user's recent completions in order from either index.
    index("projects_user_status_idx").on(t.userId, t.status, t.completedAt),
    index("projects_hired_idx").on(t.hiredDeveloperId, t.status, t.completedAt),
    // The review reminder's claim: completed projects not reminded yet, by completion day; small
    // (a project leaves it when reminded), so the hourly job never walks every completed project.
    index("projects_review_reminder_idx")
      .on(t.completedAt)
      .where(sql`status = 'completed' and review_reminded_at is null`),
    check("projects_platform_check", sql`${t.platform} in ('mobile', 'web', 'both')`),
    check("projects_budget_check", sql`${t.budgetMax} is null or ${t.budgetMax} >= ${t.budgetMin}`),
    check("projects_proposal_count_check", sql`${t.proposalCount} >= 0`),
    check("projects_status_check", oneOf(t.status, PROJECT_STATUSES)),
    check(
      "projects_hidden_check",
      sql`(${t.hiddenAt} is null) = (${t.hiddenBy} is null) and (${t.hiddenBy} is null or ${t.hiddenBy} in ('moderator', 'suspension'))`,
    ),
    index("projects_hidden_idx")
      .on(t.userId)
      .where(sql`hidden_at is not null`),
  ],
);

/** Reports of a project for moderation (docs/product.md: the flag button). */
export const projectReports = pgTable(
  "project_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("project_reports_once_idx").on(t.projectId, t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

/** A portfolio item of a developer profile (docs/product.md, Projects). */
export interface PortfolioItem {
  id: string;
  title: string;
  description: string;
  technologies: string[];
  link: string;
}
/** An experience entry; dates are YYYY-MM, endDate "" while current ("Present"). */
export interface ExperienceItem {
  id: string;
  title: string;
  company: string;
  startDate: string;
  endDate: string;
  description: string;
}
/** A certification; date is YYYY-MM. */
export interface CertificationItem {
  id: string;
  name: string;
  issuer: string;
  date: string;
}
/** Profile links: https URLs or "". */
export interface ProfileLinks {
  github: string;
  linkedin: string;
  website: string;
}

/**
 * Developer profiles (docs/product.md, Projects "Developer profile"), one per developer user, keyed by the
 * user id. `name` is kept equal to users.name (same transaction) so search can index it, with
 * accents removed (english_unaccent, simple_unaccent: migration 0037), so "zoe" finds "Zoë". Rating
 * (0-5, two decimals), reviewCount and completedProjects follow from reviews and projects.
 * hourlyRate is whole rand per hour, null for "Rate on request".
 */
export const developerProfiles = pgTable(
  "developer_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title").notNull().default(""),
    bio: text("bio").notNull().default(""),
    city: text("city"),
    hourlyRate: integer("hourly_rate"),
    responseTime: text("response_time").notNull().default(""),
    availability: text("availability").notNull().default("available"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolio: jsonb("portfolio").$type<PortfolioItem[]>().notNull().default([]),
    experience: jsonb("experience").$type<ExperienceItem[]>().notNull().default([]),
    certifications: jsonb("certifications").$type<CertificationItem[]>().notNull().default([]),
    links: jsonb("links").$type<ProfileLinks>().notNull().default({ github: "", linkedin: "", website: "" }),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    completedProjects: integer("completed_projects").notNull().default(0),
    successRate: integer("success_rate").notNull().default(100),
    isActive: boolean("is_active").notNull().default(true),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple_unaccent'::regconfig, name), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, name), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, bio), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    index("developer_profiles_search_idx").using("gin", t.searchVector),
    index("developer_profiles_skills_idx").using("gin", t.skills),
    // Ties are broken by user_id in byte order (collate "C"), the same on every server locale.
    index("developer_profiles_rating_idx")
      .on(t.rating.desc(), sql`${t.userId} collate "C" desc`)
      .where(sql`is_active`),
    index("developer_profiles_reviews_idx")
      .on(t.reviewCount.desc(), sql`${t.userId} collate "C" desc`)
      .where(sql`is_active`),
    index("developer_profiles_completed_idx")
      .on(t.completedProjects.desc(), sql`${t.userId} collate "C" desc`)
      .where(sql`is_active`),
    index("developer_profiles_rate_idx")
      .on(sql`coalesce(${t.hourlyRate}, -1) desc`, sql`${t.userId} collate "C" desc`)
      .where(sql`is_active`),
    index("developer_profiles_city_idx")
      .on(t.city, t.rating.desc(), sql`${t.userId} collate "C" desc`)
      .where(sql`is_active`),
    check("developer_profiles_availability_check", sql`${t.availability} in ('available', 'busy', 'unavailable')`),
    check("developer_profiles_rating_check", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("developer_profiles_rate_check", sql`${t.hourlyRate} is null or ${t.hourlyRate} > 0`),
  ],
);

/**
 * Reviews of developers by clients (docs/product.md, Reviews), one per completed project; demo
 * data fills them so ratings agree with reviewCount and rating.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").references(() => users.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    clientName: text("client_name").notNull().default(""),
    projectTitle: text("project_title").notNull().default(""),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    /**
     * Blind reviews (docs/product.md, Trust and safety): hidden from everyone until the developer
     * has reviewed the client too or this time (the blind window's end) has passed; null: visible.
     */
    hiddenUntil: timestamp("hidden_until", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("reviews_developer_idx").on(t.developerId, t.createdAt.desc()),
    index("reviews_hidden_idx")
      .on(t.hiddenUntil)
      .where(sql`hidden_until is not null`),
    uniqueIndex("reviews_once_per_project_idx")
      .on(t.projectId)
      .where(sql`project_id is not null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export type DeveloperProfileRow = typeof developerProfiles.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

/** A proposal milestone: title and amount in whole rand. */
export interface Milestone {
  title: string;
  amount: number;
}

/**
 * Proposals (docs/product.md, Proposals): one per developer per project. price in whole rand; duration is a
 * timeline code (docs/product.md, Constants) or a number of days. Status follows the proposal state machine
 * (server/proposals/lifecycle.ts).
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coverLetter: text("cover_letter").notNull(),
    price: integer("price").notNull(),
    durationCode: text("duration_code"),
    durationDays: integer("duration_days"),
    milestones: jsonb("milestones").$type<Milestone[]>().notNull().default([]),
    /** Changed only by the proposal state machine (server/proposals/lifecycle.ts). */
    status: text("status").$type<ProposalStatus>().notNull().default("pending"),
    declineReason: text("decline_reason").notNull().default(""),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("proposals_one_per_developer_idx").on(t.projectId, t.developerId),
    index("proposals_project_idx").on(t.projectId, t.status, t.createdAt.desc()),
    index("proposals_developer_idx").on(t.developerId, t.status, t.createdAt.desc()),
    check("proposals_status_check", oneOf(t.status, PROPOSAL_STATUSES)),
    check("proposals_price_check", sql`${t.price} >= 500`),
    check("proposals_duration_check", sql`(${t.durationCode} is not null) <> (${t.durationDays} is not null)`),
  ],
);

/** Reviews of clients by the developer they hired (docs/product.md, Proposals): one per project. */
export const clientReviews = pgTable(
  "client_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    developerId: text("developer_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    /** Blind reviews: as reviews.hidden_until, until the client has reviewed the developer too. */
    hiddenUntil: timestamp("hidden_until", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("client_reviews_once_idx").on(t.projectId),
    index("client_reviews_hidden_idx")
      .on(t.hiddenUntil)
      .where(sql`hidden_until is not null`),
    index("client_reviews_client_idx").on(t.clientId, t.createdAt.desc()),
    check("client_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Notices for a user (docs/product.md, Messages and notifications): type, a short text and the
 * in-app link it is about. Written by server/notifications/effects.ts in the event's transaction.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    link: text("link").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    // The header's unread count and the "collapse unread new-message notices" lookup.
    index("notifications_unread_idx")
      .on(t.userId, t.link)
      .where(sql`read_at is null`),
  ],
);

/**
 * A conversation between two users (docs/product.md, Messages and notifications), optionally about a project. The pair is stored in
 * byte order (user_a_id < user_b_id, collate "C") so one pair has one conversation per project and one without.
 * `last_seq` numbers the messages: each send takes the row lock and increments it, so within a
 * conversation message order equals commit order (the catch-up cursor cannot skip a message).
 * `project_title` is a snapshot kept when the project is deleted (project_id then becomes null).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userAId: text("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userBId: text("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    projectTitle: text("project_title"),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastMessagePreview: text("last_message_preview").notNull().default(""),
    lastSenderId: text("last_sender_id"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Byte order (collate "C"), as JavaScript's < orders the ids, on any server locale.
    check("conversations_pair_order_check", sql`${t.userAId} collate "C" < ${t.userBId} collate "C"`),
    uniqueIndex("conversations_pair_project_idx")
      .on(t.userAId, t.userBId, t.projectId)
      .where(sql`project_id is not null`),
    uniqueIndex("conversations_pair_idx")
      .on(t.userAId, t.userBId)
      .where(sql`project_title is null`),
  ],
);

/**
 * Each participant's view of a conversation: the inbox order (last_message_at copied from the
 * conversation), read state (last_read_seq), unread count, and when the unread-message email
 * last went out (at most one per conversation per hour, docs/product.md, Messages and notifications).
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherUserId: text("other_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    unreadCount: integer("unread_count").notNull().default(0),
    emailedAt: timestamp("emailed_at", { withTimezone: true, precision: 3 }),
    /** The newest message seq that such an email has covered (no second email about the same messages). */
    emailedSeq: integer("emailed_seq").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_inbox_idx").on(t.userId, t.lastMessageAt.desc(), t.conversationId.desc()),
    index("conversation_participants_unread_idx")
      .on(t.userId)
      .where(sql`unread_count > 0`),
  ],
);

/** A message: `seq` is its number in the conversation (1, 2, ...); body is plain text, 1-5000 characters. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Removed by a moderator (docs/product.md, Trust and safety): shown as removed, kept for the audit until restored. */
    removedAt: timestamp("removed_at", { withTimezone: true, precision: 3 }),
    /** Deleted by its sender (docs/product.md, Files): the text is overwritten, the files are gone; both see it as deleted. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    // The per-user send rate limit counts a user's messages of the last minute.
    index("messages_sender_idx").on(t.senderId, t.createdAt),
    // Empty: files sent without text (docs/product.md, Messages and notifications).
    check("messages_body_length_check", sql`char_length(${t.body}) between 0 and 5000`),
  ],
);

/** Which emails a user wants (docs/product.md, Messages and notifications); no row means every switch is on. Security emails are not switchable. */
export const emailPreferences = pgTable("email_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newMessage: boolean("new_message").notNull().default(true),
  proposalReceived: boolean("proposal_received").notNull().default(true),
  proposalAccepted: boolean("proposal_accepted").notNull().default(true),
  jobAlerts: boolean("job_alerts").notNull().default(true),
  reviewRequests: boolean("review_requests").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * Counters of the rate limits (server/auth/limits.ts, docs/decisions/0011-rate-limits.md), in the
 * shape rate-limiter-flexible's RateLimiterDrizzle reads and writes: one row per key (a limit's
 * prefix and a keyed hash of the account and/or client address, never the email or address
 * itself), the points counted in the current window, and when the window ends. Shared by every
 * app instance, so a limit holds across them; expired rows are deleted every few minutes.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true, precision: 3 }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

export type ProposalRow = typeof proposals.$inferSelect;

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The email outbox (ARCHITECTURE.md, Email outbox): an email is a row written in the same
 * transaction as the event that causes it, so none is sent for a change that rolled back. The
 * sender (server/email/outbox.ts) claims due rows with FOR UPDATE SKIP LOCKED, leasing each until
 * `next_attempt_at`, so instances never send one twice at once; a failure is retried with back-off
 * and recorded (attempts, last_error) until it is given up (`failed`).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The template that wrote it (server/email/templates/), for logs and tests. */
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    /** The recipient's account, when they have one (its unsent mail goes with a deleted account). */
    toUserId: text("to_user_id").references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("email_outbox_user_idx").on(t.toUserId),
    check("email_outbox_status_check", oneOf(t.status, OUTBOX_STATUSES)),
  ],
);

/**
 * Idempotency keys of creates (server/idempotency/service.ts): the first answer to a request with
 * a given key, replayed to a retry with the same key. Written in the transaction of the write it
 * protects; purged after 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** "POST /api/v1/projects", or the form action's path. */
    scope: text("scope").notNull(),
    /** sha256 of the scope and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The answer once the request finished (null while it runs). */
    status: integer("status"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * A developer's saved project search with its job alert (docs/product.md, Journeys "Saved searches"):
 * `filters` are the browse filters (projectListQuerySchema without sort and paging), `alert` instant |
 * daily | off. `checked_until` is the newest project creation time the alert sweep has looked at;
 * `alerted_at` when the last notice went out (daily alerts wait 24 hours after it).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull(),
    alert: text("alert").notNull().default("instant"),
    checkedUntil: timestamp("checked_until", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    alertedAt: timestamp("alerted_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc()),
    // The alert sweep reads the searches whose alert is on.
    index("saved_searches_alert_idx")
      .on(t.alert, t.alertedAt)
      .where(sql`alert <> 'off'`),
    check("saved_searches_alert_check", sql`${t.alert} in ('instant', 'daily', 'off')`),
    check("saved_searches_name_length_check", sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/** Projects a saved search's alert has already announced: the primary key makes "never twice" hold. */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.projectId] }), index("saved_search_matches_project_idx").on(t.projectId)],
);

/**
 * Personal API tokens (docs/product.md, "Personal API tokens"; server/tokens/service.ts): a
 * script or app calls /api/v1 as its owner with `Authorization: Bearer <token>`. Only the
 * SHA-256 of the token is stored (the token is 256 random bits, shown once); `prefix` is its
 * first characters, so the owner can tell tokens apart. Revoking deletes the row.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId, t.createdAt.desc()),
    check("api_tokens_name_check", sql`char_length(${t.name}) between 1 and 60`),
    check("api_tokens_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * better-auth's twoFactor plugin table (docs/product.md, Accounts): the account's TOTP secret and
 * backup codes, both encrypted with the auth secret by better-auth; `verified` is false from
 * "enable" until the first code proves the authenticator app has it.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex("two_factors_user_idx").on(t.userId)],
);

/**
 * Blocks (docs/product.md, Trust and safety): `blocker_id` blocked `blocked_id`. While a row exists
 * neither can message the other and the blocked user cannot propose to the blocker's projects nor
 * sees their contact buttons. One row per pair and direction; unblocking deletes it.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    index("user_blocks_list_idx").on(t.blockerId, t.createdAt.desc()),
    check("user_blocks_not_self_check", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const REPORT_KINDS = ["project", "profile", "message"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a report shows the moderator: the content as it was when reported (docs/product.md, Trust and safety). */
export interface ReportSnapshot {
  /** The project's title, the profile's name, or the message's sender name. */
  title: string;
  /** The project's description, the profile's title and bio, or the message body. */
  text: string;
  /** Where the content lives in the app. */
  link: string;
}

/**
 * The moderation queue (docs/product.md, Trust and safety): a report of a project, a profile or a
 * message, with a reason from REPORT_REASONS, details, and a snapshot of the content taken when it
 * was reported, so a later edit does not hide it. `target_id` is the project, user or message id;
 * `target_user_id` is whose content it is (the account a suspension would hit). One report per
 * reporter and target.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<ReportKind>().notNull(),
    targetId: text("target_id").notNull(),
    targetUserId: text("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    snapshot: jsonb("snapshot").$type<ReportSnapshot>().notNull(),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_once_idx").on(t.reporterId, t.kind, t.targetId),
    index("reports_open_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'open'`),
    index("reports_target_user_idx").on(t.targetUserId),
    check("reports_kind_check", oneOf(t.kind, REPORT_KINDS)),
    check("reports_status_check", oneOf(t.status, REPORT_STATUSES)),
    check("reports_details_length_check", sql`char_length(${t.details}) <= 1000`),
  ],
);

export const MODERATION_ACTIONS = ["dismiss", "hide_project", "remove_message", "warn", "suspend", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * The moderation audit log (docs/product.md, Trust and safety): who did what to which target,
 * when and why. Rows are only ever added. The moderator's id is kept null if their account goes.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").$type<ModerationAction>().notNull(),
    /** "project", "user" or "message". */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("moderation_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("moderation_log_action_check", oneOf(t.action, MODERATION_ACTIONS)),
    check("moderation_log_target_type_check", sql`${t.targetType} in ('project', 'user', 'message')`),
  ],
);

/** What a stored file can be attached to (docs/product.md, Files); `delivery` is a milestone delivery. */
export const FILE_TARGETS = ["project", "proposal", "message", "avatar", "portfolio", "delivery"] as const;
export type FileTarget = (typeof FILE_TARGETS)[number];

/** One WebP rendition of an uploaded image (server/files/images.ts): pixel width and height, bytes. */
export interface FileVariant {
  width: number;
  height: number;
  size: number;
}

/**
 * An uploaded file (docs/product.md, Files; server/files/). The bytes live in the storage
 * (DATA_DIR/files or S3) under `files/<id>/...`; this row is its metadata. `size` (bytes) is what
 * counts toward the owner's quota: the stored original plus every image rendition. `mime` is the
 * type read from the bytes, never the name's or the browser's. `variants` are the WebP widths of an
 * image (empty for other files); `has_original` says whether the original (metadata stripped for
 * images) is kept for download. An upload is unattached (`target_type` null) until a project,
 * proposal, message, profile photo, portfolio item or delivery takes it; unattached uploads older
 * than a day are deleted by the orphan sweep (server/jobs.ts).
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    variants: jsonb("variants").$type<FileVariant[]>().notNull().default([]),
    hasOriginal: boolean("has_original").notNull(),
    targetType: text("target_type").$type<FileTarget>(),
    targetId: text("target_id"),
    /** Order among the files of one target (0, 1, ...). */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("files_owner_idx").on(t.ownerId, t.createdAt),
    index("files_target_idx").on(t.targetType, t.targetId, t.position),
    index("files_orphan_idx")
      .on(t.createdAt)
      .where(sql`target_type is null`),
    check("files_target_type_check", sql`${t.targetType} is null or ${oneOf(t.targetType, FILE_TARGETS)}`),
    check("files_target_pair_check", sql`(${t.targetType} is null) = (${t.targetId} is null)`),
    check("files_size_check", sql`${t.size} >= 0`),
    check("files_name_length_check", sql`char_length(${t.name}) between 1 and 200`),
    check("files_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Stored bytes waiting to be deleted (server/files/service.ts): a file whose metadata row was
 * deleted (its message, project or account went, it was replaced, or it stayed unattached for a
 * day) is queued here in the same transaction, so a rolled-back deletion deletes nothing and a
 * committed one always reaches the storage: the request deletes the bytes right after commit and
 * the file sweep (server/jobs.ts) retries what is left.
 */
export const fileDeletions = pgTable("file_deletions", {
  fileId: uuid("file_id").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * Contracts (docs/product.md, Payments): one per hire, written in the transaction that accepts the
 * proposal. Client and developer are copied from the project and proposal at that moment.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "restrict" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contracts_proposal_idx").on(t.proposalId),
    index("contracts_project_idx").on(t.projectId),
    index("contracts_client_idx").on(t.clientId, t.createdAt),
    index("contracts_developer_idx").on(t.developerId, t.createdAt),
  ],
);

/**
 * Milestones of a contract, amounts in cents. Status changes only through transitionMilestone
 * (server/payments/milestones.ts) and the machine of shared/payments.ts.
 */
export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    dueDate: text("due_date"),
    status: text("status").$type<MilestoneStatus>().notNull().default("proposed"),
    /** The developer's delivery note (submit). */
    submissionNote: text("submission_note").notNull().default(""),
    /** The client's change request, or the reason of a dispute. */
    feedback: text("feedback").notNull().default(""),
    submittedAt: timestamp("submitted_at", { withTimezone: true, precision: 3 }),
    /** When the client was reminded that this submission is about to be released by itself (null: not yet; reset by each submission). */
    releaseReminderAt: timestamp("release_reminder_at", { withTimezone: true, precision: 3 }),
    fundedAt: timestamp("funded_at", { withTimezone: true, precision: 3 }),
    closedAt: timestamp("closed_at", { withTimezone: true, precision: 3 }),
    /** When and by whom (the client or the developer) the open dispute was raised; for the moderators' queue. */
    disputedAt: timestamp("disputed_at", { withTimezone: true, precision: 3 }),
    disputedBy: text("disputed_by").references(() => users.id, { onDelete: "set null" }),
    /** The other side's answer to the open dispute (once; "" until answered), for the moderator. */
    disputeResponse: text("dispute_response").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("milestones_contract_position_idx").on(t.contractId, t.position),
    // The moderators' queue of open disputes, oldest first (server/payments/disputes.ts).
    index("milestones_disputed_idx")
      .on(t.disputedAt)
      .where(sql`status = 'disputed'`),
    index("milestones_auto_release_idx")
      .on(t.submittedAt)
      .where(sql`status = 'submitted'`),
    check("milestones_status_check", oneOf(t.status, MILESTONE_STATUSES)),
    check("milestones_amount_check", sql`${t.amountCents} > 0`),
    check("milestones_due_date_check", sql`${t.dueDate} is null or ${t.dueDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/**
 * Proposed milestone changes (docs/product.md, Payments "Milestone changes"; decision 0032): a new
 * milestone (milestone_id null) or new title, amount and due date for an unfunded one, proposed by
 * one party and answered by the other. Status changes only through the machine of
 * shared/payments.ts (decideMilestoneChange) in server/payments/changes.ts.
 */
export const milestoneChanges = pgTable(
  "milestone_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "cascade" }),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    dueDate: text("due_date"),
    status: text("status").$type<MilestoneChangeStatus>().notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    index("milestone_changes_contract_idx").on(t.contractId, t.createdAt),
    index("milestone_changes_milestone_idx").on(t.milestoneId),
    check("milestone_changes_status_check", oneOf(t.status, MILESTONE_CHANGE_STATUSES)),
    check("milestone_changes_amount_check", sql`${t.amountCents} > 0`),
    check("milestone_changes_due_date_check", sql`${t.dueDate} is null or ${t.dueDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

export const LEDGER_ACCOUNT_KINDS = [
  "client_funding",
  "escrow",
  "developer_balance",
  "platform_fees",
  "vat_payable",
  "provider_fees",
  "payouts_in_transit",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * Ledger accounts (docs/decisions/0017-double-entry-ledger.md). `owner` is the user (client
 * funding, developer balance), the contract (escrow), or '' for the platform's own accounts.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<LedgerAccountKind>().notNull(),
    owner: text("owner").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ledger_accounts_kind_owner_idx").on(t.kind, t.owner), check("ledger_accounts_kind_check", oneOf(t.kind, LEDGER_ACCOUNT_KINDS))],
);

export const JOURNAL_KINDS = ["fund", "release", "refund", "payout", "payout_failed", "payout_reversed", "payout_paid"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * Journals: one business event, whose entries sum to zero (a deferred constraint trigger checks
 * it at commit). `event_key` makes an event post once (a payment reference, a milestone release).
 */
export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<JournalKind>().notNull(),
    eventKey: text("event_key").notNull(),
    contractId: uuid("contract_id").references(() => contracts.id, { onDelete: "restrict" }),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "restrict" }),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_journals_event_idx").on(t.eventKey),
    index("ledger_journals_milestone_idx").on(t.milestoneId),
    // A contract's money by kind (the contract page, "was anything released") and a client's totals (/payments).
    index("ledger_journals_contract_idx").on(t.contractId, t.kind),
    check("ledger_journals_kind_check", oneOf(t.kind, JOURNAL_KINDS)),
  ],
);

/**
 * Ledger entries, append-only (a trigger refuses UPDATE and DELETE): signed cents, debit positive,
 * credit negative. An account's balance is the sum of its entries.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: "restrict" }),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_journal_idx").on(t.journalId),
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
  ],
);

/** "refunded": a payment that succeeded for a milestone already funded (paid twice), given back whole. */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Payments of milestones by clients through a provider (server/payments/providers/). `reference`
 * is ours, sent to the provider; a payment settles once (succeeded, failed, or refunded when it
 * paid a milestone twice) under a row lock.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    provider: text("provider").notNull(),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => milestones.id, { onDelete: "restrict" }),
    payerId: text("payer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    failureReason: text("failure_reason").notNull().default(""),
    settledAt: timestamp("settled_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_reference_idx").on(t.reference),
    index("payments_milestone_idx").on(t.milestoneId, t.createdAt),
    // A client's payments (About the Client: payment method verified, total spent).
    index("payments_payer_idx").on(t.payerId, t.status),
    // A client's payments newest first, by cursor (/payments).
    index("payments_payer_created_idx").on(t.payerId, t.createdAt, t.id),
    index("payments_pending_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);

export const PROVIDER_REFUND_STATUSES = ["pending", "sent", "failed"] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/**
 * Refunds to send to the payment provider (docs/decisions/0050-provider-refund-outbox.md): written
 * in the transaction that books the refund (a milestone refunded, a dispute's client share, a
 * payment that paid a milestone twice), sent after commit by the refund job with retries, as the
 * email outbox sends mail. `event_key` is the ledger event's key (or `duplicate:{reference}`), so
 * one business event queues one refund.
 */
export const providerRefunds = pgTable(
  "provider_refunds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    eventKey: text("event_key").notNull(),
    status: text("status").$type<ProviderRefundStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("provider_refunds_event_key_idx").on(t.eventKey),
    index("provider_refunds_payment_idx").on(t.paymentId),
    index("provider_refunds_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // The moderators' list of refunds given up (server/payments/disputes.ts), newest first.
    index("provider_refunds_failed_idx")
      .on(t.createdAt)
      .where(sql`status = 'failed'`),
    check("provider_refunds_status_check", oneOf(t.status, PROVIDER_REFUND_STATUSES)),
    check("provider_refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The built-in test provider's own records (PAYMENTS_PROVIDER=test): what the tester chose at its
 * checkout page. It stands for the provider's side; our code reads it only through the provider
 * interface (verify), never directly.
 */
export const testProviderCharges = pgTable(
  "test_provider_charges",
  {
    reference: text("reference").primaryKey(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    outcome: text("outcome").$type<"open" | "success" | "failed" | "reversed">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check("test_provider_charges_outcome_check", sql`${t.outcome} in ('open', 'success', 'failed', 'reversed')`)],
);

/**
 * A developer's South African bank account for payouts (one per user): the bank from the
 * provider's list, the account number and holder name; `recipient_code` is the provider's
 * transfer recipient (Paystack type `basa`), made on the first payout.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    bankCode: text("bank_code").notNull(),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    holderName: text("holder_name").notNull(),
    recipientCode: text("recipient_code"),
    /** Payouts to this account may start at this time (BANK_CHANGE_HOLD_HOURS after it replaced another); null: at once. */
    payoutsFrom: timestamp("payouts_from", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [check("bank_accounts_number_check", sql`${t.accountNumber} ~ '^[0-9]{6,16}$'`)],
);

export { PAYOUT_STATUSES, type PayoutStatus };

/**
 * Payouts of a developer's balance to their bank account (docs/product.md, Payments "Payouts").
 * Newest-first lists read the (user_id, created_at) index backwards: a DESC NULLS LAST index would
 * not serve ORDER BY created_at DESC (query-plans.test.ts).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status").$type<PayoutStatus>().notNull().default("pending"),
    /** "Capitec Bank ••••1234": where it went, as it was then. */
    destination: text("destination").notNull(),
    failureReason: text("failure_reason").notNull().default(""),
    settledAt: timestamp("settled_at", { withTimezone: true, precision: 3 }),
    /**
     * The account the money goes to, as it was when the payout was requested (decision 0051): the
     * transfer is sent after commit, and a bank account replaced meanwhile (held for
     * BANK_CHANGE_HOLD_HOURS) must not receive it. Null on payouts sent before migration 0035.
     */
    bankCode: text("bank_code"),
    accountNumber: text("account_number"),
    holderName: text("holder_name"),
    /** The transfer outbox (decision 0051): when the sender should next try to start the transfer; null once started or settled. */
    transferNextAt: timestamp("transfer_next_at", { withTimezone: true, precision: 3 }),
    transferAttempts: integer("transfer_attempts").notNull().default(0),
    /** When the provider accepted the transfer; reconciliation asks about pending payouts from then on. */
    transferSentAt: timestamp("transfer_sent_at", { withTimezone: true, precision: 3 }),
    transferError: text("transfer_error"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payouts_reference_idx").on(t.reference),
    index("payouts_user_idx").on(t.userId, t.createdAt),
    index("payouts_transfer_due_idx")
      .on(t.transferNextAt)
      .where(sql`${t.transferNextAt} is not null`),
    index("payouts_unsettled_idx")
      .on(t.transferSentAt)
      .where(sql`${t.status} = 'pending'`),
    check("payouts_status_check", oneOf(t.status, PAYOUT_STATUSES)),
    check("payouts_amount_check", sql`${t.amountCents} >= 10000`),
  ],
);

/**
 * Tax invoices for the platform fee on each release (docs/product.md, Payments "Documents"):
 * numbered without gaps (the next number is taken under a transaction lock), one per release
 * journal, to the developer who paid the fee. Amounts in cents.
 */
export const taxInvoices = pgTable(
  "tax_invoices",
  {
    number: integer("number").primaryKey(),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    description: text("description").notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    /** The VAT number in force when it was issued ("" when not registered). */
    vatNumber: text("vat_number").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tax_invoices_journal_idx").on(t.journalId),
    index("tax_invoices_user_idx").on(t.userId, t.number),
    check("tax_invoices_amounts_check", sql`${t.feeCents} > 0 and ${t.vatCents} >= 0`),
  ],
);

/**
 * Messages sent with the /support contact form (docs/product.md, Support): kept so support can
 * answer and follow up, and emailed to support through the outbox in the same transaction.
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The signed-in sender, if any (kept null when the account is deleted). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("support_messages_created_idx").on(t.createdAt.desc()),
    index("support_messages_user_idx").on(t.userId),
    check("support_messages_subject_check", sql`char_length(${t.subject}) between 3 and 120`),
    check("support_messages_message_check", sql`char_length(${t.message}) between 20 and 5000`),
  ],
);

/**
 * A client's invitation of a developer to one of their open projects (docs/product.md, Journeys
 * "Invite a developer"): one per project and developer; the developer is told and may propose.
 */
export const projectInvitations = pgTable(
  "project_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("project_invitations_one_idx").on(t.projectId, t.developerId),
    index("project_invitations_developer_idx").on(t.developerId, t.createdAt.desc()),
    // The hourly invitation limit counts a client's recent invitations.
    index("project_invitations_client_idx").on(t.clientId, t.createdAt.desc()),
  ],
);

/** Projects a developer saved (docs/product.md, Journeys "Favourites"). */
export const savedProjects = pgTable(
  "saved_projects",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index("saved_projects_user_idx").on(t.userId, t.createdAt.desc()),
    index("saved_projects_project_idx").on(t.projectId),
  ],
);

/** Developers a client saved (docs/product.md, Journeys "Favourites"). */
export const savedDevelopers = pgTable(
  "saved_developers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    developerId: text("developer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.developerId] }),
    index("saved_developers_user_idx").on(t.userId, t.createdAt.desc()),
    index("saved_developers_developer_idx").on(t.developerId),
  ],
);

/**
 * A client's unfinished project from the wizard (docs/product.md, Journeys "Drafts";
 * docs/decisions/0034): one per user, not a project, so no project list, count or proposal ever
 * sees it. `values` are the wizard's fields as typed (not yet valid), `step` the step they were on.
 */
export const projectDrafts = pgTable("project_drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  step: integer("step").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
