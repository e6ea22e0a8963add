import path from "node:path";
import { fileURLToPath } from "node:url";

export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.tmp");
export const TEMPLATE_DUMP = path.join(TMP_DIR, "pglite-template.tar");
/** The migrated PostgreSQL template; TEST_PG_TEMPLATE lets two checkouts test on one server at once. */
export const PG_TEMPLATE = process.env.TEST_PG_TEMPLATE ?? "buildza_template";

/** The same server URL with another database name. */
export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
