/**
 * The double-entry ledger (docs/decisions/0017-double-entry-ledger.md): accounts, journals and
 * append-only entries in cents. Debits are positive, credits negative; every journal sums to zero
 * (checked here, and by the database at commit: a deferred constraint trigger). Balances are
 * derived from entries, never stored.
 *
 * Accounts: `client_funding` (the money clients paid in, held at the provider: an asset),
 * `escrow` per contract, `developer_balance` per developer, `platform_fees`, `vat_payable`,
 * `provider_fees`, `payouts_in_transit` (liabilities and revenue: their "held" amount is minus
 * their sum).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { ledgerAccounts, ledgerEntries, ledgerJournals, type JournalKind, type LedgerAccountKind } from "../db/schema";

export interface AccountRef {
  kind: LedgerAccountKind;
  /** The user (developer_balance), the contract (escrow), or "" for the platform's accounts. */
  owner?: string;
}

export interface JournalInput {
  kind: JournalKind;
  /** Unique per business event: a second post with the same key does nothing. */
  eventKey: string;
  contractId?: string | null;
  milestoneId?: string | null;
  memo?: string;
  /** Signed cents: debit positive, credit negative; they must sum to zero. Zero lines are dropped. */
  lines: Array<{ account: AccountRef; cents: number }>;
}

/** The id of an account, created on first use (concurrent creators meet on the unique index). */
export async function accountId(tx: Tx | Db, ref: AccountRef): Promise<number> {
  const owner = ref.owner ?? "";
  await tx.insert(ledgerAccounts).values({ kind: ref.kind, owner }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, ref.kind), eq(ledgerAccounts.owner, owner)));
  return row!.id;
}

/**
 * Posts a journal in `tx`; returns its id, or null when a journal with this event key exists
 * already (the event was posted before). Throws Error when the lines do not sum to zero or hold
 * a fraction of a cent.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<number | null> {
  const lines = input.lines.filter((l) => l.cents !== 0);
  if (lines.some((l) => !Number.isSafeInteger(l.cents))) throw new Error("Ledger amounts are whole cents");
  if (lines.reduce((s, l) => s + l.cents, 0) !== 0) throw new Error(`Journal ${input.eventKey} does not balance`);
  const [journal] = await tx
    .insert(ledgerJournals)
    .values({
      kind: input.kind,
      eventKey: input.eventKey,
      contractId: input.contractId ?? null,
      milestoneId: input.milestoneId ?? null,
      memo: input.memo ?? "",
    })
    .onConflictDoNothing()
    .returning({ id: ledgerJournals.id });
  if (!journal) return null;
  for (const l of lines) {
    await tx.insert(ledgerEntries).values({ journalId: journal.id, accountId: await accountId(tx, l.account), amountCents: l.cents });
  }
  return journal.id;
}

/** The sum of an account's entries in cents (debit positive); 0 for an account never used. */
export async function accountSum(tx: Tx | Db, ref: AccountRef): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.kind, ref.kind), eq(ledgerAccounts.owner, ref.owner ?? "")));
  return Number(row?.sum ?? 0);
}

/** What a liability account holds for its owner (escrow, developer balance, fees, VAT, payouts in transit): minus its sum, in cents. */
export async function held(tx: Tx | Db, ref: AccountRef): Promise<number> {
  return 0 - (await accountSum(tx, ref)) || 0;
}

/**
 * The ledger's invariants (docs/product.md, Payments "Ledger"), as a list of violations (empty
 * when they hold): every journal sums to zero, all entries together sum to zero, no escrow,
 * developer balance, fee, VAT or payouts-in-transit account holds less than zero, an escrow
 * holds exactly the amounts of its contract's milestones still in escrow, and the escrow of a
 * contract whose milestones are all finished is zero. Used by the payments tests after each test.
 */
export async function ledgerViolations(db: Db | Tx): Promise<string[]> {
  const out: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const unbalanced = await q<{ journal_id: number; total: string }>(
    sql`select journal_id, sum(amount_cents)::text as total from ledger_entries group by journal_id having sum(amount_cents) <> 0`,
  );
  for (const r of unbalanced) out.push(`journal ${r.journal_id} sums to ${r.total}`);
  const [all] = await q<{ total: string }>(sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_entries`);
  if (Number(all!.total) !== 0) out.push(`all entries sum to ${all!.total}`);
  const negative = await q<{ kind: string; owner: string; held: string }>(
    sql`select a.kind, a.owner, (-coalesce(sum(e.amount_cents), 0))::text as held from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind in ('escrow', 'developer_balance', 'platform_fees', 'vat_payable', 'payouts_in_transit') group by a.id having -coalesce(sum(e.amount_cents), 0) < 0`,
  );
  for (const r of negative) out.push(`${r.kind} ${r.owner} holds ${r.held}`);
  const escrows = await q<{ contract_id: string; held: string; expected: string; open: number }>(
    sql`select c.id as contract_id,
          (select (-coalesce(sum(e.amount_cents), 0))::text from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'escrow' and a.owner = c.id::text) as held,
          (select coalesce(sum(m.amount_cents), 0)::text from milestones m where m.contract_id = c.id and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) as expected,
          (select count(*)::int from milestones m where m.contract_id = c.id and m.status not in ('released', 'refunded', 'resolved')) as open
        from contracts c`,
  );
  for (const r of escrows) {
    if (r.held !== r.expected) out.push(`escrow of contract ${r.contract_id} holds ${r.held}, its funded milestones ${r.expected}`);
    if (r.open === 0 && Number(r.held) !== 0) out.push(`escrow of finished contract ${r.contract_id} holds ${r.held}`);
  }
  return out;
}
