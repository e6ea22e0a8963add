/** /payouts/ledger.csv: the CSV export of the signed-in user's ledger lines (docs/product.md, Payments "Documents"). */
import type { Route } from "./+types/payouts.ledger";
import { myLedgerCsv, requireUser } from "./payouts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return new Response(await myLedgerCsv(context.deps.db, user), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="buildza-ledger.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
