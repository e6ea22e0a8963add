/**
 * /payments (docs/product.md, Payments "A client's payments"): what a client paid into escrow, with
 * receipts, what became of each milestone and the totals across their contracts; older pages by
 * cursor. Developers are sent to /payouts, where their money is.
 */
import { Link, redirect } from "react-router";
import { FileText, Wallet } from "../components/ui/icons";
import { Badge } from "../components/ui/badge";
import { formatCents, formatDate } from "../../shared/format";
import { MILESTONE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "../../shared/payments";
import { OlderPages } from "../components/ui/older-pages";
import type { Route } from "./+types/payments";
import { listMyPayments, orHttpError, requireUser } from "./payments.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  if (user.userType === "developer") throw redirect("/payouts");
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return orHttpError(listMyPayments(context.deps.db, user, { cursor }));
}

export const meta: Route.MetaFunction = () => [{ title: "Payments | BuildZA" }, { name: "robots", content: "noindex" }];

const TONE = { pending: "amber", succeeded: "green", failed: "grey", refunded: "grey" } as const;

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, nextCursor, totals } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payments</h1>
      <p className="mt-1 text-sm text-slate-600">What you paid into escrow for your hires, with receipts.</p>
      {totals ? (
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="payment-totals">
          {(
            [
              ["Paid into escrow", totals.paidCents],
              ["Released to developers", totals.releasedCents],
              ["Refunded to you", totals.refundedCents],
              ["In escrow now", totals.inEscrowCents],
            ] as const
          ).map(([label, cents]) => (
            <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 text-lg font-bold text-slate-900">{formatCents(cents)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {totals && totals.paidTwiceRefundedCents > 0 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="paid-twice">
          Also {formatCents(totals.paidTwiceRefundedCents)} paid twice for milestones already funded, refunded in full (not counted above).
        </p>
      ) : null}
      {totals && totals.hireEndedRefundedCents > 0 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="hire-ended">
          Also {formatCents(totals.hireEndedRefundedCents)} paid after a hire had ended, refunded in full (not counted above).
        </p>
      ) : null}
      {payments.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Wallet className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No payments {totals ? "yet" : "here"}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">When you fund a milestone of a hire, its payment and receipt show here.</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {payments.map((p) => (
            <li key={p.reference} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4" data-payment={p.reference}>
              <div className="min-w-0 flex-1 basis-64">
                <Link to={`/contracts/${p.contractId}`} className="font-medium wrap-anywhere text-brand-700 hover:underline">
                  {p.projectTitle}
                </Link>
                <p className="text-sm wrap-anywhere text-slate-700">
                  {p.milestoneTitle}, {p.developerName}
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {formatDate(p.settledAt ?? p.createdAt)} · {p.reference}
                </p>
                {p.failureReason ? <p className="mt-1 text-sm text-red-700">{p.failureReason}</p> : null}
                {p.refundNote ? <p className="mt-1 text-sm text-slate-700">{p.refundNote}</p> : null}
              </div>
              <div className="flex flex-col items-start gap-1 sm:items-end sm:text-right">
                <p className="font-semibold text-slate-900">{formatCents(p.amountCents)}</p>
                <div className="flex flex-wrap gap-1 sm:justify-end">
                  <Badge tone={TONE[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</Badge>
                  {p.status === "succeeded" ? <Badge tone="blue">{MILESTONE_STATUS_LABELS[p.milestoneStatus]}</Badge> : null}
                </div>
                {p.refundedCents > 0 ? <p className="text-xs text-slate-600">{formatCents(p.refundedCents)} refunded</p> : null}
                {p.status === "succeeded" ? (
                  <a href={`/receipts/${p.reference}`} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                    <FileText className="size-4" aria-hidden="true" /> Receipt
                    <span className="sr-only">
                      {" "}
                      for {p.milestoneTitle}, {p.reference}
                    </span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <OlderPages path="/payments" firstPage={!!totals} nextCursor={nextCursor} olderLabel="Older payments" />
    </div>
  );
}
