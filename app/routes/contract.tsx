/**
 * /contracts/{id} (docs/product.md, Payments): the contract of a hire with its milestones, their
 * states and the money in escrow, released and refunded; the actions each side may take now
 * (shared/payments.ts decides which buttons show; the server decides again), a moderator's
 * resolution of a dispute, milestone changes (either side proposes a new milestone or new terms
 * for an unfunded one, the other accepts or declines), due dates with "Overdue", and a link to the
 * messages thread with the other side.
 */
import { CalendarClock, MessageSquare, ShieldCheck, Star, Wallet } from "../components/ui/icons";
import { StarRating } from "../components/developers/developer-bits";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useState } from "react";
import { AttachmentList, AttachmentsField } from "../components/files/attachments";
import { ConfirmedSubmit } from "../components/ui/confirmed-submit";
import { Badge } from "../components/ui/badge";
import { Button, ButtonLink } from "../components/ui/button";
import { FieldError, Input, Textarea } from "../components/ui/form";
import { MAX_DELIVERY_FILES } from "../../shared/constants";
import { formatCents, formatDate } from "../../shared/format";
import { canMilestone, MILESTONE_STATUS_LABELS, type MilestoneStatus } from "../../shared/payments";
import type { Route } from "./+types/contract";
import {
  answerMilestoneChange,
  approveMilestone,
  answerDispute,
  disputeMilestone,
  failure,
  getContract,
  orHttpError,
  ownReview,
  paymentsDeps,
  proposeMilestoneChange,
  readBody,
  redirectWithFlash,
  refundMilestone,
  requestMilestoneChanges,
  requireUser,
  resolveDispute,
  setPaymentReturn,
  startFunding,
  submitMilestone,
  takePaymentReturn,
  UUID,
  verifyPayment,
  type OwnReview,
} from "./contract.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const returned = url.searchParams.get("payment");
  if (returned !== null && UUID.test(params.id)) {
    // Back from checkout: ask the provider now rather than wait for its webhook (settles once
    // either way), then drop `?payment=` from the address with a redirect carrying the reference
    // in a short-lived cookie, so the notice below is said once, also without JavaScript: a
    // reload or a bookmark of the address does not say it again (docs/product.md, Payments "Funding").
    const reference = /^bz_[0-9a-f]{24}$/.test(returned) ? returned : null;
    if (reference) await verifyPayment(paymentsDeps(context.deps), reference).catch(() => "pending");
    url.searchParams.delete("payment");
    const headers = reference ? { "Set-Cookie": await setPaymentReturn(params.id, reference) } : undefined;
    throw redirect(`${url.pathname}${url.search}`, { headers });
  }
  const { reference: back, clear } = await takePaymentReturn(request, params.id);
  const contract = await orHttpError(getContract(context.deps.db, user, params.id));
  // A completed hire's sides see their review here too (docs/product.md, Reviews): "Leave a review"
  // to the project page's form while they may, "You reviewed {name}" once written. Not on the
  // contract of a hire that ended: the project's review is of whoever completed it.
  const review =
    contract.viewer !== "moderator" && contract.projectStatus === "completed" && !contract.hireEnded
      ? await ownReview(context.deps.db, user, contract.projectId)
      : null;
  // Say how the checkout ended (docs/product.md, Payments "Funding"); a failure shows on its milestone.
  const funded = back ? contract.milestones.find((m) => m.receiptReference === back) : undefined;
  const paymentNotice = funded
    ? `Payment received: “${funded.title}” is funded. The money stays in escrow until you approve the work.`
    : back && contract.viewer === "client" && !contract.milestones.some((m) => m.lastPaymentFailure)
      ? "Your payment is being confirmed by the payment provider. The milestone shows Funded as soon as it is: refresh this page in a minute."
      : null;
  return data({ contract, paymentNotice, review }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = paymentsDeps(context.deps);
  const raw = await readBody(request, { arrays: ["attachments"] });
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const milestoneId = typeof body.milestoneId === "string" ? body.milestoneId : "";
  // A path that is no contract id names nothing (and must not reach a redirect's Location).
  if (!UUID.test(params.id)) throw data(null, { status: 404 });
  const back = (message: string, contractId = params.id) => redirectWithFlash(`/contracts/${contractId}`, { type: "success", message });
  const changeId = typeof body.changeId === "string" ? body.changeId : "";
  try {
    switch (body.intent) {
      case "fund": {
        const { checkoutUrl } = await startFunding(deps, user, milestoneId);
        return redirect(checkoutUrl);
      }
      case "submit":
        await submitMilestone(deps, user, milestoneId, body.note, body.attachments);
        return back("Milestone submitted for approval");
      case "approve":
        await approveMilestone(deps, user, milestoneId);
        return back("Milestone approved and released to the developer");
      case "requestChanges":
        await requestMilestoneChanges(deps, user, milestoneId, body.feedback);
        return back("Changes requested");
      case "refund":
        await refundMilestone(deps, user, milestoneId);
        return back("Milestone refunded to the client");
      case "dispute":
        await disputeMilestone(deps, user, milestoneId, body.reason);
        return back("Dispute opened. A moderator will look at it.");
      case "answerDispute":
        await answerDispute(deps, user, milestoneId, body.answer);
        return back("Your side was sent to the moderators");
      case "resolve":
        await resolveDispute(deps, user, milestoneId, body.developerAmount);
        return back("Dispute resolved");
      case "proposeChange":
        await proposeMilestoneChange(deps, user, params.id, {
          milestoneId: body.milestoneId,
          title: body.title,
          amount: body.amount,
          dueDate: body.dueDate,
        });
        return back("Proposal sent. Nothing changes until the other side accepts it.");
      case "acceptChange":
        return back("Proposal accepted", (await answerMilestoneChange(deps, user, changeId, "accept")).contractId);
      case "declineChange":
        return back("Proposal declined", (await answerMilestoneChange(deps, user, changeId, "decline")).contractId);
      default:
        return data({ ok: false as const, message: "Unknown action" }, { status: 400 });
    }
  } catch (err) {
    // Field messages are shown beside the milestone's own form (or the new-milestone form).
    return failure(err, milestoneId || (body.intent === "proposeChange" ? "new" : undefined));
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Contract: ${data.contract.projectTitle} | BuildZA` : "Contract | BuildZA" },
  { name: "robots", content: "noindex" },
];

const TONES: Record<MilestoneStatus, "green" | "grey" | "amber" | "blue"> = {
  proposed: "grey",
  funded: "blue",
  submitted: "amber",
  changes_requested: "amber",
  released: "green",
  refunded: "grey",
  disputed: "amber",
  resolved: "green",
};

export default function ContractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contract, paymentNotice, review } = loaderData;
  const busy = useNavigation().state !== "idle";
  const role = contract.viewer;
  const other = role === "client" ? contract.developer : contract.client;
  const failed: { message: string; fields?: Record<string, string>; target?: string } | null = actionData && "message" in actionData ? actionData : null;
  const error = failed?.message ?? null;
  // Messages of a form the page shows them beside (its milestone's) are not repeated in the banner.
  const fieldErrors = failed?.fields && !failed.target ? Object.values(failed.fields) : [];
  /** The message of `field` when the last post of milestone `target`'s form failed on it. */
  const inline = (target: string, field: string) => (failed?.target === target ? failed.fields?.[field] : undefined);
  const party = role === "client" || role === "developer";
  /**
   * Milestones may be funded and changes proposed and answered while the contract is open: the hire
   * stands and the project is not complete (docs/product.md, Payments "Contracts"; the server refuses the rest).
   */
  const changeable = !contract.closed && contract.projectStatus === "in_progress";
  const nameOf = (userId: string) => (userId === contract.client.id ? contract.client.name : contract.developer.name);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm text-slate-600">
        <Link to={`/projects/${contract.projectId}`} className="inline-flex min-h-11 items-center -my-3 text-brand-700 hover:underline">
          {contract.projectTitle}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Contract</h1>
      <p className="mt-1 text-sm text-slate-600">
        {contract.client.name} (client) with {contract.developer.name} (developer)
      </p>
      {contract.closed ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" data-contract-closed>
          {contract.closed}
        </p>
      ) : null}
      {review && (review.canReview || review.rating !== null) ? <ContractReview review={review} projectId={contract.projectId} other={other.name} /> : null}
      {paymentNotice && !error ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-payment-notice>
          {paymentNotice}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{error}</p>
          {fieldErrors.length ? (
            <ul className="mt-1 list-disc pl-5">
              {fieldErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section aria-labelledby="milestones-heading" className="space-y-4">
          <h2 id="milestones-heading" className="text-lg font-semibold text-slate-900">
            Milestones
          </h2>
          {contract.milestones.map((m) => (
            <article key={m.id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-milestone={m.position}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold text-slate-900">
                    {m.position}. {m.title}
                  </h3>
                  <p className="text-sm text-slate-700">{formatCents(m.amountCents)}</p>
                  <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                    <CalendarClock className="size-4" aria-hidden="true" />
                    {m.dueDate ? `Due ${formatDate(m.dueDate)}` : "No due date"}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  {m.overdue ? <Badge tone="amber">Overdue</Badge> : null}
                  <Badge tone={TONES[m.status]}>{MILESTONE_STATUS_LABELS[m.status]}</Badge>
                </div>
              </div>
              {m.lastPaymentFailure ? (
                <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  Payment failed: {m.lastPaymentFailure}. The milestone is not funded; you can try again.
                </p>
              ) : null}
              {m.receiptReference ? (
                <a href={`/receipts/${m.receiptReference}`} className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 hover:underline">
                  Funding receipt
                </a>
              ) : null}
              {m.submissionNote ? <p className="mt-3 text-sm text-slate-700">Delivery note: {m.submissionNote}</p> : null}
              {m.deliveryFiles.length ? (
                <div className="mt-3">
                  <AttachmentList files={m.deliveryFiles} title={`Delivered files of ${m.title}`} />
                </div>
              ) : null}
              {m.feedback && m.disputedBy && (m.status === "disputed" || m.status === "resolved") ? (
                <p className="mt-2 text-sm break-words text-slate-700" data-dispute-reason>
                  Dispute raised by the {m.disputedBy}: “{m.feedback}”
                </p>
              ) : m.feedback ? (
                <p className="mt-2 text-sm text-slate-700">Feedback: {m.feedback}</p>
              ) : null}
              {m.disputeResponse && m.disputedBy ? (
                <p className="mt-2 text-sm break-words text-slate-700" data-dispute-answer>
                  The {m.disputedBy === "client" ? "developer" : "client"}&apos;s side: “{m.disputeResponse}”
                </p>
              ) : null}
              {m.resolution ? (
                <p className="mt-2 text-sm font-medium text-slate-800" data-dispute-outcome>
                  Resolved by a moderator: {formatCents(m.resolution.releasedCents)} released to {contract.developer.name},{" "}
                  {formatCents(m.resolution.refundedCents)} refunded to {contract.client.name}.
                </p>
              ) : null}
              {m.canAnswerDispute ? (
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="milestoneId" value={m.id} />
                  <label className="block text-sm font-medium text-slate-800" htmlFor={`answer-${m.id}`}>
                    <Of subject={`Milestone ${m.position}`} />
                    Your side of the dispute (the moderator reads both before deciding)
                  </label>
                  <NoteArea id={`answer-${m.id}`} name="answer" rows={3} error={inline(m.id, "answer")} />
                  <Button type="submit" name="intent" value="answerDispute" variant="secondary" busy={busy}>
                    Send your side
                    <Which n={m.position} />
                  </Button>
                </Form>
              ) : null}
              {m.autoReleaseAt ? (
                <p className="mt-2 flex items-start gap-1 text-sm text-slate-700" data-auto-release>
                  <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {role === "client"
                    ? `If you do not answer, it is released to ${contract.developer.name} automatically on ${formatDate(m.autoReleaseAt)}.`
                    : role === "developer"
                      ? `Released to you automatically on ${formatDate(m.autoReleaseAt)} if ${contract.client.name} does not answer.`
                      : `Released to the developer automatically on ${formatDate(m.autoReleaseAt)} without an answer.`}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-2 empty:hidden">
                {role === "client" && m.status === "proposed" && changeable ? (
                  <Form method="post">
                    <input type="hidden" name="milestoneId" value={m.id} />
                    <Button type="submit" name="intent" value="fund" busy={busy}>
                      Fund {formatCents(m.amountCents)}
                      <Which n={m.position} />
                    </Button>
                  </Form>
                ) : null}
                {role === "client" && canMilestone(m.status, "approve", "client") ? (
                  <ConfirmedSubmit
                    fields={{ milestoneId: m.id }}
                    intent="approve"
                    label="Approve and release"
                    suffix={<Which n={m.position} />}
                    title={`Release ${formatCents(m.amountCents)} to ${contract.developer.name}?`}
                    description={`“${m.title}” is approved and its money leaves escrow for ${contract.developer.name}'s balance. This cannot be undone.`}
                    keep="Not yet"
                  />
                ) : null}
                {role === "developer" && canMilestone(m.status, "refund", "developer") ? (
                  <ConfirmedSubmit
                    fields={{ milestoneId: m.id }}
                    intent="refund"
                    label="Refund to client"
                    suffix={<Which n={m.position} />}
                    title={`Refund ${formatCents(m.amountCents)} to ${contract.client.name}?`}
                    description={`“${m.title}” ends unpaid and its money goes back to the card or account ${contract.client.name} paid with. This cannot be undone.`}
                    keep="Keep it funded"
                    variant="secondary"
                    confirmVariant="danger"
                  />
                ) : null}
              </div>
              {role === "developer" && canMilestone(m.status, "submit", "developer") ? (
                <DeliveryForm milestoneId={m.id} subject={`Milestone ${m.position}`} busy={busy} error={inline(m.id, "note") ?? inline(m.id, "attachments")} />
              ) : null}
              {role === "client" && canMilestone(m.status, "requestChanges", "client") ? (
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="milestoneId" value={m.id} />
                  <label className="block text-sm font-medium text-slate-800" htmlFor={`feedback-${m.id}`}>
                    <Of subject={`Milestone ${m.position}`} />
                    What should change?
                  </label>
                  <NoteArea id={`feedback-${m.id}`} name="feedback" rows={2} error={inline(m.id, "feedback")} />
                  <Button type="submit" name="intent" value="requestChanges" variant="secondary" busy={busy}>
                    Request changes
                    <Which n={m.position} />
                  </Button>
                </Form>
              ) : null}
              {(role === "client" || role === "developer") && canMilestone(m.status, "dispute", role) ? (
                <details className="mt-3" open={inline(m.id, "reason") ? true : undefined}>
                  <summary className="cursor-pointer text-sm font-medium text-slate-700">
                    Open a dispute
                    <Which n={m.position} />
                  </summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="milestoneId" value={m.id} />
                    <label className="block text-sm font-medium text-slate-800" htmlFor={`reason-${m.id}`}>
                      <Of subject={`Milestone ${m.position}`} />
                      Reason
                    </label>
                    <NoteArea id={`reason-${m.id}`} name="reason" rows={2} error={inline(m.id, "reason")} />
                    <Button type="submit" name="intent" value="dispute" variant="danger" busy={busy}>
                      Open dispute
                      <Which n={m.position} />
                    </Button>
                  </Form>
                </details>
              ) : null}
              {role === "moderator" && canMilestone(m.status, "resolve", "moderator") ? (
                <Form method="post" className="mt-3 space-y-2 rounded-xl bg-slate-50 p-3">
                  <input type="hidden" name="milestoneId" value={m.id} />
                  <label className="block text-sm font-medium text-slate-800" htmlFor={`split-${m.id}`}>
                    <Of subject={`Milestone ${m.position}`} />
                    Developer&apos;s share in rand (the rest is refunded to the client)
                  </label>
                  <Input
                    id={`split-${m.id}`}
                    name="developerAmount"
                    inputMode="decimal"
                    placeholder="e.g. 2500"
                    invalid={Boolean(inline(m.id, "developerAmount"))}
                    aria-describedby={inline(m.id, "developerAmount") ? `split-${m.id}-error` : undefined}
                  />
                  <FieldError id={`split-${m.id}-error`} message={inline(m.id, "developerAmount")} />
                  <Button type="submit" name="intent" value="resolve" busy={busy}>
                    <ShieldCheck className="size-4" aria-hidden="true" /> Resolve dispute
                    <Which n={m.position} />
                  </Button>
                </Form>
              ) : null}
              {party && m.status === "proposed" && changeable ? (
                <details className="mt-3">
                  <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">
                    Propose a change
                    <Which n={m.position} />
                  </summary>
                  <ChangeForm
                    idPrefix={m.id}
                    milestoneId={m.id}
                    subject={`Milestone ${m.position}`}
                    title={m.title}
                    amount={m.amountCents / 100}
                    dueDate={m.dueDate}
                    busy={busy}
                  />
                </details>
              ) : null}
            </article>
          ))}
          {contract.changes.length ? (
            <section aria-labelledby="changes-heading" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
              <h2 id="changes-heading" className="font-semibold text-slate-900">
                Proposed changes
              </h2>
              <ul className="mt-2 space-y-3">
                {contract.changes.map((ch) => {
                  const target = contract.milestones.find((m) => m.id === ch.milestoneId);
                  return (
                    <li key={ch.id} className="rounded-xl bg-white p-3 text-sm text-slate-800" data-change={ch.id}>
                      <p>
                        {nameOf(ch.proposedBy)} proposes {target ? `changing milestone ${target.position} to` : "a new milestone:"} <strong>{ch.title}</strong>,{" "}
                        {formatCents(ch.amountCents)}, {ch.dueDate ? `due ${formatDate(ch.dueDate)}` : "no due date"}
                      </p>
                      {!changeable ? null : party && ch.proposedBy !== (role === "client" ? contract.client.id : contract.developer.id) ? (
                        <Form method="post" className="mt-2 flex flex-wrap gap-2">
                          <input type="hidden" name="changeId" value={ch.id} />
                          <Button type="submit" name="intent" value="acceptChange" busy={busy}>
                            Accept
                          </Button>
                          <Button type="submit" name="intent" value="declineChange" variant="secondary" busy={busy}>
                            Decline
                          </Button>
                        </Form>
                      ) : party ? (
                        <p className="mt-1 text-slate-600">Waiting for {other.name} to accept or decline</p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          {party && changeable ? (
            <details className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
              <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">Propose a new milestone</summary>
              <ChangeForm idPrefix="new" milestoneId="" subject="New milestone" title="" amount={null} dueDate={null} busy={busy} />
            </details>
          ) : null}
        </section>
        <aside className="space-y-4">
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="font-semibold text-slate-900">Money</h2>
            <dl className="mt-2 space-y-1 text-sm">
              {(
                [
                  ["Contract total", contract.totals.total],
                  ["In escrow", contract.totals.escrow],
                  ["Released", contract.totals.released],
                  ["Refunded", contract.totals.refunded],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900">{formatCents(cents)}</dd>
                </div>
              ))}
            </dl>
          </div>
          {role === "developer" ? (
            <Link
              to="/payouts"
              className="flex min-h-11 items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              <Wallet className="size-4" aria-hidden="true" /> Your balance and payouts
            </Link>
          ) : null}
          {role !== "moderator" ? (
            // The two's conversation about this project (docs/product.md, Payments "Contracts"), not a
            // second thread without it: the project's owner and its hired developer may both open it.
            <Link
              to={`/messages/new?to=${encodeURIComponent(other.id)}&project=${contract.projectId}`}
              className="flex min-h-11 items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              <MessageSquare className="size-4" aria-hidden="true" /> Messages with {other.name}
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/**
 * A field label's hidden prefix naming the milestone it belongs to ("Milestone 2"): every milestone
 * has the same forms, and a screen reader's list of fields must tell them apart (docs/product.md,
 * Accessibility). Sighted people see the milestone the form sits in.
 */
function Of({ subject }: { subject: string }) {
  return <span className="sr-only">{subject} </span>;
}

/**
 * The form proposing a milestone change (a new milestone when milestoneId is empty), prefilled with
 * the current terms; `subject` ("Milestone 2", "New milestone") starts each field's accessible name.
 */
function ChangeForm(props: {
  idPrefix: string;
  milestoneId: string;
  subject: string;
  title: string;
  amount: number | null;
  dueDate: string | null;
  busy: boolean;
}) {
  const id = (field: string) => `change-${field}-${props.idPrefix}`;
  return (
    <Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="milestoneId" value={props.milestoneId} />
      <label className="block text-sm font-medium text-slate-800" htmlFor={id("title")}>
        <Of subject={props.subject} />
        Title
      </label>
      <Input id={id("title")} name="title" defaultValue={props.title} maxLength={120} required />
      <label className="block text-sm font-medium text-slate-800" htmlFor={id("amount")}>
        <Of subject={props.subject} />
        Amount (R)
      </label>
      <Input id={id("amount")} name="amount" inputMode="numeric" defaultValue={props.amount ?? ""} required />
      <label className="block text-sm font-medium text-slate-800" htmlFor={id("due")}>
        <Of subject={props.subject} />
        Due date (optional)
      </label>
      <Input id={id("due")} name="dueDate" type="date" defaultValue={props.dueDate ?? ""} />
      <Button type="submit" name="intent" value="proposeChange" variant="secondary" busy={props.busy}>
        Send proposal
        <span className="sr-only"> ({props.subject.toLowerCase()})</span>
      </Button>
    </Form>
  );
}

/** The developer's submission: a delivery note and up to MAX_DELIVERY_FILES files (uploaded at once, sent as their ids). */
function DeliveryForm({ milestoneId, subject, busy, error }: { milestoneId: string; subject: string; busy: boolean; error?: string }) {
  const [ids, setIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <Form method="post" className="mt-3 space-y-2">
      <input type="hidden" name="milestoneId" value={milestoneId} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="attachments" value={id} />
      ))}
      <label className="block text-sm font-medium text-slate-800" htmlFor={`note-${milestoneId}`}>
        <Of subject={subject} />
        Delivery note
      </label>
      <NoteArea id={`note-${milestoneId}`} name="note" rows={2} error={error} />
      <p className="text-sm font-medium text-slate-800">Delivered files (optional)</p>
      <AttachmentsField
        max={MAX_DELIVERY_FILES}
        onChange={(next, pending) => {
          setIds(next);
          setUploading(pending);
        }}
        hint={`Up to ${MAX_DELIVERY_FILES} files, 10 MB each: images, PDF, text, Office documents or ZIP.`}
        which={` (${subject.toLowerCase()})`}
      />
      <Button type="submit" name="intent" value="submit" busy={busy} disabled={uploading}>
        Submit for approval
        <span className="sr-only"> ({subject.toLowerCase()})</span>
      </Button>
    </Form>
  );
}

/** A note's textarea (at most 2,000 characters) with its message below when the last post failed on it. */
function NoteArea({ id, name, rows, error }: { id: string; name: string; rows: number; error?: string }) {
  return (
    <>
      <Textarea id={id} name={name} rows={rows} maxLength={2000} invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/**
 * A repeated button's hidden suffix naming its milestone (" (milestone 2)"): every milestone has the
 * same buttons, and a screen reader's list of buttons must tell them apart (docs/product.md, Accessibility).
 */
function Which({ n }: { n: number }) {
  return <span className="sr-only"> (milestone {n})</span>;
}

/**
 * A completed hire's review as its side sees it on the contract (docs/product.md, Reviews): while
 * the window is open and nothing was written, "Leave a review" to the project page's review form
 * (the one review flow) with the last day; once written, "You reviewed {name}" with the stars.
 */
function ContractReview({ review, projectId, other }: { review: OwnReview; projectId: string; other: string }) {
  if (review.rating !== null) {
    return (
      <p
        className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
        data-contract-review
      >
        <span>You reviewed {other}</span>
        <StarRating rating={review.rating} />
      </p>
    );
  }
  return (
    <div
      className="mt-4 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between"
      data-contract-review
    >
      <p>
        The project is complete. How was it working with {other}? You can review once, until {formatDate(review.until)}.
      </p>
      <ButtonLink to={`/projects/${projectId}#review`} size="sm" className="w-full shrink-0 sm:w-auto">
        <Star className="size-4" aria-hidden="true" />
        Leave a review
      </ButtonLink>
    </div>
  );
}
