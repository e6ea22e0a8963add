/**
 * /payouts (docs/product.md, Payments "Payouts" and "Documents"): a developer's available balance,
 * their South African bank account, withdrawals and their states, tax invoices (PDF), monthly
 * statements and the CSV export of their ledger lines. In test mode each pending payout can be
 * made to succeed or fail, and a paid one reversed, as the test provider's bank would.
 */
import { Download, FileText, Landmark } from "../components/ui/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Input, Select } from "../components/ui/form";
import { BANK_CHANGE_HOLD_HOURS, PAYOUT_STATUS_LABELS } from "../../shared/payments";
import { formatCents, formatDateTime, monthLabel, recentMonths } from "../../shared/format";
import type { Route } from "./+types/payouts";
import {
  completeTestPayout,
  createOnce,
  failure,
  listBanks,
  listMyInvoices,
  newFormKey,
  paymentsDeps,
  orHttpError,
  payoutsOverview,
  readBody,
  redirectWithFlash,
  requestPayout,
  requireUser,
  saveBankAccount,
} from "./payouts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const deps = paymentsDeps(context.deps);
  const [overview, banks, invoices] = await orHttpError(Promise.all([payoutsOverview(deps.db, user), listBanks(deps), listMyInvoices(deps.db, user)]));
  // The withdrawal form's key: a double submit or a retry after a lost answer requests one payout (docs/security.md, Idempotency).
  return { ...overview, banks, invoices, months: recentMonths(), testMode: deps.provider.name === "test", withdrawKey: newFormKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = paymentsDeps(context.deps);
  const raw = await readBody(request);
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const back = (message: string) => redirectWithFlash("/payouts", { type: "success", message });
  try {
    switch (body.intent) {
      case "bank": {
        const { payoutsFrom } = await saveBankAccount(deps, user, { bankCode: body.bankCode, accountNumber: body.accountNumber, holderName: body.holderName });
        return back(payoutsFrom ? `Bank account replaced. For your safety, payouts to it start on ${formatDateTime(payoutsFrom)}.` : "Bank account saved");
      }
      case "withdraw":
        return await createOnce(deps, user, request, body, async (db, fields) => {
          await requestPayout({ ...deps, db }, user, fields.amount);
          return { location: "/payouts", flash: { type: "success", message: "Payout requested" } };
        });
      case "testPayout":
        await completeTestPayout(deps, user, body.reference, body.outcome);
        return back("Test payout updated");
      default:
        return data({ ok: false as const, message: "Unknown action" }, { status: 400 });
    }
  } catch (err) {
    return failure(err);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Balance and payouts | BuildZA" }, { name: "robots", content: "noindex" }];

const TONE = { pending: "amber", paid: "green", failed: "grey", reversed: "grey" } as const;

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "message" in actionData ? actionData : null;
  const fields = ((failed && "fields" in failed ? failed.fields : undefined) ?? {}) as Record<string, string | undefined>;
  const { balanceCents, bank, banks, payouts, invoices, months, testMode, withdrawKey, verifyFirst } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Balance and payouts</h1>
      {failed ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failed.message}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-labelledby="balance-heading">
          <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
            Available balance
          </h2>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="balance">
            {formatCents(balanceCents)}
          </p>
          <p className="mt-1 text-xs text-slate-500">Released milestones less the platform fee. The smallest payout is R100.</p>
          {verifyFirst ? (
            <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-verify-first>
              {verifyFirst}
            </p>
          ) : bank ? (
            // Keyed on the newest payout, so a requested payout clears the amount instead of leaving it ready to send again.
            <Form method="post" className="mt-4 space-y-2" key={payouts[0]?.id ?? "none"}>
              <input type="hidden" name="idempotencyKey" value={withdrawKey} />
              <label htmlFor="amount" className="block text-sm font-medium text-slate-800">
                Amount to withdraw (rand)
              </label>
              <Input id="amount" name="amount" inputMode="decimal" placeholder="e.g. 1500" invalid={Boolean(fields.amount)} aria-describedby="amount-error" />
              {fields.amount ? (
                <p id="amount-error" className="text-sm text-red-700">
                  {fields.amount}
                </p>
              ) : null}
              {bank.hold ? (
                <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-bank-hold>
                  {bank.hold}
                </p>
              ) : null}
              <Button type="submit" name="intent" value="withdraw" busy={busy} disabled={Boolean(bank.hold)}>
                Withdraw to {bank.bankName} {bank.masked}
              </Button>
            </Form>
          ) : (
            <p className="mt-4 text-sm text-slate-700">Add your bank account to withdraw.</p>
          )}
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-labelledby="bank-heading">
          <h2 id="bank-heading" className="flex items-center gap-2 font-semibold text-slate-900">
            <Landmark className="size-4" aria-hidden="true" /> Bank account
          </h2>
          {bank ? (
            <p className="mt-1 text-sm text-slate-700">
              {bank.bankName} {bank.masked}, {bank.holderName}
            </p>
          ) : null}
          {verifyFirst ? (
            <p className="mt-3 text-sm text-slate-700">You can add your bank account once your email address is verified.</p>
          ) : (
            <Form method="post" className="mt-3 space-y-2" key={bank ? `${bank.bankName} ${bank.masked} ${bank.holderName}` : "none"}>
              <label htmlFor="bankCode" className="block text-sm font-medium text-slate-800">
                Bank
              </label>
              <Select id="bankCode" name="bankCode" defaultValue="" invalid={Boolean(fields.bankCode)}>
                <option value="" disabled>
                  Choose your bank
                </option>
                {banks.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name}
                  </option>
                ))}
              </Select>
              {fields.bankCode ? <p className="text-sm text-red-700">{fields.bankCode}</p> : null}
              <label htmlFor="accountNumber" className="block text-sm font-medium text-slate-800">
                Account number
              </label>
              <Input id="accountNumber" name="accountNumber" inputMode="numeric" autoComplete="off" invalid={Boolean(fields.accountNumber)} />
              {fields.accountNumber ? <p className="text-sm text-red-700">{fields.accountNumber}</p> : null}
              <label htmlFor="holderName" className="block text-sm font-medium text-slate-800">
                Account holder
              </label>
              <Input id="holderName" name="holderName" autoComplete="name" invalid={Boolean(fields.holderName)} />
              {fields.holderName ? <p className="text-sm text-red-700">{fields.holderName}</p> : null}
              {bank ? (
                <p className="text-xs text-slate-600">
                  Payouts to a replacement account start {BANK_CHANGE_HOLD_HOURS} hours after the change, and we email you about it.
                </p>
              ) : null}
              <Button type="submit" name="intent" value="bank" variant="secondary" busy={busy}>
                {bank ? "Replace bank account" : "Save bank account"}
              </Button>
            </Form>
          )}
        </section>
      </div>

      <section className="mt-8" aria-labelledby="payouts-heading">
        <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
          Payouts
        </h2>
        {payouts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No payouts yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-payout={p.reference}>
                <div>
                  <p className="font-medium text-slate-900">{formatCents(p.amountCents)}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(p.createdAt)} · {p.reference}
                  </p>
                  <p className="text-xs text-slate-600">
                    To {p.destination}
                    {p.failureReason ? `: ${p.failureReason}` : ""}
                  </p>
                  {p.waiting ? (
                    <p className="mt-1 text-xs text-amber-800" data-payout-waiting>
                      The payment provider has not started this bank transfer yet. We keep trying, and the money stays set aside for it.
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TONE[p.status]}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
                  {testMode && (p.status === "pending" || p.status === "paid") ? (
                    <Form method="post" className="flex gap-1">
                      <input type="hidden" name="intent" value="testPayout" />
                      <input type="hidden" name="reference" value={p.reference} />
                      {p.status === "pending" ? (
                        <>
                          <Button type="submit" name="outcome" value="paid" size="sm" variant="secondary">
                            Test: paid
                          </Button>
                          <Button type="submit" name="outcome" value="failed" size="sm" variant="ghost">
                            Test: fail
                          </Button>
                        </>
                      ) : (
                        <Button type="submit" name="outcome" value="reversed" size="sm" variant="ghost">
                          Test: reverse
                        </Button>
                      )}
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-8" aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
          Documents
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-medium text-slate-900">Tax invoices for fees</h3>
            {invoices.length === 0 ? <p className="mt-1 text-sm text-slate-600">None yet: a fee is invoiced when a milestone is released.</p> : null}
            <ul className="mt-2 space-y-1 text-sm">
              {invoices.map((i) => (
                <li key={i.number} className="flex justify-between gap-2">
                  <a href={`/invoices/${i.number}`} className="inline-flex min-h-11 items-center gap-1 text-brand-700 hover:underline" download>
                    <FileText className="size-4" aria-hidden="true" /> {i.label} (PDF)
                  </a>
                  <span className="self-center text-slate-700">{formatCents(i.totalCents)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-medium text-slate-900">Statements</h3>
            <Form method="get" action="/payouts/statement" className="mt-2 flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="month" className="block text-sm text-slate-700">
                  Month
                </label>
                <Select id="month" name="month" defaultValue={months[0]}>
                  {months.map((m) => (
                    <option key={m} value={m}>
                      {monthLabel(m)}
                    </option>
                  ))}
                </Select>
              </div>
              <Button type="submit" variant="secondary">
                View statement
              </Button>
            </Form>
            <a href="/payouts/ledger.csv" className="mt-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline" download>
              <Download className="size-4" aria-hidden="true" /> Ledger lines (CSV)
            </a>
          </div>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          <Link to="/dashboard" className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </section>
    </div>
  );
}
