/**
 * A client's payments (docs/product.md, Payments "A client's payments"): every payment they made
 * into escrow, newest first by cursor, with what became of its milestone and the money refunded to
 * them, and their totals across all contracts, derived from the ledger.
 */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { HIRE_ENDED_NOTE, PAID_TWICE_NOTE, PAYMENTS_PAGE_SIZE, type MilestoneStatus } from "../../shared/payments";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { contracts, milestones, payments, projects, users, type PaymentStatus } from "../db/schema";
import { ForbiddenError, requireUser } from "../errors";
import { decodeCursor, encodeCursor } from "../lib/cursor";

export interface ClientPayment {
  reference: string;
  /** Cents paid (or tried). */
  amountCents: number;
  status: PaymentStatus;
  /** Why a failed payment failed ("" otherwise). */
  failureReason: string;
  /** Why a payment was refunded whole (status "refunded": paid twice, or the hire had ended); "" otherwise. */
  refundNote: string;
  /** ISO: when it was started, and when the provider settled it (null while pending). */
  createdAt: string;
  settledAt: string | null;
  contractId: string;
  projectTitle: string;
  milestoneTitle: string;
  milestoneStatus: MilestoneStatus;
  developerName: string;
  /**
   * Cents of this payment's milestone refunded to the client (a refund or a dispute's split); the
   * whole payment when it paid an already funded milestone (status "refunded"); 0 for the others.
   */
  refundedCents: number;
}

/** Cents across all of the client's contracts: paid into escrow, released to developers (gross), refunded, still in escrow. */
export interface ClientPaymentTotals {
  paidCents: number;
  releasedCents: number;
  refundedCents: number;
  inEscrowCents: number;
  /** Payments that paid an already funded milestone and went back whole (status "refunded"; never in escrow). */
  paidTwiceRefundedCents: number;
  /** Payments that came through after their hire ended and went back whole (status "refunded", HIRE_ENDED_NOTE; never in escrow). */
  hireEndedRefundedCents: number;
}

export interface ClientPaymentsPage {
  payments: ClientPayment[];
  /** Opaque cursor of the next (older) page, null on the last. */
  nextCursor: string | null;
  /** On the first page only (null on later pages). */
  totals: ClientPaymentTotals | null;
}

/**
 * The signed-in client's payments, PAYMENTS_PAGE_SIZE a page, newest first (payments_payer_created_idx),
 * after `cursor` when given; the totals on the first page. Throws UnauthorizedError (signed out),
 * ForbiddenError (a developer: they are paid, see /payouts), ValidationError { cursor } (a bad cursor).
 */
export async function listMyPayments(db: Db, user: SessionUser | null, options: { cursor?: string } = {}): Promise<ClientPaymentsPage> {
  const me = requireUser(user);
  if (me.userType !== "client") throw new ForbiddenError("Only clients pay into escrow; your money is on Balance and payouts");
  const after = options.cursor ? decodeCursor(options.cursor, ["date", "uuid"]) : null;
  const rows = await db
    .select({
      id: payments.id,
      reference: payments.reference,
      amountCents: payments.amountCents,
      status: payments.status,
      failureReason: payments.failureReason,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
      milestoneId: payments.milestoneId,
      contractId: contracts.id,
      projectTitle: projects.title,
      milestoneTitle: milestones.title,
      milestoneStatus: milestones.status,
      developerName: users.name,
    })
    .from(payments)
    .innerJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(users, eq(users.id, contracts.developerId))
    .where(
      and(
        eq(payments.payerId, me.id),
        after
          ? or(
              lt(payments.createdAt, new Date(after[0] as string)),
              and(eq(payments.createdAt, new Date(after[0] as string)), lt(payments.id, after[1] as string)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, PAYMENTS_PAGE_SIZE);
  const last = rows.length > PAYMENTS_PAGE_SIZE ? page.at(-1) : undefined;
  const paidMilestones = [...new Set(page.filter((p) => p.status === "succeeded").map((p) => p.milestoneId))];
  // Refunds by milestone, one statement for the page: the escrow side of its refund journals (debit, positive).
  const refunds = new Map<string, number>();
  if (paidMilestones.length) {
    const found = await db.execute(
      sql`select j.milestone_id, coalesce(sum(e.amount_cents), 0)::text as cents from ledger_journals j
          join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
          where j.kind = 'refund' and j.milestone_id in (${sql.join(
            paidMilestones.map((id) => sql`${id}`),
            sql`, `,
          )}) group by j.milestone_id`,
    );
    for (const r of (found as unknown as { rows: Array<{ milestone_id: string; cents: string }> }).rows) refunds.set(r.milestone_id, Number(r.cents));
  }
  return {
    payments: page.map((p) => ({
      reference: p.reference,
      amountCents: p.amountCents,
      status: p.status,
      failureReason: p.status === "failed" ? p.failureReason || "The payment failed" : "",
      refundNote: p.status === "refunded" ? p.failureReason || PAID_TWICE_NOTE : "",
      createdAt: p.createdAt.toISOString(),
      settledAt: p.settledAt?.toISOString() ?? null,
      contractId: p.contractId,
      projectTitle: p.projectTitle,
      milestoneTitle: p.milestoneTitle,
      milestoneStatus: p.milestoneStatus,
      developerName: p.developerName,
      refundedCents: p.status === "succeeded" ? (refunds.get(p.milestoneId) ?? 0) : p.status === "refunded" ? p.amountCents : 0,
    })),
    nextCursor: last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
    totals: after ? null : await clientTotals(db, me.id),
  };
}

/** The client's totals from the ledger: the escrow side of the journals of their contracts, by kind (ledger_journals_contract_idx). */
async function clientTotals(db: Db, clientId: string): Promise<ClientPaymentTotals> {
  const found = await db.execute(
    sql`select j.kind, coalesce(sum(e.amount_cents), 0)::text as cents from ledger_journals j
        join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
        where j.contract_id in (select id from contracts where client_id = ${clientId}) group by j.kind`,
  );
  const byKind = new Map((found as unknown as { rows: Array<{ kind: string; cents: string }> }).rows.map((r) => [r.kind, Number(r.cents)]));
  // Escrow is credited (negative) when funded and debited (positive) when money leaves it.
  const paidCents = 0 - (byKind.get("fund") ?? 0);
  const releasedCents = byKind.get("release") ?? 0;
  const refundedCents = byKind.get("refund") ?? 0;
  // Second payments of a funded milestone never reached escrow (decision 0050): counted apart (payments_payer_idx).
  // So are late payments of an ended hire (settlePayment marks them with HIRE_ENDED_NOTE).
  const [whole] = await db
    .select({
      twice: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.failureReason} is distinct from ${HIRE_ENDED_NOTE}), 0)::text`,
      ended: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.failureReason} = ${HIRE_ENDED_NOTE}), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.payerId, clientId), eq(payments.status, "refunded")));
  return {
    paidCents,
    releasedCents,
    refundedCents,
    inEscrowCents: paidCents - releasedCents - refundedCents,
    paidTwiceRefundedCents: Number(whole?.twice ?? 0),
    hireEndedRefundedCents: Number(whole?.ended ?? 0),
  };
}
