/**
 * Payments documents (docs/product.md, Payments "Documents"): tax invoices for the platform fee
 * (sequential numbers without gaps, amounts excluding and including VAT, the VAT number) as PDF
 * (pdf-lib), the monthly statement and the CSV export of a user's ledger lines, and funding
 * receipts for clients.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { PAYMENT_REFERENCE } from "../../shared/payments";
import { centsDecimal, formatDocumentCents, monthLabel } from "../../shared/format";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { contracts, milestones, payments, projects, taxInvoices, users } from "../db/schema";
import { ForbiddenError, NotFoundError, requireUser, ValidationError } from "../errors";

/**
 * Issues the next tax invoice in `tx`. The number is the highest so far plus one, taken under a
 * transaction-scoped advisory lock, so numbers run without gaps even when a transaction rolls back
 * (a sequence would skip). Returns the number.
 */
export async function issueTaxInvoice(
  tx: Tx,
  input: { journalId: number; userId: string; description: string; feeCents: number; vatCents: number; vatNumber?: string },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('buildza_tax_invoices'))`);
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${taxInvoices.number}), 0)::int + 1` }).from(taxInvoices);
  const number = row!.next;
  await tx.insert(taxInvoices).values({ number, ...input, vatNumber: input.vatNumber ?? "" });
  return number;
}

/** "INV-000042". */
export const invoiceLabel = (n: number) => `INV-${String(n).padStart(6, "0")}`;

export interface InvoiceSummary {
  number: number;
  label: string;
  description: string;
  feeCents: number;
  vatCents: number;
  totalCents: number;
  createdAt: string;
}

/** The tax invoices of the signed-in user, newest first. */
export async function listMyInvoices(db: Db, user: SessionUser | null): Promise<InvoiceSummary[]> {
  const me = requireUser(user);
  const rows = await db.select().from(taxInvoices).where(eq(taxInvoices.userId, me.id)).orderBy(desc(taxInvoices.number)).limit(200);
  return rows.map((r) => ({
    number: r.number,
    label: invoiceLabel(r.number),
    description: r.description,
    feeCents: r.feeCents,
    vatCents: r.vatCents,
    totalCents: r.feeCents + r.vatCents,
    createdAt: r.createdAt.toISOString(),
  }));
}

const dateFormat = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", day: "numeric", month: "long", year: "numeric" });

/**
 * Tax invoice `number` as PDF bytes, for the user it was issued to. Throws UnauthorizedError,
 * NotFoundError (no such invoice, or another user's).
 */
export async function taxInvoicePdf(db: Db, user: SessionUser | null, number: number): Promise<Uint8Array> {
  const me = requireUser(user);
  if (!Number.isSafeInteger(number) || number < 1) throw new NotFoundError("Invoice not found");
  const [inv] = await db
    .select({ inv: taxInvoices, name: users.name, email: users.email })
    .from(taxInvoices)
    .innerJoin(users, eq(users.id, taxInvoices.userId))
    .where(eq(taxInvoices.number, number));
  if (!inv || inv.inv.userId !== me.id) throw new NotFoundError("Invoice not found");
  const r = inv.inv;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax invoice ${invoiceLabel(r.number)}`);
  pdf.setAuthor("BuildZA");
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; bold?: boolean; x?: number } = {}) => {
    page.drawText(text, { x: options.x ?? 56, y, size: options.size ?? 11, font: options.bold ? bold : font, color: rgb(0.1, 0.1, 0.15) });
    y -= (options.size ?? 11) + 8;
  };
  line(r.vatNumber ? "TAX INVOICE" : "INVOICE", { size: 20, bold: true });
  line(`${invoiceLabel(r.number)}  ·  ${dateFormat.format(r.createdAt)}`.replace("·", "-"));
  y -= 8;
  line("BuildZA (supplier)", { bold: true });
  line(r.vatNumber ? `VAT number ${r.vatNumber}` : "Not registered for VAT");
  y -= 8;
  line("Billed to", { bold: true });
  line(inv.name);
  line(inv.email);
  y -= 8;
  line(r.description, { bold: true });
  const row = (label: string, cents: number, strong = false) => {
    page.drawText(label, { x: 56, y, size: 11, font: strong ? bold : font });
    // Right-aligned on the page's right margin, so the three amounts line up digit for digit.
    const amount = formatDocumentCents(cents, { plainSpaces: true });
    const face = strong ? bold : font;
    page.drawText(amount, { x: 539 - face.widthOfTextAtSize(amount, 11), y, size: 11, font: face });
    y -= 19;
  };
  row("Amount excluding VAT", r.feeCents);
  row(`VAT (${r.vatNumber ? "15%" : "0%"})`, r.vatCents);
  row("Amount including VAT", r.feeCents + r.vatCents, true);
  y -= 8;
  line("Deducted from the released milestone payment; nothing is due.", { size: 9 });
  return pdf.save();
}

/** A ledger line of a user's own account (developer balance), in cents with the running balance. */
export interface StatementLine {
  date: string;
  kind: string;
  memo: string;
  /** Positive: into the balance; negative: out of it. */
  amountCents: number;
  balanceCents: number;
}

/** The refusal of a statement for a month that has not started (docs/product.md, Payments). */
export const MONTH_NOT_STARTED = "That month has not started yet: choose this month or an earlier one";

/**
 * A month as "YYYY-MM" that has started by `now` (South African time): its start and end instants
 * and its label. ValidationError ("month") for another shape, or a month still to come: its
 * statement would show today's balance as an opening balance.
 */
export function parseMonth(value: unknown, now: Date = new Date()): { start: Date; end: Date; label: string } {
  const text = typeof value === "string" ? value : "";
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!m) throw new ValidationError({ month: "Choose a month as YYYY-MM" });
  const [year, month] = [Number(m[1]), Number(m[2])];
  // Months in South African time (UTC+2, no daylight saving).
  const start = new Date(`${m[1]}-${m[2]}-01T00:00:00+02:00`);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  const end = new Date(`${next}-01T00:00:00+02:00`);
  if (start.getTime() > now.getTime()) throw new ValidationError({ month: MONTH_NOT_STARTED });
  return { start, end, label: monthLabel(text) };
}

/**
 * The ledger lines of the signed-in user's balance account, oldest first, between `from` and
 * `to` (all when omitted), each with the balance after it; and the balance before the first.
 */
export async function myLedgerLines(db: Db, user: SessionUser | null, from?: Date, to?: Date): Promise<{ opening: number; lines: StatementLine[] }> {
  const me = requireUser(user);
  const rows = (
    (await db.execute(
      sql`select e.created_at, j.kind, j.memo, (-e.amount_cents)::text as amount,
            (sum(-e.amount_cents) over (order by e.id))::text as balance
          from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
          where a.kind = 'developer_balance' and a.owner = ${me.id} order by e.id`,
    )) as unknown as { rows: Array<{ created_at: string | Date; kind: string; memo: string; amount: string; balance: string }> }
  ).rows;
  const all = rows.map((r) => ({
    date: new Date(r.created_at).toISOString(),
    kind: r.kind,
    memo: r.memo,
    amountCents: Number(r.amount),
    balanceCents: Number(r.balance),
  }));
  const inRange = all.filter((l) => (!from || new Date(l.date) >= from) && (!to || new Date(l.date) < to));
  const firstIndex = inRange.length ? all.indexOf(inRange[0]!) : all.filter((l) => !from || new Date(l.date) < from).length;
  const opening = firstIndex > 0 ? all[firstIndex - 1]!.balanceCents : 0;
  return { opening, lines: inRange };
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised (spreadsheet formulas). */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV export of the signed-in user's ledger lines (all of them): date, type, description, amount and balance in rand. */
export async function myLedgerCsv(db: Db, user: SessionUser | null): Promise<string> {
  const { lines } = await myLedgerLines(db, user);
  const out = [["date", "type", "description", "amount_zar", "balance_zar"].join(",")];
  for (const l of lines) out.push([l.date, l.kind, l.memo, centsDecimal(l.amountCents), centsDecimal(l.balanceCents)].map(csvField).join(","));
  return `${out.join("\r\n")}\r\n`;
}

/** A funding receipt: the payment `reference` of the signed-in client, succeeded. Throws NotFoundError, ForbiddenError. */
export async function fundingReceipt(db: Db, user: SessionUser | null, reference: string) {
  const me = requireUser(user);
  if (!PAYMENT_REFERENCE.test(reference)) throw new NotFoundError("Receipt not found");
  const [p] = await db
    .select({
      reference: payments.reference,
      amountCents: payments.amountCents,
      status: payments.status,
      payerId: payments.payerId,
      settledAt: payments.settledAt,
      provider: payments.provider,
      milestone: milestones.title,
      contractId: contracts.id,
      project: projects.title,
    })
    .from(payments)
    .innerJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(and(eq(payments.reference, reference), eq(payments.status, "succeeded")));
  if (!p) throw new NotFoundError("Receipt not found");
  if (p.payerId !== me.id) throw new ForbiddenError("This receipt is not yours");
  return { ...p, settledAt: p.settledAt?.toISOString() ?? null };
}
