/**
 * Starts BuildZA: validates the configuration, opens the database (PGlite in DATA_DIR, or
 * DATABASE_URL), applies pending migrations, fills demo data on first start when DEMO_DATA is on,
 * and serves HTTP on PORT. Closes the database on SIGTERM/SIGINT (one process per PGlite folder).
 */
import { serve } from "@hono/node-server";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { emailDeps } from "./context";
import { createAuth } from "./auth/auth";
import { createAuthLimits } from "./auth/limits";
import { loadOrCreateSecret } from "./auth/secret";
import { openDatabase } from "./db/client";
import { createMailer } from "./email/mailer";
import { createHttpApp } from "./http/app";
import { startUnreadEmailJob } from "./messages/unread-email";
import { createRealtimeHub } from "./realtime/hub";
import { seedIfEmpty } from "./seed/seed";
import { rootLogger } from "./log";

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
  await database.migrate();
  if (config.demoData) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded)
      rootLogger().info(
        `Demo data: ${seeded.projects} projects, ${seeded.clients} clients, ${seeded.developers} developers, ${seeded.proposals} proposals, ${seeded.reviews} reviews, ${seeded.conversations} conversations (password for every demo account: ${seeded.password})`,
      );
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, "mail"), from: config.mailFrom });
  const secret = config.authSecret ?? (await loadOrCreateSecret(config.dataDir));
  const limits = createAuthLimits(database.db, secret);
  const auth = createAuth({ db: database.db, mailer, appUrl: config.appUrl, secret, limits });
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const realtime = await createRealtimeHub(database, database.db);
  const deps = { db: database.db, auth, mailer, config, limits, realtime, secret };
  const app = createHttpApp(deps, { build, clientDir: path.relative(process.cwd(), path.join(buildDir, "client")) });
  const stopUnreadEmails = startUnreadEmailJob(emailDeps(deps));

  const server = serve({ fetch: app.fetch, port: config.port }, () => {
    rootLogger().info(
      `BuildZA on ${config.appUrl} (port ${config.port}, ${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`,
    );
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await stopUnreadEmails();
    limits.close();
    await realtime.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  rootLogger().fatal({ err }, "start-up failed");
  process.exit(1);
});
