/**
 * A test instance of the HTTP app (APIs only, no React Router build) on a fresh database, with a
 * mailer that keeps messages in memory (and can be made to fail), and the email outbox sent on
 * demand (`flushEmails`).
 */
import { createTotalsCache } from "../../server/lib/totals-cache";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, users } from "../../server/db/schema";
import { registerAccount } from "../../server/auth/accounts";
import { createAuth } from "../../server/auth/auth";
import { createAuthLimits, type LimitsPolicy } from "../../server/auth/limits";
import { loadConfig } from "../../server/config";
import { domainDeps, type AppDeps, type SessionUser } from "../../server/context";
import { openDatabase, type Database } from "../../server/db/client";
import type { MailMessage, Mailer } from "../../server/email/mailer";
import { sendDueEmails } from "../../server/email/outbox";
import { createHttpApp } from "../../server/http/app";
import { createRealtimeHub } from "../../server/realtime/hub";
import { createSessionCache } from "../../server/http/session-cache";
import { getSessionUser } from "../../server/http/session";
import { createTestDatabase, type DbKind } from "./db";
import { diskStorage, type FileStorage } from "../../server/files/storage";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const APP_URL = "http://localhost:3999";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
/** The password test accounts get (not on the common-passwords list). */
export const TEST_PASSWORD = "Kalahari-Quokka-42";
/** Another acceptable password, for changing or resetting one. */
export const OTHER_PASSWORD = "Lantern-Okapi-58";

export interface TestApp {
  database: Database;
  deps: AppDeps;
  /** What domain functions that queue emails take (db, appUrl, secret). */
  domain: ReturnType<typeof domainDeps>;
  app: ReturnType<typeof createHttpApp>;
  /** The folder of the default disk storage of uploaded files (removed by close()). */
  filesRoot: string;
  /** Emails the mailer accepted, in order. */
  mails: MailMessage[];
  /** While true the mailer throws, as an SMTP server that is down. */
  mailDown: boolean;
  /** Sends every email of the outbox due at `now` (default the current time); returns the counts. */
  flushEmails(now?: Date): Promise<{ sent: number; failed: number }>;
  /**
   * Registers a user; returns the Cookie header value and the session user. The account's email
   * is verified (and its verification email dropped from the outbox) unless `verified: false`, so
   * tests of other features see neither the unverified limits nor an extra email.
   */
  signUp(options: {
    email: string;
    name?: string;
    userType?: "client" | "developer";
    password?: string;
    verified?: boolean;
  }): Promise<{ cookie: string; user: SessionUser }>;
  close(): Promise<void>;
}

/** Cookie header value ("a=1; b=2") from a response's Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Small limits, so tests reach them quickly (the production numbers are DEFAULT_LIMITS_POLICY):
 * sign-in 20 per address, 5 per account+address, 3 free per account then 1 s doubling to 2 s;
 * reset requests 10 per address, 3 per account+address, 3 free per account then the same delays.
 */
export const TEST_LIMITS_POLICY: LimitsPolicy = {
  login: {
    perAddress: { points: 20, seconds: 60 },
    perAccountAddress: { points: 5, seconds: 60 },
    perAccount: { free: 3, seconds: 60, firstDelay: 1, maxDelay: 2 },
  },
  reset: {
    perAddress: { points: 10, seconds: 60 },
    perAccountAddress: { points: 3, seconds: 60 },
    perAccount: { free: 3, seconds: 60, firstDelay: 1, maxDelay: 2 },
  },
  knownAddressSeconds: 3600,
};

export interface TestAppOptions {
  /** Serve anonymous public reads from the page cache (off by default in tests). */
  pageCache?: boolean;
  /** TRUST_PROXY (default 0). */
  trustProxy?: number;
  /** The rate limits' numbers (default TEST_LIMITS_POLICY). */
  limits?: LimitsPolicy;
  /** Cache sessions per instance with NOTIFY revocation, as production does (default true). */
  sessionCache?: boolean;
  /** Where uploaded files go (default: a fresh temporary folder, `filesRoot`). */
  files?: FileStorage;
}

/**
 * The bindings to pass as `app.request(path, init, fromAddress("10.0.0.1"))`: the request then
 * comes from that socket address, as behind a real server (server/http/client-address.ts).
 */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: address.includes(":") ? "IPv6" : "IPv4" } } };
}

/** A test app on a fresh database. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  return appOn(database, options, () => database.close());
}

/**
 * A second app instance on the database of `first`, as a second server behind a proxy: its own
 * better-auth, limits, real-time hub and (on PostgreSQL) its own connection pool; nothing in
 * memory is shared with `first`. On PGlite both use the one embedded database. Close it before `first`.
 */
export async function createSecondTestApp(first: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  if (first.database.kind === "postgres") {
    const database = await openDatabase({ databaseUrl: first.database.url!, poolSize: 5 });
    return appOn(database, options, () => database.close());
  }
  return appOn(first.database, options, async () => {});
}

async function appOn(database: Database, options: TestAppOptions, closeDatabase: () => Promise<void>): Promise<TestApp> {
  const mails: MailMessage[] = [];
  const config = loadConfig({
    APP_URL,
    NODE_ENV: "test",
    DATA_DIR: "tests/.tmp/data",
    PAGE_CACHE: options.pageCache ? "on" : "off",
    TRUST_PROXY: String(options.trustProxy ?? 0),
  });
  const limits = createAuthLimits(database.db, TEST_SECRET, options.limits ?? TEST_LIMITS_POLICY);
  const auth = createAuth({ db: database.db, appUrl: APP_URL, secret: TEST_SECRET, limits });
  const realtime = await createRealtimeHub(database, database.db);
  const sessions = options.sessionCache === false ? undefined : await createSessionCache(auth, database);
  const t = {} as TestApp;
  const mailer: Mailer = {
    send: async (m) => {
      if (t.mailDown) throw new Error("SMTP server unreachable (test)");
      mails.push(m);
    },
  };
  const filesRoot = await mkdtemp(path.join(tmpdir(), "buildza-test-files-"));
  const files = options.files ?? diskStorage(filesRoot);
  // As server/main.ts: list totals are cached with the page cache (decision 0035).
  const totals = config.pageCache ? createTotalsCache() : undefined;
  const deps: AppDeps = { db: database.db, auth, mailer, config, limits, realtime, secret: TEST_SECRET, sessions, totals, files };
  const app = createHttpApp(deps);
  return Object.assign(t, {
    database,
    deps,
    filesRoot,
    domain: domainDeps(deps),
    app,
    mails,
    mailDown: false,
    async flushEmails(now?: Date) {
      const total = { sent: 0, failed: 0 };
      for (;;) {
        const round = await sendDueEmails({ db: database.db, mailer }, now, 50);
        total.sent += round.sent;
        total.failed += round.failed;
        if (round.sent + round.failed < 50) return total;
      }
    },
    async signUp({
      email,
      name = "Test User",
      userType = "client",
      password = TEST_PASSWORD,
      verified = true,
    }: {
      email: string;
      name?: string;
      userType?: "client" | "developer";
      password?: string;
      verified?: boolean;
    }) {
      // The domain function, as the register page uses it (better-auth's HTTP endpoint is rate-limited).
      const { headers } = await registerAccount(
        auth,
        { email, name, password, confirmPassword: password, userType, terms: true },
        new Headers({ origin: APP_URL }),
      );
      const cookie = cookieFrom(headers);
      if (verified) {
        const [row] = await database.db
          .update(users)
          .set({ emailVerified: true })
          .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
          .returning({ id: users.id });
        await database.db.delete(emailOutbox).where(and(eq(emailOutbox.toUserId, row!.id), eq(emailOutbox.template, "email-verification")));
      }
      const user = await getSessionUser(auth, new Headers({ cookie }));
      if (!user) throw new Error("no session after sign-up");
      return { cookie, user };
    },
    async close() {
      limits.close();
      await realtime.close();
      await sessions?.close();
      await closeDatabase();
      await rm(filesRoot, { recursive: true, force: true });
    },
  });
}
