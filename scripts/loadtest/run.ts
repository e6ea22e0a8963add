/**
 * npm run loadtest -- [options] URL...
 * Mixed traffic at a fixed rate against running instances of the app, then a check that no
 * acknowledged write was lost. See HELP below and docs/security.md ("Load test") for the runs made.
 */
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { runLoadTest, LoadTestError } from "./engine";
import { formatReport } from "./report";
import { WEIGHTS } from "./traffic";

const HELP = `Usage: npm run loadtest -- [options] URL [URL...]

Sends a mix of requests at a fixed rate to one or more running BuildZA instances (taken in turn),
then checks that every write the app acknowledged can be read back. Start the app first, e.g.
  npm start                                    (embedded database, demo data, port 3000)
  npm run loadtest -- http://localhost:3000

Several instances on one PostgreSQL database (same DATABASE_URL and AUTH_SECRET, other PORTs):
  npm run loadtest -- --database-url "$DATABASE_URL" http://localhost:3000 http://localhost:3001

The mix (relative weights): ${Object.entries(WEIGHTS)
  .map(([name, weight]) => `${name} ${weight}`)
  .join(", ")}.
Browsing uses varied filters, sorts and next pages; search covers projects, developers and /search.
Signed-in requests use ${"`--accounts`"} clients and developers it registers at the start (emails
loadtest-<run>-<role>-<n>@example.com), so it works on any database; with the demo data (npm start)
there are also projects and developers to view and propose to. It writes real rows: run it against
a test copy, not production.

Prints requests/s, latency percentiles (counted from when each request was due, so waiting behind
a slow answer counts too), errors by status, each action's figures, and lost writes: projects,
proposals and messages acknowledged but not found afterwards (read through the API as their author,
on another instance than the one that acknowledged them; or looked up in the database with
--database-url). Exits 1 when a write is lost or could not be checked.

Options:
  --rate N              requests per second, all instances together (default 20)
  --duration S          seconds of traffic (default 60)
  --accounts N          clients and developers to register, N of each (default: enough for the
                        message rate to stay under 24 a minute per account, at least 5)
  --sign-ins N          sign-ins per minute per instance at most (default 6). better-auth allows
                        10 a minute per client address, and without a proxy setting
                        X-Forwarded-For it counts all clients as one: runs less than a minute
                        apart may meet that limit (429)
  --no-pages            API requests only (for a server without the React Router build)
  --database-url URL    check acknowledged writes in this PostgreSQL database (DATABASE_URL of the app)
  --timeout S           seconds before a request counts as a timeout (default 10)
  --max-in-flight N     requests outstanding at most; more are dropped and counted (default 200)
  --seed N              seed of the random mix (default 1)
  --json FILE           also write the report as JSON
  --help                show this help
`;

const positiveNumber = (name: string, raw: string | undefined, fallback: number, integer = false): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new LoadTestError(`--${name} must be a positive ${integer ? "whole " : ""}number, got "${raw}"`);
  return n;
};

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        rate: { type: "string" },
        duration: { type: "string" },
        accounts: { type: "string" },
        "sign-ins": { type: "string" },
        "no-pages": { type: "boolean", default: false },
        "database-url": { type: "string" },
        timeout: { type: "string" },
        "max-in-flight": { type: "string" },
        seed: { type: "string" },
        json: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new LoadTestError(`${(err as Error).message}\nRun with --help for usage.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (!positionals.length)
    throw new LoadTestError("Give the URL of at least one running instance, e.g. npm run loadtest -- http://localhost:3000 (--help for usage).");
  const urls = positionals.map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new LoadTestError(`Not a URL: ${raw}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new LoadTestError(`Not an http(s) URL: ${raw}`);
    return url.origin;
  });
  const rate = positiveNumber("rate", values.rate, 20);
  // Messages are 12% of the mix; each account may send 24 a minute.
  const neededAccounts = Math.ceil((rate * 60 * (WEIGHTS.message / 100)) / 24 / 2);
  const report = await runLoadTest({
    urls,
    rate,
    duration: positiveNumber("duration", values.duration, 60),
    accounts: positiveNumber("accounts", values.accounts, Math.max(5, neededAccounts + 1), true),
    pages: !values["no-pages"],
    databaseUrl: values["database-url"],
    signInsPerMinute: positiveNumber("sign-ins", values["sign-ins"], 6, true),
    timeoutMs: positiveNumber("timeout", values.timeout, 10) * 1000,
    maxInFlight: positiveNumber("max-in-flight", values["max-in-flight"], 200, true),
    seed: positiveNumber("seed", values.seed, 1, true),
    log: (line) => console.log(line),
  });
  console.log("");
  console.log(formatReport(report));
  if (values.json) await fs.writeFile(values.json, `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`);
  if (report.lost || report.unchecked) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof LoadTestError ? err.message : err);
  process.exit(1);
});
