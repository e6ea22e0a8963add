/**
 * Named prepared statements (server/db/prepared.ts, docs/decisions/0047): the lookups run through
 * prepared() are parsed once per PostgreSQL connection and get a generic plan; the off switch and
 * the embedded database run them unnamed, with the same results.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { MAX_NAMED_STATEMENTS, statementNamer } from "../../server/db/prepared";
import { filesOf } from "../../server/files/service";
import { headerState, unreadCounts } from "../../server/messages/service";
import { addNotification, listNotifications } from "../../server/notifications/service";
import { encodeCursor } from "../../server/lib/cursor";
import type { SessionUser } from "../../server/context";
import { users } from "../../server/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/db";

describe("statementNamer", () => {
  it("gives one name per statement text, numbered under the call site's label", () => {
    const name = statementNamer(true);
    expect(name("files_of", "select 1")).toBe("files_of_1");
    expect(name("files_of", "select 2")).toBe("files_of_2");
    expect(name("files_of", "select 1")).toBe("files_of_1");
    // The same text from another call site keeps its one name: node-postgres binds a name to one text.
    expect(name("other", "select 2")).toBe("files_of_2");
  });

  it("names nothing when switched off, and nothing new past the bound", () => {
    expect(statementNamer(false)("files_of", "select 1")).toBeUndefined();
    const name = statementNamer(true, 2);
    name("a", "select 1");
    name("a", "select 2");
    expect(name("a", "select 3")).toBeUndefined();
    expect(name("a", "select 1")).toBe("a_1");
    expect(MAX_NAMED_STATEMENTS).toBeGreaterThan(100);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("prepared statements on PostgreSQL", () => {
  let template: TestDatabase;
  let userId: string;
  const opened: Database[] = [];

  beforeAll(async () => {
    template = await createTestDatabase("postgres");
    const [user] = await template.db
      .insert(users)
      .values({ id: "prepared-test-user", name: "Thandi", email: "thandi@example.co.za", emailVerified: true, userType: "client" })
      .returning({ id: users.id });
    userId = user!.id;
    await template.db.transaction((tx) => addNotification(tx, userId, "system", "Welcome", "/dashboard"));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await template?.close();
  });

  /** The same database through one connection, so pg_prepared_statements shows that connection's statements. */
  async function oneConnection(preparedStatements: boolean): Promise<Database> {
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1, preparedStatements });
    opened.push(database);
    return database;
  }

  const preparedOn = (database: Database) =>
    database.query<{ name: string; generic_plans: number; custom_plans: number }>(
      "select name, generic_plans::int, custom_plans::int from pg_prepared_statements order by name",
    );

  it("parses a page's lookup once per connection and plans it generically after five runs, with the same answer", async () => {
    const database = await oneConnection(true);
    for (let i = 0; i < 7; i++) {
      expect(await headerState(database.db, userId)).toEqual({ unread: { messages: 0, notifications: 1 }, photoId: null });
    }
    const [statement] = await preparedOn(database);
    expect(statement).toMatchObject({ name: "header_state_1", custom_plans: 5 });
    expect(statement!.generic_plans).toBeGreaterThanOrEqual(2);
  });

  it("names each statement text of one call site apart (a first page, then a page by cursor), and files of any number of targets once", async () => {
    const database = await oneConnection(true);
    const user = { id: userId, name: "Thandi", userType: "client" } as SessionUser;
    expect((await listNotifications(database.db, user, {})).notifications).toHaveLength(1);
    const cursor = encodeCursor([new Date(Date.now() + 60_000).toISOString(), "00000000-0000-4000-8000-000000000009"]);
    expect((await listNotifications(database.db, user, { cursor })).notifications).toHaveLength(1);
    expect((await filesOf(database.db, "project", ["00000000-0000-4000-8000-000000000001"])).size).toBe(0);
    expect((await filesOf(database.db, "project", ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"])).size).toBe(0);
    const names = (await preparedOn(database)).map((s) => s.name);
    expect(names.filter((n) => n.startsWith("notifications_"))).toHaveLength(2);
    expect(names.filter((n) => n.startsWith("files_of_"))).toHaveLength(1);
  });

  it("runs prepared statements inside a transaction", async () => {
    const database = await oneConnection(true);
    const counts = await database.db.transaction((tx) => unreadCounts(tx, userId));
    expect(counts).toEqual({ messages: 0, notifications: 1 });
    expect((await preparedOn(database)).map((s) => s.name)).toEqual(["unread_counts_1"]);
  });

  it("prepares nothing with DATABASE_PREPARED_STATEMENTS=off, and answers the same", async () => {
    const database = await oneConnection(false);
    for (let i = 0; i < 3; i++) {
      expect(await headerState(database.db, userId)).toEqual({ unread: { messages: 0, notifications: 1 }, photoId: null });
    }
    expect(await preparedOn(database)).toEqual([]);
  });
});
