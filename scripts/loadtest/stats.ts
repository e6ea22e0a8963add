/** Figures of a load test run: latency percentiles, counts by status and by action, and their text. */

/** One finished (or failed) request. */
export interface Sample {
  action: string;
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** "timeout", or "network <code>", when no answer came. */
  failure?: string;
  /** Milliseconds from the moment the request was scheduled to the end of its answer. */
  ms: number;
  /** Seconds from the start of the traffic to the moment the request was due. */
  at: number;
}

/** The value at percentile `p` (0-100) of `sorted` (ascending), nearest-rank; 0 for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function latencyOf(values: readonly number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

/** An error is a status of 400 or more, or no answer at all. Redirects (3xx) are answers. */
export function isError(sample: Sample): boolean {
  return sample.status === 0 || sample.status >= 400;
}

/** The key an error is counted under: the status ("429"), or "timeout" / "network <code>". */
export function errorKey(sample: Sample): string {
  return sample.status === 0 ? (sample.failure ?? "network") : String(sample.status);
}

export interface ActionFigures {
  action: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Per-action request counts, errors and latency, busiest first. */
export function byAction(samples: readonly Sample[]): ActionFigures[] {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) groups.set(s.action, [...(groups.get(s.action) ?? []), s]);
  return [...groups]
    .map(([action, list]) => {
      const latency = latencyOf(list.map((s) => s.ms));
      return { action, requests: list.length, errors: list.filter(isError).length, p50: latency.p50, p99: latency.p99 };
    })
    .sort((a, b) => b.requests - a.requests || a.action.localeCompare(b.action));
}

/** Errors counted by status (or "timeout"/"network"), most frequent first. */
export function errorsByStatus(samples: readonly Sample[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const s of samples) if (isError(s)) counts.set(errorKey(s), (counts.get(errorKey(s)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

export interface WindowFigures {
  /** Seconds from the start: the window is [from, from + size). */
  from: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Requests, errors and latency per `size`-second slice of the run (by when requests were due): warm-up and stalls show here. */
export function byWindow(samples: readonly Sample[], size: number): WindowFigures[] {
  const windows = new Map<number, Sample[]>();
  for (const s of samples) {
    const from = Math.floor(s.at / size) * size;
    windows.set(from, [...(windows.get(from) ?? []), s]);
  }
  return [...windows]
    .sort((a, b) => a[0] - b[0])
    .map(([from, list]) => {
      const latency = latencyOf(list.map((s) => s.ms));
      return { from, requests: list.length, errors: list.filter(isError).length, p50: latency.p50, p99: latency.p99 };
    });
}

/** A table with aligned columns: the first left-aligned, the others right-aligned. */
export function table(header: string[], rows: (string | number)[][]): string {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all.map((r) => "  " + r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")).join("\n");
}
