/** What the server hands to route loaders/actions and API handlers. */
import type { UserType } from "../shared/constants";
import type { Auth } from "./auth/auth";
import type { AuthLimits } from "./auth/limits";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";
import type { TotalsCache } from "./lib/totals-cache";
import type { SessionCache } from "./http/session-cache";
import type { FileStorage } from "./files/storage";
import type { RealtimeHub } from "./realtime/hub";

/** The signed-in user as the domain sees it (docs/product.md, Projects "Session user"). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  emailVerified: boolean;
  /** "moderator" may work the moderation queue (server/auth/roles.ts). */
  role: "member" | "moderator";
  /** Two-factor sign-in is on (server/auth/two-factor.ts); moderators need it. Absent: off. */
  twoFactorEnabled?: boolean;
  createdAt: string;
}

export interface AppDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  config: AppConfig;
  /**
   * Limits on sign-in and reset requests, per account and per client address, shared by every
   * instance through the database (server/auth/limits.ts, docs/decisions/0011-rate-limits.md).
   */
  limits: AuthLimits;
  /** Server-sent events of this instance, fed by LISTEN/NOTIFY (docs/product.md, Messages and notifications). */
  realtime: RealtimeHub;
  /** The app secret (AUTH_SECRET or DATA_DIR/auth-secret): signs unsubscribe links. */
  secret: string;
  /**
   * This instance's cache of resolved sessions, revoked over LISTEN/NOTIFY (server/http/session-cache.ts,
   * docs/decisions/0024). Without it every request asks better-auth.
   */
  sessions?: SessionCache;
  /**
   * This instance's cache of capped list totals, emptied with the page cache (server/lib/totals-cache.ts,
   * docs/decisions/0035). Present when the page cache is on; without it every list counts.
   */
  totals?: TotalsCache;
  /** Where uploaded files' bytes live: DATA_DIR/files or S3 (server/files/storage.ts). */
  files: FileStorage;
}

/** What domain functions that queue emails take (proposals, project lifecycle, unread messages). */
export function domainDeps(deps: AppDeps): { db: Db; appUrl: string; secret: string } {
  return { db: deps.db, appUrl: deps.config.appUrl, secret: deps.secret };
}

/** React Router load context: dependencies plus the session resolved on the server. */
export interface RequestContext {
  deps: AppDeps;
  user: SessionUser | null;
  /** This request's id (X-Request-Id answer header, every log line of the request). */
  requestId: string;
  /** The client's address as far as TRUST_PROXY allows (server/http/client-address.ts). */
  clientAddress: string;
  /**
   * The Content-Security-Policy nonce of this page render (server/http/security.ts): app/entry.server.tsx
   * puts it on React Router's inline scripts and the inline stylesheet (docs/decisions/0010).
   */
  cspNonce: string;
}
