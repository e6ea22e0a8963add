/**
 * Lighthouse mobile runs (lighthouse's default config: a mid-range phone, simulated slow 4G) of
 * pages of the running server, in the system Chromium started by chrome-launcher with a fresh
 * profile folder. Chromium is ended after the runs, also when one fails.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// One list of Chromium flags for the end-to-end tests and the bench.
import { CHROMIUM_ARGS } from "../../tests/e2e/support";
import { onCleanup } from "./processes";

export interface LighthouseResult {
  path: string;
  /** Category scores 0-100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time in ms; Cumulative Layout Shift unitless. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Titles of the audits that failed (score below 1), per category, to say what to fix. */
  failed: string[];
  /** Performance scores of every run of this page (the result above is the median run's). */
  performanceRuns: number[];
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`). Its simulated
   * timings multiply what the host's main thread took by 4, so a slower host scores lower: below
   * about 1,000 Lighthouse itself warns that its results may be off. Compare scores across runs with it.
   */
  benchmarkIndex: number;
}

/**
 * Runs Lighthouse (mobile) `runs` times (default 3) on each of `paths` at `base`, one after another
 * in one Chromium, after one warm-up run; each page's result is its median run by performance score.
 */
export async function runLighthouse(base: string, paths: string[], runs = 3): Promise<LighthouseResult[]> {
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), "buildza-lh-"));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, userDataDir, logLevel: "silent" });
  const removeCleanup = onCleanup(async () => {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  });
  const results: LighthouseResult[] = [];
  try {
    // One unrecorded run first: the first page Lighthouse loads in a fresh Chromium (and the first
    // render of a freshly started server) measured 3-6 points lower than the same page run again.
    if (paths.length) await lighthouse(base + paths[0], { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    for (const p of paths) {
      const perPage: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) perPage.push(await lighthouseOnce(chrome.port, base, p));
      perPage.sort((a, b) => a.performance - b.performance);
      results.push({ ...perPage[Math.floor((perPage.length - 1) / 2)]!, performanceRuns: perPage.map((r) => r.performance) });
    }
  } finally {
    removeCleanup();
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
  return results;
}

/** One Lighthouse run of `base + p` in the Chromium listening on `port`. */
async function lighthouseOnce(port: number, base: string, p: string): Promise<LighthouseResult> {
  const run = await lighthouse(base + p, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!run) throw new Error(`lighthouse gave no result for ${p}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`lighthouse ${p}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed: string[] = [];
  for (const [id, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || (ref.weight === 0 && id === "performance")) continue;
      if (
        audit.score !== null &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === "binary" ||
          (audit.scoreDisplayMode === "metricSavings" && id !== "performance") ||
          (id !== "performance" && audit.scoreDisplayMode === "numeric"))
      ) {
        failed.push(`${id}: ${audit.title}`);
      }
    }
  }
  return {
    path: p,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) / 1000,
    failed,
    performanceRuns: [],
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}
