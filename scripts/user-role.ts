/**
 * npm run user:role -- --email x@example.co.za --role moderator|member
 * Grants or takes away the moderator role (docs/product.md, Trust and safety). The change is
 * logged (user.role_changed); taking the role away ends the account's sessions. Uses DATA_DIR
 * (embedded database) or DATABASE_URL, like the server.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { ROLES, setUserRole, type Role } from "../server/auth/roles";

const USAGE = "Usage: npm run user:role -- --email <address> --role <member|moderator>";
const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } } });
if (values.help || !values.email || !values.role || !(ROLES as readonly string[]).includes(values.role)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig(process.env, { requireAuthSecret: false });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
try {
  await database.migrate();
  const { previous } = await setUserRole(database.db, values.email, values.role as Role);
  console.log(`Role of ${values.email}: ${previous} -> ${values.role}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
