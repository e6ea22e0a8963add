/**
 * Child processes of the benchmark: the production server, the bare node:http ceiling, the seed
 * script. Every process started here is registered and ended by `stopAll()` (also on SIGINT,
 * SIGTERM and an uncaught error), so a failed or interrupted run leaves no server behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const running = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void> | void>();

/** Registers an async cleanup (close Chromium, drop a database...) that `stopAll()` runs once. */
export function onCleanup(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Ends every child still running (SIGTERM, then SIGKILL after 5 s) and runs the cleanups. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error("cleanup failed:", (err as Error).message);
    }
  }
}

let handlersInstalled = false;
/** Makes SIGINT/SIGTERM and uncaught errors end the children before the benchmark exits. */
export function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping servers and Chromium...`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.on("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

/** Sends SIGTERM to `child` and waits for it to exit (SIGKILL after `graceMs`). */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      running.delete(child);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Runs a TypeScript file with tsx in a new Node process; resolves with its output, rejects on a non-zero exit. */
export function runTs(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${file} exited with ${code}:\n${out}`));
    });
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The flags `npm run serve` gives Node (package.json; docs/decisions/0042): the bench runs the app
 * server as production does.
 */
export const SERVE_NODE_FLAGS = ["--max-semi-space-size=32"] as const;

/**
 * Starts a TypeScript file with tsx as a long-running server and waits until it prints `ready`
 * (a line fragment) or fails after `timeoutMs`.
 */
export function startTs(
  file: string,
  options: { env: NodeJS.ProcessEnv; port: number; ready: string; timeoutMs?: number; nodeFlags?: readonly string[] },
): Promise<Started> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), "--import", "tsx", file], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  const started: Started = { child, url: `http://127.0.0.1:${options.port}`, output: () => out, stop: () => stopChild(child) };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`${file} did not start within ${options.timeoutMs ?? 60_000} ms:\n${out}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes(options.ready)) {
        clearTimeout(timer);
        resolve(started);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      running.delete(child);
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before it was ready:\n${out}`));
    });
  });
}
