/**
 * Starts BuildZA: validates the configuration, opens the database (PGlite in DATA_DIR, or
 * DATABASE_URL), applies pending migrations, fills demo data on first start when DEMO_DATA is on,
 * renders a few pages to warm up (server/http/warm-up.ts), and serves HTTP on PORT.
 *
 * On SIGTERM or SIGINT it stops gracefully (docs/operations.md, "Shutdown"): /readyz turns 503,
 * no new connections are accepted, live event streams are told to reconnect (elsewhere) and end,
 * requests already received finish (up to SHUTDOWN_GRACE_MS) and are answered with
 * `Connection: close`, the background job stops, then the LISTEN connection and the database
 * close (one process per PGlite folder). A second signal exits at once.
 */
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { storageFor } from "./files/storage";
import { createAuth } from "./auth/auth";
import { createAuthLimits } from "./auth/limits";
import { loadOrCreateSecret } from "./auth/secret";
import { openDatabase } from "./db/client";
import { createTotalsCache } from "./lib/totals-cache";
import { createMailer } from "./email/mailer";
import { createHttpHandler } from "./http/app";
import { trackConnections } from "./http/drain";
import { warmUp } from "./http/warm-up";
import { startBackgroundJobs } from "./jobs";
import { createRealtimeHub } from "./realtime/hub";
import { createSessionCache } from "./http/session-cache";
import { seedDemoPhotos } from "./seed/photos";
import { seedHireContracts } from "./seed/contracts";
import { seedDemoPayments } from "./seed/payments";
import { seedIfEmpty } from "./seed/seed";
import { rootLogger } from "./log";

/** How long requests in progress at SIGTERM may take to finish, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long an idle keep-alive connection may still bring a request after SIGTERM, in ms (server/http/drain.ts). */
const IDLE_GRACE_MS = 1000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      rootLogger().fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
    timeouts: config.databaseTimeouts,
    preparedStatements: config.databasePreparedStatements,
    maxQueued: config.pgliteMaxQueue,
  });
  await database.migrate();
  if (config.demoData) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) {
      const pictures = await seedDemoPhotos({ db: database.db, files: storageFor(config) });
      const money = await seedDemoPayments(database.db, config);
      const hireContracts = await seedHireContracts(database.db);
      rootLogger().info(
        `Demo data: ${seeded.projects} projects, ${seeded.clients} clients, ${seeded.developers} developers, ${seeded.proposals} proposals, ${seeded.reviews} reviews, ${seeded.conversations} conversations, ${pictures.photos} profile photos, ${pictures.portfolioImages} portfolio images, ${(money?.contracts ?? 0) + hireContracts} contracts with ${money?.released ?? 0} released milestones (password for every demo account: ${seeded.password})`,
      );
    }
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, "mail"), from: config.mailFrom });
  const secret = config.authSecret ?? (await loadOrCreateSecret(config.dataDir));
  const limits = createAuthLimits(database.db, secret);
  const auth = createAuth({ db: database.db, appUrl: config.appUrl, secret, limits });
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const realtime = await createRealtimeHub(database, database.db, { maxStreams: config.sseLimits.perInstance, maxStreamsPerUser: config.sseLimits.perUser });
  // Sessions cached per instance, revoked on every instance over NOTIFY (docs/decisions/0024).
  const sessions = await createSessionCache(auth, database);
  // Capped list totals are cached with the page cache, and only when it is on (decision 0035).
  const totals = config.pageCache ? createTotalsCache() : undefined;
  const deps = { db: database.db, auth, mailer, config, limits, realtime, secret, sessions, totals, files: storageFor(config) };
  let stopping = false;
  const { app, listener } = createHttpHandler(deps, {
    build,
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
    lifecycle: { database, isStopping: () => stopping },
  });
  const stopJobs = await startBackgroundJobs(deps, database);
  // Before listening, so the first visitors after a start or deploy get warm pages.
  await warmUp(app, config.appUrl);

  // The app through @hono/node-server, page cache HITs straight from the cache (decision 0049).
  const server = createServer(listener);
  server.listen(config.port, () => {
    rootLogger().info(
      `BuildZA on ${config.appUrl} (port ${config.port}, ${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`,
    );
  });
  const connections = trackConnections(server);

  const stop = async (signal: string) => {
    if (stopping) {
      rootLogger().warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    rootLogger().info({ signal, requests: connections.activeRequests(), streams: realtime.connectionCount() }, "Shutting down");
    // Whatever happens below, the process ends.
    setTimeout(() => {
      rootLogger().error("Shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 10_000).unref();
    try {
      const drained = connections.drain({ graceMs: SHUTDOWN_GRACE_MS, idleGraceMs: IDLE_GRACE_MS });
      realtime.closeStreams();
      const unanswered = await drained;
      if (unanswered) rootLogger().warn({ unanswered }, "Requests still running at the shutdown deadline were cut off");
      await stopJobs();
      limits.close();
      await realtime.close();
      await sessions.close();
      await database.close();
      rootLogger().info("Stopped");
      process.exit(0);
    } catch (err) {
      rootLogger().error({ err }, "Shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  rootLogger().fatal({ err }, "start-up failed");
  process.exit(1);
});
