/**
 * Milestone changes (docs/product.md, Payments "Milestone changes"; decision 0032): either party
 * of a contract proposes a new milestone, or a new title, amount (whole rand) and due date for an
 * unfunded one; the other party accepts or declines it. Nothing in the contract changes until it is
 * accepted, and the money of a funded milestone never changes here: accepting a change of a
 * milestone that was funded meanwhile is refused (409). A change's status moves only through the
 * machine of shared/payments.ts (decideMilestoneChange).
 *
 * Locking: proposing and answering lock the contract row, then share-lock the project row, as
 * settling a payment does (ARCHITECTURE.md, Locks; decision 0053): an answer and a funding of the
 * same milestone queue one behind the other, and completing the project or ending the hire (which
 * lock the project row) either commit first, and the change is refused with the contract-closed
 * reason, or wait until it is written.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { contractClosedReason, decideMilestoneChange, HIRE_ENDED, type MilestoneChangeEvent, type MilestoneChangeStatus } from "../../shared/payments";
import { milestoneChangeSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { contracts, milestoneChanges, milestones, projects, proposals } from "../db/schema";
import type { MailContext } from "../email/preferences";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { isUuid } from "../lib/ids";
import { applyEffects, noEffects } from "../notifications/effects";
import { parseInput } from "../validation";

/** At most this many unanswered proposals on one contract (a flood would bury the real ones). */
export const MAX_PENDING_CHANGES = 10;
/** At most this many milestones on one contract. */
export const MAX_CONTRACT_MILESTONES = 20;

/** A proposed change as the API and the contract page show it; amounts in cents. */
export interface MilestoneChangeView {
  id: string;
  contractId: string;
  /** null: a new milestone. */
  milestoneId: string | null;
  proposedBy: string;
  title: string;
  amountCents: number;
  dueDate: string | null;
  status: MilestoneChangeStatus;
  createdAt: string;
  decidedAt: string | null;
}

type ChangeRow = typeof milestoneChanges.$inferSelect;
const view = (r: ChangeRow): MilestoneChangeView => ({
  id: r.id,
  contractId: r.contractId,
  milestoneId: r.milestoneId,
  proposedBy: r.proposedBy,
  title: r.title,
  amountCents: r.amountCents,
  dueDate: r.dueDate,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * Locks a contract (FOR UPDATE), then its project (FOR SHARE), and checks the user is one of the
 * contract's two parties and that it is still open (contractClosedReason). Throws NotFoundError,
 * ForbiddenError, ConflictError (the hire ended, HIRE_ENDED: a project hired again is in progress
 * with another contract; the project is complete, CONTRACT_COMPLETED).
 *
 * The project lock is what makes the check hold until commit: completing the project and ending
 * the hire lock the project row but not the contract, so without it a completion in flight was
 * read as "in progress" and a milestone accepted onto the completed project, never to be funded.
 * The statuses are read in a statement after the locks are granted. Joined into a locking
 * statement they would be read as of that statement's start, so a hire ended or a project
 * completed while it waited for the lock would go unseen.
 */
async function lockContractOfParty(tx: Tx, contractId: string, userId: string) {
  const [c] = await tx
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      developerId: contracts.developerId,
      projectId: contracts.projectId,
      proposalId: contracts.proposalId,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .for("update");
  if (!c) throw new NotFoundError("Contract not found");
  if (userId !== c.clientId && userId !== c.developerId) throw new ForbiddenError("Only the contract's client or developer can do that");
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, c.projectId)).for("share");
  const [state] = await tx
    .select({ proposalStatus: proposals.status, projectStatus: projects.status })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .where(eq(proposals.id, c.proposalId));
  const closed = state ? contractClosedReason(state) : HIRE_ENDED;
  if (closed) throw new ConflictError(closed);
  if (state!.projectStatus !== "in_progress") throw new ConflictError("Milestones can only change while the work is in progress");
  return c;
}

/**
 * The client or the developer of contract `contractId` proposes a milestone change (body of
 * milestoneChangeSchema: title, amount in whole rand, optional dueDate, optional milestoneId of an
 * unfunded milestone). The other party gets a notice. Returns the pending change.
 * Throws UnauthorizedError, ValidationError (field messages), NotFoundError, ForbiddenError (not a
 * party), ConflictError (work not in progress, the milestone is funded, too many open proposals or
 * milestones).
 */
export async function proposeMilestoneChange(deps: { db: Db } & MailContext, user: SessionUser | null, contractId: string, input: unknown) {
  const me = requireUser(user);
  if (!isUuid(contractId)) throw new NotFoundError("Contract not found");
  const v = parseInput(milestoneChangeSchema, input);
  return deps.db.transaction(async (tx) => {
    const c = await lockContractOfParty(tx, contractId, me.id);
    let current: { title: string } | null = null;
    if (v.milestoneId) {
      const [m] = await tx
        .select({ title: milestones.title, status: milestones.status })
        .from(milestones)
        .where(and(eq(milestones.id, v.milestoneId), eq(milestones.contractId, c.id)));
      if (!m) throw new ValidationError({ milestoneId: "Choose a milestone of this contract" });
      if (m.status !== "proposed") throw new ConflictError("Only an unfunded milestone can be changed");
      current = m;
    } else {
      const [n] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(milestones)
        .where(eq(milestones.contractId, c.id));
      if ((n?.n ?? 0) >= MAX_CONTRACT_MILESTONES) throw new ConflictError(`A contract has at most ${MAX_CONTRACT_MILESTONES} milestones`);
    }
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(milestoneChanges)
      .where(and(eq(milestoneChanges.contractId, c.id), eq(milestoneChanges.status, "pending")));
    if ((open?.n ?? 0) >= MAX_PENDING_CHANGES) throw new ConflictError(`At most ${MAX_PENDING_CHANGES} proposals can wait for an answer`);
    const [row] = await tx
      .insert(milestoneChanges)
      .values({ contractId: c.id, milestoneId: v.milestoneId, proposedBy: me.id, title: v.title, amountCents: v.amount * 100, dueDate: v.dueDate })
      .returning();
    const effects = noEffects();
    effects.notices.push({
      userId: me.id === c.clientId ? c.developerId : c.clientId,
      type: "milestone_change",
      message: current
        ? `A change to "${current.title}" was proposed: accept or decline it`
        : `A new milestone "${v.title}" was proposed: accept or decline it`,
      link: `/contracts/${c.id}`,
    });
    await applyEffects(tx, deps, effects);
    return view(row!);
  });
}

/**
 * The other party answers pending change `changeId` (accept or decline), once. Accepting writes
 * it: the milestone's new title, amount and due date (only while it is unfunded), or a new
 * milestone at the end. Throws UnauthorizedError, NotFoundError, ForbiddenError (not a party, or the
 * proposer), ConflictError (already answered, the milestone was funded meanwhile, work not in
 * progress, too many milestones).
 */
export async function answerMilestoneChange(deps: { db: Db } & MailContext, user: SessionUser | null, changeId: string, event: MilestoneChangeEvent) {
  const me = requireUser(user);
  if (!isUuid(changeId)) throw new NotFoundError("Proposal not found");
  return deps.db.transaction(async (tx) => {
    const [ref] = await tx.select({ contractId: milestoneChanges.contractId }).from(milestoneChanges).where(eq(milestoneChanges.id, changeId));
    if (!ref) throw new NotFoundError("Proposal not found");
    const c = await lockContractOfParty(tx, ref.contractId, me.id);
    const [ch] = await tx.select().from(milestoneChanges).where(eq(milestoneChanges.id, changeId)).for("update");
    const decision = decideMilestoneChange(ch!.status, event, ch!.proposedBy === me.id ? "proposer" : "otherParty");
    if (!decision.ok) throw decision.reason === "actor" ? new ForbiddenError(decision.message) : new ConflictError(decision.message);
    const now = new Date();
    if (decision.to === "accepted") {
      if (ch!.milestoneId) {
        const [m] = await tx.select({ status: milestones.status }).from(milestones).where(eq(milestones.id, ch!.milestoneId)).for("update");
        // Money in escrow is never changed by a proposal (docs/product.md, Payments "Milestone changes").
        if (m?.status !== "proposed") throw new ConflictError("Only an unfunded milestone can be changed");
        await tx
          .update(milestones)
          .set({ title: ch!.title, amountCents: ch!.amountCents, dueDate: ch!.dueDate, updatedAt: now })
          .where(and(eq(milestones.id, ch!.milestoneId), eq(milestones.status, "proposed")));
      } else {
        const [last] = await tx
          .select({ n: sql<number>`count(*)::int`, max: sql<number>`coalesce(max(${milestones.position}), 0)::int` })
          .from(milestones)
          .where(eq(milestones.contractId, c.id));
        if ((last?.n ?? 0) >= MAX_CONTRACT_MILESTONES) throw new ConflictError(`A contract has at most ${MAX_CONTRACT_MILESTONES} milestones`);
        const [created] = await tx
          .insert(milestones)
          .values({ contractId: c.id, position: (last?.max ?? 0) + 1, title: ch!.title, amountCents: ch!.amountCents, dueDate: ch!.dueDate })
          .returning({ id: milestones.id });
        ch!.milestoneId = created!.id;
      }
    }
    const [row] = await tx
      .update(milestoneChanges)
      .set({ status: decision.to, milestoneId: ch!.milestoneId, decidedBy: me.id, decidedAt: now, updatedAt: now })
      .where(eq(milestoneChanges.id, changeId))
      .returning();
    const effects = noEffects();
    effects.notices.push({
      userId: ch!.proposedBy,
      type: "milestone_change",
      message: `Your proposal "${ch!.title}" was ${decision.to === "accepted" ? "accepted" : "declined"}`,
      link: `/contracts/${c.id}`,
    });
    await applyEffects(tx, deps, effects);
    return view(row!);
  });
}

/** The pending changes of a contract, oldest first (the contract page shows them). */
export async function pendingChanges(db: Db, contractId: string): Promise<MilestoneChangeView[]> {
  const rows = await db
    .select()
    .from(milestoneChanges)
    .where(and(eq(milestoneChanges.contractId, contractId), eq(milestoneChanges.status, "pending")))
    .orderBy(asc(milestoneChanges.createdAt));
  return rows.map(view);
}
