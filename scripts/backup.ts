/**
 * npm run db:backup [-- --out FILE --checksums --force]
 * Backs up the database the app is configured for (server/config.ts): PostgreSQL at DATABASE_URL
 * with pg_dump, else the embedded database in DATA_DIR/pglite as a PGlite data folder archive.
 * Prints each table's rows, the file's size and the seconds taken. npm run db:restore reads it.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { BackupError, KIND_LABEL, displayPath, secondsSince } from "./backup/common";
import { formatBytes, formatTables, formatTotals } from "./backup/inventory";
import { backupPglite } from "./backup/pglite";
import { backupPostgres, describeUrl } from "./backup/postgres";

const HELP = `Usage: npm run db:backup -- [--out FILE] [options]

Writes a consistent copy of the database the app uses:
  - with DATABASE_URL: a pg_dump custom-format archive, taken from one snapshot while the app
    keeps running;
  - otherwise: the embedded database in DATA_DIR/pglite (default ./data/pglite) as a PGlite data
    folder archive (tar.gz). The app must be stopped first: only one process may open that folder,
    and the script says so (with the process id) when the app is holding it.
Prints every table's row count, the total rows, the file's size and the seconds taken.
Restore with: npm run db:restore -- FILE

Options:
  --out FILE     where to write (default backups/buildza-<postgres|pglite>-<UTC time>.<dump|tar.gz>);
                 an existing file is not overwritten unless --force
  --checksums    also print an md5 of each table's rows (compare with db:restore -- --checksums)
  --force        overwrite --out if it exists
  --help         show this help

Environment: DATABASE_URL, DATA_DIR (see README); PG_BIN, the folder of pg_dump and pg_restore
(default: the newest /usr/lib/postgresql/*/bin, then PATH; their version must be at least the
server's).
`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: "string", short: "o" },
        checksums: { type: "boolean", default: false },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new BackupError(`${(err as Error).message}\nRun with --help for usage.`);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  // Database only: no cookies are signed, so AUTH_SECRET is not needed.
  const config = loadConfig(process.env, { requireAuthSecret: false });
  const kind = config.databaseUrl ? "postgres" : "pglite";
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const out = values.out ?? path.join("backups", `buildza-${kind}-${stamp}.${kind === "postgres" ? "dump" : "tar.gz"}`);
  const started = performance.now();
  const source = config.databaseUrl ? `PostgreSQL ${describeUrl(config.databaseUrl)}` : `the embedded database in ${path.join(config.dataDir, "pglite")}`;
  console.log(`Backing up ${source}...`);
  const result = config.databaseUrl
    ? await backupPostgres({ url: config.databaseUrl, out, overwrite: values.force, checksums: values.checksums })
    : await backupPglite({ dir: path.join(config.dataDir, "pglite"), out, overwrite: values.force, checksums: values.checksums });
  console.log(formatTables(result.tables));
  console.log(
    `Backed up ${formatTotals(result.tables)} to ${displayPath(result.file)} (${formatBytes(result.bytes)}, ${KIND_LABEL[kind]}) in ${secondsSince(started)} s.`,
  );
}

main().catch((err) => {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
