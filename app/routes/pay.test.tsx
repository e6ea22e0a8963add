/**
 * /pay/test/{reference}: the built-in test provider's checkout (PAYMENTS_PROVIDER=test). It says
 * plainly that no money moves, and lets the payer choose a successful, failed or delayed payment;
 * the provider then calls our webhook back with a signed event and sends the payer back to the
 * contract. No card details are asked for, here or anywhere.
 */
import { FlaskConical } from "../components/ui/icons";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button, ButtonLink } from "../components/ui/button";
import { formatCents } from "../../shared/format";
import type { Route } from "./+types/pay.test";
import { completeTestCheckout, failure, getCheckout, paymentsDeps, readBody, requireUser } from "./pay.test.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const deps = paymentsDeps(context.deps);
  if (deps.provider.name !== "test") throw data(null, { status: 404 });
  try {
    const p = await getCheckout(deps, user, params.reference);
    return { reference: p.reference, amountCents: p.amountCents, title: p.title, status: p.status, contractId: p.contractId };
  } catch {
    throw data(null, { status: 404 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const body = (await readBody(request)) as Record<string, unknown> | null;
  try {
    const { contractId } = await completeTestCheckout(paymentsDeps(context.deps), user, params.reference, body?.outcome);
    return redirect(`/contracts/${contractId}?payment=${encodeURIComponent(params.reference)}`);
  } catch (err) {
    return failure(err);
  }
}

/** A settled payment's status in words: a refunded one (paid twice) was paid, then refunded, never "failed". */
const SETTLED: Record<string, string> = { succeeded: "paid", failed: "failed", refunded: "refunded" };

export const meta: Route.MetaFunction = () => [{ title: "Test checkout | BuildZA" }, { name: "robots", content: "noindex" }];

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const error = actionData && "message" in actionData ? actionData.message : null;
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <div role="note" className="flex gap-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900">
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Test mode: no real money moves</p>
          <p className="mt-1 text-sm">This is BuildZA&apos;s built-in test payment provider. Choose what the payment should do.</p>
        </div>
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Pay {formatCents(loaderData.amountCents)}</h1>
      <p className="mt-1 text-sm text-slate-600">Milestone: {loaderData.title}</p>
      <p className="mt-1 text-xs text-slate-500">Reference {loaderData.reference}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {loaderData.status !== "pending" ? (
        // Back here after the checkout (the browser's Back button): what became of it, and the way back.
        <div className="mt-6 space-y-4">
          <p className="text-sm text-slate-700">This payment is already {SETTLED[loaderData.status] ?? loaderData.status}.</p>
          <ButtonLink to={`/contracts/${loaderData.contractId}`} variant="secondary">
            Back to the contract
          </ButtonLink>
        </div>
      ) : (
        <Form method="post" className="mt-6 grid gap-3">
          <Button type="submit" name="outcome" value="success" busy={busy}>
            Pay successfully
          </Button>
          <Button type="submit" name="outcome" value="failed" variant="secondary" busy={busy}>
            Fail the payment
          </Button>
          <Button type="submit" name="outcome" value="delayed" variant="ghost" busy={busy}>
            Delay the confirmation (no webhook)
          </Button>
        </Form>
      )}
    </div>
  );
}
