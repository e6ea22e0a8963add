/**
 * /receipts/{reference}: the receipt of a milestone funding, for the client who paid (docs/product.md,
 * Payments "Documents"). Printed, it is the receipt alone: the site's header, banner and footer and
 * the way back carry print:hidden.
 */
import { Link } from "react-router";
import { formatDate, formatDocumentCents } from "../../shared/format";
import type { Route } from "./+types/receipt";
import { fundingReceipt, orHttpError, requireUser } from "./payouts.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return orHttpError(fundingReceipt(context.deps.db, user, params.reference));
}

export const meta: Route.MetaFunction = () => [{ title: "Receipt | BuildZA" }, { name: "robots", content: "noindex" }];

export default function Receipt({ loaderData: r }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Receipt</h1>
      <p className="mt-1 text-sm text-slate-600">Payment into escrow on BuildZA</p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm">
        {(
          [
            ["Reference", r.reference],
            ["Date", r.settledAt ? formatDate(r.settledAt) : ""],
            ["Project", r.project],
            ["Milestone", r.milestone],
            ["Paid via", r.provider === "test" ? "Test provider (no real money)" : "Paystack"],
            ["Amount", formatDocumentCents(r.amountCents)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="shrink-0 text-slate-600">{label}</dt>
            {/* A project or milestone title is anyone's text: one long word wraps instead of widening the page. */}
            <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600">The money is held in escrow and released to the developer when you approve the milestone.</p>
      <p className="mt-4 text-sm print:hidden">
        <Link to={`/contracts/${r.contractId}`} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
          Back to the contract
        </Link>
      </p>
    </div>
  );
}
