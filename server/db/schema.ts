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
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`), check("users_user_type_check", sql`${t.userType} in ('client', 'developer')`)],
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
 * full-text search (docs/product.md) and served by a GIN index.
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
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B') || setweight(to_tsvector('english'::regconfig, buildza_join(features)), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    index("projects_search_idx").using("gin", t.searchVector),
    index("projects_skills_idx").using("gin", t.skills),
    index("projects_active_newest_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    // Budget-range filters (budgetMin and budgetMax together): the count reads this index only.
    index("projects_active_budget_range_idx")
      .on(t.budgetMin, t.budgetMax)
      .where(sql`status = 'active'`),
    index("projects_active_budget_idx")
      .on(t.budgetMin.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    index("projects_active_proposals_idx")
      .on(t.proposalCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    index("projects_active_category_idx")
      .on(t.category, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    index("projects_active_platform_idx")
      .on(t.platform, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'active'`),
    index("projects_user_idx").on(t.userId, t.createdAt.desc()),
    index("projects_hired_idx").on(t.hiredDeveloperId, t.status),
    check("projects_platform_check", sql`${t.platform} in ('mobile', 'web', 'both')`),
    check("projects_budget_check", sql`${t.budgetMax} is null or ${t.budgetMax} >= ${t.budgetMin}`),
    check("projects_proposal_count_check", sql`${t.proposalCount} >= 0`),
    check("projects_status_check", oneOf(t.status, PROJECT_STATUSES)),
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
 * user id. `name` is kept equal to users.name (same transaction) so search can index it. Rating
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
      sql`setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english'::regconfig, bio), 'B')`,
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
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("reviews_developer_idx").on(t.developerId, t.createdAt.desc()),
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
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("client_reviews_once_idx").on(t.projectId),
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
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    // The per-user send rate limit counts a user's messages of the last minute.
    index("messages_sender_idx").on(t.senderId, t.createdAt),
    check("messages_body_length_check", sql`char_length(${t.body}) between 1 and 5000`),
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
