import path from "node:path";
import { fileURLToPath } from "node:url";

export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.tmp");
export const TEMPLATE_DUMP = path.join(TMP_DIR, "pglite-template.tar");
export const PG_TEMPLATE = "buildza_template";

/** The same server URL with another database name. */
export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
