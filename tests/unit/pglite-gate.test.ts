/** The bounded queue in front of PGlite (server/db/pglite-gate.ts): full means 503 at once, not a wait. */
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { BUSY_MESSAGE, createQueryGate } from "../../server/db/pglite-gate";
import { UnavailableError } from "../../server/errors";

describe("PGlite query gate", () => {
  it("refuses a call past the limit with 503 and Retry-After 1, and lets calls through once there is room", async () => {
    const gate = createQueryGate(2);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = gate.run(() => held);
    const second = gate.run(() => held);
    expect(gate.pending()).toBe(2);
    const refused = await gate.run(async () => "ran").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(refused).toMatchObject({ status: 503, retryAfter: 1, message: BUSY_MESSAGE });
    expect(gate.refused()).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(gate.pending()).toBe(0);
    expect(await gate.run(async () => "ran")).toBe("ran");
  });

  it("on a real embedded database: a burst past the limit fails fast, the rest are answered", async () => {
    const database = await openDatabase({ dataDir: null, maxQueued: 4 });
    try {
      const started = Date.now();
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => database.query("select pg_sleep(0.05)")));
      const refused = results.filter((r) => r.status === "rejected");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
      expect(refused).toHaveLength(8);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(UnavailableError);
      expect(Date.now() - started).toBeLessThan(2000);
      // Drizzle goes through the gate too, transactions included, and works once the burst is over.
      const rows = await database.db.transaction(async (tx) => (await tx.execute("select 1 as one")) as unknown as { rows: unknown[] });
      expect(rows.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
