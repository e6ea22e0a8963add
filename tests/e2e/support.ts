/**
 * End-to-end support: starts the production server (build/ must exist: `npm run build`) on a
 * fresh embedded database, and drives the system Chromium with playwright-core.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The first port of the end-to-end tests: they use PORT_BASE to PORT_BASE + 59, each file ports of
 * its own (a server a failed file left running cannot answer another file's requests).
 * E2E_PORT_BASE moves them, so two checkouts can run their end-to-end tests at once.
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3310);

/** The password of test accounts: not on the common-password list new passwords are checked against. */
export const TEST_PASSWORD = "Kalahari-Quokka-42";
/** Another acceptable password, for changing or resetting one. */
export const OTHER_PASSWORD = "Lantern-Okapi-58";

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has exited. */
  stop(): Promise<number | null>;
}

/**
 * Throws when something already listens on `port` (a server left by an interrupted run): the
 * readiness poll below would otherwise get its answers, and the test would run against it.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(new Error(`port ${port} is in use (${err.code}): a server from an earlier, interrupted run? Stop it first.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** Starts `server/main.ts` on `port` (refused when the port is taken) with its own DATA_DIR; resolves when it listens. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  await assertPortFree(port);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "buildza-e2e-"));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, APP_URL: url, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 180_000;
    const poll = setInterval(async () => {
      if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`server exited: ${output}`));
      } else if (Date.now() > deadline) {
        clearInterval(poll);
        reject(new Error(`server did not start: ${output}`));
      } else {
        try {
          const res = await fetch(`${url}/api/v1/projects?limit=1`);
          if (res.ok) {
            clearInterval(poll);
            resolve();
          }
        } catch {
          // not listening yet
        }
      }
    }, 500);
  });
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/**
 * The newest .eml written to DATA_DIR/mail for `to`, as text (quoted-printable soft breaks joined).
 * Mail leaves through the outbox shortly after the request that queued it, so this waits (up to
 * 15 s) for a file for `to` written at or after `since` (ms since the epoch; default: any) and,
 * with `match`, whose text matches it.
 */
export async function latestMailTo(dataDir: string, to: string, since = 0, match?: RegExp): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
    // Newest first; with `match`, the newest that matches (another email to the same address, such
    // as a new sign-in notice, may be written after the one a test waits for).
    for (const name of names.reverse()) {
      if ((await fs.stat(path.join(dir, name))).mtimeMs < since) break;
      const text = (await fs.readFile(path.join(dir, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!match || match.test(text)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${match ? ` matching ${match}` : ""}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A TCP proxy to a local port whose connections the test can cut (a dropped mobile connection). */
export interface CuttableProxy {
  url: string;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number, port: number): Promise<CuttableProxy> {
  const net = await import("node:net");
  const sockets = new Set<import("node:net").Socket>();
  let down = false;
  const server = net.createServer((socket) => {
    if (down) return socket.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    socket.pipe(upstream).pipe(socket);
    socket.on("close", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${port}`,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Registers through the /register page (password TEST_PASSWORD) and waits for where it lands:
 * /profile/setup for a developer, /dashboard for a client.
 */
export async function register(page: import("playwright-core").Page, base: string, who: { name: string; email: string; developer: boolean }): Promise<void> {
  await page.goto(`${base}/register`);
  if (who.developer) await page.getByText("Offer Services").click();
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
  await page.getByRole("checkbox", { name: /terms and conditions/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(who.developer ? `${base}/profile/setup` : `${base}/dashboard`);
}

/**
 * Verifies `email` the way its owner does (docs/product.md, Trust and safety): opens the link of the
 * verification email (found in `dataDir`/mail) in `page` and presses the button. Unverified accounts may not move money.
 */
export async function verifyEmail(page: import("playwright-core").Page, base: string, dataDir: string, email: string): Promise<void> {
  const mail = await latestMailTo(dataDir, email);
  const link = new RegExp(`${base}/verify-email\\?token=[\\w.%-]+`).exec(mail)![0];
  await page.goto(link);
  await page.getByRole("button", { name: "Verify my email" }).click();
  await page.getByRole("heading", { name: "Email verified" }).waitFor({ timeout: 15_000 });
}

/**
 * A slow phone: the page's scripts (every `.js` request of `page`) wait until the returned function
 * lets them through, so a test can type, pick and send in the server-rendered page before hydration.
 */
export async function holdScripts(page: import("playwright-core").Page): Promise<() => void> {
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await scripts;
    await route.continue();
  });
  return release;
}

/** Waits until React has hydrated the page (its fiber is on <main>), so a click is handled by the app's code. */
export async function waitForHydration(page: import("playwright-core").Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
  });
}

/**
 * Calls the app's API from inside `page` (its cookies, its origin): `path` with `method`, and
 * `body` sent as JSON when given. Resolves with the status and the parsed JSON answer (null when
 * the answer is not JSON). `T` is the answer's type as the caller reads it.
 */
export function pageApi<T = Record<string, unknown> | null>(
  page: import("playwright-core").Page,
  path: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([path, method, body]) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as T };
    },
    [path, method, body] as const,
  );
}
