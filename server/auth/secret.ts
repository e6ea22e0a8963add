/** The auth secret when AUTH_SECRET is unset: 32 random bytes kept in `<DATA_DIR>/auth-secret`. */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "auth-secret");
  try {
    return (await fs.readFile(file, "utf8")).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
