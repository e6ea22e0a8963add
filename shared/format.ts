/**
 * Money and date formatting (docs/product.md, Look and feel "Money" and "Dates"; Payments "Money").
 * Isomorphic. One formatter per money rule: formatCents/formatRand on screen and in emails,
 * formatDocumentCents on accounting documents, centsDecimal in CSV. Uses Intl only: en-ZA locale,
 * Africa/Johannesburg time zone.
 */
import { BUDGET_FILTERS, BUDGET_RANGES, LIST_TOTAL_CAP, MAX_YEARS_AHEAD, TIMELINES, type BudgetRangeCode } from "./constants";

/**
 * A value built on first use and kept. The Intl formatters below are built this way, not at module
 * load: the first Intl object a browser builds sets up its ICU data (12-40 ms in Chromium on our CI
 * machine, 40-80 ms at Lighthouse's 4x CPU slowdown), and at load that lands in the one task that
 * evaluates the page's scripts (docs/performance.md, issue 17, thirteenth pass).
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// Whole numbers only: the cents, when there are any, are appended by hand (randParts).
const wholeFormat = once(() => new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 0 }));
const TIME_ZONE = "Africa/Johannesburg";

/**
 * `cents` split for the money formatters below: the sign ("-" below zero, "" otherwise), the whole
 * rand (grouped by the caller: en-ZA's no-break space renders as a space and never wraps) and the
 * cents left over (0-99). Integer arithmetic: `cents / 100` as a float can land on the wrong
 * side of a whole rand for amounts in the trillions. A fraction of a cent is not money; it is
 * rounded to the nearest cent first.
 */
function randParts(cents: number): { sign: string; rand: number; rest: number } {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const rest = abs % 100;
  return { sign: whole < 0 ? "-" : "", rand: (abs - rest) / 100, rest };
}

/**
 * An amount in cents as people read it on screen and in emails (docs/product.md, Look and feel
 * "Money"): whole rand without decimals ("R12 000"), and the two-digit decimal comma only when there
 * are cents ("R1 234,50"), so nothing is ever rounded away. Below zero "-R500"; zero "R0". en-ZA
 * groups thousands with a no-break space. `cents` is an integer (a fraction is rounded to the cent).
 */
export function formatCents(cents: number): string {
  const { sign, rand, rest } = randParts(cents);
  return `${sign}R${wholeFormat().format(rand)}${rest ? `,${String(rest).padStart(2, "0")}` : ""}`;
}

/**
 * An amount in whole rand (prices, budgets, rates: docs/product.md, Money) by the same rule as
 * formatCents: "R15 000"; a stray fraction shows as cents ("R1 500,50") rather than being rounded away.
 */
export function formatRand(amount: number): string {
  return formatCents(Math.round(amount * 100));
}

/**
 * An amount in cents on an accounting document - the receipt, the tax invoice PDF, the monthly
 * statement and the ledger memos it lists (docs/product.md, Payments "Documents"): always two
 * decimals after the comma, "R12 000,00", "R550,50", "-R200,00", so the amounts of a column align
 * and read as exact. `plainSpaces`: group with ordinary spaces instead of en-ZA's no-break space,
 * for text stored in the ledger (it ends up in CSV files) and the PDF's standard fonts, which have
 * no no-break space glyph.
 */
export function formatDocumentCents(cents: number, { plainSpaces = false }: { plainSpaces?: boolean } = {}): string {
  const { sign, rand, rest } = randParts(cents);
  const text = `${sign}R${wholeFormat().format(rand)},${String(rest).padStart(2, "0")}`;
  return plainSpaces ? text.replace(/\s/g, " ") : text;
}

/**
 * `text` (a ledger memo, stored with plain spaces: formatDocumentCents `plainSpaces`) with the
 * grouping spaces of every "R" amount in it made no-break, so a narrow column wraps between words,
 * never inside "R1 147,50" (the statement page, docs/product.md, Payments "Documents").
 */
export function keepAmountsWhole(text: string): string {
  return text.replace(/-?R\d{1,3}(?: \d{3})+(?:,\d{2})?/g, (amount) => amount.replace(/ /g, "\u00a0"));
}

/**
 * An amount in cents as a CSV number of rand (the ledger CSV, docs/product.md, Payments
 * "Documents"): a decimal point, two decimals, no grouping and no "R", as spreadsheets read it:
 * "12000.00", "-550.50", "0.00".
 */
export function centsDecimal(cents: number): string {
  const { sign, rand, rest } = randParts(cents);
  return `${sign}${rand}.${String(rest).padStart(2, "0")}`;
}

/** Nothing typed: absent, null, "" or only spaces (a required amount's "Please enter ..." message, not "Enter an amount in rand"). */
export function isBlankAmount(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Rand typed the South African way, as plain decimal text ("1500", "-500", "1500.50"), or null when it
 * is not an amount (docs/product.md, Money typed in forms): an optional leading "R"; spaces of any
 * kind (non-breaking, narrow) or commas grouping thousands in threes ("R 1 500", "1,500",
 * "12 345 678"); a decimal comma or point ("1 500,00", "R1500.50"). A comma before exactly three
 * digits groups thousands ("1,500" is R1 500); before one or two it is the decimal comma ("1500,5").
 * Zero-width characters a paste brings along are dropped. Exponents and hex ("1e3", "0x1f4") are not amounts.
 */
export function randText(value: string): string | null {
  const text = value
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const m = /^([+-]?) ?(?:R ?)?(.*)$/i.exec(text);
  if (!m) return null;
  const [, sign, body] = m as unknown as [string, string, string];
  let plain: string | null = null;
  if (/^(\d+(\.\d*)?|\.\d+)$/.test(body)) plain = body;
  else if (/^\d{1,3}( \d{3})+([.,]\d{1,2})?$/.test(body)) plain = body.replaceAll(" ", "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(body)) plain = body.replaceAll(",", "");
  else if (/^\d+,\d{1,2}$/.test(body)) plain = body.replace(",", ".");
  return plain === null ? null : `${sign === "-" ? "-" : ""}${plain}`;
}

/** `value` (a number, or text as randText reads it) as a number of rand, or null when it is not an amount. */
export function readRand(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = randText(value);
  return text === null ? null : Number(text);
}

/**
 * A project budget for cards and details (docs/product.md, Constants): "R{min} - R{max}" when both are
 * present, "R{min}+" for an open-ended range, else "Budget negotiable".
 */
export function formatBudget(min: number | null | undefined, max: number | null | undefined): string {
  if (min != null && max != null) return `${formatRand(min)} - ${formatRand(max)}`;
  if (min != null) return `${formatRand(min)}+`;
  return "Budget negotiable";
}

/** Label of a budget range code, e.g. "R15 000 - R35 000"; unknown code gives "Budget negotiable". */
export function budgetRangeLabel(code: string | null | undefined): string {
  const range = BUDGET_RANGES.find((b) => b.code === code);
  return range ? formatBudget(range.min, range.max) : "Budget negotiable";
}

/** The min/max in rand of a budget range code (docs/product.md: derived on the server). */
export function budgetBounds(code: BudgetRangeCode): { min: number; max: number | null } {
  const range = BUDGET_RANGES.find((b) => b.code === code);
  if (!range) throw new Error(`Unknown budget range ${code}`);
  return { min: range.min, max: range.max };
}

/** Label of a timeline code ("1-2 months"); with no value "Flexible timeline" (docs/product.md, Constants). */
export function timelineLabel(code: string | null | undefined): string {
  return TIMELINES.find((t) => t.code === code)?.label ?? "Flexible timeline";
}

const relative = once(() => new Intl.RelativeTimeFormat("en-ZA", { numeric: "auto" }));
const absolute = once(
  () =>
    new Intl.DateTimeFormat("en-ZA", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: TIME_ZONE,
    }),
);

/** "12 Mar 2026" in Africa/Johannesburg. */
export function formatDate(date: Date | string): string {
  return absolute().format(new Date(date));
}

/** "1 Dec 2026, 14:05" in Africa/Johannesburg (formatDate and the 24-hour clock of formatMessageTime). */
export function formatDateTime(date: Date | string): string {
  return `${formatDate(date)}, ${clock().format(new Date(date))}`;
}

/**
 * Relative for recent times ("3 hours ago", "yesterday"), absolute for anything older than
 * 30 days (docs/product.md, Look and feel). `now` is injectable for tests.
 */
export function formatRelative(date: Date | string, now: Date = new Date()): string {
  const then = new Date(date).getTime();
  const seconds = Math.round((then - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative().format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return relative().format(Math.round(seconds / 3600), "hour");
  if (abs < 86400 * 30) return relative().format(Math.round(seconds / 86400), "day");
  return formatDate(date);
}

/** A project's timeline code and optional deadline. */
type Schedule = { timeline?: string | null; deadline?: Date | string | null };

/** One fact about when a project is due: its term ("Timeline", "Deadline") and value. */
export type ScheduleFact = { term: "Timeline" | "Deadline"; value: string };

/**
 * The schedule facts of the project page's details card (docs/product.md, Projects): the timeline
 * ("Flexible timeline" without one), then the deadline only when the project has one, so the card
 * never says "Timeline 2-4 weeks" beside "Deadline: Flexible timeline".
 */
export function scheduleFacts({ timeline, deadline }: Schedule): ScheduleFact[] {
  const facts: ScheduleFact[] = [{ term: "Timeline", value: timelineLabel(timeline) }];
  if (deadline) facts.push({ term: "Deadline", value: formatDate(deadline) });
  return facts;
}

/** A deadline for cards: the date, or "Flexible timeline" when missing (docs/product.md, Constants). */
export function formatDeadline(deadline: Date | string | null | undefined): string {
  return deadline ? formatDate(deadline) : "Flexible timeline";
}

// Built once: an Intl formatter costs about 0.1 ms to construct (a card grid asked for one per card).
const yearFormat = once(() => new Intl.DateTimeFormat("en-ZA", { year: "numeric", timeZone: TIME_ZONE }));

/** The year (Africa/Johannesburg) a date falls in, e.g. for "Member since". */
export function yearOf(date: Date | string): number {
  return Number(yearFormat().format(new Date(date)));
}

const clock = once(() => new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", hour: "2-digit", minute: "2-digit", hour12: false }));
const dayKey = once(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg", year: "numeric", month: "2-digit", day: "2-digit" }));

/**
 * A message's time in Africa/Johannesburg: "14:05" today, "yesterday 14:05", else "12 Mar 2026 14:05".
 * `now` is injectable for tests.
 */
export function formatMessageTime(date: Date | string, now: Date = new Date()): string {
  const d = new Date(date);
  const time = clock().format(d);
  const day = dayKey().format(d);
  if (day === dayKey().format(now)) return time;
  if (day === dayKey().format(new Date(now.getTime() - 86_400_000))) return `yesterday ${time}`;
  return `${formatDate(d)} ${time}`;
}

/**
 * A list total for "{n} projects found" and "Showing 12 of {n}": the exact number, or "1,000+" when
 * the total was capped at LIST_TOTAL_CAP (docs/decisions/0023-capped-list-totals.md).
 */
export function formatTotal(total: number, capped = false): string {
  return capped ? `${LIST_TOTAL_CAP.toLocaleString("en-US")}+` : String(total);
}

const pluralRules = once(() => new Intl.PluralRules("en-ZA"));

/**
 * A count with its noun in the right plural form by Intl.PluralRules (en-ZA): `countLabel(1,
 * "proposal")` is "1 proposal", `countLabel(2, "proposal")` is "2 proposals"; `plural` is for
 * nouns that do not just add "s" ("1 person", "3 people"). The one helper for counts shown to
 * users (docs/product.md, Journeys).
 */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${pluralRules().select(n) === "one" ? singular : plural}`;
}

/**
 * A list total with its noun (countLabel): "1 result", "12 results", and "1,000+ results" when the
 * total was capped (formatTotal, decision 0023).
 */
export function totalLabel(total: number, capped: boolean | undefined, singular: string, plural = `${singular}s`): string {
  return capped ? `${formatTotal(total, true)} ${plural}` : countLabel(total, singular, plural);
}

/** A byte count for people: "812 B", "34 KB", "2.4 MB" (units of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

const isoDay = once(() => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }));

/** Today in Africa/Johannesburg as "2026-11-23" (ISO date; `now` injectable for tests). */
export function todayIso(now: Date = new Date()): string {
  return isoDay().format(now);
}

/**
 * The latest deadline or due date accepted today: today's South African date MAX_YEARS_AHEAD years
 * on, as "2029-11-23". Only compared with ISO dates as a string bound (29 February stays as typed).
 */
export function latestDateIso(now: Date = new Date()): string {
  const today = todayIso(now);
  return `${Number(today.slice(0, 4)) + MAX_YEARS_AHEAD}${today.slice(4)}`;
}

/** The last 12 months as YYYY-MM, newest first, in South African time (the statement's month picker and its default). */
export function recentMonths(now = new Date()): string[] {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(now);
  let year = Number(parts.find((p) => p.type === "year")!.value);
  let month = Number(parts.find((p) => p.type === "month")!.value);
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    out.push(`${year}-${String(month).padStart(2, "0")}`);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return out;
}

const monthFormat = once(() => new Intl.DateTimeFormat("en-ZA", { month: "long", year: "numeric", timeZone: TIME_ZONE }));

/** "November 2026" for "2026-11" (YYYY-MM, a South African month; recentMonths, statements). */
export function monthLabel(yearMonth: string): string {
  return monthFormat().format(new Date(`${yearMonth}-15T12:00:00+02:00`));
}

/** Label of a budget filter: the BUDGET_FILTERS label when it is one of them, else the range. */
export function budgetFilterLabel(min: number | null, max: number | null): string {
  const preset = BUDGET_FILTERS.find((b) => (b.budgetMin ?? null) === min && (b.budgetMax ?? null) === max);
  if (preset) return preset.label;
  if (min != null && max != null) return `${formatRand(min)} - ${formatRand(max)}`;
  if (min != null) return `${formatRand(min)}+`;
  if (max != null) return `Up to ${formatRand(max)}`;
  return "Any budget";
}
