/**
 * Favourites (docs/product.md, Journeys "Favourites"): developers save projects, clients save
 * developers. Saving twice is saving once; the lists show only what is still there: a project
 * that is closed or hidden, or an account that is deleted or suspended, drops out of the list (and
 * its row goes when the project or account row is deleted).
 */
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { developerProfiles, projects, savedDevelopers, savedProjects, users } from "../db/schema";
import { ForbiddenError, NotFoundError, requireUser } from "../errors";
import { USER_ID, UUID } from "../lib/ids";

/** A saved project as the dashboard lists it; money whole rand. */
export interface SavedProject {
  id: string;
  title: string;
  budgetMin: number | null;
  budgetMax: number | null;
  status: string;
  savedAt: string;
}

/** A saved developer as the dashboard lists it. */
export interface SavedDeveloper {
  id: string;
  name: string;
  title: string;
  city: string | null;
  savedAt: string;
}

/** Saved items one user may keep. */
export const MAX_FAVOURITES = 200;

function requireRole(user: SessionUser | null, role: "client" | "developer", message: string): SessionUser {
  const me = requireUser(user);
  if (me.userType !== role) throw new ForbiddenError(message);
  return me;
}

/**
 * Saves (`saved` true) or unsaves project `projectId` for the signed-in developer; returns the new
 * state. Saving needs a project that is not closed or hidden. Throws UnauthorizedError,
 * ForbiddenError (clients), NotFoundError.
 */
export async function setProjectSaved(db: Db, user: SessionUser | null, projectId: string, saved: boolean): Promise<{ saved: boolean }> {
  const me = requireRole(user, "developer", "Only developers can save projects");
  if (!UUID.test(projectId)) throw new NotFoundError("Project not found");
  if (!saved) {
    await db.delete(savedProjects).where(and(eq(savedProjects.userId, me.id), eq(savedProjects.projectId, projectId)));
    return { saved: false };
  }
  const [p] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), ne(projects.status, "closed"), isNull(projects.hiddenAt)))
    .limit(1);
  if (!p) throw new NotFoundError("Project not found");
  await db.insert(savedProjects).values({ userId: me.id, projectId }).onConflictDoNothing();
  return { saved: true };
}

/**
 * Saves (`saved` true) or unsaves developer `developerId` for the signed-in client; returns the new
 * state. Throws UnauthorizedError, ForbiddenError (developers), NotFoundError.
 */
export async function setDeveloperSaved(db: Db, user: SessionUser | null, developerId: string, saved: boolean): Promise<{ saved: boolean }> {
  const me = requireRole(user, "client", "Only clients can save developers");
  if (!USER_ID.test(developerId)) throw new NotFoundError("Developer not found");
  if (!saved) {
    await db.delete(savedDevelopers).where(and(eq(savedDevelopers.userId, me.id), eq(savedDevelopers.developerId, developerId)));
    return { saved: false };
  }
  const [d] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, developerId), eq(users.userType, "developer"), eq(users.isActive, true)))
    .limit(1);
  if (!d) throw new NotFoundError("Developer not found");
  await db.insert(savedDevelopers).values({ userId: me.id, developerId }).onConflictDoNothing();
  return { saved: true };
}

/** The signed-in user's saved projects that are still open or in progress and not hidden, newest saved first. */
export async function listSavedProjects(db: Db, user: SessionUser | null): Promise<SavedProject[]> {
  const me = requireUser(user);
  const rows = await prepared(
    "saved_projects",
    db
      .select({
        id: projects.id,
        title: projects.title,
        budgetMin: projects.budgetMin,
        budgetMax: projects.budgetMax,
        status: projects.status,
        savedAt: savedProjects.createdAt,
      })
      .from(savedProjects)
      .innerJoin(projects, eq(projects.id, savedProjects.projectId))
      .where(and(eq(savedProjects.userId, me.id), ne(projects.status, "closed"), isNull(projects.hiddenAt)))
      .orderBy(desc(savedProjects.createdAt))
      .limit(MAX_FAVOURITES),
  );
  return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
}

/** The signed-in user's saved developers whose accounts are active, newest saved first. */
export async function listSavedDevelopers(db: Db, user: SessionUser | null): Promise<SavedDeveloper[]> {
  const me = requireUser(user);
  const rows = await prepared(
    "saved_developers",
    db
      .select({
        id: users.id,
        name: users.name,
        title: developerProfiles.title,
        city: developerProfiles.city,
        savedAt: savedDevelopers.createdAt,
      })
      .from(savedDevelopers)
      .innerJoin(users, eq(users.id, savedDevelopers.developerId))
      .leftJoin(developerProfiles, eq(developerProfiles.userId, users.id))
      .where(and(eq(savedDevelopers.userId, me.id), eq(users.isActive, true)))
      .orderBy(desc(savedDevelopers.createdAt))
      .limit(MAX_FAVOURITES),
  );
  return rows.map((r) => ({ ...r, title: r.title ?? "", savedAt: r.savedAt.toISOString() }));
}

/** Whether `user` saved project `projectId` (false when signed out or not a developer). */
export async function isProjectSaved(db: Db, user: SessionUser | null, projectId: string): Promise<boolean> {
  if (user?.userType !== "developer" || !UUID.test(projectId)) return false;
  const [row] = await prepared(
    "project_saved",
    db
      .select({ id: savedProjects.projectId })
      .from(savedProjects)
      .where(and(eq(savedProjects.userId, user.id), eq(savedProjects.projectId, projectId)))
      .limit(1),
  );
  return Boolean(row);
}

/** Whether `user` saved developer `developerId` (false when signed out or not a client). */
export async function isDeveloperSaved(db: Db, user: SessionUser | null, developerId: string): Promise<boolean> {
  if (user?.userType !== "client") return false;
  const [row] = await prepared(
    "developer_saved",
    db
      .select({ id: savedDevelopers.developerId })
      .from(savedDevelopers)
      .where(and(eq(savedDevelopers.userId, user.id), eq(savedDevelopers.developerId, developerId)))
      .limit(1),
  );
  return Boolean(row);
}

/** The ids of the projects `user` saved (a developer; [] for anyone else), for the hearts on Browse Projects. */
export async function savedProjectIds(db: Db, user: SessionUser | null): Promise<string[]> {
  if (user?.userType !== "developer") return [];
  const rows = await prepared(
    "saved_project_ids",
    db
      .select({ id: savedProjects.projectId })
      .from(savedProjects)
      .where(eq(savedProjects.userId, user.id))
      .orderBy(desc(savedProjects.createdAt))
      .limit(MAX_FAVOURITES),
  );
  return rows.map((r) => r.id);
}

/** The ids of the developers `user` saved (a client; [] for anyone else), for the hearts on Find Developers. */
export async function savedDeveloperIds(db: Db, user: SessionUser | null): Promise<string[]> {
  if (user?.userType !== "client") return [];
  const rows = await prepared(
    "saved_developer_ids",
    db
      .select({ id: savedDevelopers.developerId })
      .from(savedDevelopers)
      .where(eq(savedDevelopers.userId, user.id))
      .orderBy(desc(savedDevelopers.createdAt))
      .limit(MAX_FAVOURITES),
  );
  return rows.map((r) => r.id);
}
