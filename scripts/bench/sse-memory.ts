/**
 * Event-stream memory (issue 17, docs/performance.md "Event-stream memory"): holds `--streams`
 * (default 5,000) Hono SSE streams on a local @hono/node-server for `--ticks` keep-alive ticks of
 * `--tick-ms` (default 6 x 20 s = 2 minutes), and prints the process's RSS and V8 heap (MB) after
 * each tick, for the two ways of sending the keep-alive comment:
 *   writer  through Hono's SSE writer (`s.write`, what /api/v1/events did before)
 *   direct  straight to the Node response (`writeKeepAlive`, server/realtime/keepalive.ts)
 * Each mode runs in its own child process so one's heap does not colour the other's.
 *   npx tsx scripts/bench/sse-memory.ts [--streams 5000] [--ticks 6] [--tick-ms 20000] [--port 5008]
 */
import { serve } from "@hono/node-server";
import { spawnSync } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { KEEPALIVE_COMMENT, writeKeepAlive } from "../../server/realtime/keepalive";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "5000" },
    ticks: { type: "string", default: "6" },
    "tick-ms": { type: "string", default: "20000" },
    port: { type: "string", default: "5008" },
    mode: { type: "string" },
  },
});
const streams = Number(args.streams);
const ticks = Number(args.ticks);
const tickMs = Number(args["tick-ms"]);
const port = Number(args.port);
const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;

async function runMode(mode: "writer" | "direct"): Promise<void> {
  const callbacks = new Set<() => void>();
  setInterval(() => callbacks.forEach((cb) => cb()), tickMs).unref();
  const app = new Hono<{ Bindings: { outgoing: http.ServerResponse } }>();
  app.get("/events", (c) =>
    streamSSE(c, async (s) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      s.onAbort(() => end());
      const tick = () => {
        if (mode === "direct" && writeKeepAlive(c.env.outgoing)) return;
        void s.write(KEEPALIVE_COMMENT).catch(() => end());
      };
      callbacks.add(tick);
      await s.writeSSE({ event: "ready", data: "{}" });
      await ended;
      callbacks.delete(tick);
    }),
  );
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let keepAlives = 0;
  const line = (label: string) => {
    const m = process.memoryUsage();
    console.log(`${mode}\t${label}\trss ${mb(m.rss)}\theap ${mb(m.heapUsed)}\theapTotal ${mb(m.heapTotal)}\tkeep-alives ${keepAlives}`);
  };
  line("before");
  for (let i = 0; i < streams; i += 100) {
    await Promise.all(
      Array.from(
        { length: Math.min(100, streams - i) },
        () =>
          new Promise<void>((resolve) => {
            const req = http.get({ host: "127.0.0.1", port, path: "/events", agent }, (res) => {
              res.on("data", (chunk: Buffer) => chunk.includes(": keep-alive") && keepAlives++);
              resolve();
            });
            req.on("error", () => resolve());
            requests.push(req);
          }),
      ),
    );
  }
  line("open");
  for (let t = 1; t <= ticks; t++) {
    await new Promise((resolve) => setTimeout(resolve, tickMs));
    line(`tick ${t}`);
  }
  requests.forEach((req) => req.destroy());
  await new Promise((resolve) => setTimeout(resolve, 5000));
  line("closed");
  process.exit(0);
}

if (args.mode === "writer" || args.mode === "direct") {
  await runMode(args.mode);
} else {
  console.log(`${streams} streams, ${ticks} ticks of ${tickMs} ms (client and server in one process per mode)`);
  for (const mode of ["writer", "direct"]) {
    const argv = ["--import", "tsx", fileURLToPath(import.meta.url), ...process.argv.slice(2), "--mode", mode];
    spawnSync(process.execPath, argv, { stdio: "inherit" });
  }
}
