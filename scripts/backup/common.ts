/** Pieces shared by db:backup and db:restore: the error they print, backup file kinds, output files. */
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/** A failure the scripts explain in a sentence and exit 1 on (no stack trace). */
export class BackupError extends Error {}

/**
 * `postgres`: a pg_dump custom-format archive (starts with "PGDMP"); `pglite`: a PGlite data folder
 * archive from dumpDataDir (a gzip-compressed or plain tar).
 */
export type BackupKind = "postgres" | "pglite";

/** The kind of backup in `file`, read from its first bytes; throws BackupError for anything else. */
export async function backupKindOf(file: string): Promise<BackupKind> {
  let handle;
  try {
    handle = await fs.open(file, "r");
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= 5 && head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    if (bytesRead >= 262 && head.subarray(257, 262).toString("latin1") === "ustar") return "pglite";
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a db:backup file (neither a pg_dump custom-format archive nor a PGlite data folder archive).`);
}

export const KIND_LABEL: Record<BackupKind, string> = {
  postgres: "PostgreSQL, pg_dump custom format",
  pglite: "embedded database, PGlite data folder archive",
};

/** Where a backup is being written: a `.partial` file renamed over `file` only once complete. */
export interface Output {
  file: string;
  partial: string;
  /** Renames the finished partial file to `file`. */
  commit(): Promise<void>;
  /** Removes the partial file after a failure. */
  discard(): Promise<void>;
}

/**
 * Prepares writing `file`: creates its folder and refuses an existing file unless `overwrite`, so a
 * backup never replaces another by accident. Writing goes to `<file>.partial` first, so an
 * interrupted backup never leaves a truncated file under the real name.
 */
export async function prepareOutput(file: string, overwrite: boolean): Promise<Output> {
  const resolved = path.resolve(file);
  if (!overwrite) {
    try {
      await fs.access(resolved, constants.F_OK);
      throw new BackupError(`${file} already exists. Choose another --out, or pass --force to overwrite it.`);
    } catch (err) {
      if (err instanceof BackupError) throw err;
    }
  }
  await fs.mkdir(path.dirname(resolved), { recursive: true });
  const partial = `${resolved}.partial`;
  return {
    file: resolved,
    partial,
    commit: () => fs.rename(partial, resolved),
    discard: () => fs.rm(partial, { force: true }),
  };
}

/** `file` relative to the working folder when inside it, else absolute. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : path.resolve(file);
}

/** Seconds since `started` (a performance.now() value), one decimal. */
export function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}
