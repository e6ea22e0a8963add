/**
 * What moderators work from (docs/product.md, Payments "Moderators"): the queue of open disputes,
 * oldest first, the refunds the provider refused until they were given up (decision 0050), which
 * a moderator can send to the refund job again, and the payouts whose transfer the provider has
 * not started after many tries (decision 0051), which a moderator can have tried at once.
 * Moderators only, with two-factor sign-in on (requireModerator). server/payments/alerts.ts tells them
 * of the last two as they happen.
 */
import { and, asc, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { requireModerator } from "../auth/roles";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { contracts, milestones, payments, payouts, projects, providerRefunds, users } from "../db/schema";
import { LEASE_MS } from "../email/outbox";
import { ConflictError } from "../errors";
import { isUuid } from "../lib/ids";
import { PAYOUT_ATTEMPTS_BEFORE_ALERT, PAYOUT_CHANNEL } from "./payouts";

/** The most of each list /moderation shows. */
export const MODERATION_MONEY_LIMIT = 100;

/** An open dispute as the moderators' queue shows it; cents; dates ISO. */
export interface OpenDispute {
  milestoneId: string;
  contractId: string;
  projectTitle: string;
  milestoneTitle: string;
  amountCents: number;
  reason: string;
  /** The other side's answer ("" until they give it). */
  response: string;
  disputedAt: string | null;
  /** Who raised it: "client", "developer", or null when unknown (their account is gone). */
  raisedBy: "client" | "developer" | null;
  clientName: string;
  developerName: string;
}

/** Open disputes, oldest first (through milestones_disputed_idx). Throws UnauthorizedError, ForbiddenError. */
export async function listOpenDisputes(db: Db, user: SessionUser | null): Promise<OpenDispute[]> {
  requireModerator(user);
  const client = alias(users, "client");
  const developer = alias(users, "developer");
  const rows = await db
    .select({
      milestoneId: milestones.id,
      contractId: contracts.id,
      projectTitle: projects.title,
      milestoneTitle: milestones.title,
      amountCents: milestones.amountCents,
      reason: milestones.feedback,
      response: milestones.disputeResponse,
      disputedAt: milestones.disputedAt,
      disputedBy: milestones.disputedBy,
      clientId: contracts.clientId,
      developerId: contracts.developerId,
      clientName: client.name,
      developerName: developer.name,
    })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(client, eq(client.id, contracts.clientId))
    .innerJoin(developer, eq(developer.id, contracts.developerId))
    .where(eq(milestones.status, "disputed"))
    .orderBy(asc(milestones.disputedAt))
    .limit(MODERATION_MONEY_LIMIT);
  return rows.map((r) => ({
    milestoneId: r.milestoneId,
    contractId: r.contractId,
    projectTitle: r.projectTitle,
    milestoneTitle: r.milestoneTitle,
    amountCents: r.amountCents,
    reason: r.reason,
    response: r.response,
    disputedAt: r.disputedAt?.toISOString() ?? null,
    raisedBy: r.disputedBy === r.clientId ? "client" : r.disputedBy === r.developerId ? "developer" : null,
    clientName: r.clientName,
    developerName: r.developerName,
  }));
}

/** A refund the provider kept refusing (status failed); cents; dates ISO. */
export interface FailedRefund {
  id: number;
  reference: string;
  amountCents: number;
  attempts: number;
  lastError: string;
  createdAt: string;
  contractId: string;
  projectTitle: string;
  milestoneTitle: string;
  payerName: string;
}

/** Refunds given up after the last attempt, newest first. Throws UnauthorizedError, ForbiddenError. */
export async function listFailedRefunds(db: Db, user: SessionUser | null): Promise<FailedRefund[]> {
  requireModerator(user);
  const rows = await db
    .select({
      id: providerRefunds.id,
      reference: payments.reference,
      amountCents: providerRefunds.amountCents,
      attempts: providerRefunds.attempts,
      lastError: providerRefunds.lastError,
      createdAt: providerRefunds.createdAt,
      contractId: milestones.contractId,
      projectTitle: projects.title,
      milestoneTitle: milestones.title,
      payerName: users.name,
    })
    .from(providerRefunds)
    .innerJoin(payments, eq(payments.id, providerRefunds.paymentId))
    .innerJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(users, eq(users.id, payments.payerId))
    .where(eq(providerRefunds.status, "failed"))
    .orderBy(desc(providerRefunds.createdAt))
    .limit(MODERATION_MONEY_LIMIT);
  return rows.map((r) => ({ ...r, lastError: r.lastError ?? "", createdAt: r.createdAt.toISOString() }));
}

/**
 * Sends a failed refund to the refund job again (attempts start over, due now). Throws
 * UnauthorizedError, ForbiddenError, ConflictError when no failed refund has that id (already
 * retried, sent, or never failed).
 */
export async function retryFailedRefund(db: Db, user: SessionUser | null, refundId: unknown): Promise<void> {
  requireModerator(user);
  const id = typeof refundId === "number" ? refundId : typeof refundId === "string" && /^\d{1,15}$/.test(refundId) ? Number(refundId) : NaN;
  const retried = Number.isSafeInteger(id)
    ? await db
        .update(providerRefunds)
        .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
        .where(and(eq(providerRefunds.id, id), eq(providerRefunds.status, "failed")))
        .returning({ id: providerRefunds.id })
    : [];
  if (!retried.length) throw new ConflictError("That refund is not waiting for a retry");
}

/** A payout whose bank transfer the provider has not started after PAYOUT_ATTEMPTS_BEFORE_ALERT tries; cents; dates ISO. */
export interface StuckPayout {
  id: string;
  reference: string;
  amountCents: number;
  attempts: number;
  lastError: string;
  createdAt: string;
  /** When the sender tries it next by itself. */
  nextAttemptAt: string;
  developerName: string;
  /** Bank and masked account number the payout goes to. */
  destination: string;
}

/**
 * Pending payouts whose transfer has not started after PAYOUT_ATTEMPTS_BEFORE_ALERT attempts,
 * oldest first (decision 0051: they are retried for ever, money never given back on a guess).
 * Throws UnauthorizedError, ForbiddenError.
 */
export async function listStuckPayouts(db: Db, user: SessionUser | null): Promise<StuckPayout[]> {
  requireModerator(user);
  const rows = await db
    .select({
      id: payouts.id,
      reference: payouts.reference,
      amountCents: payouts.amountCents,
      attempts: payouts.transferAttempts,
      lastError: payouts.transferError,
      createdAt: payouts.createdAt,
      nextAttemptAt: payouts.transferNextAt,
      developerName: users.name,
      destination: payouts.destination,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(and(isNotNull(payouts.transferNextAt), gte(payouts.transferAttempts, PAYOUT_ATTEMPTS_BEFORE_ALERT), eq(payouts.status, "pending")))
    .orderBy(asc(payouts.createdAt))
    .limit(MODERATION_MONEY_LIMIT);
  return rows.map((r) => ({
    ...r,
    lastError: r.lastError ?? "",
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: (r.nextAttemptAt ?? r.createdAt).toISOString(),
  }));
}

/**
 * Makes a stuck payout's transfer due now and wakes the senders (PAYOUT_CHANNEL). Its attempts are
 * kept, so the sender looks the payout up at the provider before starting it again (never twice).
 * Refused while an attempt may be in flight (its lease, LEASE_MS, not over). Throws
 * UnauthorizedError, ForbiddenError, ConflictError when no stuck payout has that id or it is
 * being tried now.
 */
export async function retryStuckPayout(db: Db, user: SessionUser | null, payoutId: unknown, now: Date = new Date()): Promise<void> {
  requireModerator(user);
  const id = typeof payoutId === "string" && isUuid(payoutId) ? payoutId : null;
  if (!id) throw new ConflictError("That payout is not waiting for its transfer");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ nextAt: payouts.transferNextAt })
      .from(payouts)
      .where(and(eq(payouts.id, id), eq(payouts.status, "pending"), isNotNull(payouts.transferNextAt)))
      .for("update");
    if (!row?.nextAt) throw new ConflictError("That payout is not waiting for its transfer");
    // A claimed payout's due time is its lease's end: until then an attempt may be under way, and a
    // second one could find the first not yet at the provider and start it again (decision 0051).
    if (row.nextAt.getTime() <= now.getTime() + LEASE_MS && row.nextAt.getTime() > now.getTime()) {
      throw new ConflictError("That payout's transfer is being tried now or within a few minutes");
    }
    await tx.update(payouts).set({ transferNextAt: now }).where(eq(payouts.id, id));
    await tx.execute(sql`select pg_notify(${PAYOUT_CHANNEL}, '')`);
  });
}
