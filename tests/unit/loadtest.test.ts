/**
 * npm run loadtest (scripts/loadtest): a few seconds of the traffic mix against an in-process app
 * (APIs only) on a fresh database with a little demo data, and its lost-write check, which must
 * find every acknowledged write and report the ones that are gone.
 */
import { serve, type ServerType } from "@hono/node-server";
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../server/seed/seed";
import { runLoadTest, type LoadReport } from "../../scripts/loadtest/engine";
import { formatReport } from "../../scripts/loadtest/report";
import type { Write } from "../../scripts/loadtest/traffic";
import { verifyInDatabase, verifyThroughApi } from "../../scripts/loadtest/verify";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { TMP_DIR } from "../support/paths";

describe.each(DB_KINDS)("load test smoke run on %s", (kind) => {
  let app: TestApp;
  let server: ServerType;
  let url: string;
  let report: LoadReport;
  let writes: Write[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind);
    await seedDemoData(app.database.db, { projects: 20, developers: 4, clients: 3, seed: 3 });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
        url = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
    report = await runLoadTest({
      urls: [url],
      rate: 12,
      duration: 4,
      // One of each role: two sign-ups stay within better-auth's 3 per 10 s.
      accounts: 1,
      pages: false,
      databaseUrl: kind === "postgres" ? app.database.url : undefined,
      signInsPerMinute: 2,
      timeoutMs: 10_000,
      maxInFlight: 100,
      seed: 1,
      log: () => {},
      beforeVerify: async (acknowledged) => {
        writes = [...acknowledged];
      },
    });
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  it("sends every scheduled request of the mix, without errors, and finds every acknowledged write", () => {
    expect(report.scheduled).toBe(48);
    expect(report.completed).toBe(48);
    expect(report.dropped).toBe(0);
    expect(report.errors, JSON.stringify(report.errorsByStatus)).toBe(0);
    expect(report.actions.map((a) => a.action)).toEqual(expect.arrayContaining(["projects list", "project view", "post project", "propose", "message"]));
    const acknowledged = Object.values(report.writes).reduce((sum, c) => sum + c.acknowledged, 0);
    expect(acknowledged).toBe(writes.length);
    expect(acknowledged).toBeGreaterThan(5);
    for (const check of Object.values(report.writes)) expect(check.found).toBe(check.acknowledged);
    expect(report.lost).toBe(0);
    expect(report.verifiedThrough).toBe(kind === "postgres" ? "database" : "api");
    const text = formatReport(report);
    expect(text).toMatch(/requests\/s over/);
    expect(text).toMatch(/latency: p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms/);
    expect(text).toMatch(/lost writes: 0/);
  });

  it("reports acknowledged writes that are gone afterwards as lost, by id", async () => {
    const gone = (["message", "proposal"] as const).map((k) => writes.find((w) => w.kind === k)).filter((w): w is Write => Boolean(w));
    expect(gone.length).toBeGreaterThan(0);
    for (const w of gone) await app.database.query(`delete from ${w.kind === "message" ? "messages" : "proposals"} where id = $1`, [w.id]);

    const checks = await Promise.all([verifyThroughApi(writes, [url], 10_000), ...(kind === "postgres" ? [verifyInDatabase(writes, app.database.url!)] : [])]);
    for (const check of checks) {
      const missing = Object.values(check).flatMap((c) => c.missing);
      expect(missing.sort()).toEqual(gone.map((w) => w.id).sort());
      expect(Object.values(check).flatMap((c) => c.unchecked)).toEqual([]);
    }
  });
});

describe("npm run loadtest command line", () => {
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/loadtest/run.ts", ...args], {
        cwd: path.resolve(TMP_DIR, "../.."),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("exit", (code) => resolve({ code: code ?? -1, out }));
    });

  it("explains itself with --help, and asks for a URL without one", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run loadtest -- \[options\] URL/);
    for (const option of ["--rate", "--duration", "--database-url", "--no-pages"]) expect(help.out).toContain(option);
    const bare = await run([]);
    expect(bare.code).toBe(1);
    expect(bare.out).toMatch(/Give the URL of at least one running instance/);
  }, 30_000);
});
