/**
 * Payments actions (docs/product.md, Payments): funding a milestone at the provider's checkout,
 * confirming payments (webhook, verify, reconciliation: each payment settles once), and the
 * milestone actions of the contract page. Each action runs one milestone transition
 * (server/payments/milestones.ts) in a transaction and applies its effects in it.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import { controlCharactersMessage } from "../../shared/schemas";
import { formatCents, formatDate, isBlankAmount } from "../../shared/format";
import {
  AUTO_RELEASE_MS,
  autoReleaseAt,
  CONTRACT_COMPLETED,
  contractClosedReason,
  HIRE_ENDED_NOTE,
  PAYMENT_REFERENCE,
  parseRandCents,
  RELEASE_REMINDER_MS,
  type FeePolicy,
  type MilestoneEvent,
} from "../../shared/payments";
import type { AppConfig } from "../config";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { contracts, milestones, payments, payouts, projects, proposals, users } from "../db/schema";
import type { MailContext } from "../email/preferences";
import { ConflictError, ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";
import { isUuid } from "../lib/ids";
import { log } from "../log";
import { applyEffects, mergeEffects } from "../notifications/effects";
import { milestoneName, transitionMilestone, type MilestoneActorRef } from "./milestones";
import { moderatorAlert } from "./alerts";
import { disputeAnswerRefusal } from "./contracts";
import { attachDelivery, parseDeliveryFiles } from "./deliveries";
import { assertMayMoveMoney } from "./gate";
import { sendPayoutTransfers, settlePayout } from "./payouts";
import { queueProviderRefund } from "./refunds";
import { createPaystackProvider } from "./providers/paystack";
import { createTestProvider, TEST_SIGNATURE_HEADER } from "./providers/test";
import type { PaymentProvider, ProviderEvent } from "./providers/types";

/** What payments actions need: the database, the mail context, the payments settings and the provider. */
export type PaymentsDeps = { db: Db; provider: PaymentProvider; fees: FeePolicy } & MailContext;

/** The fee policy of the configuration: the platform fee, and 15% VAT on it when VAT_NUMBER is set. */
export function feePolicy(config: Pick<AppConfig, "payments">): FeePolicy {
  return { feeBps: config.payments.feeBps, vatBps: config.payments.vatNumber ? 1500 : 0, vatNumber: config.payments.vatNumber };
}

/** The provider PAYMENTS_PROVIDER names. */
export function createProvider(config: Pick<AppConfig, "payments">, ctx: { db: Db; appUrl: string; secret: string }): PaymentProvider {
  if (config.payments.provider === "paystack") {
    return createPaystackProvider({ secretKey: config.payments.paystackSecretKey!, baseUrl: config.payments.paystackBaseUrl });
  }
  return createTestProvider(ctx);
}

/** Builds PaymentsDeps from the app's dependencies. */
export function paymentsDeps(deps: { db: Db; config: Pick<AppConfig, "appUrl" | "payments">; secret: string }): PaymentsDeps {
  const ctx = { db: deps.db, appUrl: deps.config.appUrl, secret: deps.secret };
  return { ...ctx, provider: createProvider(deps.config, ctx), fees: feePolicy(deps.config) };
}

/** Runs one milestone transition in its own transaction and applies its effects. */
async function act(
  deps: PaymentsDeps,
  milestoneId: string,
  event: MilestoneEvent,
  actor: MilestoneActorRef,
  extra: { note?: string; developerCents?: number } = {},
  /** More writes of the same transaction, after the transition (a delivery's files). */
  also?: (tx: Tx) => Promise<void>,
) {
  // A refund is booked and queued at the provider inside the transition (server/payments/refunds.ts).
  return deps.db.transaction(async (tx) => {
    const r = await transitionMilestone(tx, { milestoneId, event, actor, fees: deps.fees, ...extra });
    if (also) await also(tx);
    await applyEffects(tx, deps, r.effects);
    return r;
  });
}

const NOTE_MAX = 2000;
/** A note of at most NOTE_MAX characters; `required` is the message of one missing or under 5 characters (null: optional). */
function noteOf(value: unknown, field: string, required: string | null): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (/[^\P{Cc}\t\n\r]/u.test(text)) throw new ValidationError({ [field]: controlCharactersMessage("The text") });
  if (required && text.length < 5) throw new ValidationError({ [field]: required });
  if (text.length > NOTE_MAX) throw new ValidationError({ [field]: `At most ${NOTE_MAX} characters` });
  return text;
}

/**
 * The developer delivers a funded milestone, with a note and optionally up to MAX_DELIVERY_FILES
 * uploaded files (`attachments`: upload ids), attached in the same transaction. Throws as
 * transitionMilestone, and ValidationError on `note` or `attachments` (nothing changes then).
 */
export async function submitMilestone(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string, note: unknown, attachments?: unknown) {
  const me = requireUser(user);
  const text = noteOf(note, "note", null);
  const fileIds = parseDeliveryFiles(attachments);
  return act(deps, milestoneId, "submit", { role: "developer", userId: me.id }, { note: text }, (tx) => attachDelivery(tx, me.id, milestoneId, fileIds));
}

/** The client approves a submitted milestone: released to the developer less the fee. */
export async function approveMilestone(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string) {
  const me = requireUser(user);
  return act(deps, milestoneId, "approve", { role: "client", userId: me.id });
}

/** The client asks for changes on a submitted milestone. */
export async function requestMilestoneChanges(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string, feedback: unknown) {
  const me = requireUser(user);
  return act(
    deps,
    milestoneId,
    "requestChanges",
    { role: "client", userId: me.id },
    { note: noteOf(feedback, "feedback", "Say what should change (at least 5 characters)") },
  );
}

/** The developer gives a funded milestone back to the client (cancelled by agreement). */
export async function refundMilestone(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string) {
  const me = requireUser(user);
  return act(deps, milestoneId, "refund", { role: "developer", userId: me.id });
}

/** The client or the developer disputes a funded or submitted milestone, with a reason. */
export async function disputeMilestone(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string, reason: unknown) {
  const me = requireUser(user);
  const contract = await contractOfMilestone(deps.db, milestoneId);
  const role = contract.clientId === me.id ? "client" : contract.developerId === me.id ? "developer" : null;
  if (!role) throw new ForbiddenError("Only the contract's client or developer can dispute");
  return act(
    deps,
    milestoneId,
    "dispute",
    { role, userId: me.id },
    { note: noteOf(reason, "reason", "Give the reason for the dispute (at least 5 characters)") },
  );
}

/**
 * A moderator resolves a disputed milestone: `developerRand` whole rand (or "123.45") go to the
 * developer (less the fee), the rest back to the client. Throws ForbiddenError for anyone but a
 * moderator, ValidationError for an amount outside 0..the milestone's amount.
 */
export async function resolveDispute(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string, developerRand: unknown) {
  const me = requireUser(user);
  if (isBlankAmount(developerRand)) throw new ValidationError({ developerAmount: "Please enter the developer's share" });
  const cents = parseRandCents(developerRand);
  if (cents === null) throw new ValidationError({ developerAmount: "Enter the developer's share in rand, e.g. 2500 or 2500.50" });
  return act(deps, milestoneId, "resolve", { role: "moderator", userId: me.id }, { developerCents: cents });
}

async function contractOfMilestone(db: Db, milestoneId: string) {
  if (!isUuid(milestoneId)) throw new NotFoundError("Milestone not found");
  const [row] = await db
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      developerId: contracts.developerId,
      status: milestones.status,
      amountCents: milestones.amountCents,
      proposalStatus: proposals.status,
      projectStatus: projects.status,
    })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(proposals, eq(proposals.id, contracts.proposalId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(eq(milestones.id, milestoneId));
  if (!row) throw new NotFoundError("Milestone not found");
  return row;
}

/**
 * The client starts paying a milestone: a pending payment under a new reference, and the
 * provider's checkout address to send them to. Throws ForbiddenError (not the contract's client),
 * ConflictError (the hire has ended, HIRE_ENDED; the project is complete, CONTRACT_COMPLETED; the
 * milestone is not awaiting funding).
 */
export async function startFunding(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string): Promise<{ checkoutUrl: string; reference: string }> {
  const me = requireUser(user);
  assertMayMoveMoney(me);
  const contract = await contractOfMilestone(deps.db, milestoneId);
  if (contract.clientId !== me.id) throw new ForbiddenError("Only the contract's client can fund a milestone");
  // An ended hire's or a completed project's contract stays as a record only: no money goes into it
  // (docs/product.md, Payments "Contracts").
  const closed = contractClosedReason(contract);
  if (closed) throw new ConflictError(closed);
  if (contract.status !== "proposed") throw new ConflictError("Only an unfunded milestone can be funded");
  const [payer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
  const reference = `bz_${randomBytes(12).toString("hex")}`;
  await deps.db.insert(payments).values({ reference, provider: deps.provider.name, milestoneId, payerId: me.id, amountCents: contract.amountCents });
  const { checkoutUrl } = await deps.provider.initialize({
    reference,
    amountCents: contract.amountCents,
    email: payer?.email ?? me.email,
    callbackUrl: `${deps.appUrl}/contracts/${contract.id}?payment=${reference}`,
  });
  return { checkoutUrl, reference };
}

export type SettleOutcome = "funded" | "failed" | "already" | "refunded";

/**
 * The milestone a payment is for, with what decides whether it may still be funded, read under
 * locks: the contract row (FOR UPDATE, as a milestone transition takes it first), then the project
 * row (FOR SHARE). Completing a project and ending its hire lock the project row, so either they
 * commit first and this sees the contract closed, or they wait and then find the money in escrow
 * (completion and cancelling refuse it). Undefined when the milestone is gone.
 */
async function lockMilestoneContract(tx: Tx, milestoneId: string) {
  const [ref] = await tx
    .select({ contractId: milestones.contractId, projectId: contracts.projectId })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .where(eq(milestones.id, milestoneId));
  if (!ref) return undefined;
  await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, ref.contractId)).for("update");
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, ref.projectId)).for("share");
  const [m] = await tx
    .select({
      status: milestones.status,
      title: milestones.title,
      contractId: milestones.contractId,
      projectTitle: projects.title,
      projectStatus: projects.status,
      proposalStatus: proposals.status,
    })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(proposals, eq(proposals.id, contracts.proposalId))
    .where(eq(milestones.id, milestoneId));
  return m;
}

/**
 * Settles the payment `reference` as the provider reports it (webhook or verify), once: the
 * payment row is locked, and a payment already settled is left as it is ("already"). A success
 * funds the milestone (ledger journal keyed by the reference); a success for a milestone that
 * is no longer awaiting funding (paid twice), or whose hire ended after the checkout started, is
 * refunded whole. Unknown references and
 * amounts other than the payment's are refused (NotFoundError, ConflictError).
 */
export async function settlePayment(
  deps: PaymentsDeps,
  reference: string,
  status: "success" | "failed",
  amountCents: number,
  reason = "",
): Promise<SettleOutcome> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.reference, reference)).for("update");
    if (!p) throw new NotFoundError("Payment not found");
    if (p.status !== "pending") return "already";
    if (status === "success" && amountCents !== p.amountCents) throw new ConflictError("The paid amount is not the payment's amount");
    const now = new Date();
    if (status === "failed") {
      const failureReason = reason || "The payment was declined";
      await tx.update(payments).set({ status: "failed", failureReason, settledAt: now, updatedAt: now }).where(eq(payments.id, p.id));
      // The payer may have left the checkout before the answer came (a webhook, the reconciliation
      // job): they hear of it by notice and email, always sent (docs/product.md, Emails).
      const [m] = await tx
        .select({ title: milestones.title, contractId: milestones.contractId, projectTitle: projects.title })
        .from(milestones)
        .innerJoin(contracts, eq(contracts.id, milestones.contractId))
        .innerJoin(projects, eq(projects.id, contracts.projectId))
        .where(eq(milestones.id, p.milestoneId));
      if (m) {
        const subject = `Your payment of ${formatCents(p.amountCents)} for ${milestoneName(m.title, m.projectTitle)} did not go through`;
        const link = `/contracts/${m.contractId}`;
        const details = [
          `The reason given: ${failureReason}. The milestone is not funded: no money reached escrow.`,
          `Fund it again from the contract page when you are ready: the developer starts once the money is in escrow.`,
        ];
        await applyEffects(tx, deps, {
          notices: [{ userId: p.payerId, type: "payment_failed", message: subject, link }],
          emails: [{ template: "payment-update", userId: p.payerId, data: { subject, details, link, linkLabel: "Contract" } }],
        });
      }
      return "failed";
    }
    const m = await lockMilestoneContract(tx, p.milestoneId);
    const closed = m ? contractClosedReason(m) : null;
    const ended = closed !== null;
    if (m && (m.status !== "proposed" || ended)) {
      // Paid twice (two checkouts of one milestone), or the hire ended or the project was completed
      // while the payer was at the checkout (docs/product.md, Payments "Contracts"): this payment
      // funds nothing and goes back whole through the provider, and the payer is told
      // (docs/product.md, Payments). Both late cases are "paid after the hire ended" on /payments.
      const named = milestoneName(m.title, m.projectTitle);
      const refundNote = ended ? HIRE_ENDED_NOTE : "";
      await tx.update(payments).set({ status: "refunded", failureReason: refundNote, settledAt: now, updatedAt: now }).where(eq(payments.id, p.id));
      await queueProviderRefund(tx, { paymentId: p.id, amountCents: p.amountCents, eventKey: `duplicate:${reference}` });
      const completed = closed === CONTRACT_COMPLETED;
      const subject = completed
        ? `The project was complete before your payment for ${named} came through: ${formatCents(p.amountCents)} is refunded to you`
        : ended
          ? `The hire ended before your payment for ${named} came through: ${formatCents(p.amountCents)} is refunded to you`
          : `You paid twice for ${named}: ${formatCents(p.amountCents)} is refunded to you`;
      const link = `/contracts/${m.contractId}`;
      const details = [
        ended
          ? `The ${completed ? "project was complete" : "hire had ended"} when payment ${reference} came through, so nothing was funded and that payment is refunded in full to the card or account you paid with. Your bank may take a few days to show it.`
          : `The milestone was already funded when payment ${reference} came through, so that payment is refunded in full to the card or account you paid with. Your bank may take a few days to show it.`,
      ];
      await applyEffects(tx, deps, {
        notices: [{ userId: p.payerId, type: "payment_refunded", message: subject, link }],
        emails: [{ template: "payment-update", userId: p.payerId, data: { subject, details, link, linkLabel: "Contract" } }],
      });
      return "refunded";
    }
    await tx.update(payments).set({ status: "succeeded", settledAt: now, updatedAt: now }).where(eq(payments.id, p.id));
    const result = await transitionMilestone(tx, {
      milestoneId: p.milestoneId,
      event: "fund",
      actor: { role: "system" },
      fees: deps.fees,
      paymentReference: reference,
      now,
    });
    await applyEffects(tx, deps, result.effects);
    return "funded";
  });
}

/**
 * Handles a provider webhook: the signature is checked before anything else (null: 401 for the
 * caller), then a charge event settles its payment once. Returns what happened.
 */
export async function handleWebhook(deps: PaymentsDeps, rawBody: string, headers: Headers): Promise<"invalid" | "ignored" | "settled" | SettleOutcome> {
  const event: ProviderEvent | null = deps.provider.parseWebhook(rawBody, headers);
  if (!event) return "invalid";
  if (event.type === "ignored") return "ignored";
  try {
    if (event.type === "transfer") return await settlePayout(deps, event.reference, event.status, event.reason);
    return await settlePayment(deps, event.reference, event.status, event.amountCents);
  } catch (error) {
    if (error instanceof NotFoundError) return "ignored";
    throw error;
  }
}

/** Asks the provider about one pending payment and settles it when it has an answer. */
export async function verifyPayment(deps: PaymentsDeps, reference: string): Promise<SettleOutcome | "pending"> {
  const answer = await deps.provider.verify(reference);
  if (answer.status === "pending") return "pending";
  return settlePayment(deps, reference, answer.status, answer.amountCents);
}

/** Reconciliation job: verifies pending payments older than `minAgeMs` (default 1 minute) with the provider. Returns how many settled. */
export async function reconcilePendingPayments(deps: PaymentsDeps, now = new Date(), minAgeMs = 60_000): Promise<number> {
  const due = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.status, "pending"), lt(payments.createdAt, new Date(now.getTime() - minAgeMs))))
    .orderBy(asc(payments.createdAt))
    .limit(100);
  let settled = 0;
  for (const p of due) {
    try {
      if ((await verifyPayment(deps, p.reference)) !== "pending") settled++;
    } catch (error) {
      log().warn({ err: error, reference: p.reference }, "payment reconciliation failed");
    }
  }
  return settled;
}

/**
 * The other side of an open dispute gives their side, once (docs/product.md, Payments
 * "Disputes"): `note` is 5 to 2,000 characters. Not a transition (the status stays disputed):
 * moderators and the side that raised it are told. Throws UnauthorizedError, NotFoundError,
 * ForbiddenError (not a party of the contract), ConflictError (not disputed, the raiser, or
 * answered already), ValidationError (answer).
 */
export async function answerDispute(deps: PaymentsDeps, user: SessionUser | null, milestoneId: string, note: unknown): Promise<void> {
  const me = requireUser(user);
  if (!isUuid(milestoneId)) throw new NotFoundError("Milestone not found");
  const text = noteOf(note, "answer", "Give your side (at least 5 characters)");
  await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select({
        status: milestones.status,
        title: milestones.title,
        disputedBy: milestones.disputedBy,
        disputeResponse: milestones.disputeResponse,
        contractId: contracts.id,
        clientId: contracts.clientId,
        developerId: contracts.developerId,
        projectTitle: projects.title,
      })
      .from(milestones)
      .innerJoin(contracts, eq(contracts.id, milestones.contractId))
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .where(eq(milestones.id, milestoneId))
      .for("update", { of: milestones });
    if (!m) throw new NotFoundError("Milestone not found");
    if (me.id !== m.clientId && me.id !== m.developerId) throw new ForbiddenError("Only the contract's client or developer can do that");
    const refusal = disputeAnswerRefusal(m, me.id);
    if (refusal) throw new ConflictError(refusal);
    await tx.update(milestones).set({ disputeResponse: text }).where(eq(milestones.id, milestoneId));
    const named = milestoneName(m.title, m.projectTitle);
    const raiser = me.id === m.clientId ? m.developerId : m.clientId;
    // The raiser and every moderator hear of it by notice and email, with the answer itself
    // (docs/product.md, Payments "Disputes": milestone notices are also emailed).
    const toRaiser = `${me.name} gave their side of the dispute on ${named}`;
    const details = [`Their side: "${text}"`, "A moderator reads both sides before deciding how to share the money held in escrow."];
    const raiserHears = {
      notices: [{ userId: raiser, type: "dispute_answered", message: toRaiser, link: `/contracts/${m.contractId}` }],
      emails: [
        {
          template: "payment-update" as const,
          userId: raiser,
          data: { subject: toRaiser, details, link: `/contracts/${m.contractId}`, linkLabel: "Contract" },
        },
      ],
    };
    const moderatorsHear = await moderatorAlert(tx, { type: "dispute_answered", subject: `${me.name} answered the dispute on ${named}`, details });
    await applyEffects(tx, deps, mergeEffects(raiserHears, moderatorsHear));
  });
}

/** Auto-release job: milestones submitted AUTO_RELEASE_DAYS ago without an answer are released. Returns how many. */
export async function autoReleaseDue(deps: PaymentsDeps, now = new Date()): Promise<number> {
  // Submitted before `cutoff` <=> autoReleaseAt(submittedAt) is before `now`.
  const cutoff = new Date(now.getTime() - AUTO_RELEASE_MS);
  const due = await deps.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.status, "submitted"), lt(milestones.submittedAt, cutoff)))
    .limit(100);
  let released = 0;
  for (const m of due) {
    try {
      await act(deps, m.id, "autoRelease", { role: "system" });
      released++;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return released;
}

/**
 * Reminder job (docs/product.md, Payments "Automatic release"): the client of each milestone
 * submitted more than AUTO_RELEASE_DAYS - RELEASE_REMINDER_DAYS days ago, still unanswered and not
 * yet reminded for this submission, gets a notice and an email naming the day it will be released.
 * Each milestone is claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction as its
 * notice, so two instances remind once. At most 100 a round; returns how many were reminded.
 */
export async function remindBeforeAutoRelease(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (AUTO_RELEASE_MS - RELEASE_REMINDER_MS));
  // Not those already due for release (a job that was down): they are released, not announced.
  const overdue = new Date(now.getTime() - AUTO_RELEASE_MS);
  const due = await deps.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(
      and(eq(milestones.status, "submitted"), lt(milestones.submittedAt, cutoff), gt(milestones.submittedAt, overdue), isNull(milestones.releaseReminderAt)),
    )
    .limit(100);
  let reminded = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [m] = await tx
        .select({
          title: milestones.title,
          amountCents: milestones.amountCents,
          submittedAt: milestones.submittedAt,
          contractId: contracts.id,
          clientId: contracts.clientId,
          projectTitle: projects.title,
        })
        .from(milestones)
        .innerJoin(contracts, eq(contracts.id, milestones.contractId))
        .innerJoin(projects, eq(projects.id, contracts.projectId))
        .where(and(eq(milestones.id, id), eq(milestones.status, "submitted"), isNull(milestones.releaseReminderAt)))
        .for("update", { of: milestones, skipLocked: true });
      if (!m?.submittedAt) return false;
      await tx.update(milestones).set({ releaseReminderAt: now }).where(eq(milestones.id, id));
      const subject = `${milestoneName(m.title, m.projectTitle)} is released to the developer automatically on ${formatDate(autoReleaseAt(m.submittedAt))}`;
      const link = `/contracts/${m.contractId}`;
      const details = [
        `It was submitted for your approval on ${formatDate(m.submittedAt)}. If it is what you agreed, approve it; if not, request changes or open a dispute on the contract page before then, or its ${formatCents(m.amountCents)} goes to the developer.`,
      ];
      await applyEffects(tx, deps, {
        notices: [{ userId: m.clientId, type: "milestone_release_soon", message: subject, link }],
        emails: [{ template: "payment-update", userId: m.clientId, data: { subject, details, link, linkLabel: "Contract" } }],
      });
      return true;
    });
    if (done) reminded++;
  }
  return reminded;
}

/** A payment as the test checkout page shows it to its payer. Throws NotFoundError, ForbiddenError (not the payer's). */
export async function getCheckout(deps: PaymentsDeps, user: SessionUser | null, reference: string) {
  const me = requireUser(user);
  if (!PAYMENT_REFERENCE.test(reference)) throw new NotFoundError("Payment not found");
  const [p] = await deps.db
    .select({
      reference: payments.reference,
      amountCents: payments.amountCents,
      status: payments.status,
      payerId: payments.payerId,
      contractId: milestones.contractId,
      title: milestones.title,
    })
    .from(payments)
    .innerJoin(milestones, eq(milestones.id, payments.milestoneId))
    .where(eq(payments.reference, reference));
  if (!p) throw new NotFoundError("Payment not found");
  if (p.payerId !== me.id) throw new ForbiddenError("This payment is not yours");
  return p;
}

/**
 * The tester's choice at the test provider's checkout (PAYMENTS_PROVIDER=test only): the provider
 * records it and, for success or failure, calls our webhook endpoint back over HTTP with the
 * signed event, as a real provider would (a delivery that fails is found later by reconciliation
 * and by the contract page's verify). Returns the contract to go back to.
 */
export async function completeTestCheckout(deps: PaymentsDeps, user: SessionUser | null, reference: string, outcome: unknown): Promise<{ contractId: string }> {
  if (deps.provider.name !== "test") throw new NotFoundError("Payment not found");
  if (outcome !== "success" && outcome !== "failed" && outcome !== "delayed")
    throw new ValidationError({ outcome: "Choose success, failure or a delayed payment" });
  const p = await getCheckout(deps, user, reference);
  const provider = createTestProvider(deps);
  const event = await provider.complete(reference, outcome);
  if (event) await deliverTestWebhook(deps, event, reference);
  return { contractId: p.contractId };
}

/**
 * The tester's choice for a payout in test mode (paid, failed, reversed): the test provider
 * calls our webhook back with the signed transfer event, as for checkouts. Developers only, their
 * own payouts. Throws NotFoundError, ValidationError.
 */
export async function completeTestPayout(deps: PaymentsDeps, user: SessionUser | null, reference: unknown, outcome: unknown): Promise<void> {
  const me = requireUser(user);
  if (deps.provider.name !== "test") throw new NotFoundError("Payout not found");
  if (outcome !== "paid" && outcome !== "failed" && outcome !== "reversed") throw new ValidationError({ outcome: "Choose paid, failed or reversed" });
  const [p] = typeof reference === "string" ? await deps.db.select().from(payouts).where(eq(payouts.reference, reference)) : [];
  if (!p || p.userId !== me.id) throw new NotFoundError("Payout not found");
  // The sender usually started it already (woken at commit); a tester quicker than that starts it here.
  if (p.status === "pending" && !p.transferSentAt) await sendPayoutTransfers(deps);
  const event = await createTestProvider(deps).completeTransfer(p.reference, outcome);
  if (event) await deliverTestWebhook(deps, event, p.reference);
}

/** POSTs a signed test-provider event to our webhook endpoint; a failed delivery is logged (reconciliation covers payments). */
async function deliverTestWebhook(deps: PaymentsDeps, event: { body: string; signature: string }, reference: string): Promise<void> {
  try {
    const res = await fetch(`${deps.appUrl}/api/v1/payments/webhooks/test`, {
      method: "POST",
      headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: event.signature },
      body: event.body,
      signal: AbortSignal.timeout(5000),
    });
    await res.body?.cancel();
  } catch (error) {
    log().warn({ err: error, reference }, "test provider could not deliver its webhook");
  }
}
