/**
 * A test instance of the HTTP app (APIs only, no React Router build) on a fresh database,
 * with a mailer that keeps messages in memory.
 */
import { registerAccount } from "../../server/auth/accounts";
import { createAuth } from "../../server/auth/auth";
import { createAuthLimits } from "../../server/auth/limits";
import { loadConfig } from "../../server/config";
import type { AppDeps, SessionUser } from "../../server/context";
import type { Database } from "../../server/db/client";
import type { MailMessage, Mailer } from "../../server/email/mailer";
import { createHttpApp } from "../../server/http/app";
import { createRealtimeHub } from "../../server/realtime/hub";
import { getSessionUser } from "../../server/http/session";
import { createTestDatabase, type DbKind } from "./db";

export const APP_URL = "http://localhost:3999";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export interface TestApp {
  database: Database;
  deps: AppDeps;
  app: ReturnType<typeof createHttpApp>;
  mails: MailMessage[];
  /** Registers a user; returns the Cookie header value and the session user. */
  signUp(options: { email: string; name?: string; userType?: "client" | "developer"; password?: string }): Promise<{ cookie: string; user: SessionUser }>;
  close(): Promise<void>;
}

/** Cookie header value ("a=1; b=2") from a response's Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** `pageCache`: serve anonymous public reads from the page cache (off by default in tests). */
export async function createTestApp(kind: DbKind, options: { pageCache?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const config = loadConfig({ APP_URL, NODE_ENV: "test", DATA_DIR: "tests/.tmp/data", PAGE_CACHE: options.pageCache ? "on" : "off" });
  const auth = createAuth({ db: database.db, mailer, appUrl: APP_URL, secret: TEST_SECRET });
  const realtime = await createRealtimeHub(database, database.db);
  const deps: AppDeps = { db: database.db, auth, mailer, config, limits: createAuthLimits({ points: 3, duration: 60 }), realtime, secret: TEST_SECRET };
  const app = createHttpApp(deps);
  return {
    database,
    deps,
    app,
    mails,
    async signUp({ email, name = "Test User", userType = "client", password = "secret123" }) {
      // The domain function, as the register page uses it (better-auth's HTTP endpoint is rate-limited).
      const { headers } = await registerAccount(
        auth,
        { email, name, password, confirmPassword: password, userType, terms: true },
        new Headers({ origin: APP_URL }),
      );
      const cookie = cookieFrom(headers);
      const user = await getSessionUser(auth, new Headers({ cookie }));
      if (!user) throw new Error("no session after sign-up");
      return { cookie, user };
    },
    async close() {
      await realtime.close();
      await database.close();
    },
  };
}
