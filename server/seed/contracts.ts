/**
 * Contracts of the seeded hires still in progress (docs/product.md, Payments "Contracts"): in the
 * product, accepting a proposal writes its contract, so a hire in progress without one is a state
 * users can never reach, and its client could not fund nor its developer deliver. Each gets the
 * contract `createContract` writes on a real hire: the proposal's milestones, nothing funded yet.
 * Run after seedDemoPayments, which writes (and moves the money of) the demo client's hires of the
 * demo developer; a hire that has a contract already is left alone.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { contracts, projects, proposals } from "../db/schema";
import { createContract } from "../payments/contracts";

/** Writes a contract for every in-progress hire without one, in one transaction; returns how many. */
export async function seedHireContracts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const hires = await tx
      .select({ projectId: projects.id, clientId: projects.userId, proposalId: proposals.id })
      .from(projects)
      .innerJoin(proposals, and(eq(proposals.projectId, projects.id), eq(proposals.status, "accepted")))
      .leftJoin(contracts, eq(contracts.proposalId, proposals.id))
      .where(and(eq(projects.status, "in_progress"), isNull(contracts.id)))
      .orderBy(projects.createdAt, projects.id);
    for (const hire of hires) await createContract(tx, hire);
    return hires.length;
  });
}
