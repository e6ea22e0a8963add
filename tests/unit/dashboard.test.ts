/** The dashboard (docs/product.md, Dashboard): the Messages tile counts unread messages; Recent Activity lists the newest notifications. Each test has its own users. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDashboard } from "../../app/routes/dashboard.server";
import type { SessionUser } from "../../server/context";
import { markConversationRead, sendMessage, startConversation } from "../../server/messages/service";
import { createTestApp, type TestApp } from "../support/app";
import { makeClient, makeDeveloper, makeProject, makeProposal } from "../support/factories";
import { acceptProposal } from "../../server/proposals/service";
import { closeProject, completeProject } from "../../server/projects/lifecycle";
import { createTestDatabase, DB_KINDS, type TestDatabase } from "../support/db";
import { requestHeaderState } from "../../app/lib/unread.server";
import type { AppLoadContext } from "react-router";

describe.each(DB_KINDS)("dashboard activity on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  const pair = async () => ({ client: await makeClient(t.database.db, "Nomsa Client"), developer: await makeDeveloper(t.database.db, { name: "Kagiso Dev" }) });
  afterAll(() => t?.close());

  const dashboard = (user: SessionUser) => loadDashboard(t.database.db, user, { allProjects: false, cursor: null });
  const messagesTile = async (user: SessionUser) => (await dashboard(user)).tiles.find((x) => x.label === "Messages")!.value;

  it("starts with no unread messages and no notifications (the page then shows the welcome entry)", async () => {
    const { client, developer } = await pair();
    for (const user of [client, developer]) {
      const d = await dashboard(user);
      expect(d.tiles.find((x) => x.label === "Messages")!.value).toBe(0);
      expect(d.notifications).toEqual([]);
      expect(d.unreadNotifications).toBe(0);
    }
    // The spec's other tile labels stay as they are.
    expect((await dashboard(client)).tiles.map((x) => x.label)).toEqual(["Total Projects", "Active Projects", "Total Proposals", "Messages"]);
    expect((await dashboard(developer)).tiles.map((x) => x.label)).toEqual(["Active Proposals", "Completed Projects", "This Month", "Messages"]);
  });

  it("counts the recipient's unread messages on both dashboards and lists the notice, until read", async () => {
    const { client, developer } = await pair();
    const { conversation } = await startConversation(t.database.db, client, { to: developer.id, body: "Hi Kagiso, are you free for a Flutter job in March?" });
    await sendMessage(t.database.db, client, conversation.id, { body: "It is a booking app for a salon in Braamfontein." });
    expect(await messagesTile(developer)).toBe(2);
    expect(await messagesTile(client)).toBe(0);
    const d = await dashboard(developer);
    expect(d.notifications).toHaveLength(1);
    expect(d.notifications[0]).toMatchObject({ type: "new_message", read: false, link: `/messages/${conversation.id}` });
    expect(d.notifications[0]!.message).toContain("Nomsa Client sent you a message");
    expect(d.unreadNotifications).toBe(1);

    await sendMessage(t.database.db, developer, conversation.id, { body: "Yes, I am. Let us chat on Thursday." });
    expect(await messagesTile(client)).toBe(1);
    await markConversationRead(t.database.db, developer, conversation.id);
    expect(await messagesTile(developer)).toBe(0);
    expect((await dashboard(developer)).notifications[0]).toMatchObject({ read: true });
  });

  it("counts as Active Projects the client's projects open for proposals or in progress, not completed or closed", async () => {
    const client = await makeClient(t.database.db, "Ayanda Client");
    const activeTile = async () => (await dashboard(client)).tiles.find((x) => x.label === "Active Projects")!.value;
    const open = await makeProject(t.database.db, client, { title: "Open for proposals" });
    const hired = await makeProject(t.database.db, client, { title: "Developer hired" });
    const done = await makeProject(t.database.db, client, { title: "Finished and paid" });
    const shut = await makeProject(t.database.db, client, { title: "Closed without a hire" });
    expect(await activeTile()).toBe(4);
    await acceptProposal(t.domain, client, (await makeProposal(t.domain, hired)).id);
    await acceptProposal(t.domain, client, (await makeProposal(t.domain, done)).id);
    await completeProject(t.domain, client, done.id);
    await closeProject(t.domain, client, shut.id);
    // Open + in progress: the hire is still running, so the tile does not read 1 while work goes on.
    expect(await activeTile()).toBe(2);
    expect((await dashboard(client)).tiles.find((x) => x.label === "Total Projects")!.value).toBe(4);
    await completeProject(t.domain, client, hired.id);
    expect(await activeTile()).toBe(1);
    expect(open.status).toBe("active");
  });

  it("shows at most the 5 newest notifications, newest first", async () => {
    const { client } = await pair();
    for (let i = 0; i < 7; i++) {
      await t.database.db.execute(
        sql`insert into notifications (user_id, type, message, link, created_at) values (${client.id}, 'proposal_received', ${`Notice ${i}`}, '/dashboard', now() + ${`${i} seconds`}::interval)`,
      );
    }
    const d = await dashboard(client);
    expect(d.notifications.map((n) => n.message)).toEqual(["Notice 6", "Notice 5", "Notice 4", "Notice 3", "Notice 2"]);
    expect(d.unreadNotifications).toBe(7);
  });
});

describe("the header's unread counts, read once per request", () => {
  let database: TestDatabase;
  const queries: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("pglite", { logger: { logQuery: (query) => queries.push(query) } });
  });
  afterAll(() => database?.close());

  const unreadQueries = () => queries.filter((q) => q.includes("conversation_participants") && q.includes("unread_count")).length;
  const contextOf = (user: SessionUser | null) => ({ user, deps: { db: database.db } }) as unknown as AppLoadContext;

  it("the root loader and /dashboard share one read; another request reads again; signed out reads nothing", async () => {
    const client = await makeClient(database.db);
    const context = contextOf(client);
    queries.length = 0;
    const header = requestHeaderState(context)!;
    const tileUnread = requestHeaderState(context)!.then((state) => state.unread);
    expect(requestHeaderState(context)).toBe(header);
    const d = await loadDashboard(database.db, client, { allProjects: false, cursor: null }, tileUnread);
    expect(d.tiles.find((x) => x.label === "Messages")!.value).toBe((await header).unread.messages);
    expect(unreadQueries()).toBe(1);

    await requestHeaderState(contextOf(client));
    expect(unreadQueries()).toBe(2);
    expect(requestHeaderState(contextOf(null))).toBeNull();
  });
});
