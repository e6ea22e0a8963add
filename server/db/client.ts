/**
 * Opens the database: PostgreSQL at `databaseUrl` when given, else embedded PostgreSQL (PGlite)
 * in `dataDir` (or in memory for `dataDir: null`). Both speak the same schema and migrations.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema";
import { asUnavailable, isConnectionFault, isTransactionConflict, noteDatabaseFault } from "./faults";
import { createQueryGate, gatePglite } from "./pglite-gate";
import { statementNamer } from "./prepared";
import { countPlannerStartupOptions, setCountDb } from "./count-planner";
import { createListener } from "./listener";
import { log } from "../log";

/** The Drizzle database every domain function takes as its first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction on a Db (what `db.transaction(async (tx) => ...)` hands over). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL server's connection string (undefined for PGlite). */
  url?: string;
  /** Applies pending committed migrations (drizzle/). */
  migrate(): Promise<void>;
  /** Closes the pool or the embedded database; the data folder can then be opened again. */
  close(): Promise<void>;
  /** Runs raw SQL with positional parameters ($1...), e.g. EXPLAIN in the query-plan tests. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * LISTENs on `channel` (PostgreSQL NOTIFY; payloads arrive after the notifying transaction
   * commits). On a server, one dedicated connection serves every channel (server/db/listener.ts)
   * and is re-opened after it drops (1-10 s back-off); `onReconnect` then runs, because NOTIFYs
   * sent while it was down are lost.
   * Resolves once listening; the returned function stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Whether the last query failed because the server could not be reached (or timed out) within
   * the last few seconds, with no query succeeding since: the page cache then serves a stale page
   * at once instead of waiting for a timeout. Always false on PGlite.
   */
  isUnavailable(): boolean;
  /**
   * Readiness (GET /readyz, docs/operations.md): whether the database answers within `timeoutMs`
   * and has every migration in drizzle/ applied. Never throws.
   */
  checkReady(timeoutMs: number): Promise<ReadyState>;
}

export interface ReadyState {
  database: "ok" | "unreachable";
  /** "unknown" when the database did not answer. */
  migrations: "ok" | "pending" | "unknown";
}

/**
 * Timeouts of the PostgreSQL pool, in ms (docs/operations.md). 0 turns one off (scripts that
 * seed or EXPLAIN ANALYZE large tables run statements longer than any request should).
 */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one when all are busy (pool and LISTEN client). */
  connectMs: number;
  /**
   * Longest statement: the server cancels it (statement_timeout); when the server does not answer
   * at all (a network partition), the client gives up 1 s later (query_timeout) and drops the
   * connection, so nothing waits on a dead socket.
   */
  statementMs: number;
  /** A transaction left idle this long is ended by the server (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** A pooled connection unused this long is closed. */
  idleMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 15_000, idleMs: 30_000 };

/**
 * Key of the PostgreSQL advisory lock held while migrating, so instances starting together on one
 * database migrate one after the other (concurrent CREATE EXTENSION / CREATE TABLE race otherwise).
 */
export const MIGRATION_LOCK_KEY = 4_242_001;

/** How long `isUnavailable()` trusts a fault before letting requests try the database again, in ms. */
const FAULT_MEMORY_MS = 5000;

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; null for an in-memory database. */
  dataDir?: string | null;
  /** PGlite only: a data folder dump (from `dumpDataDir`) to start from, e.g. a migrated template. */
  loadDataDir?: Blob;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** Sees every query Drizzle sends (tests record them to EXPLAIN each shape). */
  logger?: Logger;
  /** PostgreSQL only: timeouts (DEFAULT_DB_TIMEOUTS for the ones not given). */
  timeouts?: Partial<DbTimeouts>;
  /**
   * PostgreSQL only: send queries run through prepared() as named prepared statements (default
   * true; decision 0047). False for a pooler that cannot keep them (PgBouncer before 1.21, or
   * without max_prepared_statements, in transaction mode).
   */
  preparedStatements?: boolean;
  /** PostgreSQL only: how often the LISTEN connection checks it is still alive, in ms (default 15 000). */
  listenHeartbeatMs?: number;
  /**
   * PGlite only: calls waiting for the embedded database at most; past it a call fails at once with
   * UnavailableError (503, Retry-After; server/db/pglite-gate.ts). 0 or absent: no limit (scripts).
   */
  maxQueued?: number;
  /** The migrations to apply (default MIGRATIONS_FOLDER; tests give an older set). */
  migrationsFolder?: string;
}

let newestMigration: number | undefined;

/** The newest migration in drizzle/ (its journal `when`, which the migrator records as created_at); read once. */
function newestMigrationMillis(): number {
  newestMigration ??= Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  return newestMigration;
}

/** Rejects with "timeout exceeded" after `ms` unless `promise` settles first (the promise runs on). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timeout exceeded (${ms} ms)`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The ReadyState from the newest applied migration's created_at (null: none applied). */
async function readyFrom(read: () => Promise<string | null>, timeoutMs: number): Promise<ReadyState> {
  try {
    const newest = await withTimeout(read(), timeoutMs);
    return { database: "ok", migrations: newest !== null && Number(newest) >= newestMigrationMillis() ? "ok" : "pending" };
  } catch (err) {
    // No migrations table yet: reachable, nothing applied.
    if ((err as { code?: string }).code === "42P01" || (err as { cause?: { code?: string } }).cause?.code === "42P01")
      return { database: "ok", migrations: "pending" };
    return { database: "unreachable", migrations: "unknown" };
  }
}

const NEWEST_MIGRATION_SQL = "select max(created_at)::text as newest from drizzle.__drizzle_migrations";

/** Opens (does not migrate) the database described by `options`. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    const health = { lastFaultAt: 0, lastOkAt: 0 };
    const poolSize = options.poolSize ?? 10;
    // A few connections stay open through quiet spells (WARM_CONNECTIONS), the rest close when idle.
    const pool = new pg.Pool({ connectionString: url, max: poolSize, min: Math.min(WARM_CONNECTIONS.main, poolSize), ...poolTimeouts(timeouts) });
    // An idle client losing its connection (server restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (err) => log().warn({ err }, "PostgreSQL idle client error"));
    const nameStatement = statementNamer(options.preparedStatements ?? true);
    guardQueries(pool, health, nameStatement);
    pool.on("connect", (client) => guardQueries(client, health, nameStatement, client));
    const db = drizzlePg(pool, { schema, logger: options.logger }) as unknown as Db;
    // List totals run here, on connections that start with the count's planner settings: one
    // statement per count instead of a four-statement transaction (docs/decisions/0038-count-pool.md).
    const countPool = new pg.Pool({
      connectionString: url,
      max: countPoolSize(poolSize),
      min: WARM_CONNECTIONS.count,
      options: countPlannerStartupOptions(),
      ...poolTimeouts(timeouts),
    });
    countPool.on("error", (err) => log().warn({ err }, "PostgreSQL idle client error (count pool)"));
    const nameCountStatement = statementNamer(options.preparedStatements ?? true);
    guardQueries(countPool, health, nameCountStatement);
    countPool.on("connect", (client) => guardQueries(client, health, nameCountStatement, client));
    setCountDb(db, drizzlePg(countPool, { schema, logger: options.logger }) as unknown as Db);
    // One LISTEN connection for every channel (a pooled one would be handed to other queries).
    const listener = createListener({
      client: { connectionString: url, ...poolTimeouts({ ...timeouts, idleInTransactionMs: 0 }) },
      heartbeatMs: options.listenHeartbeatMs ?? 15_000,
      heartbeatTimeoutMs: timeouts.statementMs || 10_000,
    });
    return {
      db,
      kind: "postgres",
      url,
      migrate: () => migrateWithLock(url, timeouts, options.migrationsFolder ?? MIGRATIONS_FOLDER),
      close: async () => {
        await Promise.all([pool.end(), countPool.end()]);
      },
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      listen: listener.listen,
      isUnavailable: () => health.lastFaultAt > health.lastOkAt && Date.now() - health.lastFaultAt < FAULT_MEMORY_MS,
      checkReady: (timeoutMs) =>
        readyFrom(
          async () => (await pool.query<{ newest: string | null }>(withQueryTimeout(NEWEST_MIGRATION_SQL, timeoutMs))).rows[0]?.newest ?? null,
          timeoutMs,
        ),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    // unaccent: the search configurations of migration 0037 use its dictionary; a data folder
    // migrated past 0037 cannot run a search without it.
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
  });
  if (options.maxQueued) gatePglite(client, createQueryGate(options.maxQueued));
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER }),
    close: () => client.close(),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    isUnavailable: () => false,
    checkReady: (timeoutMs) => readyFrom(async () => (await client.query<{ newest: string | null }>(NEWEST_MIGRATION_SQL)).rows[0]?.newest ?? null, timeoutMs),
    // exposed for the test template (dumpDataDir)
    ...({ pglite: client } as object),
  };
}

/** A query config with node-postgres's per-query client-side timeout (not in @types/pg). */
function withQueryTimeout(text: string, ms: number): pg.QueryConfig {
  return { text, query_timeout: ms } as pg.QueryConfig;
}

/**
 * Pooled connections kept open when idle (pg.Pool's `min`), of the main pool and of the count pool;
 * connections beyond them still close after DbTimeouts.idleMs. A new PostgreSQL connection costs
 * its handshake (TLS and password exchange to a managed server) and starts with empty caches: its
 * first text search loads the dictionary and its first statements are planned from a cold catalog.
 * Measured (PostgreSQL on this machine, 100,000 projects, three quiet spells of 35 s each): the
 * first search after one answered in 81-107 ms and the next two in 26-42 ms, opening 1-2 new
 * connections; with these kept, 40-58 ms and 11-29 ms and none opened. Every quiet spell of a
 * small instance paid that again (docs/operations.md, Database timeouts). Also keeps the
 * named prepared statements (decision 0047) of those connections. Main: a list request runs its
 * rows and the page's other lookups at once; count: one count per list request.
 */
export const WARM_CONNECTIONS = { main: 2, count: 1 } as const;

/**
 * Connections of the count pool beside a main pool of `poolSize`: half as many, at least 2 (a list
 * request holds one of each at once; docs/decisions/0038-count-pool.md).
 */
export function countPoolSize(poolSize: number): number {
  return Math.max(2, Math.ceil(poolSize / 2));
}

/** node-postgres settings for `timeouts` (pool and single clients alike). */
function poolTimeouts(t: DbTimeouts): pg.PoolConfig {
  return {
    connectionTimeoutMillis: t.connectMs || undefined,
    idleTimeoutMillis: t.idleMs || undefined,
    statement_timeout: t.statementMs || undefined,
    query_timeout: t.statementMs ? t.statementMs + 1000 : undefined,
    idle_in_transaction_session_timeout: t.idleInTransactionMs || undefined,
    // Lets the kernel notice a dead peer on an idle connection (it otherwise waits for ever).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A PostgreSQL statement that takes at least this long (ms, from the call to its answer, a wait
 * for a free pooled connection included) is logged as `db.slow` with its prepared() label or the
 * start of its text, never its values (ARCHITECTURE.md, Logging).
 */
export const SLOW_QUERY_MS = 500;

/**
 * Wraps the promise form of `target.query` (and `connect`, for the pool): a connection error or
 * timeout is noted for the current request (server/db/faults.ts) and for `isUnavailable()`,
 * rethrown as UnavailableError (503), and the client it happened on is closed so the pool does not
 * hand out a connection stuck behind an unanswered query; a statement slower than SLOW_QUERY_MS is
 * logged. The callback forms, used inside pg-pool, are left alone (pg-pool already drops a client
 * whose query failed).
 */
function guardQueries(
  target: pg.Pool | pg.PoolClient,
  health: { lastFaultAt: number; lastOkAt: number },
  nameStatement: (label: string, text: string) => string | undefined,
  client?: pg.PoolClient,
) {
  const guard = (result: unknown) => {
    if (!result || typeof (result as Promise<unknown>).then !== "function") return result;
    return (result as Promise<unknown>).then(
      (value) => {
        health.lastOkAt = Date.now();
        return value;
      },
      (err: unknown) => {
        if (!isConnectionFault(err)) {
          // A deadlock or serialization failure is the request's, not the database's health: noted
          // so the page a router caught it in still answers 503 (server/http/app.ts).
          if (isTransactionConflict(err)) noteDatabaseFault(err);
          throw err;
        }
        health.lastFaultAt = Date.now();
        noteDatabaseFault(err);
        client?.end().catch(() => {});
        throw asUnavailable(err);
      },
    );
  };
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    // A statement run through prepared() (server/db/prepared.ts) carries its call site's label as
    // its name: one name per text, or none when prepared statements are off.
    const config = typeof args[0] === "object" && args[0] !== null ? (args[0] as { name?: string; text?: string }) : null;
    const label = config?.name;
    if (config?.name && typeof config.text === "string") {
      args[0] = { ...config, name: nameStatement(config.name, config.text) };
    }
    const text = typeof args[0] === "string" ? args[0] : (config?.text ?? "");
    const started = performance.now();
    const result = guard(query(...args));
    // Only promise calls are timed: the pool's own calls to its connections use callbacks, so a
    // statement is timed once (through the pool, its wait for a free connection included).
    if (result instanceof Promise) {
      const logIfSlow = () => {
        const ms = Math.round(performance.now() - started);
        if (ms >= SLOW_QUERY_MS) log().warn({ event: "db.slow", ms, statement: label ?? text.slice(0, 200) }, "slow database statement");
      };
      result.then(logIfSlow, logIfSlow);
    }
    return result;
  };
  if (target instanceof pg.Pool) {
    const connect = target.connect.bind(target) as (...args: unknown[]) => unknown;
    (target as { connect: unknown }).connect = (...args: unknown[]) => (args.length ? connect(...args) : guard(connect()));
  }
}

/**
 * Applies pending migrations on a connection of its own holding a PostgreSQL advisory lock
 * (MIGRATION_LOCK_KEY), so instances started together on an empty database migrate one at a time:
 * the later ones wait, then find nothing to do. No statement timeout there (a migration may build
 * an index for minutes); the lock goes with the connection if the process dies. When this run
 * applied a migration, tables it rewrote are vacuumed before the lock is let go (vacuumRewritten).
 */
async function migrateWithLock(url: string, timeouts: DbTimeouts, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, ...poolTimeouts({ ...timeouts, statementMs: 0, idleInTransactionMs: 0 }) });
  await client.connect();
  try {
    const [{ locked }] = (await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_KEY])).rows as [
      { locked: boolean },
    ];
    if (!locked) {
      log().info("Another instance is migrating this database: waiting for it");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    }
    try {
      const before = await appliedMigrations(client);
      await migratePg(drizzlePg(client), { migrationsFolder });
      if ((await appliedMigrations(client)) > before) await vacuumRewritten(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** How many migrations drizzle has recorded as applied on this database (0 before the first). */
async function appliedMigrations(client: pg.Client): Promise<number> {
  // Two statements: a statement naming a table that does not exist yet fails when parsed.
  const exists = (await client.query<{ table: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as table`)).rows[0]?.table;
  if (!exists) return 0;
  return (await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]?.n ?? 0;
}

/**
 * Vacuums (with analyse) every table that has pages but no page marked all-visible: what a
 * migration that rewrites a table leaves (migration 0037 regenerating the search vectors), and no
 * activity counter tells autovacuum so. Until then every index-only count reads table pages (5-12
 * ms against 0.2-0.3 for a list total at 100,000 projects; docs/operations.md). VACUUM does not
 * block reads or writes; it runs outside a transaction, one table at a time.
 */
async function vacuumRewritten(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ identifier: string }>(
    `select quote_ident(c.relname) as identifier
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relallvisible = 0 and pg_relation_size(c.oid) > 0`,
  );
  for (const { identifier } of rows) {
    const started = performance.now();
    await client.query(`VACUUM (ANALYZE) ${identifier}`);
    log().info({ event: "db.vacuum", table: identifier, ms: Math.round(performance.now() - started) }, "vacuumed a table a migration rewrote");
  }
}

export { schema };
