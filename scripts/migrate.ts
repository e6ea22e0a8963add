/** `npm run db:migrate`: applies pending migrations to the configured database. */
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
