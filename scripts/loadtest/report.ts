/** The load test's report as text. */
import type { LoadReport } from "./engine";
import { table } from "./stats";

/** Milliseconds: one decimal below 10, whole above. */
const ms = (v: number) => (v < 10 ? v.toFixed(1) : String(Math.round(v)));

/** The report as printed by npm run loadtest. */
export function formatReport(r: LoadReport): string {
  const lines: string[] = [];
  const errors = Object.entries(r.errorsByStatus);
  lines.push(
    `Load test: ${r.rate} requests/s for ${r.duration} s against ${r.urls.length} instance${r.urls.length > 1 ? "s" : ""} (${r.urls.join(", ")}), ${r.accounts} accounts`,
  );
  lines.push(
    `requests: ${r.scheduled} scheduled, ${r.completed} answered or failed, ${r.dropped} dropped (over --max-in-flight); ${r.rps} requests/s over ${r.seconds} s`,
  );
  lines.push(`latency: p50 ${ms(r.latency.p50)} ms, p90 ${ms(r.latency.p90)} ms, p99 ${ms(r.latency.p99)} ms, max ${ms(r.latency.max)} ms`);
  lines.push(`load generator lateness: p99 ${ms(r.lag.p99)} ms, max ${ms(r.lag.max)} ms`);
  lines.push(`errors: ${r.errors ? `${r.errors} (${errors.map(([k, v]) => `${k}: ${v}`).join(", ")})` : "none"}`);
  lines.push(
    table(
      ["action", "requests", "errors", "p50 ms", "p99 ms"],
      r.actions.map((a) => [a.action, a.requests, a.errors, ms(a.p50), ms(a.p99)]),
    ),
  );
  lines.push(
    table(
      ["seconds", "requests", "errors", "p50 ms", "p99 ms"],
      r.windows.map((w) => [`${w.from}-${w.from + 10}`, w.requests, w.errors, ms(w.p50), ms(w.p99)]),
    ),
  );
  const kinds = Object.entries(r.writes) as [string, LoadReport["writes"]["project"]][];
  lines.push(
    `acknowledged writes found afterwards (${r.verifiedThrough === "database" ? "in the database" : "through the API"}): ${kinds
      .map(([kind, c]) => `${kind}s ${c.found}/${c.acknowledged}`)
      .join(", ")}`,
  );
  lines.push(`lost writes: ${r.lost}${r.unchecked ? `, could not check: ${r.unchecked}` : ""}`);
  for (const [kind, c] of kinds) {
    if (c.missing.length) lines.push(`  lost ${kind}s: ${c.missing.join(", ")}`);
    if (c.unchecked.length) lines.push(`  unchecked ${kind}s: ${c.unchecked.join(", ")}`);
  }
  return lines.join("\n");
}
