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
    // Spin until the reading has grown by 0.1 s (ten 10 ms clock ticks), for at most 5 s: on a loaded
    // machine (CI, two cores) 300 ms of spinning was given as little as 0.15 s of CPU.
    const started = Date.now();
    let busy = first;
    while (busy - first < 0.1 && Date.now() - started < 5000) {
      spin(50);
      busy = processCpuSeconds(process.pid)!;
    }
    expect(busy - first).toBeGreaterThan(0.095);

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
