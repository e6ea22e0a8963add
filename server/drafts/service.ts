/**
 * Project drafts (docs/product.md, Journeys "Drafts"; docs/decisions/0034): the wizard at
 * /projects/new keeps the signed-in user's unfinished project on the server, one per user, in
 * project_drafts, a table of its own: a draft is not a project, so browse, counts, alerts and
 * proposals never see it. Publishing the project deletes the draft in the same transaction.
 */
import { eq } from "drizzle-orm";
import { projectDraftSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { projectDrafts } from "../db/schema";
import { requireUser } from "../errors";
import { parseInput } from "../validation";

/** A draft as the wizard and the API see it: the fields as typed, the step (0-2), when it was saved. */
export interface ProjectDraft {
  values: Record<string, unknown>;
  step: number;
  updatedAt: string;
}

function toDraft(row: typeof projectDrafts.$inferSelect): ProjectDraft {
  return { values: row.values, step: row.step, updatedAt: row.updatedAt.toISOString() };
}

/** The signed-in user's draft, or null. Throws UnauthorizedError. */
export async function getProjectDraft(db: Db, user: SessionUser | null): Promise<ProjectDraft | null> {
  const me = requireUser(user);
  const [row] = await db.select().from(projectDrafts).where(eq(projectDrafts.userId, me.id)).limit(1);
  return row ? toDraft(row) : null;
}

/**
 * Saves `{ values, step }` (projectDraftSchema) as the signed-in user's draft, replacing the one
 * before. Throws UnauthorizedError, ValidationError (a field too long, an unknown step).
 */
export async function saveProjectDraft(db: Db, user: SessionUser | null, input: unknown): Promise<ProjectDraft> {
  const me = requireUser(user);
  const { values, step } = parseInput(projectDraftSchema, input);
  const now = new Date();
  const [row] = await db
    .insert(projectDrafts)
    .values({ userId: me.id, values, step, updatedAt: now })
    .onConflictDoUpdate({ target: projectDrafts.userId, set: { values, step, updatedAt: now } })
    .returning();
  return toDraft(row!);
}

/** Deletes the signed-in user's draft (none: nothing happens). Throws UnauthorizedError. */
export async function discardProjectDraft(db: Db, user: SessionUser | null): Promise<void> {
  const me = requireUser(user);
  await db.delete(projectDrafts).where(eq(projectDrafts.userId, me.id));
}
