/**
 * /moderation: the moderators' queue (docs/product.md, Trust and safety). Open disputes come first
 * (oldest first, each to its contract page, where it is resolved), then refunds the payment
 * provider kept refusing, with "Try again" (decision 0050), and payouts whose bank transfer it has
 * not started after 8 tries, with "Try now" (decision 0051). Each open report shows the reported
 * content as it was when reported, the reporter, the account's automatic signals and the actions;
 * the newest audit log entries follow. Moderators only (403 for anyone else).
 */
import { AlertTriangle, Flag, Scale, ShieldCheck } from "../components/ui/icons";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { MODERATION_ACTION_LABELS, MODERATOR_NOT_SUSPENDABLE, type ModerationActionName } from "../../shared/moderation";
import { formatCents, formatDate, formatDateTime } from "../../shared/format";
import { Button } from "../components/ui/button";
import { Field, Input } from "../components/ui/form";
import type { ActionFailure } from "../lib/action.server";
import { lazyResolver } from "../lib/use-route-form";
import { useServerErrors } from "../lib/use-server-errors";
import type { Route } from "./+types/moderation";
import {
  actOnReport,
  failure,
  listFailedRefunds,
  listMeasuresInEffect,
  listModerationLog,
  listOpenDisputes,
  listOpenReports,
  listStuckPayouts,
  readBody,
  redirectWithFlash,
  requireModeratorPage,
  retryFailedRefund,
  retryStuckPayout,
} from "./moderation.server";

export const meta: Route.MetaFunction = () => [{ title: "Moderation | BuildZA" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireModeratorPage(request, context);
  const db = context.deps.db;
  const [reports, log, disputes, failedRefunds, stuckPayouts, inEffect] = await Promise.all([
    listOpenReports(db, user),
    listModerationLog(db, user, 20),
    listOpenDisputes(db, user),
    listFailedRefunds(db, user),
    listStuckPayouts(db, user),
    listMeasuresInEffect(db, user),
  ]);
  return { reports, log, disputes, failedRefunds, stuckPayouts, inEffect };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireModeratorPage(request, context);
  const body = (await readBody(request)) as Record<string, unknown> | null;
  const reportId = typeof body?.reportId === "string" ? body.reportId : "";
  try {
    if (body?.intent === "retryRefund") {
      await retryFailedRefund(context.deps.db, user, body.refundId);
      return redirectWithFlash("/moderation", { type: "success", message: "The refund goes to the payment provider again within a minute" });
    }
    if (body?.intent === "retryPayout") {
      await retryStuckPayout(context.deps.db, user, body.payoutId);
      return redirectWithFlash("/moderation", { type: "success", message: "The payout's transfer is being tried again now" });
    }
    await actOnReport(context.deps.db, user, reportId, { action: body?.action, reason: body?.reason }, context.deps.sessions);
    const label = MODERATION_ACTION_LABELS[body?.action as ModerationActionName] ?? "Action";
    return redirectWithFlash("/moderation", { type: "success", message: `${label}: done and logged` });
  } catch (err) {
    // A report's refusal names the report, so its reason field shows its message.
    return failure(err, body?.intent || !reportId ? undefined : reportId);
  }
}

const KIND_LABEL = { project: "Project", profile: "Profile", message: "Message" } as const;

/**
 * The actions that fit a report of `kind`; restore only while something of its target is hidden,
 * removed or suspended (`undoable`; the server refuses it otherwise, NOTHING_TO_RESTORE); no
 * suspension of a moderator's account (`staff`), which the server refuses (MODERATOR_NOT_SUSPENDABLE).
 */
function actionsFor(kind: "project" | "profile" | "message", staff: boolean, undoable: boolean): ModerationActionName[] {
  const specific: ModerationActionName[] = kind === "project" ? ["hide_project"] : kind === "message" ? ["remove_message"] : [];
  return ["dismiss", ...specific, "warn", ...(staff ? [] : (["suspend"] as const)), ...(undoable ? (["restore"] as const) : [])];
}

/** How a measure still in effect reads in its list: "Project hidden", "Message removed", "Account suspended". */
const MEASURE_LABEL = { hide_project: "Project hidden", remove_message: "Message removed", suspend: "Account suspended" } as const;

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { reports, log, disputes, failedRefunds, stuckPayouts, inEffect } = loaderData;
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyReport = navigation.state === "submitting" ? navigation.formData?.get("reportId") : null;
  const refusal = failed && "message" in failed ? refusalText(failed) : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <ShieldCheck className="size-7 text-brand-600" aria-hidden="true" /> Moderation
      </h1>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}

      <section aria-labelledby="disputes-heading" className="mt-6">
        <h2 id="disputes-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Scale className="size-5 text-brand-600" aria-hidden="true" /> Disputes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {disputes.length === 0
            ? "No open disputes."
            : `${disputes.length} open dispute${disputes.length === 1 ? "" : "s"}, oldest first. The money stays in escrow until you resolve each on its contract page.`}
        </p>
        {disputes.length ? (
          <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white" data-disputes>
            {disputes.map((d) => (
              <li key={d.milestoneId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium wrap-anywhere text-slate-900">
                    {d.milestoneTitle} <span className="font-normal text-slate-600">({d.projectTitle})</span>
                  </p>
                  <p className="text-sm text-slate-700">
                    {d.clientName} (client) and {d.developerName} (developer)
                    {d.raisedBy ? `; raised by the ${d.raisedBy}` : ""}
                    {d.disputedAt ? ` on ${formatDate(d.disputedAt)}` : ""}
                  </p>
                  {d.reason ? <p className="mt-1 text-sm wrap-anywhere text-slate-700">“{d.reason}”</p> : null}
                  {d.raisedBy ? (
                    <p className="mt-1 text-sm wrap-anywhere text-slate-700">
                      {d.response
                        ? `The ${d.raisedBy === "client" ? "developer" : "client"}'s side: “${d.response}”`
                        : `No answer yet from the ${d.raisedBy === "client" ? "developer" : "client"}.`}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col items-start gap-1 sm:items-end">
                  <p className="font-semibold text-slate-900">{formatCents(d.amountCents)}</p>
                  <a href={`/contracts/${d.contractId}`} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
                    Open the contract to resolve
                  </a>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {failedRefunds.length ? (
        <StuckMoney
          id="refunds"
          title="Refunds the payment provider refused"
          intro="Each was tried 8 times. The money is owed to the payer: try again once the provider answers, or refund it at the provider by hand."
          busy={navigation.state === "submitting"}
          items={failedRefunds.map((r) => ({
            key: String(r.id),
            heading: (
              <a href={`/contracts/${r.contractId}`} className="font-medium wrap-anywhere text-brand-700 underline">
                {r.milestoneTitle} ({r.projectTitle})
              </a>
            ),
            facts: `To ${r.payerName}, payment ${r.reference}, queued ${formatDate(r.createdAt)}`,
            lastError: r.lastError,
            amountCents: r.amountCents,
            retry: { intent: "retryRefund", field: "refundId", value: String(r.id), label: "Try again" },
          }))}
        />
      ) : null}

      {stuckPayouts.length ? (
        <StuckMoney
          id="payouts"
          title="Payouts the payment provider has not started"
          intro="Each was tried at least 8 times and is tried again every hour; the money stays out of the developer's balance until the provider answers. Check the provider's dashboard and keys, then try now."
          busy={navigation.state === "submitting"}
          items={stuckPayouts.map((p) => ({
            key: p.id,
            heading: (
              <p className="font-medium wrap-anywhere text-slate-900">
                To {p.developerName}, {p.destination}
              </p>
            ),
            facts: `Payout ${p.reference}, requested ${formatDate(p.createdAt)}, ${p.attempts} tries, next ${formatDateTime(p.nextAttemptAt)}`,
            lastError: p.lastError,
            amountCents: p.amountCents,
            retry: { intent: "retryPayout", field: "payoutId", value: p.id, label: "Try now" },
          }))}
        />
      ) : null}

      <h2 className="mt-10 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Flag className="size-5 text-brand-600" aria-hidden="true" /> Reports
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {reports.length === 0 ? "No open reports." : `${reports.length} open report${reports.length === 1 ? "" : "s"}, oldest first.`}
      </p>
      <ul className="mt-3 space-y-4">
        {reports.map((r) => (
          <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
                <Flag className="size-3.5" aria-hidden="true" /> {KIND_LABEL[r.kind]}
              </span>
              <span className="font-semibold text-slate-900">{r.reason}</span>
              <span className="text-slate-500">
                reported by {r.reporter.name} on {formatDate(r.createdAt)}
              </span>
            </div>
            {/* A reporter's details and a snapshot's title are anyone's text: a long word or link breaks
                instead of widening the page past a phone's screen (docs/product.md, Journeys). */}
            {r.details ? <p className="mt-2 break-words text-sm text-slate-700">“{r.details}”</p> : null}
            <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">As reported</p>
              <p className="mt-1 break-words font-medium text-slate-900">{r.snapshot.title}</p>
              <p className="mt-1 line-clamp-6 whitespace-pre-line break-words text-sm text-slate-700">{r.snapshot.text || "(no text)"}</p>
              <a href={r.snapshot.link} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
                Open where it lives
              </a>
            </div>
            <p className="mt-3 text-sm text-slate-700">
              Account: <span className="font-medium">{r.target.name}</span>
              {r.target.moderator ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">Moderator</span> : null}
              {r.target.suspended ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Suspended</span> : null}
              {r.target.projectHidden ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Project hidden</span>
              ) : null}
              {r.target.messageRemoved ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Message removed</span>
              ) : null}
            </p>
            {r.signals.length ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Automatic signals">
                {r.signals.map((s) => (
                  <li key={s.kind} className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
                    <AlertTriangle className="size-3.5" aria-hidden="true" /> {s.label}
                  </li>
                ))}
              </ul>
            ) : null}
            <ReportActions
              reportId={r.id}
              title={r.snapshot.title}
              actions={actionsFor(r.kind, r.target.moderator, r.target.suspended || r.target.projectHidden === true || r.target.messageRemoved === true)}
              staff={r.target.moderator}
              busyAction={busyReport === r.id ? String(navigation.formData?.get("action") ?? "") : null}
              failed={failed && "message" in failed && failed.target === r.id ? failed : undefined}
            />
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-lg font-semibold text-slate-900" id="in-effect-heading">
        In effect
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {inEffect.length === 0
          ? "Nothing hidden, removed or suspended."
          : "Hidden projects, removed messages and suspended accounts, newest first. Restore undoes one, with a reason for the audit log."}
      </p>
      <ul className="mt-3 space-y-4" data-in-effect>
        {inEffect.map((m) => (
          <li key={m.id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{MEASURE_LABEL[m.action]}</span>
              <span className="font-semibold break-words text-slate-900">{m.targetLabel}</span>
            </p>
            <p className="mt-1 text-sm break-words text-slate-700">
              By {m.moderator.name} on {formatDate(m.createdAt)}: “{m.reason}”
            </p>
            <ReportActions
              reportId={m.reportId}
              title={m.targetLabel}
              actions={["restore"]}
              staff={false}
              busyAction={busyReport === m.reportId ? String(navigation.formData?.get("action") ?? "") : null}
              failed={failed && "message" in failed && failed.target === m.reportId ? failed : undefined}
            />
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Audit log</h2>
      {log.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No actions yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">When</th>
                <th className="px-3 py-2 font-medium">Who</th>
                <th className="px-3 py-2 font-medium">What</th>
                <th className="px-3 py-2 font-medium">Why</th>
              </tr>
            </thead>
            <tbody>
              {log.map((e) => (
                <tr key={e.id} className="border-t border-slate-100">
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(e.createdAt)}</td>
                  <td className="px-3 py-2 text-slate-700">{e.moderator.name}</td>
                  <td className="px-3 py-2 text-slate-700">
                    {MODERATION_ACTION_LABELS[e.action]} ({e.targetType})
                  </td>
                  <td className="px-3 py-2 break-words text-slate-700">{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * The page's alert for a refused action: its message and its field messages, except a report's
 * reason, which its field shows (null when that was all).
 */
function refusalText(failed: { message: string; fields?: Record<string, string>; target?: string }): string | null {
  const fields = Object.entries(failed.fields ?? {});
  const others = fields.filter(([name]) => !(failed.target && name === "reason")).map(([, message]) => message);
  if (fields.length && !others.length) return null;
  const extra = others.filter((message) => message !== failed.message);
  return extra.length ? `${failed.message}: ${extra.join(" ")}` : failed.message;
}

/** The reason alone of moderationActionSchema (the action is the button pressed), loaded when the form is first checked. */
const loadReasonSchema = () => import("../../shared/schemas").then((m) => m.moderationActionSchema.pick({ reason: true }));

/**
 * A report's reason field and action buttons. The reason is checked with the server's schema
 * before sending (its message under the field, linked by aria-describedby, focus moved to it);
 * the server's refusal of it (`failed`, the action's answer naming this report; also without
 * JavaScript) is shown the same way.
 * `busyAction` is the action being sent for this report, "" or null when none; `staff` says why
 * a moderator's account has no Suspend.
 */
function ReportActions({
  reportId,
  title,
  actions,
  staff,
  busyAction,
  failed,
}: {
  reportId: string;
  title: string;
  actions: ModerationActionName[];
  staff: boolean;
  busyAction: string | null;
  failed: ActionFailure | undefined;
}) {
  const submit = useSubmit();
  const [resolver] = useState(() => lazyResolver<ReasonValues>(loadReasonSchema));
  const { register, handleSubmit, setError, formState } = useForm<ReasonValues>({ resolver, defaultValues: { reason: "" } });
  useServerErrors<ReasonValues>(failed?.fields?.reason ? failed : undefined, setError);
  const serverError = failed?.fields?.reason;
  // Before hydration (or without JavaScript) the server's message is rendered directly.
  const error = formState.errors.reason?.message ?? (formState.submitCount === 0 ? serverError : undefined);
  const id = `reason-${reportId}`;
  return (
    <Form
      method="post"
      noValidate
      className="mt-4"
      // The pressed button goes along (its action name), as in a submission without JavaScript.
      onSubmit={handleSubmit((_values, event) => {
        const native = event?.nativeEvent as SubmitEvent | undefined;
        void submit((native?.submitter as HTMLButtonElement | null) ?? (event!.target as HTMLFormElement));
      })}
    >
      <input type="hidden" name="reportId" value={reportId} />
      <Field id={id} label="Reason (kept in the audit log; a warning or suspension shows it to the account)" error={error}>
        <Input id={id} maxLength={500} invalid={Boolean(error)} aria-describedby={`${id}-error`} {...register("reason")} />
      </Field>
      {staff ? (
        <p className="mt-3 text-sm text-slate-600" data-staff-target>
          {MODERATOR_NOT_SUSPENDABLE}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button
            key={a}
            type="submit"
            name="action"
            value={a}
            size="sm"
            variant={a === "suspend" ? "danger" : a === "dismiss" || a === "restore" ? "secondary" : "primary"}
            busy={busyAction === a}
            disabled={busyAction !== null && busyAction !== a}
          >
            {MODERATION_ACTION_LABELS[a]}
            {/* Each report has the same buttons: the hidden text tells them apart in a screen reader's list of buttons. */}
            <span className="sr-only"> ({title})</span>
          </Button>
        ))}
      </div>
    </Form>
  );
}

type ReasonValues = { reason: string };

/** One refund or payout the payment provider will not move, as StuckMoney lists it; cents. */
interface StuckMoneyItem {
  key: string;
  heading: ReactNode;
  facts: string;
  lastError: string;
  amountCents: number;
  /** The form that hands it back to its sender: `intent`, and `field` = `value` naming it. */
  retry: { intent: string; field: string; value: string; label: string };
}

/**
 * A list of money the payment provider will not move (refunds refused, payouts not started), each
 * with the provider's last answer and a retry button; `data-{stuck|failed}-...` marks it for tests.
 */
function StuckMoney({ id, title, intro, items, busy }: { id: "refunds" | "payouts"; title: string; intro: string; items: StuckMoneyItem[]; busy: boolean }) {
  const marker = id === "refunds" ? { "data-failed-refunds": true } : { "data-stuck-payouts": true };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <AlertTriangle className="size-5 text-red-600" aria-hidden="true" /> {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white" {...marker}>
        {items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4">
            <div className="min-w-0 flex-1 basis-64">
              {item.heading}
              <p className="text-sm text-slate-700">{item.facts}</p>
              {item.lastError ? <p className="mt-1 text-sm wrap-anywhere text-red-700">{item.lastError}</p> : null}
            </div>
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <p className="font-semibold text-slate-900">{formatCents(item.amountCents)}</p>
              <Form method="post">
                <input type="hidden" name="intent" value={item.retry.intent} />
                <input type="hidden" name={item.retry.field} value={item.retry.value} />
                <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                  {item.retry.label}
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
