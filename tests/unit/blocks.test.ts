/**
 * Blocking a user (docs/product.md, Trust and safety, Blocking), through the JSON API on PGlite and
 * PostgreSQL: a block refuses messages both ways (new conversations and existing threads) and
 * proposals across it, writes nothing when it refuses, hides the contact buttons of the developer
 * profile, is listed and lifted; a hidden project takes no proposals.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDeveloperProfile } from "../../app/routes/developer.server";
import { loader as developersLoader } from "../../app/routes/developers";
import { loadProjectDetail } from "../../app/routes/project.server";
import { INVITE_BLOCKED } from "../../server/invitations/service";
import { MESSAGE_BLOCKED_BY_ME, MESSAGE_BLOCKED_BY_THEM, PROPOSAL_BLOCKED_BY_ME, PROPOSAL_BLOCKED_BY_THEM } from "../../server/blocks/service";
import type { SessionUser } from "../../server/context";
import { conversations, messages, projectInvitations, projects, proposals, userBlocks } from "../../server/db/schema";
import { saveDeveloperProfile } from "../../server/developers/service";
import { apiClient, json, type CallOptions } from "../support/api";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { proposalBody } from "../support/factories";
import { projectInput } from "../support/fixtures";

type Who = { cookie: string; user: SessionUser };
type ErrorBody = { error: { code: string; message: string } };

describe.each(DB_KINDS)("blocking on %s", (kind) => {
  let t: TestApp;
  let n = 0;
  const call = (method: string, path: string, options: CallOptions = {}) => apiClient(t.app)(method, path, options);
  const someone = async (userType: "client" | "developer" = "client"): Promise<Who> => {
    n += 1;
    const who = await t.signUp({ email: `block-${userType}-${n}@example.co.za`, name: `${userType === "client" ? "Lerato" : "Sipho"} ${n}`, userType });
    if (userType === "developer")
      await saveDeveloperProfile(t.database.db, who.user, {
        title: "Flutter Developer",
        bio: "I build offline-first Flutter apps for spaza shops and taxi associations across Gauteng.",
        city: "Pretoria",
        hourlyRate: 500,
        skills: ["Flutter"],
      });
    return who;
  };
  const block = (who: Who, target: Who) => call("PUT", `/api/v1/users/${target.user.id}/block`, { cookie: who.cookie });
  const unblock = (who: Who, target: Who) => call("DELETE", `/api/v1/users/${target.user.id}/block`, { cookie: who.cookie });
  const start = (from: Who, to: Who, body = "Hello, are you available?") =>
    call("POST", "/api/v1/conversations", { cookie: from.cookie, body: { to: to.user.id, body } });
  const send = (from: Who, conversationId: string, body = "Another message") =>
    call("POST", `/api/v1/conversations/${conversationId}/messages`, { cookie: from.cookie, body: { body } });
  const propose = (dev: Who, projectId: string) => call("POST", `/api/v1/projects/${projectId}/proposals`, { cookie: dev.cookie, body: proposalBody(15000) });
  const newProject = async (owner: Who) =>
    (await json<{ project: { id: string } }>(await call("POST", "/api/v1/projects", { cookie: owner.cookie, body: projectInput() }))).project.id;
  const messageCount = async (conversationId: string) =>
    (await t.database.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;
  const expectRefused = async (res: Response, message: string) => {
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.message).toBe(message);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it("a client's block stops the developer messaging them (new and existing threads) and proposing, writing nothing; both ways for messages", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const projectId = await newProject(client);
    const started = await start(dev, client);
    expect(started.status).toBe(201);
    const conversationId = (await json<{ conversation: { id: string } }>(started)).conversation.id;

    const blocked = await block(client, dev);
    expect(blocked.status).toBe(200);
    expect((await json<{ block: { id: string; name: string } }>(blocked)).block).toMatchObject({ id: dev.user.id, name: dev.user.name });

    // The blocked developer: no message in the thread, no new conversation (about the project either), no proposal.
    await expectRefused(await send(dev, conversationId), MESSAGE_BLOCKED_BY_THEM);
    await expectRefused(await start(dev, client, "A new thread then?"), MESSAGE_BLOCKED_BY_THEM);
    await expectRefused(
      await call("POST", "/api/v1/conversations", { cookie: dev.cookie, body: { projectId, body: "About your project" } }),
      MESSAGE_BLOCKED_BY_THEM,
    );
    await expectRefused(await propose(dev, projectId), PROPOSAL_BLOCKED_BY_THEM);
    // The blocker cannot message them either while the block stands, and is told how to lift it.
    await expectRefused(await send(client, conversationId), MESSAGE_BLOCKED_BY_ME);
    expect(await messageCount(conversationId)).toBe(1);
    expect(await t.database.db.select().from(conversations).where(eq(conversations.projectId, projectId))).toHaveLength(0);
    expect(await t.database.db.select().from(proposals).where(eq(proposals.projectId, projectId))).toHaveLength(0);

    // Listed for the blocker only; blocking twice keeps one row.
    expect((await block(client, dev)).status).toBe(200);
    const list = await json<{ blocks: Array<{ id: string; name: string; userType: string }> }>(
      await call("GET", "/api/v1/me/blocks", { cookie: client.cookie }),
    );
    expect(list.blocks).toEqual([expect.objectContaining({ id: dev.user.id, name: dev.user.name, userType: "developer" })]);
    expect((await json<{ blocks: unknown[] }>(await call("GET", "/api/v1/me/blocks", { cookie: dev.cookie }))).blocks).toEqual([]);
    // The blocked developer cannot lift the client's block.
    expect((await unblock(dev, client)).status).toBe(204);
    await expectRefused(await send(dev, conversationId), MESSAGE_BLOCKED_BY_THEM);

    // Unblocked: everything works again.
    expect((await unblock(client, dev)).status).toBe(204);
    expect((await send(dev, conversationId, "Thanks for unblocking")).status).toBe(201);
    expect((await send(client, conversationId, "Welcome back")).status).toBe(201);
    expect((await propose(dev, projectId)).status).toBe(201);
    expect((await json<{ blocks: unknown[] }>(await call("GET", "/api/v1/me/blocks", { cookie: client.cookie }))).blocks).toEqual([]);
  });

  it("a developer's block stops the client messaging them and the developer proposing to that client", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const projectId = await newProject(client);
    expect((await block(dev, client)).status).toBe(200);
    await expectRefused(await start(client, dev), MESSAGE_BLOCKED_BY_THEM);
    await expectRefused(await start(dev, client), MESSAGE_BLOCKED_BY_ME);
    await expectRefused(await propose(dev, projectId), PROPOSAL_BLOCKED_BY_ME);
    expect(await t.database.db.select().from(proposals).where(eq(proposals.projectId, projectId))).toHaveLength(0);
    expect((await unblock(dev, client)).status).toBe(204);
    expect((await start(client, dev)).status).toBe(201);
  });

  it("a block either way stops a client inviting the developer to a project, writing nothing", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const projectId = await newProject(client);
    const invite = () => call("POST", `/api/v1/developers/${dev.user.id}/invitations`, { cookie: client.cookie, body: { projectId } });
    const invitations = async () =>
      (await t.database.db.select({ n: count() }).from(projectInvitations).where(eq(projectInvitations.projectId, projectId)))[0]!.n;
    expect((await block(dev, client)).status).toBe(200);
    await expectRefused(await invite(), INVITE_BLOCKED);
    expect(await invitations()).toBe(0);
    expect((await unblock(dev, client)).status).toBe(204);
    expect((await block(client, dev)).status).toBe(200);
    await expectRefused(await invite(), INVITE_BLOCKED);
    expect((await unblock(client, dev)).status).toBe(204);
    expect((await invite()).status).toBe(201);
    expect(await invitations()).toBe(1);
  });

  it("Find Developers gets the ids blocked either way, so its cards show no Contact across a block", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const other = await someone("developer");
    const blockedIds = async (who: Who) => {
      const context = { deps: t.deps, user: who.user, requestId: "blocks", clientAddress: "127.0.0.1", cspNonce: "n" };
      const data = (await developersLoader({ request: new Request("http://localhost/developers"), context, params: {} } as never)) as { blockedIds: string[] };
      return data.blockedIds;
    };
    expect(await blockedIds(client)).toEqual([]);
    expect((await block(dev, client)).status).toBe(200);
    expect(await blockedIds(client)).toEqual([dev.user.id]);
    expect(await blockedIds(dev)).toEqual([client.user.id]);
    expect(await blockedIds(other)).toEqual([]);
    expect((await unblock(dev, client)).status).toBe(204);
    expect(await blockedIds(client)).toEqual([]);
  });

  it("the developer profile hides Contact from a user the developer blocked, and from the developer's blocked users", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const before = await loadDeveloperProfile(t.database.db, dev.user.id, client.user);
    expect(before!.viewer).toMatchObject({ canContact: true, block: "none" });
    await block(dev, client);
    const blockedViewer = await loadDeveloperProfile(t.database.db, dev.user.id, client.user);
    expect(blockedViewer!.viewer).toMatchObject({ canContact: false, block: "byThem" });
    await unblock(dev, client);
    await block(client, dev);
    const blocker = await loadDeveloperProfile(t.database.db, dev.user.id, client.user);
    expect(blocker!.viewer).toMatchObject({ canContact: false, block: "byMe" });
  });

  it("the project page hides Submit Proposal and the client's contact button from a developer the client blocked", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const projectId = await newProject(client);
    expect((await loadProjectDetail(t.database.db, projectId, dev.user))!.viewer).toMatchObject({ canPropose: true, canContact: true });
    await block(client, dev);
    expect((await loadProjectDetail(t.database.db, projectId, dev.user))!.viewer).toMatchObject({ canPropose: false, canContact: false });
    await unblock(client, dev);
    expect((await loadProjectDetail(t.database.db, projectId, dev.user))!.viewer).toMatchObject({ canPropose: true, canContact: true });
  });

  it("lists blocks in the data export, and account deletion removes the blocks the person made", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    await block(client, dev);
    const exported = await json<{ blockedUsers: Array<{ id: string }>; account: { twoFactorEnabled: boolean } }>(
      await call("GET", "/api/v1/me/export", { cookie: client.cookie }),
    );
    expect(exported.blockedUsers.map((b) => b.id)).toEqual([dev.user.id]);
    expect(exported.account.twoFactorEnabled).toBe(false);
    expect((await call("DELETE", "/api/v1/me", { cookie: client.cookie, body: { password: TEST_PASSWORD } })).status).toBe(204);
    expect(await t.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, client.user.id))).toHaveLength(0);
  });

  it("refuses blocking yourself (400), an unknown user (404) and anonymous callers (401)", async () => {
    const client = await someone("client");
    const self = await block(client, client);
    expect(self.status).toBe(400);
    expect((await json<ErrorBody>(self)).error.message).toBe("You cannot block yourself");
    expect((await call("PUT", "/api/v1/users/no-such-user-id-000000000/block", { cookie: client.cookie })).status).toBe(404);
    expect((await call("PUT", `/api/v1/users/${client.user.id}/block`)).status).toBe(401);
    expect((await call("GET", "/api/v1/me/blocks")).status).toBe(401);
  });

  it("refuses a proposal to a hidden project through the API (404) and writes none", async () => {
    const client = await someone("client");
    const dev = await someone("developer");
    const projectId = await newProject(client);
    await t.database.db.update(projects).set({ hiddenAt: new Date(), hiddenBy: "moderator" }).where(eq(projects.id, projectId));
    const res = await propose(dev, projectId);
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).error.message).toBe("Project not found");
    expect(
      await t.database.db
        .select()
        .from(proposals)
        .where(and(eq(proposals.projectId, projectId), eq(proposals.developerId, dev.user.id))),
    ).toHaveLength(0);
  });
});
