/**
 * npm run db:restore -- FILE [--force --checksums]
 * Restores a db:backup file into the database the app is configured for (server/config.ts):
 * a pg_dump archive into the (empty) PostgreSQL database at DATABASE_URL with pg_restore, or a
 * PGlite archive into an empty DATA_DIR/pglite. Prints each table's rows and the seconds taken.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { BackupError, KIND_LABEL, backupKindOf, displayPath, secondsSince } from "./backup/common";
import { formatBytes, formatTables, formatTotals } from "./backup/inventory";
import { restorePglite } from "./backup/pglite";
import { describeUrl, restorePostgres } from "./backup/postgres";

const HELP = `Usage: npm run db:restore -- FILE [options]

Restores a file written by npm run db:backup into the database the app is configured for:
  - a PostgreSQL backup (pg_dump custom format) into the database at DATABASE_URL, with pg_restore
    in one transaction (all or nothing), owned by the connecting user;
  - an embedded-database backup (tar.gz) into DATA_DIR/pglite (default ./data/pglite), while the
    app is stopped (only one process may open that folder).
The target must be empty, so two data sets are never mixed; the script refuses otherwise and says
why. Start the app afterwards as usual: it applies any newer migrations.

Options:
  --force        restore over existing data: on PostgreSQL, drop the tables the backup contains
                 first (pg_restore --clean; stop the app first); on the embedded database, move the
                 existing folder aside to pglite.before-restore-<time> (kept, never deleted)
  --checksums    also print an md5 of each table's rows (compare with db:backup -- --checksums)
  --help         show this help

Environment: DATABASE_URL, DATA_DIR (see README); PG_BIN, the folder of pg_restore (default: the
newest /usr/lib/postgresql/*/bin, then PATH).
`;

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        in: { type: "string", short: "i" },
        force: { type: "boolean", default: false },
        checksums: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new BackupError(`${(err as Error).message}\nRun with --help for usage.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return;
  }
  const files = [...(values.in ? [values.in] : []), ...positionals];
  if (files.length !== 1) throw new BackupError("Name one backup file: npm run db:restore -- backups/x.dump (--help for usage).");
  const file = files[0]!;
  // Database only: no cookies are signed, so AUTH_SECRET is not needed.
  const config = loadConfig(process.env, { requireAuthSecret: false });
  const kind = await backupKindOf(file);
  const bytes = (await fs.stat(file)).size;
  const started = performance.now();
  const target = config.databaseUrl ? `PostgreSQL ${describeUrl(config.databaseUrl)}` : `the embedded database in ${path.join(config.dataDir, "pglite")}`;
  console.log(`Restoring ${displayPath(file)} (${formatBytes(bytes)}, ${KIND_LABEL[kind]}) into ${target}...`);
  if (config.databaseUrl) {
    const result = await restorePostgres({ url: config.databaseUrl, file, force: values.force, checksums: values.checksums });
    if (result.replaced) console.log(`--force: replaced what the backup contains among the ${result.replaced} relations that were there.`);
    console.log(formatTables(result.tables));
    console.log(`Restored ${formatTotals(result.tables)} in ${secondsSince(started)} s.`);
  } else {
    const result = await restorePglite({ file, dir: path.join(config.dataDir, "pglite"), force: values.force, checksums: values.checksums });
    if (result.movedAside) console.log(`--force: the database that was there is now in ${result.movedAside}.`);
    console.log(formatTables(result.tables));
    console.log(`Restored ${formatTotals(result.tables)} in ${secondsSince(started)} s.`);
  }
}

main().catch((err) => {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
