/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pglite).
 *
 * The copy is PGlite's own dumpDataDir() archive of the data folder, taken after a CHECKPOINT by
 * the only process that has the folder open, so it is consistent; restoring loads it into an empty
 * folder (PGlite.create's loadDataDir). PGlite takes no lock on its folder: a second process opening
 * it while the app runs would corrupt it, so both scripts first look for another process holding
 * files in the folder and stop with the process id when there is one.
 */
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { BackupError, backupKindOf, prepareOutput } from "./common";
import { tableStats, type TableStats } from "./inventory";

export interface Holder {
  pid: number;
  /** The process's command line, shortened. */
  command: string;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Processes other than this one with a file open inside `dir`, from Linux's /proc/<pid>/fd (an open
 * PGlite keeps its catalog files open while idle). Null where there is no /proc to ask; processes of
 * other users that /proc does not let us read are not seen.
 */
export async function processesHolding(dir: string): Promise<Holder[] | null> {
  let pids: string[];
  try {
    pids = (await fs.readdir("/proc")).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return null;
  }
  const root = await fs.realpath(dir).catch(() => path.resolve(dir));
  const holders: Holder[] = [];
  await Promise.all(
    pids.map(async (pid) => {
      let fds: string[];
      try {
        fds = await fs.readdir(`/proc/${pid}/fd`);
      } catch {
        return; // ended meanwhile, or another user's process
      }
      for (const fd of fds) {
        const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
        if (target === root || target.startsWith(`${root}/`)) {
          const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
          const command = cmdline.split("\0").filter(Boolean).join(" ");
          holders.push({ pid: Number(pid), command: command.length > 160 ? `${command.slice(0, 157)}...` : command });
          return;
        }
      }
    }),
  );
  return holders.sort((a, b) => a.pid - b.pid);
}

/**
 * Throws BackupError, naming the process, when another process has the PGlite folder `dir` open
 * (most likely the running app). Without /proc, a postmaster.pid file (present while PGlite has the
 * folder open, removed when it closes) is taken as a sign of use.
 */
export async function assertNotOpenElsewhere(dir: string, action: "back up" | "restore into"): Promise<void> {
  const holders = await processesHolding(dir);
  const advice = `Only one process may open a PGlite folder at a time (a second one would corrupt it): stop the app (Ctrl+C in its terminal${holders?.length ? `, or kill ${holders.map((h) => h.pid).join(" ")}` : ""}), ${action === "back up" ? "run the backup" : "run the restore"} again, then start the app again.`;
  if (holders === null) {
    if (await exists(path.join(dir, "postmaster.pid"))) {
      throw new BackupError(
        `The embedded database in ${dir} looks open in another process (its postmaster.pid file is present), most likely the running app. ${advice} If no app is running, the last one stopped without closing the database: start it once and stop it with Ctrl+C.`,
      );
    }
    return;
  }
  if (holders.length) {
    const lines = holders.map((h) => `  pid ${h.pid}: ${h.command}`).join("\n");
    throw new BackupError(`The embedded database in ${dir} is open in another process, most likely the running app:\n${lines}\n${advice}`);
  }
}

export interface PgliteBackupResult {
  tables: TableStats[];
  file: string;
  bytes: number;
}

/**
 * Writes the PGlite data folder `dir` to `out` as a gzip tar (dumpDataDir), with each table's row
 * count (and checksum) read from the same, idle database. Throws BackupError when `dir` holds no
 * database, another process has it open, or `out` exists and `overwrite` is false.
 */
export async function backupPglite(options: { dir: string; out: string; overwrite?: boolean; checksums?: boolean }): Promise<PgliteBackupResult> {
  const { dir } = options;
  if (!(await exists(path.join(dir, "PG_VERSION")))) {
    throw new BackupError(
      `There is no embedded database in ${dir}. Set DATA_DIR to the folder the app uses (default ./data; the database is its pglite folder), or DATABASE_URL to back up PostgreSQL.`,
    );
  }
  await assertNotOpenElsewhere(dir, "back up");
  const output = await prepareOutput(options.out, options.overwrite ?? false);
  const database = await openDatabase({ dataDir: dir });
  try {
    // Data files then hold everything committed, so the copy needs no WAL replay to be complete.
    await database.query("checkpoint");
    const tables = await tableStats(database.query, { checksums: options.checksums });
    const pglite = (database as unknown as { pglite: { dumpDataDir(compression: "gzip"): Promise<Blob> } }).pglite;
    const archive = await pglite.dumpDataDir("gzip");
    await fs.writeFile(output.partial, Buffer.from(await archive.arrayBuffer()));
    await output.commit();
    return { tables, file: output.file, bytes: (await fs.stat(output.file)).size };
  } catch (err) {
    await output.discard();
    throw err;
  } finally {
    await database.close();
  }
}

export interface PgliteRestoreResult {
  tables: TableStats[];
  /** Where the folder that was there before went (with `force`). */
  movedAside?: string;
}

/**
 * Restores a PGlite backup `file` into the folder `dir`, which must be missing or empty; with
 * `force` an existing database there is first renamed to `<dir>.before-restore-<time>` (never while
 * another process has it open). On a failure the new folder is removed and the old one put back.
 */
export async function restorePglite(options: { file: string; dir: string; force?: boolean; checksums?: boolean }): Promise<PgliteRestoreResult> {
  const { dir, file } = options;
  const kind = await backupKindOf(file);
  if (kind !== "pglite") {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump). Set DATABASE_URL to an empty PostgreSQL database to restore it there; db:restore does not convert between PostgreSQL and the embedded database.`,
    );
  }
  let movedAside: string | undefined;
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  if (entries.length > 0) {
    await assertNotOpenElsewhere(dir, "restore into");
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    if (!options.force) {
      throw new BackupError(
        `${dir} already holds a database, and db:restore only restores into an empty folder so it never mixes two data sets. Point DATA_DIR at an empty folder, or pass --force to move the existing database aside (to ${path.basename(aside)}) and restore in its place.`,
      );
    }
    await fs.rename(dir, aside);
    movedAside = aside;
  }
  try {
    const archive = new Blob([await fs.readFile(file)]);
    const database = await openDatabase({ dataDir: dir, loadDataDir: archive });
    try {
      return { tables: await tableStats(database.query, { checksums: options.checksums }), movedAside };
    } finally {
      await database.close();
    }
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    if (movedAside) await fs.rename(movedAside, dir);
    if (err instanceof BackupError) throw err;
    throw new BackupError(`Restoring ${file} into ${dir} failed${movedAside ? " (the previous database is back in place)" : ""}: ${(err as Error).message}`);
  }
}
