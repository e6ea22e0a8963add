/**
 * The hiring side of the project page (docs/product.md, Proposals): the owner's proposals with Shortlist, Decline and
 * Accept, the owner's project actions (complete, close, cancel hire), the hired developer and the
 * review form. Every action posts form data with an `intent` to the project route's action
 * through a fetcher, so the page keeps its scroll position; the answer is toasted.
 */
import { Ban, CheckCircle2, Handshake, ListChecks, MessageSquare, Star, ThumbsDown, UserCheck, XCircle } from "../ui/icons";
import { isValidElement, useCallback, useState, type ReactNode } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { countLabel, formatRand } from "../../../shared/format";
import { nextProjectStatus, nextProposalStatus, type ProposalStatus } from "../../../shared/lifecycle";
import type { ProposalSort } from "../../../shared/schemas";
import { Modal, ModalClose } from "../projects/modal";
import { AttachmentList, type FileInfo } from "../files/attachment-list";
import { Button, buttonClass } from "../ui/button";
import { Card } from "../ui/card";
import { Field, FieldError, Select, Textarea } from "../ui/form";
import { DeveloperSummary, ProposalFacts, ProposalStatusBadge, type DeveloperSummaryData } from "./proposal-bits";
import { useActionToast, type ActionResult } from "../../lib/action-toast";
import { useHydrated } from "../../lib/use-hydrated";
import { ConfirmDisclosure } from "../ui/confirm-disclosure";

/** A proposal as the owner's list shows it (the loader's Proposal, serialised). */
export interface OwnerProposal {
  id: string;
  developer: DeveloperSummaryData;
  coverLetter: string;
  price: number;
  durationLabel: string;
  milestones: { title: string; amount: number }[];
  status: ProposalStatus;
  declineReason: string;
  createdAt: string;
  /** Its files (docs/product.md, Files). */
  attachments?: FileInfo[];
}

const SORT_OPTIONS: { value: ProposalSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price_low", label: "Lowest price" },
  { value: "best_rated", label: "Best rated" },
];

/**
 * A button that opens a confirm dialog whose form posts `fields` (and whatever `children` adds)
 * with a fetcher; the dialog closes and a toast shows when the action succeeds. Until the page's
 * scripts run (and without them) the button opens the same confirmation in the page instead
 * (ConfirmDisclosure), whose form posts to the project's action, which comes back to the page with
 * the toast's words (docs/product.md, Look and feel). `trigger`: a Button (its variant, size,
 * class and content are the disclosure's).
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  fields,
  confirmLabel,
  busyLabel,
  danger = false,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  children?: ReactNode | ((result: Extract<ActionResult, { ok: false }> | undefined) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const close = useCallback(() => setOpen(false), []);
  const result = useActionToast(fetcher, close);
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  if (!hydrated) {
    const button = (isValidElement(trigger) ? trigger.props : {}) as {
      variant?: "primary" | "secondary" | "ghost" | "danger";
      size?: "sm" | "md" | "lg";
      className?: string;
      children?: ReactNode;
    };
    return (
      <ConfirmDisclosure
        summary={button.children}
        variant={button.variant ?? "primary"}
        size={button.size}
        className={button.className}
        title={title}
        description={description}
        fields={fields}
        confirmLabel={confirmLabel}
        confirmVariant={danger ? "danger" : "primary"}
      >
        {typeof children === "function" ? children(undefined) : children}
      </ConfirmDisclosure>
    );
  }
  return (
    <Modal open={open} onOpenChange={setOpen} title={title} description={description} trigger={trigger}>
      <fetcher.Form method="post" preventScrollReset className="space-y-4">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {typeof children === "function" ? children(result) : children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ModalClose>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/** The owner's project actions by status: Close project (active), Mark as complete and Cancel hire (in progress). */
export function OwnerProjectActions({ status, hiredName }: { status: string; hiredName: string | null }) {
  return (
    <>
      {nextProjectStatus(status, "complete") ? (
        <ConfirmAction
          trigger={
            <Button size="sm" className="w-full sm:w-auto">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Mark as complete
            </Button>
          }
          title="Mark this project as complete?"
          description={`${hiredName ?? "The developer"} will be credited with a completed project, and you can both leave a review. Its contract then closes: milestones not yet funded can no longer be funded or changed.`}
          fields={{ intent: "complete" }}
          confirmLabel="Mark as complete"
          busyLabel="Completing..."
        />
      ) : null}
      {nextProjectStatus(status, "cancelHire") ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="secondary" className="w-full sm:w-auto">
              <Ban className="size-4" aria-hidden="true" />
              Cancel hire
            </Button>
          }
          title="Cancel the hire?"
          description={`${hiredName ?? "The developer"}'s proposal will be cancelled and the project opens for proposals again.`}
          fields={{ intent: "cancelHire" }}
          confirmLabel="Cancel hire"
          busyLabel="Cancelling..."
          danger
        />
      ) : null}
      {nextProjectStatus(status, "close") ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="secondary" className="w-full sm:w-auto">
              <XCircle className="size-4" aria-hidden="true" />
              Close project
            </Button>
          }
          title="Close this project?"
          description="It stops taking proposals, and the proposals awaiting a decision are declined."
          fields={{ intent: "close" }}
          confirmLabel="Close project"
          busyLabel="Closing..."
          danger
        />
      ) : null}
    </>
  );
}

/** "Proposals ({n})" for the project owner (id="proposals"), sortable in the URL (?proposalSort=). */
export function ProposalsSection({
  proposals,
  sort,
  projectId,
  projectStatus,
}: {
  proposals: OwnerProposal[];
  sort: ProposalSort;
  projectId: string;
  projectStatus: string;
}) {
  const [params, setParams] = useSearchParams();
  return (
    <Card id="proposals" className="scroll-mt-24 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Proposals ({proposals.length})</h2>
        {proposals.length ? (
          <div className="flex items-center gap-2">
            <label htmlFor="proposalSort" className="whitespace-nowrap text-sm text-slate-600">
              Sort by
            </label>
            <Select
              id="proposalSort"
              className="w-auto"
              value={sort}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.target.value === "newest") next.delete("proposalSort");
                else next.set("proposalSort", e.target.value);
                setParams(next, { preventScrollReset: true, replace: true });
              }}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
      </div>
      {proposals.length ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {proposals.map((p) => (
            <ProposalItem key={p.id} proposal={p} projectId={projectId} projectStatus={projectStatus} />
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center">
          <p className="font-medium text-slate-800">No proposals yet</p>
          <p className="mt-1 text-sm text-slate-600">Developers' proposals will show up here. We will email you when one arrives.</p>
        </div>
      )}
    </Card>
  );
}

function ProposalItem({ proposal: p, projectId, projectStatus }: { proposal: OwnerProposal; projectId: string; projectStatus: string }) {
  const shortlist = useFetcher();
  useActionToast(shortlist);
  const canAccept = nextProposalStatus(p.status, "accept") !== null && nextProjectStatus(projectStatus, "accept") !== null;
  const canDecline = nextProposalStatus(p.status, "decline") !== null;
  const canShortlist = nextProposalStatus(p.status, "shortlist") !== null;
  return (
    // Its own anchor: the invited developers list links to the proposal it received (#proposal-{id}).
    <li id={`proposal-${p.id}`} className="scroll-mt-24 py-5 first:pt-0 last:pb-0">
      <article aria-label={`Proposal from ${p.developer.name}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <DeveloperSummary developer={p.developer} />
          <ProposalStatusBadge status={p.status} />
        </div>
        <ProposalFacts proposal={p} className="mt-3 gap-x-6" />
        <p className="mt-3 whitespace-pre-line break-words text-slate-700">{p.coverLetter}</p>
        {p.attachments?.length ? (
          <div className="mt-3">
            <AttachmentList files={p.attachments} title="Proposal attachments" />
          </div>
        ) : null}
        {p.milestones.length ? (
          <div className="mt-3">
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
              <ListChecks className="size-4 text-slate-400" aria-hidden="true" /> Milestones
            </h3>
            <ol className="mt-1 space-y-1 text-sm text-slate-700">
              {p.milestones.map((m, i) => (
                <li key={i} className="flex justify-between gap-3 rounded bg-slate-50 px-3 py-1.5">
                  <span className="min-w-0 break-words">
                    {i + 1}. {m.title}
                  </span>
                  <span className="shrink-0 font-medium">{formatRand(m.amount)}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {p.status === "declined" && p.declineReason ? <p className="mt-2 text-sm text-slate-500">Declined: {p.declineReason}</p> : null}
        {/* items-start: a confirmation opened in the page (without scripts) does not stretch its neighbours. */}
        <div className="mt-4 flex flex-wrap items-start gap-2">
          {/* Message the proposer about this project (docs/product.md, Journeys "Message a proposer"). */}
          <Link to={`/messages/new?to=${encodeURIComponent(p.developer.id)}&project=${projectId}`} className={buttonClass("secondary", "sm")}>
            <MessageSquare className="size-4" aria-hidden="true" />
            Message<span className="sr-only"> {p.developer.name}</span>
          </Link>
          {canAccept ? (
            <ConfirmAction
              trigger={
                <Button size="sm">
                  <Handshake className="size-4" aria-hidden="true" />
                  Accept<span className="sr-only"> {p.developer.name}</span>
                </Button>
              }
              title={`Hire ${p.developer.name} for ${formatRand(p.price)}?`}
              description="The other proposals will be declined."
              fields={{ intent: "accept", proposalId: p.id }}
              confirmLabel="Hire"
              busyLabel="Hiring..."
            />
          ) : null}
          {canShortlist ? (
            <shortlist.Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="shortlist" />
              <input type="hidden" name="proposalId" value={p.id} />
              <Button type="submit" size="sm" variant="secondary" busy={shortlist.state !== "idle"}>
                {shortlist.state !== "idle" ? null : <Star className="size-4" aria-hidden="true" />}
                Shortlist<span className="sr-only"> {p.developer.name}</span>
              </Button>
            </shortlist.Form>
          ) : null}
          {canDecline ? (
            <ConfirmAction
              trigger={
                <Button size="sm" variant="ghost">
                  <ThumbsDown className="size-4" aria-hidden="true" />
                  Decline<span className="sr-only"> {p.developer.name}</span>
                </Button>
              }
              title={`Decline ${p.developer.name}'s proposal?`}
              description="They will be told their proposal was declined."
              fields={{ intent: "decline", proposalId: p.id }}
              confirmLabel="Decline proposal"
              busyLabel="Declining..."
              danger
            >
              {(result) => (
                <Field id={`reason-${p.id}`} label="Reason (optional)" error={result?.fields?.reason}>
                  <Textarea
                    id={`reason-${p.id}`}
                    name="reason"
                    rows={3}
                    maxLength={500}
                    placeholder="e.g. We chose a developer with more e-commerce experience"
                  />
                </Field>
              )}
            </ConfirmAction>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** The hired developer of an in-progress or completed project. */
export function HiredDeveloperCard({
  developer,
  price,
  status,
  you = false,
  contractId = null,
}: {
  developer: DeveloperSummaryData;
  price: number;
  status: string;
  you?: boolean;
  /** The hire's contract (milestones and payments), for its client and developer. */
  contractId?: string | null;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserCheck className="size-5 text-brand-600" aria-hidden="true" />
        {you
          ? status === "completed"
            ? "You completed this project"
            : "You are hired on this project"
          : status === "completed"
            ? "Completed by"
            : "Hired developer"}
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <DeveloperSummary developer={developer} />
        <p className="text-sm text-slate-600">
          Agreed price <span className="font-semibold text-slate-900">{formatRand(price)}</span>
        </p>
      </div>
      {contractId ? (
        <Link to={`/contracts/${contractId}`} className="mt-4 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          Contract, milestones and payments
        </Link>
      ) : null}
    </Card>
  );
}

/** 1-5 stars as radio buttons and a comment (20+ characters); "Thanks for your review" once sent. */
export function ReviewCard({ who, canReview, reviewed }: { who: string; canReview: boolean; reviewed: boolean }) {
  const fetcher = useFetcher();
  const result = useActionToast(fetcher);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverFields = result?.fields ?? {};
  const shown = { ...serverFields, ...errors };
  const busy = fetcher.state !== "idle";
  if (reviewed) {
    return (
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Thanks for your review</h2>
        <p className="mt-1 text-slate-600">Your review of {who} helps others on BuildZA choose who to work with.</p>
      </Card>
    );
  }
  if (!canReview) return null;
  return (
    <Card id="review" className="scroll-mt-20 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Review {who}</h2>
      <p className="mt-1 text-sm text-slate-600">The project is complete. How was it working together? You can review once, within 30 days.</p>
      <fetcher.Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          const next: Record<string, string> = {};
          if (rating < 1) next.rating = "Please choose a rating";
          if (comment.trim().length < 20) next.comment = "Comment must be at least 20 characters";
          setErrors(next);
          if (Object.keys(next).length) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="review" />
        <fieldset aria-describedby="rating-error">
          <legend className="text-sm font-medium text-slate-800">Rating</legend>
          <div className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="relative cursor-pointer rounded-lg p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  className="absolute inset-0 size-full cursor-pointer opacity-0"
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setErrors(({ rating: _r, ...rest }) => rest);
                  }}
                />
                <Star className={`pointer-events-none size-8 ${n <= rating ? "fill-accent-500 text-accent-500" : "text-slate-300"}`} aria-hidden="true" />
                <span className="sr-only">{countLabel(n, "star")}</span>
              </label>
            ))}
          </div>
          <FieldError id="rating-error" message={shown.rating} />
        </fieldset>
        <Field id="review-comment" label="Comment" error={shown.comment} hint={`${comment.trim().length} characters (at least 20)`}>
          <Textarea
            id="review-comment"
            name="comment"
            rows={4}
            value={comment}
            invalid={Boolean(shown.comment)}
            aria-describedby="review-comment-error"
            onChange={(e) => {
              setComment(e.target.value);
              if (errors.comment && e.target.value.trim().length >= 20) setErrors(({ comment: _c, ...rest }) => rest);
            }}
          />
        </Field>
        <Button type="submit" busy={busy}>
          {busy ? "Sending Review..." : "Submit Review"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
