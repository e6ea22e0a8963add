/**
 * /payouts/statement?month=YYYY-MM (without a month: this month's): a developer's monthly statement of their balance (docs/product.md,
 * Payments "Documents"), printable: on paper the site's header, banner and footer and the way back
 * are left out (print:hidden).
 */
import { Link, redirect } from "react-router";
import { formatDate, formatDocumentCents, keepAmountsWhole, recentMonths } from "../../shared/format";
import type { Route } from "./+types/payouts.statement";
import { myLedgerLines, orHttpError, parseMonth, requireUser } from "./payouts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const query = new URL(request.url).searchParams;
  // A bare /payouts/statement (typed or bookmarked) opens this month's statement.
  if (!query.has("month")) throw redirect(`/payouts/statement?month=${recentMonths()[0]}`);
  const month = await orHttpError(() => parseMonth(query.get("month")));
  const { opening, lines } = await myLedgerLines(context.deps.db, user, month.start, month.end);
  return { name: user.name, label: month.label, opening, lines, closing: lines.at(-1)?.balanceCents ?? opening };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Statement ${data.label} | BuildZA` : "Statement | BuildZA" },
  { name: "robots", content: "noindex" },
];

export default function Statement({ loaderData }: Route.ComponentProps) {
  const { name, label, opening, lines, closing } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Statement: {label}</h1>
      <p className="mt-1 text-sm text-slate-600">{name}: your BuildZA balance. Releases are shown less the platform fee (and VAT on it).</p>
      <table className="mt-6 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            {/* Under 640 px the date goes under the description: four columns of amounts and dates
                leave no room on a 390 px phone (docs/product.md, Look and feel). */}
            <th className="hidden py-2 pr-2 font-medium sm:table-cell">Date</th>
            <th className="py-2 pr-2 font-medium">Description</th>
            <th className="py-2 pr-2 text-right font-medium">Amount</th>
            <th className="py-2 text-right font-medium">Balance</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <td className="hidden sm:table-cell" />
            <td className="py-2 pr-2" colSpan={2}>
              Opening balance
            </td>
            <td className="py-2 text-right tabular-nums">{formatDocumentCents(opening)}</td>
          </tr>
          {lines.map((l, i) => (
            <tr key={i} className="border-b border-slate-200 align-top">
              <td className="hidden py-2 pr-2 whitespace-nowrap sm:table-cell">{formatDate(l.date)}</td>
              <td className="py-2 pr-2 break-words">
                <span className="block text-xs text-slate-600 sm:hidden">{formatDate(l.date)}</span>
                {keepAmountsWhole(l.memo)}
              </td>
              <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">{formatDocumentCents(l.amountCents)}</td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatDocumentCents(l.balanceCents)}</td>
            </tr>
          ))}
          <tr>
            <td className="hidden sm:table-cell" />
            <td className="py-2 pr-2 font-semibold" colSpan={2}>
              Closing balance
            </td>
            <td className="py-2 text-right font-semibold tabular-nums">{formatDocumentCents(closing)}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-6 text-sm print:hidden">
        <Link to="/payouts" className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
          Back to balance and payouts
        </Link>
      </p>
    </div>
  );
}
