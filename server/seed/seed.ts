import type { Db } from "../db/client";
export async function seedIfEmpty(_db: Db): Promise<null | { projects: number; clients: number; developers: number; password: string }> {
  return null;
}
