/**
 * Configuration from environment variables, validated at start-up (docs/product.md, .env.example).
 * A bad value stops the server with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int("PORT must be a whole number")
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// or postgresql:// URL"),
  DATA_DIR: z.string().trim().min(1, "DATA_DIR must not be empty").default("./data"),
  DEMO_DATA: z.enum(["on", "off"], { error: "DEMO_DATA must be on or off" }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), "SMTP_URL must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().trim().default("BuildZA <no-reply@buildza.co.za>"),
  APP_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === "" || /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, "")), "APP_URL must be an origin like https://buildza.co.za"),
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || v.length >= 32, "AUTH_SECRET must be at least 32 characters"),
  PAGE_CACHE: z.enum(["on", "off"], { error: "PAGE_CACHE must be on or off" }).optional(),
  TRUST_PROXY: z.coerce
    .number({ error: "TRUST_PROXY must be the number of proxies in front of the app (0, 1, 2...)" })
    .int("TRUST_PROXY must be the number of proxies in front of the app (0, 1, 2...)")
    .min(0, "TRUST_PROXY must be the number of proxies in front of the app (0, 1, 2...)")
    .max(10, "TRUST_PROXY must be at most 10")
    .default(0),
  NODE_ENV: z.string().default("development"),
});

export interface AppConfig {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  demoData: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Public origin without trailing slash, used in links and auth origin checks. */
  appUrl: string;
  /** Secret for signing auth cookies; generated and kept in DATA_DIR when unset. */
  authSecret?: string;
  production: boolean;
  /**
   * Cache anonymous answers of public pages and API reads in memory (server/http/page-cache.ts,
   * docs/decisions/0008). PAGE_CACHE on/off; on by default in production only.
   */
  pageCache: boolean;
  /**
   * How many reverse proxies stand in front of the app (TRUST_PROXY, default 0). With 0 the
   * X-Forwarded-* headers are ignored (anyone could send them); with n the client address is the
   * n-th address from the right of X-Forwarded-For, the one the outermost trusted proxy saw.
   */
  trustProxy: number;
  /** True when APP_URL was set: request URLs are then built from it (behind a TLS proxy, https). */
  appUrlSet: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL || `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    // Demo data is on by default on the embedded database only (docs/product.md).
    demoData: e.DEMO_DATA ? e.DEMO_DATA === "on" : !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    authSecret: e.AUTH_SECRET || undefined,
    production: e.NODE_ENV === "production",
    pageCache: e.PAGE_CACHE ? e.PAGE_CACHE === "on" : e.NODE_ENV === "production",
    trustProxy: e.TRUST_PROXY,
    appUrlSet: Boolean(e.APP_URL),
  };
}
