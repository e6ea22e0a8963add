/** /invoices/{number}: a tax invoice for a platform fee as PDF, for the user it was issued to (docs/product.md, Payments "Documents"). */
import type { Route } from "./+types/invoice";
import { requireUser, taxInvoicePdf } from "./payouts.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const number = /^\d{1,9}$/.test(params.number) ? Number(params.number) : 0;
  try {
    const pdf = await taxInvoicePdf(context.deps.db, user, number);
    return new Response(Buffer.from(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="buildza-invoice-${number}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch {
    return new Response("Invoice not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
