/** Server side of /proposals: a developer's own proposals, or the proposals a client received. */
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { contractIdsOfProposals } from "../../server/payments/contracts";
import { listMyProposals } from "../../server/proposals/service";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../shared/lifecycle";

export { requireUser } from "../lib/session.server";

/** ?status= as a proposal status, or null (All). */
export function parseStatus(value: string | null): ProposalStatus | null {
  return (PROPOSAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as ProposalStatus) : null;
}

/**
 * The proposals of /proposals (listMyProposals) with each accepted one's contract id (null
 * otherwise), so the list links straight to the contract's milestones and payments.
 */
export async function loadProposals(db: Db, user: SessionUser, status: ProposalStatus | null) {
  const list = await listMyProposals(db, user, status ?? undefined);
  const contractIds = await contractIdsOfProposals(
    db,
    list.filter((p) => p.status === "accepted").map((p) => p.id),
  );
  const proposals = list.map((p) => ({ ...p, contractId: contractIds.get(p.id) ?? null }));
  return { role: user.userType === "developer" ? ("developer" as const) : ("client" as const), status, proposals };
}
