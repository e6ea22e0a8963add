/**
 * What moderators work from (docs/product.md, Payments "Moderators"): the queue of open disputes,
 * oldest first, and the refunds the provider refused until they were given up (decision 0050),
 * which a moderator can send to the refund job again. Moderators only, with two-factor sign-in on
 * (requireModerator).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { requireModerator } from "../auth/roles";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { contracts, milestones, payments, projects, providerRefunds, users } from "../db/schema";
import { ConflictError } from "../errors";

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
