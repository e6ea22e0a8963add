/**
 * The load test: registers its accounts, sends the traffic mix (traffic.ts) at a fixed rate for a
 * fixed time against one or more instances, then checks that every acknowledged write is there.
 *
 * Open loop: request n is due at start + n / rate whether or not earlier answers came back, as
 * users arrive independently of how slow the site is; latency is counted from the moment a
 * request was due, so a slow answer also counts the wait it caused. Instances take the requests
 * in turn. A request that would exceed `maxInFlight` outstanding ones is dropped and counted.
 */
import { randomBytes } from "node:crypto";
import { send, CookieJar } from "./http";
import { byAction, byWindow, errorsByStatus, isError, latencyOf, type ActionFigures, type Latency, type Sample, type WindowFigures } from "./stats";
import { Traffic, type Account, type Role, type Write } from "./traffic";
import { verifyInDatabase, verifyThroughApi, type WriteCheck } from "./verify";

export interface LoadTestOptions {
  /** Base URLs of the instances (no trailing slash). */
  urls: string[];
  /** Requests per second, all instances together. */
  rate: number;
  /** Seconds of traffic. */
  duration: number;
  /** Accounts registered per role (clients and developers). */
  accounts: number;
  /** Include server-rendered pages (off for an API-only server). */
  pages: boolean;
  /** Check the acknowledged writes in this PostgreSQL database instead of through the API. */
  databaseUrl?: string;
  /** Sign-ins per minute per instance at most. */
  signInsPerMinute: number;
  timeoutMs: number;
  maxInFlight: number;
  /** Seed of the mix's random choices. */
  seed: number;
  /** Progress lines. */
  log(line: string): void;
  /** Runs after the traffic and before the lost-write check (a test removes a write here). */
  beforeVerify?(writes: Write[]): Promise<void>;
}

export interface LoadReport {
  urls: string[];
  rate: number;
  duration: number;
  accounts: number;
  /** Requests scheduled, answered (or failed), and dropped for too many in flight. */
  scheduled: number;
  completed: number;
  dropped: number;
  /** Seconds from the first request due to the last answer. */
  seconds: number;
  /** Completed requests per second over `seconds`. */
  rps: number;
  latency: Latency;
  /** How late the load generator sent requests (ms after they were due): high means it could not keep up. */
  lag: Latency;
  errors: number;
  errorsByStatus: Record<string, number>;
  actions: ActionFigures[];
  /** The same figures per 10 seconds of the run. */
  windows: WindowFigures[];
  writes: WriteCheck;
  verifiedThrough: "database" | "api";
  lost: number;
  unchecked: number;
}

export class LoadTestError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers `count` accounts of each role through better-auth's sign-up, one at a time per
 * instance. Sign-ups are rate-limited per client address (better-auth's default: 3 per 10 s), so a
 * 429 is waited out (Retry-After) and the sign-up tried again.
 */
async function registerAccounts(urls: string[], count: number, timeoutMs: number, log: (line: string) => void): Promise<Account[]> {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const password = `load-${randomBytes(6).toString("hex")}`;
  const wanted: { role: Role; i: number }[] = [];
  for (let i = 1; i <= count; i++) wanted.push({ role: "client", i }, { role: "developer", i });
  const accounts: Account[] = [];
  let next = 0;
  let waitedNoted = false;
  await Promise.all(
    urls.map(async (url) => {
      while (next < wanted.length) {
        const { role, i } = wanted[next++]!;
        const email = `loadtest-${run}-${role}-${i}@example.com`;
        const body = { email, password, name: `Load Test ${role === "client" ? "Client" : "Developer"} ${i}`, userType: role };
        for (let attempt = 1; ; attempt++) {
          const jar = new CookieJar();
          const answer = await send(`${url}/api/auth/sign-up/email`, { method: "POST", body, jar, timeoutMs: Math.max(timeoutMs, 30_000) });
          const id = (answer.json as { user?: { id?: string } } | undefined)?.user?.id;
          if (answer.status === 200 && id && jar.size) {
            accounts.push({ role, email, password, id, jar, messageTimes: [] });
            break;
          }
          if (answer.status === 429 && attempt < 30) {
            if (!waitedNoted) log(`  (sign-ups are rate-limited: waiting ${answer.retryAfter ?? 10} s between bursts)`);
            waitedNoted = true;
            await sleep((answer.retryAfter ?? 10) * 1000);
            continue;
          }
          throw new LoadTestError(`Registering ${email} on ${url} failed: ${answer.status || answer.failure} ${JSON.stringify(answer.json ?? "")}`);
        }
      }
    }),
  );
  return accounts.sort((a, b) => a.email.localeCompare(b.email, "en", { numeric: true }));
}

/** Runs the whole load test; throws LoadTestError when an instance does not answer or set-up fails. */
export async function runLoadTest(options: LoadTestOptions): Promise<LoadReport> {
  const { urls, log } = options;
  for (const url of urls) {
    const answer = await send(`${url}/api/v1/projects?limit=1`, { timeoutMs: 10_000 });
    if (answer.status !== 200)
      throw new LoadTestError(`${url} does not answer GET /api/v1/projects (${answer.status || answer.failure}). Is the app running there?`);
  }

  log(`Registering ${options.accounts} clients and ${options.accounts} developers...`);
  const accounts = await registerAccounts(urls, options.accounts, options.timeoutMs, log);
  const traffic = new Traffic(accounts, { seed: options.seed, pages: options.pages, instances: urls.length, signInsPerMinute: options.signInsPerMinute });
  for (const path of [
    "/api/v1/projects?limit=50",
    "/api/v1/projects?limit=50&sortBy=most_proposals",
    "/api/v1/developers?limit=50",
    "/api/v1/developers/top",
  ]) {
    traffic.learn(await send(`${urls[0]}${path}`, { timeoutMs: options.timeoutMs }));
  }
  log(`Known to start with: ${traffic.knownProjects} active projects, ${traffic.knownDevelopers} developers.`);
  log(`Sending ${options.rate} requests/s for ${options.duration} s to ${urls.join(", ")}...`);

  const samples: Sample[] = [];
  const lags: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let dropped = 0;
  let scheduled = 0;
  const interval = 1000 / options.rate;
  const start = performance.now();
  const end = start + options.duration * 1000;
  let lastAnswer = start;
  let nextProgress = start + 10_000;

  for (let n = 0; ; n++) {
    const due = start + n * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    scheduled++;
    if (inFlight.size >= options.maxInFlight) {
      dropped++;
      continue;
    }
    const instance = n % urls.length;
    const planned = traffic.plan(performance.now(), instance);
    lags.push(performance.now() - due);
    const request = (async () => {
      const answer = await send(`${urls[instance]}${planned.path}`, {
        method: planned.method,
        body: planned.body,
        jar: planned.account?.jar,
        timeoutMs: options.timeoutMs,
        accept: planned.page ? "text/html,application/xhtml+xml" : "application/json",
      });
      const now = performance.now();
      lastAnswer = Math.max(lastAnswer, now);
      samples.push({ action: planned.action, status: answer.status, failure: answer.failure, ms: now - due, at: (due - start) / 1000 });
      planned.onAnswer?.(answer, instance);
    })();
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    if (performance.now() >= nextProgress) {
      nextProgress += 10_000;
      log(
        `  ${Math.round((performance.now() - start) / 1000)} s: ${samples.length} answered, ${samples.filter(isError).length} errors, ${inFlight.size} in flight`,
      );
    }
  }
  await Promise.all(inFlight);
  const seconds = (lastAnswer - start) / 1000;

  if (options.beforeVerify) await options.beforeVerify(traffic.writes);
  log(`Checking ${traffic.writes.length} acknowledged writes ${options.databaseUrl ? "in the database" : "through the API"}...`);
  const writes = options.databaseUrl
    ? await verifyInDatabase(traffic.writes, options.databaseUrl)
    : await verifyThroughApi(traffic.writes, urls, options.timeoutMs);
  const checks = Object.values(writes);
  const errors = samples.filter(isError).length;
  return {
    urls,
    rate: options.rate,
    duration: options.duration,
    accounts: accounts.length,
    scheduled,
    completed: samples.length,
    dropped,
    seconds: Math.round(seconds * 10) / 10,
    rps: seconds > 0 ? Math.round((samples.length / seconds) * 10) / 10 : 0,
    latency: latencyOf(samples.map((s) => s.ms)),
    lag: latencyOf(lags),
    errors,
    errorsByStatus: errorsByStatus(samples),
    actions: byAction(samples),
    windows: byWindow(samples, 10),
    writes,
    verifiedThrough: options.databaseUrl ? "database" : "api",
    lost: checks.reduce((sum, c) => sum + c.missing.length, 0),
    unchecked: checks.reduce((sum, c) => sum + c.unchecked.length, 0),
  };
}
