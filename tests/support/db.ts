/**
 * Fresh, migrated databases for tests, copied from the templates made in global-setup.ts.
 * `DB_KINDS` is ["pglite"] plus "postgres" when TEST_DATABASE_URL is set, for describe.each.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database } from "../../server/db/client";
import { PG_TEMPLATE, TEMPLATE_DUMP, adminUrl } from "./paths";

export type DbKind = "pglite" | "postgres";
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A new database of `kind` with every migration applied; `close()` also drops a PostgreSQL copy. */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") {
    const dump = await fs.readFile(TEMPLATE_DUMP);
    return openDatabase({ dataDir: null, loadDataDir: new Blob([dump]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `buildza_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
      break;
    } catch (err) {
      // Another file copying the template at the same moment: wait and try again.
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openDatabase({ databaseUrl: adminUrl(url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
