/**
 * Submit or edit a proposal (/projects/{id}/proposal, docs/product.md, Proposals): signed-in developers who do not
 * own the project, on active projects. A developer with a proposal awaiting a decision edits or
 * withdraws it here; a decided proposal shows its status instead of the form.
 */
import { AttachmentsField, type FileInfo } from "../components/files/attachments";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Plus, Send, Trash2, X } from "../components/ui/icons";
import { useState } from "react";
import { useFieldArray, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { registerWithDefaults } from "../lib/form-defaults";
import { data, Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { MAX_PROPOSAL_FILES, MAX_PROPOSAL_MILESTONES, TIMELINES } from "../../shared/constants";
import { formatBudget, formatCents, formatRand, once, readRand, timelineLabel } from "../../shared/format";
import { splitRelease, type FeePolicy } from "../../shared/payments";
import { nextProposalStatus } from "../../shared/lifecycle";
import { MIN_COVER_LETTER, MIN_PROPOSAL_PRICE, proposalSchema } from "../../shared/schemas";
import { Modal, ModalClose } from "../components/projects/modal";
import { RelativeTime } from "../components/ui/relative-time";
import { ProposalStatusBadge } from "../components/proposals/proposal-bits";
import { Button, ButtonLink } from "../components/ui/button";
import { ConfirmDisclosure } from "../components/ui/confirm-disclosure";
import { useHydrated } from "../lib/use-hydrated";
import { Card } from "../components/ui/card";
import { Field, FieldError, FormAlert, Input, Select, Textarea } from "../components/ui/form";
import type { ActionFailure } from "../lib/action.server";
import { usePostedFailure, useServerErrors } from "../lib/use-server-errors";
import { likeShape, postedVersion } from "../lib/form-fields";
import type { Route } from "./+types/project.proposal";
import {
  createOnce,
  domainDeps,
  failure,
  feePolicy,
  loadProposalPage,
  newFormKey,
  readFormBody,
  redirectWithFlash,
  requireUser,
  submitProposal,
  updateProposal,
  withdrawProposal,
} from "./project.proposal.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // The fee is shown before proposing (docs/product.md, Payments "Fees").
  const { feeBps, vatBps } = feePolicy(context.deps.config);
  return { ...(await loadProposalPage(context.deps.db, user, params.id)), idempotencyKey: newFormKey(), fees: { feeBps, vatBps } };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.mine ? "Your proposal" : "Submit a proposal"}${data ? ` - ${data.project.title}` : ""} | BuildZA` },
];

/**
 * Sends, updates (`intent: "update"`) or withdraws (`intent: "withdraw"`) the developer's proposal:
 * JSON from the form's scripts, or the form's fields when it was sent before or without them
 * (docs/product.md, Look and feel), whose duration comes as the chosen timeline (`durationMode`) or
 * "days" and `durationDays`. A refusal sent as a form carries the fields back (failure's `values`).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { db } = context.deps;
  const { body: sent, form } = await readFormBody(request);
  // A form names the duration with its two fields (a timeline, or "days" and a number); JSON sends one.
  const { durationMode, durationDays, ...fields } = form ?? {};
  const body = form ? { ...fields, duration: durationMode === DAYS ? (durationDays ?? "") : (durationMode ?? "") } : sent;
  const intent = body && typeof body === "object" && "intent" in body ? String(body.intent) : "submit";
  // "Add milestone" / "Remove milestone N" sent without the scripts: the form again, one row more or less.
  const milestones = form ? milestoneListEdit(form) : null;
  if (form && milestones) {
    const { milestoneEdit: _edit, ...values } = form;
    return data<ActionFailure>({ ok: false, message: "", values: { ...values, milestones } });
  }
  try {
    const { project, mine } = await loadProposalPage(db, user, params.id);
    const back = `/projects/${project.id}`;
    if (intent === "withdraw") {
      if (!mine) return redirectWithFlash(back, { type: "error", message: "You have no proposal on this project" });
      await withdrawProposal(domainDeps(context.deps), user, mine.id);
      return redirectWithFlash(back, { type: "success", message: "Proposal withdrawn" });
    }
    const { intent: _intent, ...input } = (body ?? {}) as Record<string, unknown>;
    // Only the edit form updates: a "Submit" form opened before the proposal was sent (another tab)
    // must not overwrite it unchecked; it goes on to createOnce, where a retry of the same form
    // gets its own answer again and any other is refused "already sent" (docs/product.md, Proposals).
    if (mine && intent === "update") {
      await updateProposal(domainDeps(context.deps), user, mine.id, input);
      return redirectWithFlash(back, { type: "success", message: "Proposal updated successfully!" });
    }
    // Once per form: a double submit or a retry sends one proposal (docs/security.md, Idempotency).
    return await createOnce(context.deps, user, request, input, async (db, fields) => {
      await submitProposal({ ...domainDeps(context.deps), db }, user, project.id, fields);
      return { location: back, flash: { type: "success", message: "Proposal submitted successfully!" } };
    });
  } catch (err) {
    if (err instanceof Response) return err;
    return failure(err, undefined, form);
  }
}

interface FormValues {
  coverLetter: string;
  price: string;
  duration: string;
  milestones: { title: string; amount: string }[];
  /** Uploaded file ids; absent: unchanged (docs/product.md, Files). */
  attachments?: string[];
}

const DAYS = "days";

/**
 * The milestones after "Add milestone" (`milestoneEdit=add`: one empty row more, up to
 * MAX_PROPOSAL_MILESTONES) or "Remove milestone N" (`milestoneEdit=remove.{N-1}`) sent before or without the
 * scripts (docs/product.md, Look and feel); null when the post is not one of them. The button has a
 * name of its own: the form's hidden `intent` (submit or update) comes first and would win.
 */
function milestoneListEdit(form: Record<string, unknown>): { title: string; amount: string }[] | null {
  const edit = typeof form.milestoneEdit === "string" ? form.milestoneEdit : "";
  const sent = (Array.isArray(form.milestones) ? form.milestones : []).map((m) => {
    const row = (m && typeof m === "object" ? m : {}) as Record<string, unknown>;
    return { title: typeof row.title === "string" ? row.title : "", amount: typeof row.amount === "string" ? row.amount : "" };
  });
  if (edit === "add") return sent.length < MAX_PROPOSAL_MILESTONES ? [...sent, { title: "", amount: "" }] : sent;
  const removed = /^remove\.(\d{1,2})$/.exec(edit);
  return removed ? sent.filter((_, i) => i !== Number(removed[1])) : null;
}

/** The fields of the proposal form as a post sends them (its duration as two fields), for likeShape. */
const SENT_PROPOSAL = { coverLetter: "", price: "", durationMode: "", durationDays: "", milestones: [{ title: "", amount: "" }] };

export default function ProposalPage({ loaderData }: Route.ComponentProps) {
  const { project, mine } = loaderData;
  const editable = !mine || nextProposalStatus(mine.status, "edit") !== null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Link to={`/projects/${project.id}`} className="inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to project
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{mine ? "Your proposal" : "Submit a proposal"}</h1>
      <p className="mt-1 break-words text-slate-600">
        For <span className="font-medium text-slate-800">{project.title}</span> · Budget {formatBudget(project.budgetMin, project.budgetMax)} ·{" "}
        {timelineLabel(project.timeline)}
      </p>
      <div className="mt-6">
        {editable ? (
          <ProposalForm
            key={mine?.updatedAt ?? "new"}
            files={mine?.attachments ?? []}
            defaults={
              mine
                ? {
                    coverLetter: mine.coverLetter,
                    price: String(mine.price),
                    duration: mine.duration,
                    milestones: mine.milestones.map((m) => ({ title: m.title, amount: String(m.amount) })),
                  }
                : { coverLetter: "", price: "", duration: "", milestones: [] }
            }
            editing={Boolean(mine)}
            version={mine?.updatedAt}
            idempotencyKey={loaderData.idempotencyKey}
            fees={loaderData.fees}
          />
        ) : (
          <DecidedProposal proposal={mine!} />
        )}
      </div>
    </div>
  );
}

function DecidedProposal({ proposal }: { proposal: NonNullable<Route.ComponentProps["loaderData"]["mine"]> }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Your proposal was {proposal.status === "accepted" ? "accepted" : proposal.status}</h2>
        <ProposalStatusBadge status={proposal.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">Price</dt>
          <dd className="font-semibold text-slate-900">{formatRand(proposal.price)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Duration</dt>
          <dd className="text-slate-800">{proposal.durationLabel}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Submitted</dt>
          <dd className="text-slate-800">
            <RelativeTime date={proposal.createdAt} />
          </dd>
        </div>
      </dl>
      {proposal.status === "declined" && proposal.declineReason ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-medium">Reason:</span> {proposal.declineReason}
        </p>
      ) : null}
      <p className="mt-4 whitespace-pre-line break-words text-slate-700">{proposal.coverLetter}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <ButtonLink to={`/projects/${proposal.projectId}`} variant="secondary" size="sm">
          View project
        </ButtonLink>
        <ButtonLink to="/proposals" variant="ghost" size="sm">
          All my proposals
        </ButtonLink>
      </div>
    </Card>
  );
}

const percentFormat = once(() => new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 2 }));

/**
 * What the developer receives of `price` (whole rand) once it is released, after the platform fee
 * and the VAT on it (docs/product.md, Payments "Fees"); announced politely as the price changes.
 * A price the form refuses (not whole rand, under MIN_PROPOSAL_PRICE) shows the fee alone.
 */
function FeeNote({ price, fees }: { price: number; fees: Pick<FeePolicy, "feeBps" | "vatBps"> }) {
  const fee = `${percentFormat().format(fees.feeBps / 100)}%`;
  // Only a price the form would accept (whole rand, at least R500) gets a figure; 12.50 would show a rounded, refused price.
  const split = Number.isInteger(price) && price >= MIN_PROPOSAL_PRICE ? splitRelease(price * 100, fees) : null;
  return (
    <p className="mt-1.5 text-sm text-slate-600" aria-live="polite">
      Platform fee {fee}
      {fees.vatBps ? " plus VAT on the fee" : ""}
      {split ? `: you receive ${formatCents(split.developer)} of ${formatRand(price)} when it is released.` : " of each released payment."}
    </p>
  );
}

function ProposalForm({
  defaults,
  editing,
  version,
  idempotencyKey,
  files = [],
  fees,
}: {
  defaults: FormValues;
  editing: boolean;
  /** The proposal's updatedAt when the form opened (editing): a change made since is not overwritten (docs/product.md, Proposals). */
  version?: string;
  idempotencyKey: string;
  files?: FileInfo[];
  /** The platform fee and VAT on it, in basis points (docs/product.md, Payments "Fees"). */
  fees: Pick<FeePolicy, "feeBps" | "vatBps">;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData() as ActionFailure | undefined;
  // Sent before or without the scripts and refused: the fields as typed, with their messages.
  const posted = usePostedFailure();
  const sent = posted.values ? likeShape(posted.values, SENT_PROPOSAL) : undefined;
  // With those fields, the version they were typed on: sent again, a stale edit is refused again (decision 0059).
  const formVersion = postedVersion(posted.values, version);
  const isTimeline = (TIMELINES as readonly { code: string }[]).some((t) => t.code === defaults.duration);
  const [durationMode, setDurationMode] = useState(sent ? sent.durationMode : defaults.duration ? (isTimeline ? defaults.duration : DAYS) : "");
  const [days, setDays] = useState(sent ? sent.durationDays : defaults.duration && !isTimeline ? defaults.duration : "");
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const {
    register,
    control,
    getValues,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<FormValues>({
    resolver: zodResolver(proposalSchema) as unknown as Resolver<FormValues>,
    defaultValues: sent
      ? {
          ...defaults,
          coverLetter: sent.coverLetter,
          price: sent.price,
          duration: durationMode === DAYS ? days : durationMode,
          milestones: sent.milestones,
        }
      : defaults,
    errors: posted.errors as FieldErrors<FormValues> | undefined,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  useServerErrors<FormValues>(result, setError);
  const { fields, append, remove } = useFieldArray({ control, name: "milestones" });
  const { valueField } = registerWithDefaults(register, getValues);
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post" && navigation.json !== undefined;

  const coverLetter = watch("coverLetter") ?? "";
  // Read as the server reads it ("R 1 500", "1 500,00"): a text field, because a number field
  // silently drops the space and comma of "1 500,00" and sends R150 000 (docs/product.md, Money typed in forms).
  const price = readRand(watch("price")) ?? 0;
  const milestones = watch("milestones") ?? [];
  const milestoneTotal = milestones.reduce((sum, m) => sum + (readRand(m.amount) ?? 0), 0);

  function setDuration(mode: string, dayText: string) {
    setValue("duration", mode === DAYS ? dayText.trim() : mode, { shouldValidate: isSubmitted, shouldDirty: true });
  }

  const onSubmit = handleSubmit((values) => {
    submit(
      {
        intent: editing ? "update" : "submit",
        ...(editing ? (formVersion !== undefined ? { version: formVersion } : {}) : { idempotencyKey }),
        ...(values as unknown as Record<string, never>),
      },
      { method: "post", encType: "application/json" },
    );
  });

  const milestonesError =
    (errors.milestones as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.milestones as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <>
      <Card className="p-5 sm:p-6">
        {/* method="post": sent before the scripts run (a slow phone) or without them, the fields go to
            the action, never into the address as a GET that saves nothing (docs/product.md, Look and feel). */}
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-6">
          <input type="hidden" name="intent" value={editing ? "update" : "submit"} />
          {/* The first submit button is the one Enter in a field presses: sending the proposal, never
              the milestone buttons below that are submits until the scripts run. */}
          {hydrated ? null : <button type="submit" hidden aria-hidden="true" tabIndex={-1} />}
          {editing ? (
            formVersion !== undefined ? (
              <input type="hidden" name="version" value={formVersion} />
            ) : null
          ) : (
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          )}
          <FormAlert result={posted.message ? { ok: false, message: posted.message } : null} />
          <Field
            id="coverLetter"
            label="Cover letter"
            error={errors.coverLetter?.message}
            hint="Why you are a good fit, how you would build it, and relevant work you have done."
          >
            <Textarea
              id="coverLetter"
              rows={9}
              invalid={Boolean(errors.coverLetter)}
              aria-describedby="coverLetter-count coverLetter-error"
              {...valueField("coverLetter")}
            />
            <p
              id="coverLetter-count"
              className={`text-sm ${coverLetter.trim().length >= MIN_COVER_LETTER ? "text-slate-500" : "text-amber-800"}`}
              aria-live="polite"
            >
              {coverLetter.trim().length} characters{coverLetter.trim().length < MIN_COVER_LETTER ? ` (at least ${MIN_COVER_LETTER})` : ""}
            </p>
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="price" label="Your price (rand)" error={errors.price?.message} hint="Whole rand, at least R500.">
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
                  R
                </span>
                <Input
                  id="price"
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-7"
                  invalid={Boolean(errors.price)}
                  aria-describedby="price-error"
                  {...valueField("price")}
                />
              </div>
              <FeeNote price={price} fees={fees} />
            </Field>
            <div className="space-y-3">
              <Field id="durationMode" label="Estimated duration" error={durationMode === DAYS ? undefined : errors.duration?.message}>
                <Select
                  id="durationMode"
                  name="durationMode"
                  value={durationMode}
                  invalid={Boolean(errors.duration) && durationMode !== DAYS}
                  aria-describedby="durationMode-error"
                  onChange={(e) => {
                    setDurationMode(e.target.value);
                    setDuration(e.target.value, days);
                  }}
                >
                  <option value="">Choose a duration</option>
                  {TIMELINES.map((t) => (
                    <option key={t.code} value={t.code}>
                      {t.label}
                    </option>
                  ))}
                  <option value={DAYS}>Number of days</option>
                </Select>
              </Field>
              {durationMode === DAYS ? (
                <Field id="durationDays" label="Number of days" error={errors.duration?.message}>
                  <Input
                    id="durationDays"
                    name="durationDays"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={730}
                    step={1}
                    value={days}
                    invalid={Boolean(errors.duration)}
                    aria-describedby="durationDays-error"
                    onChange={(e) => {
                      setDays(e.target.value);
                      setDuration(DAYS, e.target.value);
                    }}
                  />
                </Field>
              ) : null}
            </div>
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-800">Milestones (optional)</legend>
            <p className="text-sm text-slate-500">Split the work into payments. The amounts must add up to your price.</p>
            {fields.length ? (
              <ul className="space-y-3">
                {fields.map((field, i) => (
                  <li
                    key={field.id}
                    className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
                  >
                    <div className="col-span-2 space-y-1 sm:col-span-1">
                      <label htmlFor={`milestones.${i}.title`} className="text-xs font-medium text-slate-600">
                        Milestone {i + 1} title
                      </label>
                      <Input
                        id={`milestones.${i}.title`}
                        invalid={Boolean(errors.milestones?.[i]?.title)}
                        aria-describedby={`milestones.${i}.title-error`}
                        {...valueField(`milestones.${i}.title`)}
                      />
                      <FieldError id={`milestones.${i}.title-error`} message={errors.milestones?.[i]?.title?.message} />
                    </div>
                    <div className="space-y-1">
                      {/* Each amount field's name says its milestone: a screen reader's list of fields
                          cannot tell ten "Amount (R)" apart (docs/product.md, Accessibility). */}
                      <label htmlFor={`milestones.${i}.amount`} className="text-xs font-medium text-slate-600">
                        <span className="sr-only">Milestone {i + 1} </span>
                        Amount (R)
                      </label>
                      <Input
                        id={`milestones.${i}.amount`}
                        inputMode="decimal"
                        autoComplete="off"
                        invalid={Boolean(errors.milestones?.[i]?.amount)}
                        aria-describedby={`milestones.${i}.amount-error`}
                        {...valueField(`milestones.${i}.amount`)}
                      />
                      <FieldError id={`milestones.${i}.amount-error`} message={errors.milestones?.[i]?.amount?.message} />
                    </div>
                    <Button
                      variant="ghost"
                      className="self-end px-3"
                      // A submit only until the scripts run: without them the action shows the form without this row.
                      type={hydrated ? "button" : "submit"}
                      name="milestoneEdit"
                      value={`remove.${i}`}
                      formNoValidate
                      onClick={() => remove(i)}
                      aria-label={`Remove milestone ${i + 1}`}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {fields.length ? (
              <p className={`text-sm font-medium ${milestoneTotal === price && price > 0 ? "text-brand-700" : "text-amber-800"}`} aria-live="polite">
                Milestones total {formatRand(milestoneTotal)} of {formatRand(price)}
                {milestoneTotal === price
                  ? ""
                  : ` (${milestoneTotal < price ? `${formatRand(price - milestoneTotal)} left` : `${formatRand(milestoneTotal - price)} over`})`}
              </p>
            ) : null}
            <FieldError id="milestones-error" message={milestonesError} />
            {fields.length < MAX_PROPOSAL_MILESTONES ? (
              <Button
                variant="secondary"
                size="sm"
                type={hydrated ? "button" : "submit"}
                name="milestoneEdit"
                value="add"
                formNoValidate
                onClick={() => append({ title: "", amount: "" })}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add milestone
              </Button>
            ) : null}
          </fieldset>

          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">Attachments (optional)</p>
            <p className="text-sm text-slate-500">A CV, a quote or a design: up to {MAX_PROPOSAL_FILES} files.</p>
            <AttachmentsField
              initial={files}
              max={MAX_PROPOSAL_FILES}
              onChange={(ids, pending) => {
                setValue("attachments", ids, { shouldDirty: true });
                setUploading(pending);
              }}
              hint="10 MB each: images, PDF, text, Office documents or ZIP."
            />
            <FieldError message={(errors.attachments as { message?: string } | undefined)?.message} />
          </div>

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {editing ? <WithdrawDialog /> : <span />}
            <Button type="submit" busy={saving} disabled={uploading} className="w-full sm:w-auto">
              {saving ? null : <Send className="size-4" aria-hidden="true" />}
              {saving ? (editing ? "Updating Proposal..." : "Submitting Proposal...") : editing ? "Update Proposal" : "Submit Proposal"}
            </Button>
          </div>
        </form>
        {/* Withdraw's own form, outside the proposal form (forms do not nest): its in-page confirmation
            names it, before the scripts run and without them. */}
        {editing ? <form id={WITHDRAW_FORM} method="post" hidden /> : null}
      </Card>
    </>
  );
}

const WITHDRAW_FORM = "withdraw-proposal";
const WITHDRAW_TITLE = "Withdraw your proposal?";
const WITHDRAW_DESCRIPTION = "The client will no longer see it, and you cannot send another proposal for this project.";

/**
 * Withdraw proposal: with scripts a dialog asks first; until they run (and without them) the same
 * question opens in the page, its button posting `intent=withdraw` through the proposal page's own
 * withdraw form (WITHDRAW_FORM; docs/product.md, Look and feel).
 */
function WithdrawDialog() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <ConfirmDisclosure
        summary={
          <>
            <Trash2 className="size-4" aria-hidden="true" />
            Withdraw proposal
          </>
        }
        variant="ghost"
        className="w-full text-red-700 hover:bg-red-50 sm:w-auto"
        title={WITHDRAW_TITLE}
        description={WITHDRAW_DESCRIPTION}
        fields={{ intent: "withdraw" }}
        confirmLabel="Withdraw proposal"
        confirmVariant="danger"
        form={WITHDRAW_FORM}
      />
    );
  return (
    <Modal
      title={WITHDRAW_TITLE}
      description={WITHDRAW_DESCRIPTION}
      trigger={
        <Button variant="ghost" className="w-full text-red-700 hover:bg-red-50 sm:w-auto">
          <Trash2 className="size-4" aria-hidden="true" />
          Withdraw proposal
        </Button>
      }
    >
      {/* The dialog renders in a portal, but React still bubbles its submit event to the proposal
          form around the trigger, whose handler would send `intent: update` instead: stop it here. */}
      <Form method="post" onSubmit={(event) => event.stopPropagation()} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalClose>
          <Button variant="secondary">Keep proposal</Button>
        </ModalClose>
        <Button type="submit" name="intent" value="withdraw" variant="danger" busy={busy}>
          {busy ? "Withdrawing..." : "Withdraw proposal"}
        </Button>
      </Form>
    </Modal>
  );
}
