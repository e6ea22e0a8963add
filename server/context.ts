/** What the server hands to route loaders/actions and API handlers. */
import type { UserType } from "../shared/constants";
import type { Auth } from "./auth/auth";
import type { AuthLimits } from "./auth/limits";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";

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
  /** Brute-force limits on sign-in and reset requests. */
  limits: AuthLimits;
}

/** React Router load context: dependencies plus the session resolved on the server. */
export interface RequestContext {
  deps: AppDeps;
  user: SessionUser | null;
}
