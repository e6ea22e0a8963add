/** Server side of /proposals: a developer's own proposals, or the proposals a client received. */
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { listMyProposals } from "../../server/proposals/service";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../shared/lifecycle";

export { requireUser } from "../lib/session.server";

/** ?status= as a proposal status, or null (All). */
export function parseStatus(value: string | null): ProposalStatus | null {
  return (PROPOSAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as ProposalStatus) : null;
}

export async function loadProposals(db: Db, user: SessionUser, status: ProposalStatus | null) {
  const proposals = await listMyProposals(db, user, status ?? undefined);
  return { role: user.userType === "developer" ? ("developer" as const) : ("client" as const), status, proposals };
}
