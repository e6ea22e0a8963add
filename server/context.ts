/** What the server hands to route loaders/actions and API handlers. */
import type { UserType } from "../shared/constants";
import type { Auth } from "./auth/auth";
import type { AuthLimits } from "./auth/limits";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";
import type { EmailDeps } from "./email/preferences";
import type { RealtimeHub } from "./realtime/hub";

/** The signed-in user as the domain sees it (spec section 3 "Session user"). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  emailVerified: boolean;
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
  /** Server-sent events of this instance, fed by LISTEN/NOTIFY (issue 5). */
  realtime: RealtimeHub;
  /** The app secret (AUTH_SECRET or DATA_DIR/auth-secret): signs unsubscribe links. */
  secret: string;
}

/** What domain functions that send switchable emails take (proposals, unread messages). */
export function emailDeps(deps: AppDeps): EmailDeps {
  return { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl, secret: deps.secret };
}

/** React Router load context: dependencies plus the session resolved on the server. */
export interface RequestContext {
  deps: AppDeps;
  user: SessionUser | null;
  /** This request's id (X-Request-Id answer header, every log line of the request). */
  requestId: string;
  /** The client's address as far as TRUST_PROXY allows (server/http/client-address.ts). */
  clientAddress: string;
}
