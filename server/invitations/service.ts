/**
 * Invitations (docs/product.md, Journeys "Invite a developer"): a client invites a developer to one
 * of their open projects from the developer's profile. One invitation per project and developer;
 * not to a project that is hired, completed, closed or hidden, nor to a developer who already
 * proposed on it; at most INVITATIONS_PER_HOUR per client. The invitation, the developer's notice
 * and the email (switch "Job alerts") commit together.
 */
import { blockState } from "../blocks/service";
import { and, count, desc, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import { INVITATIONS_PER_HOUR } from "../../shared/constants";
import { invitationSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { projectInvitations, projects, proposals, users } from "../db/schema";
import { queueUserEmail, type MailContext } from "../email/preferences";
import { invitationEmail } from "../email/templates";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, TooManyRequestsError } from "../errors";
import { USER_ID } from "../lib/ids";
import { addNotification } from "../notifications/service";
import { parseInput } from "../validation";

/** An invitation as pages and the API see it. */
export interface Invitation {
  id: string;
  projectId: string;
  projectTitle: string;
  developerId: string;
  developerName: string;
  clientId: string;
  clientName: string;
  createdAt: string;
}

/** One of the client's projects as the "Invite to a project" dialog lists it. */
export interface InvitableProject {
  id: string;
  title: string;
  /** "invited" or "proposed" when the developer cannot be invited to it (again); null when they can. */
  state: "invited" | "proposed" | null;
}

const HOUR_MS = 60 * 60_000;

function requireClient(user: SessionUser | null): SessionUser {
  const me = requireUser(user);
  if (me.userType !== "client") throw new ForbiddenError("Only clients can invite developers");
  return me;
}

async function activeDeveloper(db: Db, id: string) {
  if (!USER_ID.test(id)) throw new NotFoundError("Developer not found");
  const [dev] = await db
    .select({ id: users.id, name: users.name, email: users.email, userType: users.userType, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!dev || dev.userType !== "developer" || !dev.isActive) throw new NotFoundError("Developer not found");
  return dev;
}

/**
 * The signed-in client's open projects (active, not hidden; newest first, at most 50) with whether
 * `developerId` was already invited to or proposed on each. Not a client: []. Throws UnauthorizedError.
 */
export async function invitableProjects(db: Db, user: SessionUser | null, developerId: string): Promise<InvitableProject[]> {
  const me = requireUser(user);
  if (me.userType !== "client" || !USER_ID.test(developerId)) return [];
  const rows = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.userId, me.id), eq(projects.status, "active"), isNull(projects.hiddenAt)))
    .orderBy(desc(projects.createdAt))
    .limit(50);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [invited, proposed] = await Promise.all([
    db
      .select({ projectId: projectInvitations.projectId })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.developerId, developerId), inArray(projectInvitations.projectId, ids))),
    db
      .select({ projectId: proposals.projectId })
      .from(proposals)
      .where(and(eq(proposals.developerId, developerId), inArray(proposals.projectId, ids))),
  ]);
  return rows.map((r) => ({
    ...r,
    state: proposed.some((p) => p.projectId === r.id) ? "proposed" : invited.some((i) => i.projectId === r.id) ? "invited" : null,
  }));
}

/** The refusal of an invitation across a block (docs/product.md, Trust and safety, Blocking). */
export const INVITE_BLOCKED = "You cannot invite this developer while one of you has blocked the other.";

/**
 * Invites developer `developerId` to the client's project `{ projectId }` (invitationSchema): adds
 * the invitation, tells the developer (notice linking to the project) and queues the email.
 * Throws UnauthorizedError, ForbiddenError (not a client; not their project), NotFoundError
 * (developer, project), ValidationError, ConflictError (not open; already invited; already
 * proposed), ForbiddenError INVITE_BLOCKED (a block either way), TooManyRequestsError (more than INVITATIONS_PER_HOUR in an hour).
 */
export async function inviteDeveloper(deps: { db: Db } & MailContext, user: SessionUser | null, developerId: string, input: unknown): Promise<Invitation> {
  const me = requireClient(user);
  const { projectId } = parseInput(invitationSchema, input);
  const dev = await activeDeveloper(deps.db, developerId);
  return deps.db.transaction(async (tx) => {
    // One client's invitations are serialised, so two at once cannot pass the hourly limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitations:${me.id}`}))`);
    const [project] = await tx
      .select({ id: projects.id, title: projects.title, userId: projects.userId, status: projects.status, hiddenAt: projects.hiddenAt })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!project) throw new NotFoundError("Project not found");
    if (project.userId !== me.id) throw new ForbiddenError("You can only invite developers to your own projects");
    if (project.status !== "active" || project.hiddenAt)
      throw new ConflictError("You can only invite developers to an open project", { projectId: "This project is not open for proposals" });
    const [proposed] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.projectId, projectId), eq(proposals.developerId, dev.id)))
      .limit(1);
    if (proposed) throw new ConflictError(`${dev.name} already sent a proposal for this project`, { projectId: "Already proposed" });
    // A block either way stops invitations too (docs/product.md, Trust and safety, Blocking).
    if ((await blockState(tx, me.id, dev.id)) !== "none") throw new ForbiddenError(INVITE_BLOCKED);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.clientId, me.id), gt(projectInvitations.createdAt, new Date(Date.now() - HOUR_MS))));
    if (n >= INVITATIONS_PER_HOUR)
      throw new TooManyRequestsError(`You can send up to ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`, 3600);
    const [row] = await tx.insert(projectInvitations).values({ projectId, developerId: dev.id, clientId: me.id }).onConflictDoNothing().returning();
    if (!row) throw new ConflictError(`${dev.name} is already invited to this project`, { projectId: "Already invited" });
    await addNotification(tx, dev.id, "invitation", `${me.name} invited you to propose on "${project.title}"`, `/projects/${projectId}`);
    await queueUserEmail(
      tx as unknown as Db,
      deps,
      { userId: dev.id, email: dev.email },
      "jobAlerts",
      "invitation",
      invitationEmail({ recipientName: dev.name, clientName: me.name, projectId, projectTitle: project.title, appUrl: deps.appUrl }),
    );
    return {
      id: row.id,
      projectId,
      projectTitle: project.title,
      developerId: dev.id,
      developerName: dev.name,
      clientId: me.id,
      clientName: me.name,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

const clientUser = sql<string>`(select name from users c where c.id = ${projectInvitations.clientId})`;

/** Invitations with their project's title and both names, for a where clause to narrow. */
function selectInvitations(db: Db) {
  return db
    .select({
      id: projectInvitations.id,
      projectId: projectInvitations.projectId,
      projectTitle: projects.title,
      developerId: projectInvitations.developerId,
      developerName: users.name,
      clientId: projectInvitations.clientId,
      clientName: clientUser,
      createdAt: projectInvitations.createdAt,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(users, eq(users.id, projectInvitations.developerId));
}

/**
 * Invitations about project `projectId` as `user` may see them: its owner sees every invited
 * developer; a developer sees their own invitation (at most one); anyone else []. Newest first.
 */
export async function projectInvitationsFor(db: Db, user: SessionUser | null, projectId: string, ownerId: string): Promise<Invitation[]> {
  if (!user) return [];
  const who = user.id === ownerId ? undefined : user.userType === "developer" ? eq(projectInvitations.developerId, user.id) : null;
  if (who === null) return [];
  const rows = await prepared(
    "project_invitations",
    selectInvitations(db)
      .where(and(eq(projectInvitations.projectId, projectId), who))
      .orderBy(desc(projectInvitations.createdAt))
      .limit(100),
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The signed-in developer's invitations to projects still open, newest first (at most 50). Throws UnauthorizedError. */
export async function listMyInvitations(db: Db, user: SessionUser | null): Promise<Invitation[]> {
  const me = requireUser(user);
  const rows = await selectInvitations(db)
    .where(and(eq(projectInvitations.developerId, me.id), eq(projects.status, "active"), isNull(projects.hiddenAt)))
    .orderBy(desc(projectInvitations.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The most open invitations the dashboard lists. */
export const INVITATIONS_TO_ANSWER_LIMIT = 5;

/**
 * The developer's invitations still waiting on them (docs/product.md, Dashboard "Needs your
 * attention"): the project is still open and they have not proposed on it. Newest first, at most
 * INVITATIONS_TO_ANSWER_LIMIT, through project_invitations_developer_idx; [] for a client.
 */
export async function invitationsToAnswer(db: Db, user: SessionUser): Promise<Invitation[]> {
  if (user.userType !== "developer") return [];
  const rows = await selectInvitations(db)
    .where(
      and(
        eq(projectInvitations.developerId, user.id),
        eq(projects.status, "active"),
        isNull(projects.hiddenAt),
        notExists(
          db
            .select({ one: proposals.id })
            .from(proposals)
            .where(and(eq(proposals.projectId, projectInvitations.projectId), eq(proposals.developerId, user.id))),
        ),
      ),
    )
    .orderBy(desc(projectInvitations.createdAt))
    .limit(INVITATIONS_TO_ANSWER_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
