/**
 * Real time at scale (issue 17): opens `count` event streams (/api/v1/events) to one server, holds
 * them, closes them, and samples the server's resident memory (VmRSS of its process) before, every
 * few seconds while they are held, and after they closed.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";

export interface StreamsResult {
  requested: number;
  opened: number;
  refused: number;
  holdSeconds: number;
  /** MB. */
  rssBefore: number;
  rssOpened: number;
  rssEndOfHold: number;
  rssAfter: number;
  /** [seconds since the streams were open, MB] while held. */
  samples: Array<[number, number]>;
  /** Keep-alive comments received per stream while held (a live stream gets one per 20 s). */
  keepAlives: number;
}

/** Resident memory of process `pid`, MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 102.4) / 10;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `count` streams, stream i with `cookies[i % cookies.length]` (an account holds at most 1,000). */
export async function holdStreams(baseUrl: string, cookies: string[], pid: number, count: number, holdSeconds: number): Promise<StreamsResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let opened = 0;
  let refused = 0;
  let keepAlives = 0;
  await sleep(2000);
  const rssBefore = await rssMb(pid);
  const url = new URL("/api/v1/events", baseUrl);
  const openOne = (i: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers: { cookie: cookies[i % cookies.length]!, accept: "text/event-stream" } }, (res) => {
        if (res.statusCode === 200) opened++;
        else refused++;
        res.on("data", (chunk: Buffer) => {
          if (chunk.includes(": keep-alive")) keepAlives++;
        });
        res.on("error", () => {});
        resolve();
      });
      req.on("error", () => {
        refused++;
        resolve();
      });
      requests.push(req);
    });
  for (let i = 0; i < count; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => openOne(i + j)));
  }
  const rssOpened = await rssMb(pid);
  const samples: Array<[number, number]> = [];
  const start = Date.now();
  while (Date.now() - start < holdSeconds * 1000) {
    await sleep(5000);
    samples.push([Math.round((Date.now() - start) / 1000), await rssMb(pid)]);
  }
  const rssEndOfHold = await rssMb(pid);
  for (const req of requests) req.destroy();
  agent.destroy();
  await sleep(15_000);
  const rssAfter = await rssMb(pid);
  return {
    requested: count,
    opened,
    refused,
    holdSeconds,
    rssBefore,
    rssOpened,
    rssEndOfHold,
    rssAfter,
    samples,
    keepAlives: Math.round((keepAlives / Math.max(opened, 1)) * 10) / 10,
  };
}
