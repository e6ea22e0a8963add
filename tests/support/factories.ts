/**
 * Test data factories: each test builds the users, projects and proposals it needs, with fresh
 * ids, so no test depends on what another left behind (unit tests run in a shuffled order).
 * Users are written straight into the table (the domain only needs the session user; tests that
 * need a session cookie use TestApp.signUp).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { saveDeveloperProfile } from "../../server/developers/service";
import { completeProject } from "../../server/projects/lifecycle";
import { createProject, type Project } from "../../server/projects/service";
import { acceptProposal, submitProposal, type Proposal, type ProposalDeps } from "../../server/proposals/service";
import type { ProjectInput } from "../../shared/schemas";
import { projectInput } from "./fixtures";

/** A valid cover letter (the schema asks for at least 100 characters). */
export const COVER_LETTER =
  "Sawubona! I have built three booking apps for salons in Durban and Pietermaritzburg, with PayFast deposits and WhatsApp reminders. ";

/** A new user of `userType` with a unique id and email. */
export async function makeUser(db: Db, options: { userType?: "client" | "developer"; name?: string } = {}): Promise<SessionUser> {
  const id = `u-${randomUUID()}`;
  const row = { id, name: options.name ?? `User ${id.slice(2, 8)}`, email: `${id}@example.co.za`, userType: options.userType ?? "client" };
  const [created] = await db.insert(users).values(row).returning({ createdAt: users.createdAt });
  return { ...row, emailVerified: true, role: "member" as const, createdAt: created!.createdAt.toISOString() };
}

/**
 * A new moderator (a client account given the role, with two-factor sign-in on, as an operator
 * sets it in the database) and its session as it then reads.
 */
export async function makeModerator(db: Db, name = "Mo Moderator"): Promise<SessionUser> {
  const member = await makeUser(db, { userType: "client", name });
  await db.update(users).set({ role: "moderator", twoFactorEnabled: true }).where(eq(users.id, member.id));
  return { ...member, role: "moderator", twoFactorEnabled: true };
}

/** A new client. */
export function makeClient(db: Db, name?: string): Promise<SessionUser> {
  return makeUser(db, { userType: "client", name });
}

/** A new developer, with a developer profile unless `profile` is false. */
export async function makeDeveloper(db: Db, options: { name?: string; profile?: boolean | Record<string, unknown> } = {}): Promise<SessionUser> {
  const dev = await makeUser(db, { userType: "developer", name: options.name });
  if (options.profile !== false) {
    await saveDeveloperProfile(db, dev, { title: "Flutter Developer", city: "Durban", ...(typeof options.profile === "object" ? options.profile : {}) });
  }
  return dev;
}

/** An active project of `owner` (a new client when omitted). */
export async function makeProject(db: Db, owner?: SessionUser, overrides: Partial<ProjectInput> = {}): Promise<Project> {
  return createProject(db, owner ?? (await makeClient(db)), projectInput(overrides));
}

/** A proposal body; price in rand. */
export function proposalBody(price = 18000, overrides: Record<string, unknown> = {}) {
  return { coverLetter: COVER_LETTER, price, duration: "2-4", ...overrides };
}

/** A pending proposal by `developer` (a new one when omitted) on `project`. */
export async function makeProposal(deps: ProposalDeps, project: Project, developer?: SessionUser, price = 18000): Promise<Proposal> {
  return submitProposal(deps, developer ?? (await makeDeveloper(deps.db)), project.id, proposalBody(price));
}

export interface Hire {
  client: SessionUser;
  developer: SessionUser;
  project: Project;
  proposal: Proposal;
}

/** A project of a new client with a new developer hired on it (in progress), or completed when `completed`. */
export async function makeHire(deps: ProposalDeps, options: { completed?: boolean; price?: number } = {}): Promise<Hire> {
  const client = await makeClient(deps.db);
  const developer = await makeDeveloper(deps.db);
  const project = await makeProject(deps.db, client);
  const proposal = await makeProposal(deps, project, developer, options.price);
  await acceptProposal(deps, client, proposal.id);
  if (options.completed) await completeProject(deps, client, project.id);
  return { client, developer, project, proposal };
}
