/**
 * One LISTEN connection per instance (server/db/listener.ts, docs/operations.md "Database
 * timeouts"): every channel on one connection, each payload to its own channel's subscribers, the
 * connection closed with the last subscription, and after it is cut, re-opened with every channel
 * listened on again and every subscriber told (NOTIFYs sent meanwhile are lost).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { createEmptyPostgresDatabase } from "../support/db";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("the shared LISTEN connection on PostgreSQL", () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let admin: pg.Client;
  let database: Database;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase(serverUrl!, "buildza_t_listen");
    admin = new pg.Client({ connectionString: empty.url });
    await admin.connect();
    database = await openDatabase({ databaseUrl: empty.url, poolSize: 2, listenHeartbeatMs: 200 });
  });
  afterAll(async () => {
    await database?.close();
    await admin?.end();
    await empty?.drop();
  });

  /** The backends of this database other than the admin's: nothing here queries the pools, so the LISTEN connection. */
  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
      )
    ).rows.map((r) => r.pid);
  const notify = (channel: string, payload: string) => admin.query("select pg_notify($1, $2)", [channel, payload]);
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

  it("listens on every channel over one connection and hands each payload to its own channel's subscribers", async () => {
    const got: Record<string, string[]> = { a: [], b: [], b2: [], c: [] };
    const stops = await Promise.all([
      database.listen("events", (p) => got.a!.push(p)),
      database.listen("sessions", (p) => got.b!.push(p)),
      database.listen("sessions", (p) => got.b2!.push(p)),
      database.listen("outbox", (p) => got.c!.push(p)),
    ]);
    await poll(async () => (await listeners()).length).toBe(1);
    await notify("sessions", "revoked-1");
    await notify("events", "message-1");
    await poll(() => got).toEqual({ a: ["message-1"], b: ["revoked-1"], b2: ["revoked-1"], c: [] });

    // One subscriber of a channel stops: the other still hears it, and the connection stays.
    await stops[1]!();
    await notify("sessions", "revoked-2");
    await poll(() => got.b2).toEqual(["revoked-1", "revoked-2"]);
    expect(got.b).toEqual(["revoked-1"]);

    // The last one stops: the connection closes.
    await Promise.all([stops[0]!(), stops[2]!(), stops[3]!()]);
    await poll(async () => (await listeners()).length).toBe(0);
  });

  it("after the connection is cut, re-opens it, listens on every channel again and tells every subscriber", async () => {
    const got: string[] = [];
    let reconnects = 0;
    const stopA = await database.listen(
      "events",
      (p) => got.push(`events:${p}`),
      () => reconnects++,
    );
    const stopB = await database.listen(
      "outbox",
      (p) => got.push(`outbox:${p}`),
      () => reconnects++,
    );
    const [pid] = await listeners();
    expect(pid).toBeDefined();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await poll(() => reconnects).toBe(2);
    const [again] = await listeners();
    expect(again).toBeDefined();
    expect(again).not.toBe(pid);
    await notify("events", "after");
    await notify("outbox", "kick");
    await poll(() => got).toEqual(["events:after", "outbox:kick"]);
    await stopA();
    await stopB();
    await poll(async () => (await listeners()).length).toBe(0);
  });
});
