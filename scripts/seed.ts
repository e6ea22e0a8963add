/**
 * npm run db:seed [-- --projects N --developers N --clients N --seed N]
 * Opens the database like server/main.ts (PGlite in DATA_DIR/pglite, or DATABASE_URL), applies
 * pending migrations and fills it with deterministic demo data. Refuses a database that already
 * has users, so it never mixes two data sets.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { users } from "../server/db/schema";
import { storageFor } from "../server/files/storage";
import { seedDemoPhotos } from "../server/seed/photos";
import { seedHireContracts } from "../server/seed/contracts";
import { seedDemoPayments } from "../server/seed/payments";
import { DEFAULT_SEED, DEMO_CLIENT, DEMO_DEVELOPER, seedDemoData, type SeedOptions } from "../server/seed/seed";

/** Clients default to one per this many projects, at least DEFAULT_SEED.clients. */
const PROJECTS_PER_CLIENT = 6;

const HELP = `Usage: npm run db:seed -- [options]

Fills an empty database with deterministic South African demo data. Every account's password
is printed at the end. Uses DATA_DIR (embedded database in DATA_DIR/pglite) or DATABASE_URL.

Options (positive integers):
  --projects N     projects to create (default ${DEFAULT_SEED.projects})
  --developers N   developer accounts (default ${DEFAULT_SEED.developers})
  --clients N      client accounts (default max(${DEFAULT_SEED.clients}, projects / ${PROJECTS_PER_CLIENT}))
  --seed N         random seed; the same seed gives the same data (default ${DEFAULT_SEED.seed})
  --help           show this help
`;

class UsageError extends Error {}

/** The seed options from command-line arguments; throws UsageError on a bad flag or value. */
function parseOptions(args: string[]): SeedOptions | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        projects: { type: "string" },
        developers: { type: "string" },
        clients: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return "help";
  const count = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1) {
      throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
    }
    return n;
  };
  const projects = count("projects", values.projects, DEFAULT_SEED.projects);
  return {
    projects,
    developers: count("developers", values.developers, DEFAULT_SEED.developers),
    clients: count("clients", values.clients, Math.max(DEFAULT_SEED.clients, Math.ceil(projects / PROJECTS_PER_CLIENT))),
    seed: count("seed", values.seed, DEFAULT_SEED.seed),
  };
}

async function main() {
  let options;
  let config;
  try {
    options = parseOptions(process.argv.slice(2));
    config = loadConfig(process.env, { requireAuthSecret: false }); // signs no cookies
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) {
      console.error(err.message);
      if (err instanceof UsageError) console.error("Run with --help for usage.");
      process.exit(1);
    }
    throw err;
  }
  if (options === "help") {
    console.log(HELP);
    return;
  }

  // A bulk load builds indexes over every row: no statement or idle-in-transaction timeout.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
    timeouts: { statementMs: 0, idleInTransactionMs: 0 },
  });
  try {
    await database.migrate();
    const [existing] = await database.db.select({ id: users.id }).from(users).limit(1);
    if (existing) {
      console.error(
        database.kind === "pglite"
          ? `The database in ${path.join(config.dataDir, "pglite")} already has users. Delete that folder or set DATA_DIR to an empty one.`
          : "The database at DATABASE_URL already has users. Seed an empty database.",
      );
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const result = await seedDemoData(database.db, options);
    const pictures = await seedDemoPhotos({ db: database.db, files: storageFor(config) });
    const money = await seedDemoPayments(database.db, config);
    const hireContracts = await seedHireContracts(database.db);
    // A bulk load leaves the visibility map empty, so counts read the table instead of an index
    // (index-only scan) until a vacuum runs; PGlite never runs autovacuum (docs/performance.md).
    await database.query("vacuum analyze");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.projects} projects, ${result.clients} clients, ${result.developers} developers with profiles, ${result.proposals} proposals, ${result.reviews} reviews, ${pictures.photos} profile photos, ${pictures.portfolioImages} portfolio images and ${(money?.contracts ?? 0) + hireContracts} contracts with ${money?.released ?? 0} released milestones (seed ${options.seed}) in ${seconds} s.`,
    );
    console.log(`Demo accounts: ${DEMO_CLIENT.email}, ${DEMO_DEVELOPER.email}; password for every account: ${result.password}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
