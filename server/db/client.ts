/**
 * Opens the database: PostgreSQL at `databaseUrl` when given, else embedded PostgreSQL (PGlite)
 * in `dataDir` (or in memory for `dataDir: null`). Both speak the same schema and migrations.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema";
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
   * commits). On a server, a dedicated connection is used and re-opened after it drops (1-10 s
   * back-off); `onReconnect` then runs, because NOTIFYs sent while it was down are lost.
   * Resolves once listening; the returned function stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

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
}

/** Opens (does not migrate) the database described by `options`. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection (server restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (err) => log().warn({ err }, "PostgreSQL idle client error"));
    const db = drizzlePg(pool, { schema, logger: options.logger }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      url: options.databaseUrl,
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      listen: (channel, onPayload, onReconnect) => listenOnServer(options.databaseUrl!, channel, onPayload, onReconnect),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    // exposed for the test template (dumpDataDir)
    ...({ pglite: client } as object),
  };
}

/** A LISTEN connection of its own (a pooled one would be handed to other queries), kept open. */
async function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = 1000;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on("error", (err) => log().warn({ err, channel }, "LISTEN connection error"));
    c.on("end", () => {
      if (client !== c || stopped) return;
      client = null;
      setTimeout(retry, delay);
    });
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    client = c;
    delay = 1000;
  };
  const retry = async () => {
    if (stopped) return;
    try {
      await connect();
      onReconnect?.();
    } catch (err) {
      log().warn({ err, channel }, "LISTEN reconnect failed");
      delay = Math.min(delay * 2, 10_000);
      setTimeout(retry, delay);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export { schema };
