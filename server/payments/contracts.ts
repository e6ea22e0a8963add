/**
 * Contracts (docs/product.md, Payments "Contracts"): written when a proposal is accepted, in the
 * transaction of the hire (server/projects/lifecycle.ts, accept), with the proposal's milestones
 * or one milestone for the whole price. Read by the contract page.
 */
import { and, asc, eq, inArray, notExists, or, sql } from "drizzle-orm";
import { todayIso } from "../../shared/format";
import { autoReleaseAt, contractClosedReason, ESCROWED_STATUSES, hireStands, isOverdue, type MilestoneStatus } from "../../shared/payments";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { contracts, ledgerJournals, milestones, payments, projects, proposals, users } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, requireUser } from "../errors";
import { filesOf, type FileInfo } from "../files/service";
import { isUuid } from "../lib/ids";
import { pendingChanges, type MilestoneChangeView } from "./changes";
import { held } from "./ledger";

/** Cents of whole rand. */
export const randToCents = (rand: number) => rand * 100;

/**
 * Writes the contract of an accepted proposal and its milestones (title, amount in cents, no due
 * date yet). Called inside the accept transition's transaction; returns the contract id.
 */
export async function createContract(tx: Tx, input: { projectId: string; proposalId: string; clientId: string }): Promise<string> {
  const [p] = await tx
    .select({ developerId: proposals.developerId, price: proposals.price, milestones: proposals.milestones })
    .from(proposals)
    .where(eq(proposals.id, input.proposalId));
  if (!p) throw new NotFoundError("Proposal not found");
  const [contract] = await tx
    .insert(contracts)
    .values({ projectId: input.projectId, proposalId: input.proposalId, clientId: input.clientId, developerId: p.developerId })
    .returning({ id: contracts.id });
  const list = p.milestones.length ? p.milestones : [{ title: "Whole project", amount: p.price }];
  await tx.insert(milestones).values(list.map((m, i) => ({ contractId: contract!.id, position: i + 1, title: m.title, amountCents: randToCents(m.amount) })));
  return contract!.id;
}

/** Throws ConflictError(`message`) when a contract of the project still holds money in escrow. */
export async function refuseWithEscrow(tx: Tx, projectId: string, message: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .where(and(eq(contracts.projectId, projectId), inArray(milestones.status, [...ESCROWED_STATUSES])));
  if ((row?.n ?? 0) > 0) throw new ConflictError(message);
}

/** The refusals of an account deletion while money is held for the account (docs/product.md, Accounts and Payments). */
export const ESCROW_BEFORE_DELETION = "You have money in escrow on a contract: release or refund it before you delete your account";
export const ESCROW_FOR_WORK_BEFORE_DELETION =
  "A client's money is in escrow for your work on a contract: wait until it is released, or refund it, before you delete your account";
export const BALANCE_BEFORE_DELETION = "You have an available balance: withdraw it to your bank account before you delete your account";

/**
 * Locks, FOR UPDATE and in id order, every contract account `userId` is a party of (as client or
 * developer). Called first in the account deletion's transaction, before its projects
 * (lockAccountProjects), in the order of every contract write (ARCHITECTURE.md, Locks; decisions
 * 0053, 0060): a milestone release, refund or funding on one of them, which locks its contract
 * first, either commits before refuseDeletionWithMoney reads the money, or waits for the deletion,
 * to go through once it is refused (money in escrow) or to find the hire ended (a late payment,
 * refunded whole).
 */
export async function lockAccountContracts(tx: Tx, userId: string): Promise<void> {
  await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(or(eq(contracts.clientId, userId), eq(contracts.developerId, userId)))
    .orderBy(asc(contracts.id))
    .for("update");
}

/** How many milestones of the contracts where `side` is `userId` hold money in escrow. */
async function escrowedMilestones(tx: Tx, side: typeof contracts.clientId | typeof contracts.developerId, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .where(and(eq(side, userId), inArray(milestones.status, [...ESCROWED_STATUSES])));
  return row?.n ?? 0;
}

/**
 * Throws ConflictError when user `userId` may not delete their account yet (docs/product.md,
 * Accounts; decision 0060): a contract where they are the client still holds money in escrow
 * (ESCROW_BEFORE_DELETION), one where they are the developer does (ESCROW_FOR_WORK_BEFORE_DELETION:
 * its release would land in a deleted account's balance), or they have an available developer
 * balance (BALANCE_BEFORE_DELETION). Called inside the deletion's transaction, after
 * lockAccountContracts and before anything is changed.
 */
export async function refuseDeletionWithMoney(tx: Tx, userId: string): Promise<void> {
  if ((await escrowedMilestones(tx, contracts.clientId, userId)) > 0) throw new ConflictError(ESCROW_BEFORE_DELETION);
  if ((await escrowedMilestones(tx, contracts.developerId, userId)) > 0) throw new ConflictError(ESCROW_FOR_WORK_BEFORE_DELETION);
  if ((await held(tx, { kind: "developer_balance", owner: userId })) > 0) throw new ConflictError(BALANCE_BEFORE_DELETION);
}

/**
 * Locks the contract rows of project `projectId` (FOR UPDATE, in id order) for the rest of the
 * transaction. A path that writes contracts and the project takes these before the project row,
 * in the order every contract write uses (ARCHITECTURE.md, Locks; decision 0053): the project
 * delete, which removes unused contracts, would otherwise hold the project while waiting for a
 * contract whose holder waits for the project (a deadlock, PostgreSQL 40P01).
 */
export async function lockProjectContracts(tx: Tx, projectId: string): Promise<void> {
  if (!isUuid(projectId)) return;
  await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.projectId, projectId)).orderBy(asc(contracts.id)).for("update");
}

/**
 * Before a project is deleted: removes its contracts that never moved money (no payment, no
 * journal); a contract with payment records keeps the project (ConflictError). The caller has
 * locked them first (lockProjectContracts).
 */
export async function dropUnusedContracts(tx: Tx, projectId: string): Promise<void> {
  const ms = tx.select({ id: milestones.id }).from(milestones).where(eq(milestones.contractId, contracts.id));
  await tx.delete(contracts).where(
    and(
      eq(contracts.projectId, projectId),
      notExists(
        tx
          .select({ x: sql`1` })
          .from(payments)
          .where(inArray(payments.milestoneId, ms)),
      ),
      notExists(
        tx
          .select({ x: sql`1` })
          .from(ledgerJournals)
          .where(eq(ledgerJournals.contractId, contracts.id)),
      ),
    ),
  );
  const [left] = await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.projectId, projectId)).limit(1);
  if (left) throw new ConflictError("A project with payment records can't be deleted");
}

/**
 * Why `userId` may not answer the dispute on milestone `m` now, or null when they may: only an
 * open dispute, only the side that did not raise it, once (docs/product.md, Payments "Disputes").
 * The caller has checked that `userId` is a party of the contract.
 */
export function disputeAnswerRefusal(m: { status: string; disputedBy: string | null; disputeResponse: string }, userId: string): string | null {
  if (m.status !== "disputed") return "Only an open dispute can be answered";
  if (m.disputedBy === userId) return "You opened this dispute: the other side answers it";
  if (m.disputeResponse) return "You have already answered this dispute";
  return null;
}

export interface ContractMilestone {
  id: string;
  position: number;
  title: string;
  amountCents: number;
  dueDate: string | null;
  /** The due date passed (South African date) and the work is not delivered yet, on an open contract. */
  overdue: boolean;
  status: MilestoneStatus;
  submissionNote: string;
  /** The client's change request, or the reason given for a dispute (see disputedBy). */
  feedback: string;
  /** Who raised the dispute (disputed or resolved milestones): "client", "developer", or null. */
  disputedBy: "client" | "developer" | null;
  /** The other side's answer to the dispute ("" until answered). */
  disputeResponse: string;
  /** The reader may give their side of this open dispute now (disputeAnswerRefusal). */
  canAnswerDispute: boolean;
  submittedAt: string | null;
  /** While submitted: when it is released to the developer without an answer (ISO; shared/payments.ts autoReleaseAt). */
  autoReleaseAt: string | null;
  /** The latest payment's failure reason, when the latest payment failed. */
  lastPaymentFailure: string | null;
  /** The reference of the payment that funded it (its receipt), for the client. */
  receiptReference: string | null;
  /** The files the developer delivered with its submissions, in order. */
  deliveryFiles: FileInfo[];
  /**
   * A resolved dispute's outcome in cents, from the ledger: the gross released to the developer
   * (before the platform fee) and the amount refunded to the client; null for any other status.
   */
  resolution: { releasedCents: number; refundedCents: number } | null;
}

export interface ContractView {
  id: string;
  projectId: string;
  projectTitle: string;
  projectStatus: string;
  /** The hire ended (cancelled, or a side closed their account): nothing more is funded or changed (HIRE_ENDED). */
  hireEnded: boolean;
  /** Why nothing more is funded or changed on it (HIRE_ENDED or CONTRACT_COMPLETED), or null while it is open. */
  closed: string | null;
  client: { id: string; name: string };
  developer: { id: string; name: string };
  milestones: ContractMilestone[];
  /** Cents: in escrow now, released to the developer (gross), refunded to the client. */
  totals: { escrow: number; released: number; refunded: number; total: number };
  /** Proposed milestone changes waiting for an answer, oldest first. */
  changes: MilestoneChangeView[];
  /** The reader's part: client, developer, or moderator. */
  viewer: "client" | "developer" | "moderator";
}

/**
 * The contracts of `proposalIds` (accepted proposals have one), as proposal id -> contract id, in
 * one query through contracts_proposal_idx; proposals without a contract are missing. /proposals
 * links an accepted proposal to its contract.
 */
export async function contractIdsOfProposals(db: Db, proposalIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(proposalIds)].filter(isUuid);
  if (!ids.length) return new Map();
  const rows = await db.select({ id: contracts.id, proposalId: contracts.proposalId }).from(contracts).where(inArray(contracts.proposalId, ids));
  return new Map(rows.map((r) => [r.proposalId, r.id]));
}

/** The contract of an accepted proposal's project, newest first (the project page links to it). */
export async function contractIdOfProject(db: Db, projectId: string): Promise<string | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.projectId, projectId))
    .orderBy(sql`${contracts.createdAt} desc`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * A contract as its client, its developer or a moderator reads it. Throws UnauthorizedError,
 * NotFoundError, ForbiddenError (anyone else).
 */
export async function getContract(db: Db, user: SessionUser | null, id: string): Promise<ContractView> {
  const reader = requireUser(user);
  if (!isUuid(id)) throw new NotFoundError("Contract not found");
  const [c] = await db
    .select({
      id: contracts.id,
      projectId: contracts.projectId,
      clientId: contracts.clientId,
      developerId: contracts.developerId,
      projectTitle: projects.title,
      projectStatus: projects.status,
      proposalStatus: proposals.status,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(proposals, eq(proposals.id, contracts.proposalId))
    .where(eq(contracts.id, id));
  if (!c) throw new NotFoundError("Contract not found");
  const [me] = await db.select({ role: users.role }).from(users).where(eq(users.id, reader.id));
  const viewer = reader.id === c.clientId ? "client" : reader.id === c.developerId ? "developer" : me?.role === "moderator" ? "moderator" : null;
  if (!viewer) throw new ForbiddenError("This contract is not yours");
  const names = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [c.clientId, c.developerId]));
  const nameOf = (uid: string) => names.find((n) => n.id === uid)?.name ?? "";
  const rows = await db.select().from(milestones).where(eq(milestones.contractId, id)).orderBy(asc(milestones.position));
  const failures = await db
    .select({ milestoneId: payments.milestoneId, status: payments.status, reason: payments.failureReason, reference: payments.reference })
    .from(payments)
    .where(
      inArray(
        payments.milestoneId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`);
  const journals = await db
    .execute(
      sql`select j.kind, j.milestone_id as "milestoneId", coalesce(sum(e.amount_cents), 0)::text as cents from ledger_journals j join ledger_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
          where j.contract_id = ${id} group by j.kind, j.milestone_id`,
    )
    .then((r) => (r as unknown as { rows: Array<{ kind: string; milestoneId: string | null; cents: string }> }).rows);
  const today = todayIso();
  const delivered = await filesOf(
    db,
    "delivery",
    rows.map((r) => r.id),
  );
  // Escrow is debited (positive) when money leaves it.
  const movedBy = (kind: string, milestoneId?: string) =>
    journals.filter((j) => j.kind === kind && (milestoneId === undefined || j.milestoneId === milestoneId)).reduce((sum, j) => sum + Number(j.cents), 0);
  const closed = contractClosedReason(c);
  return {
    id: c.id,
    projectId: c.projectId,
    projectTitle: c.projectTitle,
    projectStatus: c.projectStatus,
    hireEnded: !hireStands(c.proposalStatus),
    closed,
    client: { id: c.clientId, name: nameOf(c.clientId) },
    developer: { id: c.developerId, name: nameOf(c.developerId) },
    milestones: rows.map((m) => {
      const latest = failures.find((f) => f.milestoneId === m.id);
      return {
        id: m.id,
        position: m.position,
        title: m.title,
        amountCents: m.amountCents,
        dueDate: m.dueDate,
        // A closed contract's unfunded milestones will not be worked on: never "Overdue".
        overdue: !closed && isOverdue(m.status, m.dueDate, today),
        status: m.status,
        submissionNote: m.submissionNote,
        feedback: m.feedback,
        disputedBy: m.disputedBy === c.clientId ? "client" : m.disputedBy === c.developerId ? "developer" : null,
        disputeResponse: m.disputeResponse,
        canAnswerDispute: viewer !== "moderator" && m.disputedBy !== null && disputeAnswerRefusal(m, reader.id) === null,
        submittedAt: m.submittedAt?.toISOString() ?? null,
        autoReleaseAt: m.status === "submitted" && m.submittedAt ? autoReleaseAt(m.submittedAt).toISOString() : null,
        lastPaymentFailure: latest?.status === "failed" && m.status === "proposed" ? latest.reason || "The payment failed" : null,
        deliveryFiles: delivered.get(m.id) ?? [],
        resolution: m.status === "resolved" ? { releasedCents: movedBy("release", m.id), refundedCents: movedBy("refund", m.id) } : null,
        receiptReference: viewer === "client" ? (failures.find((f) => f.milestoneId === m.id && f.status === "succeeded")?.reference ?? null) : null,
      };
    }),
    totals: {
      escrow: await held(db, { kind: "escrow", owner: c.id }),
      released: movedBy("release"),
      refunded: movedBy("refund"),
      total: rows.reduce((s, m) => s + m.amountCents, 0),
    },
    changes: await pendingChanges(db, c.id),
    viewer,
  };
}

/** How many milestone actions the dashboard lists at most. */
export const MILESTONE_ACTIONS_LIMIT = 5;

/** A milestone waiting on the reader (the dashboard's "Needs your attention"). */
export interface MilestoneAction {
  contractId: string;
  projectTitle: string;
  milestoneTitle: string;
  amountCents: number;
  /** What is asked: the client reviews a submission or funds the next milestone; the developer delivers. */
  action: "review" | "fund" | "deliver";
  /** review: when it is released without an answer (ISO); null otherwise. */
  autoReleaseAt: string | null;
}

/**
 * Milestones of the reader's contracts that wait on them (docs/product.md, Dashboard),
 * most urgent first, at most MILESTONE_ACTIONS_LIMIT. A client: submitted milestones to review
 * (oldest submission first: it releases by itself first), then each contract's next milestone to
 * fund when nothing of it is in escrow or under way. A developer: funded milestones and ones sent
 * back for changes, to deliver. One statement through contracts_client_idx / contracts_developer_idx.
 * A completed project's contract takes no more funding (CONTRACT_COMPLETED), but money still in
 * escrow on it (a project completed before completion required none) is still delivered and reviewed.
 */
export async function milestoneActions(db: Db, user: SessionUser): Promise<MilestoneAction[]> {
  const mine = user.userType === "client" ? sql`c.client_id = ${user.id}` : sql`c.developer_id = ${user.id}`;
  // "Under way" is a milestone holding money: ESCROWED_STATUSES (shared/payments.ts), one rule with the contract page.
  const escrowed = sql.join(
    ESCROWED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const waiting =
    user.userType === "client"
      ? sql`(m.status = 'submitted' or (m.status = 'proposed' and not exists (
          select 1 from milestones o where o.contract_id = c.id
            and (o.status in (${escrowed}) or (o.status = 'proposed' and o.position < m.position)))))`
      : sql`m.status in ('funded', 'changes_requested')`;
  const found = await db.execute(
    sql`select c.id as contract_id, p.title as project_title, m.title as milestone_title, m.amount_cents::text as amount_cents, m.status, m.submitted_at
        from contracts c join projects p on p.id = c.project_id join milestones m on m.contract_id = c.id
        where ${mine} and (p.status = 'in_progress' or (p.status = 'completed' and m.status <> 'proposed')) and ${waiting}
        order by case m.status when 'submitted' then 0 when 'changes_requested' then 1 when 'funded' then 2 else 3 end, m.submitted_at, m.updated_at
        limit ${MILESTONE_ACTIONS_LIMIT}`,
  );
  const rows = (
    found as unknown as {
      rows: Array<{
        contract_id: string;
        project_title: string;
        milestone_title: string;
        amount_cents: string;
        status: MilestoneStatus;
        submitted_at: Date | string | null;
      }>;
    }
  ).rows;
  return rows.map((r) => ({
    contractId: r.contract_id,
    projectTitle: r.project_title,
    milestoneTitle: r.milestone_title,
    amountCents: Number(r.amount_cents),
    action: r.status === "submitted" ? "review" : r.status === "proposed" ? "fund" : "deliver",
    autoReleaseAt: r.status === "submitted" && r.submitted_at ? autoReleaseAt(r.submitted_at).toISOString() : null,
  }));
}
