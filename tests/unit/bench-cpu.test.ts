import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cpuPerRequest, cpuSampler, processCpuSeconds } from "../../scripts/bench/cpu";

/** Keeps this process's CPU busy for `ms` milliseconds of wall time. */
function spin(ms: number): void {
  const end = Date.now() + ms;
  let x = 0;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  expect(x).toBeGreaterThan(0);
}

describe("bench CPU per request (scripts/bench/cpu.ts)", () => {
  it.runIf(process.platform === "linux")("reads a process's CPU time, which grows while it computes and not while it sleeps", async () => {
    const first = processCpuSeconds(process.pid)!;
    expect(first).toBeGreaterThan(0);
    spin(300);
    const busy = processCpuSeconds(process.pid)!;
    // Clock ticks are 10 ms: 300 ms of spinning shows as at least 0.15 s even on a loaded machine.
    expect(busy - first).toBeGreaterThanOrEqual(0.15);

    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 2000)"]);
    await new Promise((r) => child.once("spawn", r));
    await new Promise((r) => setTimeout(r, 300));
    const sleeping = processCpuSeconds(child.pid!)!;
    await new Promise((r) => setTimeout(r, 400));
    expect(processCpuSeconds(child.pid!)! - sleeping).toBeLessThan(0.05);
    child.kill();
  });

  it("answers null for a process that does not exist, and per-request figures only from two readings", () => {
    expect(processCpuSeconds(2 ** 22 + 12345)).toBeNull();
    expect(cpuSampler(undefined, false)()).toEqual({ server: null, database: null });
    expect(cpuPerRequest({ server: 10, database: 2 }, { server: 12.5, database: 3 }, 1000)).toEqual({ serverCpuMs: 2.5, databaseCpuMs: 1 });
    expect(cpuPerRequest({ server: 10, database: null }, { server: 11, database: null }, 400)).toEqual({ serverCpuMs: 2.5, databaseCpuMs: null });
    expect(cpuPerRequest({ server: 1, database: 1 }, { server: 2, database: 2 }, 0)).toEqual({ serverCpuMs: null, databaseCpuMs: null });
  });
});
