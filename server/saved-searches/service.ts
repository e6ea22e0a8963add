/**
 * Saved searches and job alerts (docs/product.md, Journeys "Saved searches"): a developer saves the
 * filters of a project search and chooses how often new matching projects are announced: instant
 * (every sweep, each minute), daily (one digest a day) or off. The sweep records each announced
 * project in saved_search_matches (primary key: search and project), so a project is announced
 * once per search however often the sweep runs or how many instances run it; the claim, the match
 * rows, the notice and the email commit together. The email obeys the "Job alerts" switch.
 */
import { and, count, desc, eq, lte, or, sql } from "drizzle-orm";
import { MAX_SAVED_SEARCHES, PLATFORM_LABELS, type AlertFrequency, type Platform } from "../../shared/constants";
import { budgetFilterLabel, countLabel } from "../../shared/format";
import { savedSearchAlertSchema, savedSearchSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { savedSearchMatches, savedSearches, users } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser } from "../errors";
import { queueUserEmail, type MailContext } from "../email/preferences";
import { jobAlertEmail } from "../email/templates";
import { UUID } from "../lib/ids";
import { addNotification } from "../notifications/service";
import { listProjects, type Project } from "../projects/service";
import { parseInput } from "../validation";

/** A saved search as pages and the API see it; `filters` in /projects URL form (strings). */
export interface SavedSearch {
  id: string;
  name: string;
  filters: Record<string, string>;
  alert: AlertFrequency;
  /** The /projects URL that runs the search. */
  href: string;
  createdAt: string;
}

/** How long a daily alert waits after its last notice (ms). */
export const DAILY_ALERT_MS = 24 * 60 * 60_000;
/**
 * The sweep looks back this far before `checked_until` (ms): a project whose transaction committed
 * after a later one was seen is still found; the match table keeps it from being announced twice.
 */
const LOOKBACK_MS = 5 * 60_000;
/** At most this many new projects are read per search and sweep. */
const SCAN_LIMIT = 100;

function toFilters(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(",");
    } else out[key] = String(value);
  }
  return out;
}

/** The filters in the order the browse page's URL has them (jsonb keeps its own key order). */
const FILTER_ORDER = ["search", "category", "platform", "budgetMin", "budgetMax", "skills"] as const;

function hrefOf(filters: Record<string, string>): string {
  const query = new URLSearchParams(FILTER_ORDER.filter((k) => filters[k]).map((k) => [k, filters[k]!])).toString();
  return query ? `/projects?${query}` : "/projects";
}

/**
 * "Flutter, React · Education · Mobile App · R15 000 - R35 000", from the filters, worded as the
 * browse page's filter chips (the platform's and the budget's labels, not their codes: two searches
 * differing only in budget get different names); "All projects" without any.
 */
function describeFilters(filters: Record<string, string>): string {
  const bound = (value: string | undefined) => (value ? Number(value) : null);
  const budget = filters.budgetMin || filters.budgetMax ? budgetFilterLabel(bound(filters.budgetMin), bound(filters.budgetMax)) : "";
  const platform = filters.platform ? (PLATFORM_LABELS[filters.platform as Platform] ?? filters.platform) : "";
  const skills = filters.skills ? filters.skills.split(",").join(", ") : "";
  const parts = [filters.search ? `"${filters.search}"` : "", skills, filters.category ?? "", platform, budget].filter(Boolean);
  return (parts.join(" · ") || "All projects").slice(0, 100);
}

function toSavedSearch(row: typeof savedSearches.$inferSelect): SavedSearch {
  const filters = row.filters as Record<string, string>;
  return { id: row.id, name: row.name, filters, alert: row.alert as AlertFrequency, href: hrefOf(filters), createdAt: row.createdAt.toISOString() };
}

function requireDeveloper(user: SessionUser | null): SessionUser {
  const me = requireUser(user);
  if (me.userType !== "developer") throw new ForbiddenError("Only developers can save project searches");
  return me;
}

/**
 * Saves a project search for the signed-in developer ({ name?, alert?, filters }, savedSearchSchema).
 * New projects from now on are announced, not the ones already listed. The same filters saved again
 * return the search already saved, unchanged. Throws UnauthorizedError,
 * ForbiddenError (clients), ValidationError, ConflictError (more than MAX_SAVED_SEARCHES).
 */
export async function createSavedSearch(db: Db, user: SessionUser | null, input: unknown): Promise<SavedSearch> {
  const me = requireDeveloper(user);
  const data = parseInput(savedSearchSchema, input);
  const filters = toFilters(data.filters as Record<string, unknown>);
  return db.transaction(async (tx) => {
    // Serialise one user's saves, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${me.id}`}))`);
    // Saving a search already saved is saving it once (docs/product.md, Journeys "Saved searches"):
    // two copies would announce every new match twice. jsonb equality ignores the keys' order.
    const [same] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, me.id), sql`${savedSearches.filters} = ${JSON.stringify(filters)}::jsonb`))
      .limit(1);
    if (same) return toSavedSearch(same);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, me.id));
    if (n >= MAX_SAVED_SEARCHES) throw new ConflictError(`You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: me.id, name: data.name || describeFilters(filters), filters, alert: data.alert })
      .returning();
    return toSavedSearch(row!);
  });
}

/** The signed-in user's saved searches, newest first (at most MAX_SAVED_SEARCHES). Throws UnauthorizedError. */
export async function listSavedSearches(db: Db, user: SessionUser | null): Promise<SavedSearch[]> {
  const me = requireUser(user);
  const rows = await prepared(
    "saved_searches",
    db.select().from(savedSearches).where(eq(savedSearches.userId, me.id)).orderBy(desc(savedSearches.createdAt)).limit(MAX_SAVED_SEARCHES),
  );
  return rows.map(toSavedSearch);
}

async function ownSearch(db: Db, me: SessionUser, id: string) {
  if (!UUID.test(id)) throw new NotFoundError("Saved search not found");
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  if (!row || row.userId !== me.id) throw new NotFoundError("Saved search not found");
  return row;
}

/** Changes a saved search's alert ({ alert }). Throws UnauthorizedError, NotFoundError, ValidationError. */
export async function updateSavedSearchAlert(db: Db, user: SessionUser | null, id: string, input: unknown): Promise<SavedSearch> {
  const me = requireUser(user);
  const { alert } = parseInput(savedSearchAlertSchema, input);
  await ownSearch(db, me, id);
  const [row] = await db.update(savedSearches).set({ alert }).where(eq(savedSearches.id, id)).returning();
  return toSavedSearch(row!);
}

/** Deletes a saved search (and its alert). Throws UnauthorizedError, NotFoundError. */
export async function deleteSavedSearch(db: Db, user: SessionUser | null, id: string): Promise<void> {
  const me = requireUser(user);
  await ownSearch(db, me, id);
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
}

/** Active projects matching `filters` created after `since`, newest first (at most SCAN_LIMIT). */
async function newMatches(db: Db, filters: Record<string, string>, since: Date): Promise<Project[]> {
  const found: Project[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await listProjects(db, { ...filters, sortBy: "newest", limit: "50", ...(cursor ? { cursor } : {}) });
    for (const p of page.projects) {
      if (new Date(p.createdAt).getTime() <= since.getTime()) return found;
      found.push(p);
      if (found.length >= SCAN_LIMIT) return found;
    }
    if (!page.nextCursor) return found;
    cursor = page.nextCursor;
  }
}

/**
 * One sweep of the job alerts at `now`: claims the due searches (instant ones, and daily ones whose
 * last notice is 24 hours old) with FOR UPDATE SKIP LOCKED and, per search in its own transaction,
 * records the new matching projects not announced before, adds one notice ("3 new projects match
 * ...") and queues one digest email. Returns how many notices it added.
 */
export async function sweepSavedSearchAlerts(deps: { db: Db } & MailContext, now: Date = new Date(), batch = 100): Promise<number> {
  const dailyBefore = new Date(now.getTime() - DAILY_ALERT_MS);
  const due = await deps.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(
      or(
        eq(savedSearches.alert, "instant"),
        // A daily digest goes out 24 hours after the last one (or after the search was saved).
        and(eq(savedSearches.alert, "daily"), lte(sql`coalesce(${savedSearches.alertedAt}, ${savedSearches.createdAt})`, dailyBefore)),
      ),
    )
    .orderBy(sql`${savedSearches.alertedAt} asc nulls first`)
    .limit(batch);
  let notices = 0;
  for (const { id } of due) {
    notices += await deps.db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`select id from saved_searches where id = ${id} for update skip locked`);
      if (!(claimed as unknown as { rows: unknown[] }).rows.length) return 0;
      const [search] = await tx.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
      if (!search || search.alert === "off") return 0;
      if (search.alert === "daily" && (search.alertedAt ?? search.createdAt) > dailyBefore) return 0;
      const filters = search.filters as Record<string, string>;
      const since = new Date(Math.max(search.checkedUntil.getTime() - LOOKBACK_MS, search.createdAt.getTime()));
      const candidates = await newMatches(tx as unknown as Db, filters, since);
      const newest = candidates.reduce((max, p) => Math.max(max, new Date(p.createdAt).getTime()), search.checkedUntil.getTime());
      const inserted = candidates.length
        ? await tx
            .insert(savedSearchMatches)
            .values(candidates.map((p) => ({ savedSearchId: id, projectId: p.id })))
            .onConflictDoNothing()
            .returning({ projectId: savedSearchMatches.projectId })
        : [];
      const fresh = candidates.filter((p) => inserted.some((r) => r.projectId === p.id));
      await tx
        .update(savedSearches)
        .set({ checkedUntil: new Date(newest), ...(fresh.length ? { alertedAt: now } : {}) })
        .where(eq(savedSearches.id, id));
      if (!fresh.length) return 0;
      const [owner] = await tx
        .select({ name: users.name, email: users.email, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, search.userId))
        .limit(1);
      if (!owner?.isActive) return 0;
      const href = hrefOf(filters);
      const message =
        fresh.length === 1 ? `New project for "${search.name}": ${fresh[0]!.title}` : `${countLabel(fresh.length, "new project")} match "${search.name}"`;
      await addNotification(tx, search.userId, "job_alert", message, fresh.length === 1 ? `/projects/${fresh[0]!.id}` : href);
      const content = jobAlertEmail({
        recipientName: owner.name,
        searchName: search.name,
        projects: fresh.map((p) => ({ id: p.id, title: p.title, budgetMin: p.budgetMin, budgetMax: p.budgetMax })),
        searchHref: href,
        appUrl: deps.appUrl,
      });
      await queueUserEmail(tx, deps, { userId: search.userId, email: owner.email }, "jobAlerts", "job-alert", content);
      return 1;
    });
  }
  return notices;
}
