/**
 * Backup and restore of a PostgreSQL database with the server's own client tools: pg_dump in
 * custom format, pg_restore into an empty database. The backup runs while the app keeps serving:
 * pg_dump reads one snapshot, exported by a transaction of ours that also counts the rows, so the
 * printed counts describe exactly what the file holds.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { BackupError, backupKindOf, prepareOutput } from "./common";
import { tableStats, userRelations, type Query, type TableStats } from "./inventory";

const execFileAsync = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** Major version of the tools. */
  major: number;
}

/** Folders that may hold pg_dump/pg_restore, best first: PG_BIN, the newest /usr/lib/postgresql/N/bin, then PATH. */
async function candidateFolders(): Promise<(string | null)[]> {
  const folders: (string | null)[] = [];
  if (process.env.PG_BIN) folders.push(process.env.PG_BIN);
  const versions = await fs.readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .forEach((v) => folders.push(`/usr/lib/postgresql/${v}/bin`));
  folders.push(null); // PATH
  return folders;
}

/**
 * pg_dump and pg_restore able to handle a server of major version `serverMajor` (their major
 * version must be at least the server's). Throws BackupError listing what was found otherwise.
 */
export async function findPgTools(serverMajor: number): Promise<PgTools> {
  const found: string[] = [];
  for (const folder of await candidateFolders()) {
    const pgDump = folder ? path.join(folder, "pg_dump") : "pg_dump";
    const pgRestore = folder ? path.join(folder, "pg_restore") : "pg_restore";
    try {
      const { stdout } = await execFileAsync(pgDump, ["--version"]);
      const major = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]);
      found.push(`${pgDump} (${major})`);
      if (major >= serverMajor) {
        await execFileAsync(pgRestore, ["--version"]);
        return { pgDump, pgRestore, major };
      }
    } catch {
      // not installed there
    }
  }
  throw new BackupError(
    `No pg_dump/pg_restore of version ${serverMajor} or newer, needed for this PostgreSQL ${serverMajor} server (found: ${found.join(", ") || "none"}). Install the PostgreSQL ${serverMajor} client tools or set PG_BIN to their folder.`,
  );
}

/**
 * The URL without its password (for the tools' command line, which other users can read in the
 * process list) and the environment that passes the password instead (PGPASSWORD).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** "name at host:port", never with credentials, for messages. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `database ${decodeURIComponent(u.pathname.slice(1)) || "(default)"} at ${u.hostname}${u.port ? `:${u.port}` : ""}`;
}

/** Runs a client tool; resolves when it exits 0, else throws BackupError with its error output. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (err) => reject(new BackupError(`Could not run ${command}: ${err.message}`)));
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the ${describeUrl(url)}: ${(err as Error).message}`);
  }
  return client;
}

const queryOf =
  (client: pg.Client): Query =>
  async <T>(sql: string, params: unknown[] = []) =>
    (await client.query(sql, params)).rows as T[];

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
  return Math.floor(Number(rows[0]!.server_version_num) / 10000);
}

export interface PostgresBackupResult {
  tables: TableStats[];
  file: string;
  bytes: number;
}

/**
 * Dumps the database at `url` to `out` (pg_dump --format=custom) from one exported snapshot, and
 * counts (and with `checksums` hashes) every table's rows in that same snapshot. Throws
 * BackupError when the server is unreachable, no suitable pg_dump exists, or `out` exists.
 */
export async function backupPostgres(options: { url: string; out: string; overwrite?: boolean; checksums?: boolean }): Promise<PostgresBackupResult> {
  const output = await prepareOutput(options.out, options.overwrite ?? false);
  const client = await connect(options.url);
  try {
    const tools = await findPgTools(await serverMajor(client));
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const { dbname, env } = toolConnection(options.url);
    const dump = runTool(
      tools.pgDump,
      ["--format=custom", `--file=${output.partial}`, `--snapshot=${rows[0]!.snapshot}`, "--no-password", `--dbname=${dbname}`],
      env,
    );
    // Both must settle before the snapshot's transaction ends; a failed count must not leave pg_dump orphaned.
    const [dumped, counted] = await Promise.allSettled([dump, tableStats(queryOf(client), { checksums: options.checksums })]);
    await client.query("commit");
    if (dumped.status === "rejected") throw dumped.reason;
    if (counted.status === "rejected") throw counted.reason;
    await output.commit();
    return { tables: counted.value, file: output.file, bytes: (await fs.stat(output.file)).size };
  } catch (err) {
    await output.discard();
    throw err;
  } finally {
    await client.end();
  }
}

export interface PostgresRestoreResult {
  tables: TableStats[];
  /** Relations that were there before (replaced with `force`). */
  replaced: number;
}

/**
 * Restores a pg_dump custom-format `file` into the database at `url` with pg_restore, in one
 * transaction (all or nothing), without the source's owners and privileges (the restoring user
 * owns everything). The database must be empty; with `force` the objects the backup contains are
 * dropped first (pg_restore --clean --if-exists) and other objects are left alone.
 */
export async function restorePostgres(options: { url: string; file: string; force?: boolean; checksums?: boolean }): Promise<PostgresRestoreResult> {
  const kind = await backupKindOf(options.file);
  if (kind !== "postgres") {
    throw new BackupError(
      `${options.file} is an embedded-database (PGlite) backup. Unset DATABASE_URL to restore it into DATA_DIR/pglite; db:restore does not convert between the embedded database and PostgreSQL.`,
    );
  }
  const client = await connect(options.url);
  try {
    const existing = await userRelations(queryOf(client));
    if (existing.length > 0 && !options.force) {
      const examples = existing.slice(0, 3).join(", ");
      throw new BackupError(
        `The ${describeUrl(options.url)} is not empty (it holds ${existing.length} tables, sequences or views, e.g. ${examples}), and db:restore only restores into an empty database so it never mixes two data sets. Create an empty database (createdb, or CREATE DATABASE) and point DATABASE_URL at it, or pass --force to drop the tables the backup contains and replace them (stop the app first).`,
      );
    }
    const tools = await findPgTools(await serverMajor(client));
    const { dbname, env } = toolConnection(options.url);
    const args = ["--no-owner", "--no-acl", "--single-transaction", "--exit-on-error", "--no-password", `--dbname=${dbname}`];
    if (existing.length > 0) args.push("--clean", "--if-exists");
    await runTool(tools.pgRestore, [...args, options.file], env);
    return { tables: await tableStats(queryOf(client), { checksums: options.checksums }), replaced: existing.length };
  } finally {
    await client.end();
  }
}
