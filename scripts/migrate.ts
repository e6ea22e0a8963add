/** `npm run db:migrate`: applies pending migrations to the configured database. */
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

// Only the database: no session cookies are signed, so AUTH_SECRET is not needed.
const config = loadConfig(process.env, { requireAuthSecret: false });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
