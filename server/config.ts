/**
 * Configuration from environment variables, validated at start-up (docs/product.md, .env.example).
 * A bad value stops the server with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";

/** An optional whole number between `min` and `max` (an empty value means the default). */
function wholeNumber(name: string, what: string, min: number, max: number, fallback: number) {
  const range = `${name} must be between ${min} and ${max}`;
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: `${name} must be ${what}` })
      .int(`${name} must be a whole number`)
      .min(min, range)
      .max(max, range)
      .default(fallback),
  );
}

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
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber("DATABASE_CONNECT_TIMEOUT_MS", "a number of milliseconds", 100, 60_000, 5000),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber("DATABASE_STATEMENT_TIMEOUT_MS", "a number of milliseconds", 100, 600_000, 10_000),
  DATABASE_PREPARED_STATEMENTS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(["on", "off"], { error: "DATABASE_PREPARED_STATEMENTS must be on or off" }).default("on"),
  ),
  PGLITE_MAX_QUEUE: wholeNumber("PGLITE_MAX_QUEUE", "a number", 0, 100_000, 64),
  SSE_MAX_STREAMS: wholeNumber("SSE_MAX_STREAMS", "a number", 1, 1_000_000, 2000),
  SSE_MAX_STREAMS_PER_USER: wholeNumber("SSE_MAX_STREAMS_PER_USER", "a number", 1, 1000, 8),
  S3_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), "S3_ENDPOINT must be an http:// or https:// URL"),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["on", "off"], { error: "S3_FORCE_PATH_STYLE must be on or off" }).optional(),
  PAYMENTS_PROVIDER: z.enum(["test", "paystack"], { error: "PAYMENTS_PROVIDER must be test or paystack" }).default("test"),
  PAYSTACK_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PAYSTACK_BASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/$/, "") : "https://api.paystack.co"))
    .refine((v) => /^https?:\/\//.test(v), "PAYSTACK_BASE_URL must be an http(s) URL"),
  PLATFORM_FEE_PERCENT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: "PLATFORM_FEE_PERCENT must be a number" })
      .min(0, "PLATFORM_FEE_PERCENT must be between 0 and 50")
      .max(50, "PLATFORM_FEE_PERCENT must be between 0 and 50")
      .refine((v) => Number.isInteger(v * 100), "PLATFORM_FEE_PERCENT has at most two decimals")
      .default(7.5),
  ),
  VAT_NUMBER: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^4\d{9}$/.test(v), "VAT_NUMBER must be a South African VAT number (10 digits starting with 4)"),
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
  /**
   * PostgreSQL timeouts in ms (docs/operations.md): opening a connection or waiting for a free one
   * (DATABASE_CONNECT_TIMEOUT_MS, 5000), and the longest statement (DATABASE_STATEMENT_TIMEOUT_MS,
   * 10000). Past them a request answers 503 with Retry-After instead of hanging.
   */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /**
   * Send the fixed-shape lookups as named prepared statements on PostgreSQL
   * (DATABASE_PREPARED_STATEMENTS on | off, default on; docs/decisions/0047). Off behind a pooler
   * in transaction mode that cannot keep them.
   */
  databasePreparedStatements: boolean;
  /**
   * Server-sent-event streams (/api/v1/events) this instance keeps open at most, in all
   * (SSE_MAX_STREAMS, 2000) and per user (SSE_MAX_STREAMS_PER_USER, 8); past them 429.
   */
  sseLimits: { perInstance: number; perUser: number };
  /**
   * Payments (docs/product.md, Payments): the provider (PAYMENTS_PROVIDER test | paystack, default
   * test), Paystack's secret key and API origin, the platform fee in basis points
   * (PLATFORM_FEE_PERCENT, default 7.5% = 750) and the VAT number (VAT_NUMBER; when set, 15% VAT
   * is charged on the fee).
   */
  payments: { provider: "test" | "paystack"; paystackSecretKey?: string; paystackBaseUrl: string; feeBps: number; vatNumber?: string };
  /**
   * Embedded database only: calls waiting for PGlite at most (PGLITE_MAX_QUEUE, 64; 0 no limit);
   * past it a request answers 503 with Retry-After 1 at once (server/db/pglite-gate.ts).
   */
  pgliteMaxQueue: number;
  /**
   * Where uploaded files live (server/files/storage.ts, docs/decisions/0026): S3-compatible object
   * storage when S3_ENDPOINT and S3_BUCKET are set (with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
   * S3_REGION default us-east-1, S3_FORCE_PATH_STYLE default on), else DATA_DIR/files.
   */
  s3?: S3Config;
}

/** S3-compatible storage settings (see AppConfig.s3). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

export interface LoadConfigOptions {
  /**
   * Refuse a DATABASE_URL without AUTH_SECRET (default true: the server). Scripts that only touch
   * the database (db:migrate, db:seed) sign no cookies and pass false.
   */
  requireAuthSecret?: boolean;
}

/**
 * Reads and validates the environment; throws ConfigError with every problem listed.
 *
 * With DATABASE_URL, AUTH_SECRET is required: several instances share that database, and a secret
 * generated per instance (DATA_DIR/auth-secret) would make each one reject the others' session
 * cookies, signing users out on every other request (docs/operations.md).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  if (options.requireAuthSecret !== false && env.DATABASE_URL?.trim() && !env.AUTH_SECRET) {
    lines.push(
      "  AUTH_SECRET: AUTH_SECRET is required when DATABASE_URL is set: every instance on that database must sign session cookies with the same secret (32+ characters, e.g. openssl rand -hex 32)",
    );
  }
  if (env.S3_ENDPOINT?.trim() || env.S3_BUCKET?.trim()) {
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[name]?.trim())
        lines.push(`  ${name}: ${name} is required when S3_ENDPOINT or S3_BUCKET is set (uploaded files then go to S3-compatible storage)`);
    }
  }
  if (parsed.success && parsed.data.PAYMENTS_PROVIDER === "paystack" && !parsed.data.PAYSTACK_SECRET_KEY) {
    lines.push("  PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is required when PAYMENTS_PROVIDER is paystack");
  }
  if (!parsed.success || lines.length) {
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
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === "on",
    sseLimits: { perInstance: e.SSE_MAX_STREAMS, perUser: e.SSE_MAX_STREAMS_PER_USER },
    pgliteMaxQueue: e.PGLITE_MAX_QUEUE,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION || "us-east-1",
            accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
            forcePathStyle: e.S3_FORCE_PATH_STYLE !== "off",
          }
        : undefined,
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL,
      feeBps: Math.round(e.PLATFORM_FEE_PERCENT * 100),
      vatNumber: e.VAT_NUMBER,
    },
  };
}
