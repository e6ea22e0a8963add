/**
 * CPU time of processes, read from Linux's /proc (issue 17, docs/performance.md "ninth pass"):
 * the bench prints, per case, the milliseconds of CPU the app server (and a local PostgreSQL
 * server's processes) spent per request. On a two-core machine that also runs the load generator,
 * requests per second swing 10-20% between runs of the same code; CPU per request moves much
 * less, and says which process a request's cost is in.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc's CPU counters (`getconf CLK_TCK`, 100 where it cannot be asked). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** `[command name, user + system CPU seconds]` of `pid`, or null when there is no such process or no /proc. */
function readStat(pid: number | string): [string, number] | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
  const close = stat.lastIndexOf(")");
  const comm = stat.slice(stat.indexOf("(") + 1, close);
  const fields = stat.slice(close + 2).split(" ");
  // Fields 14 and 15 of proc(5) (utime, stime) are the 12th and 13th after the command name.
  return [comm, (Number(fields[11]) + Number(fields[12])) / clockTicks()];
}

/** User + system CPU seconds `pid` has used so far; null when it cannot be read (no such process, not Linux). */
export function processCpuSeconds(pid: number): number | null {
  return readStat(pid)?.[1] ?? null;
}

/**
 * User + system CPU seconds used so far by every process named `postgres` on this machine (the
 * server and its backends: a backend that exits between two readings takes its share with it, so
 * this undercounts when connections close). Null without /proc.
 */
export function postgresCpuSeconds(): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat[0] === "postgres") total += stat[1];
  }
  return total;
}

/** CPU seconds so far of the app server and of the database server (null: not measured). */
export interface CpuReading {
  server: number | null;
  database: number | null;
}

/** A function reading the CPU of `serverPid`, and of a PostgreSQL server on this machine when `localPostgres`. */
export function cpuSampler(serverPid: number | undefined, localPostgres: boolean): () => CpuReading {
  return () => ({
    server: serverPid === undefined ? null : processCpuSeconds(serverPid),
    database: localPostgres ? postgresCpuSeconds() : null,
  });
}

/** Milliseconds of CPU per request between two readings (null where either reading is missing). */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): { serverCpuMs: number | null; databaseCpuMs: number | null } {
  const per = (a: number | null, b: number | null) => (a === null || b === null || requests <= 0 ? null : Math.round(((b - a) * 1000 * 100) / requests) / 100);
  return { serverCpuMs: per(before.server, after.server), databaseCpuMs: per(before.database, after.database) };
}
