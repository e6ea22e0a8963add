/**
 * Migrates the test template databases once per run (ARCHITECTURE.md: migrate once, copy per file):
 * a PGlite data-folder dump in tests/.tmp/, and, when TEST_DATABASE_URL is set, a PostgreSQL
 * database `buildza_template` that each test file copies with CREATE DATABASE ... TEMPLATE.
 */
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../server/db/client";
import { PG_TEMPLATE, TEMPLATE_DUMP, adminUrl } from "./paths";

export default async function setup() {
  await fs.mkdir(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const lite = await openDatabase({ dataDir: null });
  await lite.migrate();
  const dump = await (lite as unknown as { pglite: { dumpDataDir(c: "none"): Promise<Blob> } }).pglite.dumpDataDir("none");
  await fs.writeFile(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await lite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: adminUrl(url, PG_TEMPLATE), poolSize: 1 });
    await template.migrate();
    await template.close();
  }
}
