/**
 * One load case: autocannon against a URL for a warm-up and then a measured run, with the same
 * connection count and headers for every case (a browser's Accept-Encoding, no cookies).
 */
import autocannon from "autocannon";
import { cpuPerRequest, type CpuReading } from "./cpu";

export interface LoadOptions {
  /** Concurrent connections (the issue: 10). */
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of warm-up before the measured run, discarded. */
  warmup: number;
}

export interface LoadResult {
  url: string;
  /** Mean requests per second over the measured run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Socket errors, timeouts and non-2xx answers together. */
  errors: number;
  requests: number;
  /** Mean bytes per answer as sent (compressed when the server compresses). */
  bytesPerRequest: number;
  /**
   * CPU milliseconds per request of the server measured, and of the database server's processes
   * (PostgreSQL on this machine), over the measured run; null where not read (scripts/bench/cpu.ts).
   */
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
}

export const LOAD_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

/** What varies between cases beyond the URL: paths to rotate through, and a session cookie. */
export interface LoadExtras {
  /**
   * Paths (with query) each connection requests in turn: every request is another query, as
   * real visitors send (issue 17), so no answer is reused.
   */
  rotate?: string[];
  /** A Cookie header (signed-in cases: never served from the anonymous page cache). */
  cookie?: string;
  /** Reads the CPU used so far by the server (and database) under load, before and after the measured run. */
  cpu?: () => CpuReading;
}

function run(url: string, connections: number, duration: number, extras: LoadExtras): Promise<autocannon.Result> {
  const headers: Record<string, string> = { ...LOAD_HEADERS, ...(extras.cookie ? { cookie: extras.cookie } : {}) };
  // autocannon cycles each connection through `requests`, in this (shuffled) order.
  const requests = extras.rotate?.length ? [...extras.rotate].sort(() => Math.random() - 0.5).map((path) => ({ method: "GET" as const, path })) : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: 10, ...(requests ? { requests } : {}) }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Warms `url` up, then measures it; throws when autocannon itself fails. */
export async function measure(url: string, options: LoadOptions, extras: LoadExtras = {}): Promise<LoadResult> {
  if (options.warmup > 0) await run(url, options.connections, options.warmup, extras);
  const before = extras.cpu?.() ?? { server: null, database: null };
  const r = await run(url, options.connections, options.duration, extras);
  const after = extras.cpu?.() ?? { server: null, database: null };
  return {
    ...cpuPerRequest(before, after, r.requests.total),
    url,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
    bytesPerRequest: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}
