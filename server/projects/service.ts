/**
 * Projects domain (docs/product.md, Projects). Plain functions taking `db` (and the
 * session user where it matters); they validate with the shared schemas and throw typed errors
 * (server/errors.ts). Pages and the JSON API both call these.
 */
import { checkUnverifiedLimit } from "../auth/verification";
import { and, arrayOverlaps, count, eq, gte, inArray, isNotNull, isNull, lte, ne, sql, sum, type AnyColumn, type SQL } from "drizzle-orm";
import {
  MAX_PROJECT_FILES,
  PROJECT_LOCATION,
  SIMILAR_PROJECTS_CANDIDATES,
  SIMILAR_PROJECTS_LIMIT,
  SIMILAR_PROJECTS_WINDOW,
  type ProjectSort,
  type ProjectStatus,
} from "../../shared/constants";
import { budgetBounds } from "../../shared/format";
import { PROJECT_WIZARD_STEPS, projectEditSchema, projectListQuerySchema, projectSchema, projectVersionSchema, type ProjectData } from "../../shared/schemas";
import { projectEditRefusal } from "../../shared/policies";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { projects, users } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser } from "../errors";
import { parseInput, parseVersion } from "../validation";
import { filesOf, setAttachments, toFileInfo, type FileInfo } from "../files/service";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { UUID } from "../lib/ids";
import { isModerator } from "../auth/roles";
import { reportProjectForModeration } from "../moderation/service";
import { toPrefixTsquery } from "../lib/tsquery";
import { cappedCount, exactWhenFirstPageIsAll } from "../lib/capped-count";
import type { TotalsCache } from "../lib/totals-cache";

/** A project as pages and the API see it. Money in whole rand; dates as ISO strings. */
export interface Project {
  id: string;
  title: string;
  description: string;
  features: string[];
  platform: string;
  skills: string[];
  budgetRange: string;
  budgetMin: number;
  /** null: no upper bound (R75000+). */
  budgetMax: number | null;
  timeline: string;
  deadline: string | null;
  targetAudience: string;
  additionalInfo: string;
  category: string;
  location: string;
  status: ProjectStatus;
  userId: string;
  proposalCount: number;
  /** The hired developer's user id (in_progress and completed projects). */
  hiredDeveloperId: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its files in order (docs/product.md, Files); on one project's reads, not in lists. */
  attachments?: FileInfo[];
}

export interface ProjectPage {
  projects: Project[];
  /** Opaque cursor for the next page; null on the last page. */
  nextCursor: string | null;
  hasMore: boolean;
  /** How many projects match the filters (all pages), exact up to LIST_TOTAL_CAP (decision 0023). */
  total: number;
  /** true: more than LIST_TOTAL_CAP match ("1,000+"); `total` is then LIST_TOTAL_CAP. */
  totalCapped: boolean;
}

/** The client card on the project page (docs/product.md: real values). */
export interface ProjectClient {
  id: string;
  name: string;
  verified: boolean;
  memberSince: string;
  projectsPosted: number;
}

const columns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  features: projects.features,
  platform: projects.platform,
  skills: projects.skills,
  budgetRange: projects.budgetRange,
  budgetMin: projects.budgetMin,
  budgetMax: projects.budgetMax,
  timeline: projects.timeline,
  deadline: projects.deadline,
  targetAudience: projects.targetAudience,
  additionalInfo: projects.additionalInfo,
  category: projects.category,
  location: projects.location,
  status: projects.status,
  userId: projects.userId,
  proposalCount: projects.proposalCount,
  hiredDeveloperId: projects.hiredDeveloperId,
  completedAt: projects.completedAt,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

type Row = Omit<typeof projects.$inferSelect, "searchVector" | "hiddenAt" | "hiddenBy" | "reviewRemindedAt">;

function toProject(row: Row): Project {
  return {
    ...row,
    status: row.status as ProjectStatus,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The deadline date (YYYY-MM-DD) as the start of that day in South Africa (UTC+2, no DST). */
function deadlineToDate(deadline: string | null): Date | null {
  return deadline ? new Date(`${deadline}T00:00:00+02:00`) : null;
}

function toRow(data: ProjectData) {
  const { min, max } = budgetBounds(data.budgetRange);
  return {
    title: data.title,
    description: data.description,
    features: data.features,
    platform: data.platform,
    skills: data.skills,
    budgetRange: data.budgetRange,
    budgetMin: min,
    budgetMax: max,
    timeline: data.timeline,
    deadline: deadlineToDate(data.deadline),
    targetAudience: data.targetAudience,
    additionalInfo: data.additionalInfo,
    category: data.category,
  };
}

/**
 * Creates a project owned by `user` from untrusted `input` (projectSchema). Status active,
 * location South Africa, proposalCount 0 (docs/product.md, Projects); budget bounds derived from the range.
 * Throws UnauthorizedError, ValidationError.
 */
export async function createProject(db: Db, user: SessionUser | null, input: unknown): Promise<Project> {
  const owner = requireUser(user);
  const data = parseInput(projectSchema, input);
  await checkUnverifiedLimit(db, owner, "projects");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ ...toRow(data), userId: owner.id, location: PROJECT_LOCATION, status: "active" })
      .returning(columns);
    const attached = await setAttachments(tx, owner.id, "project", row!.id, data.attachments ?? [], { max: MAX_PROJECT_FILES, field: "attachments" });
    return { ...toProject(row!), attachments: attached.map(toFileInfo) };
  });
}

/**
 * Checks the fields of one step of the project wizard (PROJECT_WIZARD_STEPS, 0-2) as its Next button
 * does in the browser, with the same schema: projectSchema, or for an edit of a project whose saved
 * deadline is `savedDeadline` (YYYY-MM-DD, "" for none) projectEditSchema. For the wizard sent
 * without its scripts (docs/product.md, Journeys). Throws ValidationError with the step's field messages.
 */
export function checkProjectStep(input: unknown, step: number, savedDeadline?: string): void {
  const schema = savedDeadline === undefined ? projectSchema : projectEditSchema(savedDeadline);
  const fields = PROJECT_WIZARD_STEPS[step]?.fields ?? [];
  parseInput(schema.pick(Object.fromEntries(fields.map((f) => [f, true])) as Record<(typeof fields)[number], true>), input);
}

/** A project by id. Throws NotFoundError "Project not found" (docs/product.md, Messages and errors). */
export async function getProject(db: Db, id: string): Promise<Project> {
  if (!UUID.test(id)) throw new NotFoundError("Project not found");
  const [row] = await prepared("project", db.select(columns).from(projects).where(eq(projects.id, id)).limit(1));
  if (!row) throw new NotFoundError("Project not found");
  const attachments = (await filesOf(db, "project", [id])).get(id) ?? [];
  return { ...toProject(row), attachments };
}

/**
 * A project as `viewer` may see it: a hidden project (by a moderator, or its client suspended;
 * docs/product.md, Trust and safety) is 404 "Project not found" to everyone but its client and
 * moderators. Throws NotFoundError.
 */
export async function getVisibleProject(db: Db, id: string, viewer: SessionUser | null): Promise<Project & { hidden: boolean }> {
  if (!UUID.test(id)) throw new NotFoundError("Project not found");
  const [row] = await prepared(
    "visible_project",
    db
      .select({ ...columns, hiddenAt: projects.hiddenAt })
      .from(projects)
      .where(eq(projects.id, id))
      .limit(1),
  );
  if (!row) throw new NotFoundError("Project not found");
  const { hiddenAt, ...rest } = row;
  if (hiddenAt && viewer?.id !== row.userId && !isModerator(viewer)) throw new NotFoundError("Project not found");
  const attachments = (await filesOf(db, "project", [id])).get(id) ?? [];
  return { ...toProject(rest), attachments, hidden: hiddenAt !== null };
}

/** The owner's public facts for the About the Client card. */
export async function getProjectClient(db: Db, userId: string): Promise<ProjectClient> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      verified: users.emailVerified,
      createdAt: users.createdAt,
      projectsPosted: sql<number>`(select count(*)::int from projects p where p.user_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError("Client not found");
  return { id: row.id, name: row.name, verified: row.verified, memberSince: row.createdAt.toISOString(), projectsPosted: row.projectsPosted };
}

async function getOwnedProject(db: Db, user: SessionUser | null, id: string): Promise<Project> {
  const owner = requireUser(user);
  const project = await getProject(db, id);
  if (project.userId !== owner.id) throw new ForbiddenError("Only the project owner can change this project");
  return project;
}

/**
 * Project `id` as its edit page may show it to `user`: only to its owner, and only before a hire
 * (projectEditRefusal; docs/product.md, Projects). Throws UnauthorizedError, NotFoundError "Project
 * not found", ForbiddenError "Only the project owner can edit this project" or the lock's message.
 */
export async function getEditableProject(db: Db, user: SessionUser | null, id: string): Promise<Project> {
  const owner = requireUser(user);
  const project = await getProject(db, id);
  if (project.userId !== owner.id) throw new ForbiddenError("Only the project owner can edit this project");
  const locked = projectEditRefusal(project);
  if (locked) throw new ForbiddenError(locked.message);
  return project;
}

/** The editable fields of a project, in the shape of projectSchema's input (for prefilled forms). */
export function projectFormValues(project: Project) {
  return {
    title: project.title,
    description: project.description,
    platform: project.platform,
    features: project.features,
    budgetRange: project.budgetRange,
    timeline: project.timeline,
    skills: project.skills,
    targetAudience: project.targetAudience,
    additionalInfo: project.additionalInfo,
    category: project.category,
    deadline: project.deadline ? new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date(project.deadline)) : "",
  };
}

/** The refusal of an edit made on a form opened before the project last changed (docs/product.md, Projects). */
export const PROJECT_CHANGED_ELSEWHERE =
  "This project was changed in another tab or window after you opened this form. Reload the page to see the latest version, then make your changes again.";

/**
 * Updates a project: `input` holds the fields to change (missing ones keep their value); the
 * merged result is validated whole. Owner only, and only before a hire (projectEditRefusal). With
 * `version` (the project's updatedAt when the edit form was opened), an edit of a project changed
 * since, in another tab or window, is refused instead of silently putting back what the other
 * change replaced (PROJECT_CHANGED_ELSEWHERE); without one (absent or null: API callers) it is not
 * checked; one that is not such a time ("", a number) is a ValidationError on `version`
 * (shared/schemas.ts projectVersionSchema; docs/product.md, Projects). Throws ConflictError after a
 * hire or on a stale version, UnauthorizedError, NotFoundError, ForbiddenError, ValidationError.
 */
export async function updateProject(db: Db, user: SessionUser | null, id: string, input: unknown): Promise<Project> {
  const current = await getOwnedProject(db, user, id);
  const { version: sent, ...changes } = (input && typeof input === "object" && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  // A malformed version ("", a number) is bad input (400), not a stale one (docs/product.md, Projects).
  const version = parseVersion(projectVersionSchema, sent);
  const refusal = projectEditRefusal(current);
  if (refusal) throw new ConflictError(refusal.message);
  if (version !== undefined && version !== null && version !== current.updatedAt) throw new ConflictError(PROJECT_CHANGED_ELSEWHERE);
  const saved = projectFormValues(current);
  // The saved deadline may have passed since; only a new one must not be in the past.
  const data = parseInput(projectEditSchema(saved.deadline), { ...saved, ...changes });
  // The WHERE repeats the policy and the version, so neither a hire nor another edit committed since
  // the read above is overwritten (two tabs saving at once: one wins, the other is refused).
  const unchanged = version === undefined || version === null ? undefined : eq(projects.updatedAt, new Date(current.updatedAt));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ ...toRow(data), updatedAt: new Date() })
      .where(and(eq(projects.id, id), isNull(projects.hiredDeveloperId), inArray(projects.status, ["active", "closed"]), unchanged))
      .returning(columns);
    if (!row) {
      const [state] = await tx.select({ status: projects.status, hiredDeveloperId: projects.hiredDeveloperId }).from(projects).where(eq(projects.id, id));
      throw new ConflictError(state ? (projectEditRefusal(state)?.message ?? PROJECT_CHANGED_ELSEWHERE) : PROJECT_CHANGED_ELSEWHERE);
    }
    // Without `attachments` an edit leaves the files as they are; with it, the list replaces them.
    const attached = data.attachments
      ? (await setAttachments(tx, current.userId, "project", id, data.attachments, { max: MAX_PROJECT_FILES, field: "attachments" })).map(toFileInfo)
      : current.attachments;
    return { ...toProject(row), attachments: attached };
  });
}

/**
 * `col DESC NULLS LAST`: the order the partial indexes of drizzle/0000_init.sql are built in. A bare
 * DESC means NULLS FIRST in PostgreSQL, which no index matches, so the planner read every active
 * project and sorted them (docs/performance.md). The columns are NOT NULL, so the order is the same.
 */
const descIndexed = (column: AnyColumn) => sql`${column} desc nulls last`;

const SORT_KEYS: Record<ProjectSort, { order: SQL[]; key: SQL; shape: Array<"number" | "date" | "uuid"> }> = {
  newest: {
    order: [descIndexed(projects.createdAt), descIndexed(projects.id)],
    key: sql`(${projects.createdAt}, ${projects.id})`,
    shape: ["date", "uuid"],
  },
  // Ranges do not overlap, so ordering by budgetMin is ordering by budgetMax with R75000+
  // (no max) highest, and needs no NULL handling.
  budget_high: {
    order: [descIndexed(projects.budgetMin), descIndexed(projects.createdAt), descIndexed(projects.id)],
    key: sql`(${projects.budgetMin}, ${projects.createdAt}, ${projects.id})`,
    shape: ["number", "date", "uuid"],
  },
  most_proposals: {
    order: [descIndexed(projects.proposalCount), descIndexed(projects.createdAt), descIndexed(projects.id)],
    key: sql`(${projects.proposalCount}, ${projects.createdAt}, ${projects.id})`,
    shape: ["number", "date", "uuid"],
  },
};

function cursorOf(sort: ProjectSort, p: Project): string {
  if (sort === "newest") return encodeCursor([p.createdAt, p.id]);
  const first = sort === "budget_high" ? p.budgetMin : p.proposalCount;
  return encodeCursor([first, p.createdAt, p.id]);
}

/**
 * Lists active projects (docs/product.md, Lists and search) with filters: search (full-text, prefix), category,
 * platform (mobile and web include "both"), budgetMin/budgetMax (the project's range lies within
 * them), skills (any). Sorts newest | budget_high | most_proposals; keyset pagination by `cursor`.
 * `rawQuery` is untrusted (URL query or API). `totalsCache`: the instance's totals cache (decision 0035).
 * Throws ValidationError.
 */
export async function listProjects(db: Db, rawQuery: unknown, totalsCache?: TotalsCache): Promise<ProjectPage> {
  const q = parseInput(projectListQuerySchema, rawQuery);
  const filters: SQL[] = [eq(projects.status, "active"), isNull(projects.hiddenAt)];
  if (q.category) filters.push(eq(projects.category, q.category));
  if (q.platform) filters.push(q.platform === "both" ? eq(projects.platform, "both") : inArray(projects.platform, [q.platform, "both"]));
  if (q.budgetMin != null) filters.push(gte(projects.budgetMin, q.budgetMin));
  if (q.budgetMax != null) filters.push(and(isNotNull(projects.budgetMax), lte(projects.budgetMax, q.budgetMax))!);
  if (q.skills?.length) filters.push(arrayOverlaps(projects.skills, q.skills));
  const tsquery = q.search ? toPrefixTsquery(q.search) : null;
  // The column's own configuration (accents removed, then English stems; migration 0037), so "cafe"
  // and "café" reach the index as the same word.
  if (tsquery) filters.push(sql`${projects.searchVector} @@ to_tsquery('english_unaccent', ${tsquery})`);

  const sort = SORT_KEYS[q.sortBy];
  const pageFilters = [...filters];
  if (q.cursor) {
    const values = decodeCursor(q.cursor, sort.shape);
    const params = values.map((v, i) => (sort.shape[i] === "date" ? sql`${v}::timestamptz` : sort.shape[i] === "uuid" ? sql`${v}::uuid` : sql`${v}::int`));
    pageFilters.push(sql`${sort.key} < (${sql.join(params, sql`, `)})`);
  }

  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(projects)
      .where(and(...pageFilters))
      .orderBy(...sort.order)
      .limit(q.limit + 1),
    cappedCount(
      db,
      db
        .select({ one: sql<number>`1`.as("one") })
        .from(projects)
        .where(and(...filters))
        .$dynamic(),
      totalsCache,
      // A text search alone is first asked of the planner (decision 0043); with other filters it is
      // counted, since the planner takes words and filters as independent.
      { estimate: Boolean(tsquery) && !q.category && !q.platform && q.budgetMin == null && q.budgetMax == null && !q.skills?.length },
    ),
  ]);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit).map(toProject);
  const last = page.at(-1);
  return {
    projects: page,
    hasMore,
    nextCursor: hasMore && last ? cursorOf(q.sortBy, last) : null,
    ...exactWhenFirstPageIsAll(totals, page.length, !q.cursor && !hasMore),
  };
}

/**
 * A user's own projects in every status, newest first (docs/product.md, Lists and search "List by userId"), keyset
 * paged: `cursor` from the previous page's nextCursor. Throws ValidationError for a bad cursor.
 */
export async function listUserProjects(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: string | null },
): Promise<Omit<ProjectPage, "total" | "totalCapped">> {
  const filters: SQL[] = [eq(projects.userId, userId)];
  if (options.cursor) {
    const [createdAt, id] = decodeCursor(options.cursor, ["date", "uuid"]);
    filters.push(sql`(${projects.createdAt}, ${projects.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await prepared(
    "user_projects",
    db
      .select(columns)
      .from(projects)
      .where(and(...filters))
      .orderBy(descIndexed(projects.createdAt), descIndexed(projects.id))
      .limit(options.limit + 1),
  );
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit).map(toProject);
  const last = page.at(-1);
  return { projects: page, hasMore, nextCursor: hasMore && last ? encodeCursor([last.createdAt, last.id]) : null };
}

/**
 * Up to 4 other active projects, most shared skills first, then same category, then newest
 * (docs/product.md "Similar Projects"), ranked among a bounded candidate set so the cost does not
 * grow with the table: the SIMILAR_PROJECTS_CANDIDATES / 2 newest active projects of the same
 * category (projects_active_category_idx), and as many of the newest sharing a skill, looked for
 * among the SIMILAR_PROJECTS_WINDOW newest active projects (projects_active_newest_idx; the scan
 * stops once enough are found). The candidates are ranked as they are read (their skills, category
 * and date come with them), and only the 4 chosen are read again for the answer's columns.
 */
export async function listSimilarProjects(db: Db, project: Project): Promise<Project[]> {
  const skills = project.skills.length ? project.skills : [""];
  const skillArray = sql`array[${sql.join(
    skills.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
  const half = Math.floor(SIMILAR_PROJECTS_CANDIDATES / 2);
  // How many of this project's skills a candidate has: one containment test per distinct skill,
  // summed. The same count as the size of the two lists' intersection, without building and
  // intersecting two sets for every candidate (2.2 instead of 3.6-4.1 ms at 100,000 projects).
  const shared = (skillsColumn: SQL) =>
    sql.join(
      [...new Set(skills)].map((x) => sql`(${skillsColumn} @> array[${x}]::text[])::int`),
      sql` + `,
    );
  // The order of docs/product.md "Similar Projects", over a candidate's columns: chosen by it among
  // the candidates, and the 4 chosen answered in it.
  const ranking = (c: { skills: SQL; category: SQL; createdAt: SQL; id: SQL }) =>
    sql`(${shared(c.skills)}) desc, (${c.category} = ${project.category}) desc, ${c.createdAt} desc, ${c.id} desc`;
  // Ranking the ~200 candidates where they are read, instead of reading each again by primary key
  // to rank it: 0.5-0.9 instead of 0.8-1.3 ms, 304 instead of 747 buffer blocks (100,000 projects).
  const chosen = sql`(
    select s.id from (
      (select c.id, c.skills, c.category, c.created_at from projects c
        where c.status = 'active' and c.hidden_at is null and c.category = ${project.category} and c.id <> ${project.id}::uuid
        order by c.created_at desc nulls last, c.id desc nulls last limit ${half})
      union
      (select r.id, r.skills, r.category, r.created_at from (
          select w.id, w.skills, w.category, w.created_at from projects w where w.status = 'active' and w.hidden_at is null
          order by w.created_at desc nulls last, w.id desc nulls last limit ${SIMILAR_PROJECTS_WINDOW}
        ) r
        where r.skills && ${skillArray} and r.id <> ${project.id}::uuid limit ${half})
    ) s
    order by ${ranking({ skills: sql`s.skills`, category: sql`s.category`, createdAt: sql`s.created_at`, id: sql`s.id` })}
    limit ${SIMILAR_PROJECTS_LIMIT}
  )`;
  const rows = await db
    .select(columns)
    .from(projects)
    .where(and(sql`${projects.id} in ${chosen}`, eq(projects.status, "active"), isNull(projects.hiddenAt), ne(projects.id, project.id)))
    .orderBy(ranking({ skills: sql`${projects.skills}`, category: sql`${projects.category}`, createdAt: sql`${projects.createdAt}`, id: sql`${projects.id}` }))
    .limit(SIMILAR_PROJECTS_LIMIT);
  return rows.map(toProject);
}

/**
 * Client dashboard figures (docs/product.md, Dashboard): counts over the user's own projects.
 * activeProjects counts the ones still running, open for proposals (active) or with a developer
 * hired (in_progress); completed and closed ones are not active (shared/lifecycle.ts).
 */
export async function clientProjectStats(db: Db, userId: string) {
  const [row] = await prepared(
    "client_project_stats",
    db
      .select({
        totalProjects: count(),
        activeProjects: sql<number>`count(*) filter (where ${projects.status} in ('active', 'in_progress'))::int`,
        totalProposals: sum(projects.proposalCount).mapWith(Number),
      })
      .from(projects)
      .where(eq(projects.userId, userId)),
  );
  return {
    totalProjects: row?.totalProjects ?? 0,
    activeProjects: row?.activeProjects ?? 0,
    totalProposals: row?.totalProposals ?? 0,
  };
}

/**
 * Stores a report of a project for moderation (docs/product.md: flag button; Trust and safety).
 * One report per user and project; owners cannot report their own. Throws UnauthorizedError,
 * NotFoundError, ForbiddenError, ValidationError, ConflictError (already reported).
 */
export async function reportProject(db: Db, user: SessionUser | null, id: string, input: unknown): Promise<void> {
  await reportProjectForModeration(db, user, id, input);
}
