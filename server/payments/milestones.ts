/**
 * The one path by which a milestone's status changes (docs/product.md, Payments "Milestone
 * lifecycle"; machine in shared/payments.ts). A transition locks the contract row and then the
 * milestone row (always in that order, so concurrent approvals queue and the second meets the new
 * status: a 409, never a second release), checks who the actor is, asks the machine, writes, posts
 * the ledger journal the event moves money with (same transaction), and completes the project
 * through its own machine when the last milestone is finished with money released.
 *
 * Refusals: the wrong user is a ForbiddenError (403), a status the event cannot leave from a
 * ConflictError (409) with the machine's message.
 */
import { MODERATOR_NEEDS_2FA } from "../auth/roles";
import { and, eq, sql } from "drizzle-orm";
import {
  AUTO_RELEASE_DAYS,
  autoReleaseAt,
  decideMilestone,
  FINAL_MILESTONE_STATUSES,
  splitRelease,
  type FeePolicy,
  type MilestoneActor,
  type MilestoneEvent,
  type MilestoneStatus,
} from "../../shared/payments";
import { formatCents, formatDate, formatDocumentCents } from "../../shared/format";
import type { Tx } from "../db/client";
import { contracts, milestones, projects, users } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { isUuid } from "../lib/ids";
import { noEffects, type Effects } from "../notifications/effects";
import { transitionProject } from "../projects/lifecycle";
import { issueTaxInvoice } from "./documents";
import { queueMilestoneRefund } from "./refunds";
import { moderatorAlert } from "./alerts";
import { postJournal } from "./ledger";

export interface MilestoneActorRef {
  role: MilestoneActor;
  /** The user taking it (client, developer, moderator). */
  userId?: string;
}

export interface MilestoneTransitionInput {
  milestoneId: string;
  event: MilestoneEvent;
  actor: MilestoneActorRef;
  fees: FeePolicy;
  /** submit: the delivery note; requestChanges / dispute: the reason. */
  note?: string;
  /** resolve: the cents of the milestone released to the developer (the rest is refunded). */
  developerCents?: number;
  /** fund: the payment that funded it (its reference makes the journal post once). */
  paymentReference?: string;
  now?: Date;
}

export interface LockedContract {
  id: string;
  projectId: string;
  clientId: string;
  developerId: string;
}

export interface MilestoneTransitionResult {
  contract: LockedContract;
  milestone: { id: string; title: string; amountCents: number };
  from: MilestoneStatus;
  to: MilestoneStatus;
  effects: Effects;
}

/** How notices and emails name a milestone: its title and its project's, `"Testing" (Rosters app)`. */
export function milestoneName(milestoneTitle: string, projectTitle: string | undefined): string {
  return `"${milestoneTitle}" (${projectTitle ?? "your project"})`;
}

/** An amount in a ledger memo: the documents' rule with plain spaces (memos end up in the statement and the CSV). */
const plainCents = (cents: number) => formatDocumentCents(cents, { plainSpaces: true });

/** Locks the contract of a milestone, then the milestone. Throws NotFoundError "Milestone not found". */
async function lockMilestone(tx: Tx, milestoneId: string) {
  if (!isUuid(milestoneId)) throw new NotFoundError("Milestone not found");
  const [ref] = await tx.select({ contractId: milestones.contractId }).from(milestones).where(eq(milestones.id, milestoneId));
  if (!ref) throw new NotFoundError("Milestone not found");
  const [contract] = await tx
    .select({ id: contracts.id, projectId: contracts.projectId, clientId: contracts.clientId, developerId: contracts.developerId })
    .from(contracts)
    .where(eq(contracts.id, ref.contractId))
    .for("update");
  const [m] = await tx.select().from(milestones).where(eq(milestones.id, milestoneId)).for("update");
  return { contract: contract!, milestone: m! };
}

/**
 * Moves a milestone by `event` taken by `actor`. Throws NotFoundError, ForbiddenError (not the
 * contract's client / developer, not a moderator, an actor the machine does not allow),
 * ConflictError (the status does not allow it), ValidationError (a split outside the amount).
 */
export async function transitionMilestone(tx: Tx, input: MilestoneTransitionInput): Promise<MilestoneTransitionResult> {
  const { contract, milestone: m } = await lockMilestone(tx, input.milestoneId);
  const actor = input.actor;
  if (actor.role === "client" && actor.userId !== contract.clientId) throw new ForbiddenError("Only the contract's client can do that");
  if (actor.role === "developer" && actor.userId !== contract.developerId) throw new ForbiddenError("Only the contract's developer can do that");
  if (actor.role === "moderator") {
    const [u] = actor.userId ? await tx.select({ role: users.role, twoFactor: users.twoFactorEnabled }).from(users).where(eq(users.id, actor.userId)) : [];
    if (u?.role !== "moderator") throw new ForbiddenError("Only a moderator can do that");
    // Moderators act with two-factor sign-in on (docs/decisions/0030).
    if (!u.twoFactor) throw new ForbiddenError(MODERATOR_NEEDS_2FA);
  }
  const decision = decideMilestone(m.status, input.event, actor.role);
  if (!decision.ok) throw decision.reason === "actor" ? new ForbiddenError(decision.message) : new ConflictError(decision.message);

  const now = input.now ?? new Date();
  const set: Partial<typeof milestones.$inferInsert> = { status: decision.to, updatedAt: now };
  const base = { contractId: contract.id, milestoneId: m.id };
  const escrow = { kind: "escrow" as const, owner: contract.id };
  /** Posts the release journal (and the fee's tax invoice); returns the split it posted, in cents. */
  const release = async (cents: number, key: string) => {
    const split = splitRelease(cents, input.fees);
    const journalId = await postJournal(tx, {
      ...base,
      kind: "release",
      eventKey: key,
      memo: `Released: ${m.title} (${plainCents(cents)} less fee ${plainCents(split.fee)}${split.vat ? ` and VAT ${plainCents(split.vat)}` : ""})`,
      lines: [
        { account: escrow, cents },
        { account: { kind: "developer_balance", owner: contract.developerId }, cents: -split.developer },
        { account: { kind: "platform_fees" }, cents: -split.fee },
        { account: { kind: "vat_payable" }, cents: -split.vat },
      ],
    });
    if (journalId && split.fee > 0) {
      await issueTaxInvoice(tx, {
        journalId,
        userId: contract.developerId,
        description: `Platform fee on "${m.title}"`,
        feeCents: split.fee,
        vatCents: split.vat,
        vatNumber: input.fees.vatNumber,
      });
    }
    return split;
  };
  /** Books the refund in the ledger and queues it at the provider, both in this transaction (decision 0050). */
  const refund = async (cents: number, key: string) => {
    const journalId = await postJournal(tx, {
      ...base,
      kind: "refund",
      eventKey: key,
      memo: `Refunded: ${m.title}`,
      lines: [
        { account: escrow, cents },
        { account: { kind: "client_funding" }, cents: -cents },
      ],
    });
    if (journalId) await queueMilestoneRefund(tx, m.id, cents, key);
  };
  const effects = noEffects();
  const link = `/contracts/${contract.id}`;
  // Notices name the project too: someone with several contracts may have two "Testing" milestones.
  const [project] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, contract.projectId));
  const named = milestoneName(m.title, project?.title);
  // Every milestone notice is also emailed, with what it means in money (docs/product.md, Emails).
  const tell = (userId: string, type: string, message: string, details: string[] = []) => {
    effects.notices.push({ userId, type, message, link });
    effects.emails.push({ template: "payment-update", userId, data: { subject: message, details, link, linkLabel: "Contract" } });
  };
  const quoted = (label: string, text: string | undefined) => (text?.trim() ? [`${label}: "${text.trim()}"`] : []);
  const releasedDetails = (cents: number, split: ReturnType<typeof splitRelease>) => {
    const less = `less the platform fee of ${formatCents(split.fee)}${split.vat ? ` and VAT of ${formatCents(split.vat)}` : ""}`;
    return `${formatCents(cents)} ${less}: ${formatCents(split.developer)} is in your balance, ready to withdraw from Payouts.`;
  };

  switch (input.event) {
    case "fund":
      if (!input.paymentReference) throw new ConflictError("A milestone is funded by a payment");
      set.fundedAt = now;
      await postJournal(tx, {
        ...base,
        kind: "fund",
        eventKey: `fund:${input.paymentReference}`,
        memo: `Funded: ${m.title}`,
        lines: [
          { account: { kind: "client_funding" }, cents: m.amountCents },
          { account: escrow, cents: -m.amountCents },
        ],
      });
      tell(contract.developerId, "milestone_funded", `${named} is funded: the money is in escrow, you can start`, [
        `The client paid ${formatCents(m.amountCents)} into escrow. When the work is done, submit it for approval on the contract page.`,
      ]);
      // The payer gets a receipt by email (no bell notice: they are on the contract page as it happens).
      effects.emails.push({
        template: "payment-update",
        userId: contract.clientId,
        data: {
          subject: `Receipt: ${formatCents(m.amountCents)} paid into escrow for ${named}`,
          details: [
            `Payment reference ${input.paymentReference}. The money is held in escrow: it goes to the developer when you approve the milestone, or by itself ${AUTO_RELEASE_DAYS} days after they submit it if you do not answer.`,
          ],
          link: `/receipts/${input.paymentReference}`,
          linkLabel: "Receipt",
        },
      });
      break;
    case "submit":
      set.submittedAt = now;
      set.releaseReminderAt = null;
      set.submissionNote = input.note ?? "";
      set.feedback = "";
      tell(contract.clientId, "milestone_submitted", `${named} was submitted for your approval`, [
        ...quoted("The developer's note", input.note),
        `Approve and release it, request changes or open a dispute on the contract page. If you do none of these, its ${formatCents(m.amountCents)} is released to the developer automatically on ${formatDate(autoReleaseAt(now))}.`,
      ]);
      break;
    case "requestChanges":
      set.feedback = input.note ?? "";
      tell(contract.developerId, "milestone_changes", `Changes were requested on ${named}`, [
        ...quoted("The client's feedback", input.note),
        "Submit it again on the contract page when the changes are made.",
      ]);
      break;
    case "approve":
    case "autoRelease": {
      set.closedAt = now;
      const split = await release(m.amountCents, `release:${m.id}`);
      tell(contract.developerId, "milestone_released", `${named} was released to your balance`, [releasedDetails(m.amountCents, split)]);
      if (input.event === "autoRelease") {
        tell(contract.clientId, "milestone_auto_released", `${named} was released to the developer automatically`, [
          `It was submitted for your approval ${AUTO_RELEASE_DAYS} days ago without an answer, so its ${formatCents(m.amountCents)} went to the developer.`,
        ]);
      }
      break;
    }
    case "refund":
      set.closedAt = now;
      await refund(m.amountCents, `refund:${m.id}`);
      tell(contract.clientId, "milestone_refunded", `${named} was refunded`, [`${formatCents(m.amountCents)} goes back to the card or account you paid with.`]);
      break;
    case "dispute":
      set.feedback = input.note ?? "";
      set.disputedAt = now;
      set.disputedBy = actor.userId ?? null;
      tell(
        actor.userId === contract.clientId ? contract.developerId : contract.clientId,
        "milestone_disputed",
        `${named} is disputed; a moderator will resolve it`,
        [...quoted("The reason given", input.note), "The money stays in escrow until a moderator decides how to share it."],
      );
      // Every moderator hears of it, on the bell and by email (money is frozen until one decides);
      // the queue on /moderation lists it until resolved (docs/product.md, Payments "Disputes").
      {
        const alert = await moderatorAlert(tx, {
          type: "dispute_opened",
          subject: `A dispute was opened on ${named}`,
          details: [
            `Raised by the ${actor.userId === contract.clientId ? "client" : "developer"} on ${formatCents(m.amountCents)} held in escrow.`,
            ...quoted("The reason given", input.note),
            "It waits in the moderation queue, oldest first, until a moderator decides how to share the money.",
          ],
        });
        effects.notices.push(...alert.notices);
        effects.emails.push(...alert.emails);
      }
      break;
    case "resolve": {
      const dev = input.developerCents ?? -1;
      if (!Number.isSafeInteger(dev) || dev < 0 || dev > m.amountCents) {
        throw new ValidationError({ developerAmount: `The developer's share must be between R0 and ${formatCents(m.amountCents)}, the milestone's amount` });
      }
      set.closedAt = now;
      const split = await release(dev, `resolve-release:${m.id}`);
      await refund(m.amountCents - dev, `resolve-refund:${m.id}`);
      const outcome = `The moderator released ${formatCents(dev)} to the developer and refunded ${formatCents(m.amountCents - dev)} to the client.`;
      tell(contract.clientId, "milestone_resolved", `The dispute on ${named} was resolved`, [outcome]);
      tell(contract.developerId, "milestone_resolved", `The dispute on ${named} was resolved`, dev > 0 ? [outcome, releasedDetails(dev, split)] : [outcome]);
      break;
    }
  }
  await tx
    .update(milestones)
    .set(set)
    .where(and(eq(milestones.id, m.id), eq(milestones.status, m.status)));

  if ((FINAL_MILESTONE_STATUSES as readonly string[]).includes(decision.to)) {
    const [open] = await tx
      .select({ n: sql<number>`count(*) filter (where ${milestones.status} not in ('released', 'refunded', 'resolved'))::int` })
      .from(milestones)
      .where(eq(milestones.contractId, contract.id));
    const [project] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, contract.projectId));
    const paid = await tx.execute(sql`select 1 from ledger_journals where contract_id = ${contract.id} and kind = 'release' limit 1`);
    const anyReleased = (paid as unknown as { rows: unknown[] }).rows.length > 0;
    if (open!.n === 0 && project?.status === "in_progress" && anyReleased) {
      const done = await transitionProject(tx, { projectId: contract.projectId, event: "paidInFull", actor: { role: "system" } });
      effects.notices.push(...done.effects.notices);
      effects.emails.push(...done.effects.emails);
    }
  }
  return { contract, milestone: { id: m.id, title: m.title, amountCents: m.amountCents }, from: m.status, to: decision.to, effects };
}
