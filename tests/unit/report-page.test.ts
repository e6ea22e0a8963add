/**
 * The report page (/report/{kind}/{id}, docs/product.md, Trust and safety) refuses a target that
 * cannot be reported before it shows the form: its loader runs the report functions' own checks
 * (reportableProject, reportableProfile, reportableMessage) and answers 404 or 403 with the
 * message sending the form would have given, and writes nothing.
 */
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reportRoute from "../../app/routes/report";
import type { SessionUser } from "../../server/context";
import { projects, reports, users } from "../../server/db/schema";
import { sendMessage, startConversation } from "../../server/messages/service";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeProject } from "../support/factories";

describe.each(DB_KINDS)("the report page's loader on %s", (dbKind) => {
  let t: TestApp;
  let client: SessionUser;
  let developer: SessionUser;
  let outsider: SessionUser;
  beforeAll(async () => {
    t = await createTestApp(dbKind);
    client = (await t.signUp({ email: `report-page-client-${dbKind}@example.co.za`, name: "Nomsa Client" })).user;
    developer = (await t.signUp({ email: `report-page-dev-${dbKind}@example.co.za`, name: "Sipho Developer", userType: "developer" })).user;
    outsider = (await t.signUp({ email: `report-page-outsider-${dbKind}@example.co.za`, name: "Lerato Outsider" })).user;
  });
  afterAll(() => t?.close());

  /** The loader's answer for `user` at /report/{kind}/{id}: 200 with its data, or the status and message it refused with. */
  async function open(user: SessionUser, kind: string, id: string): Promise<{ status: number; message?: string }> {
    const request = new Request(`${APP_URL}/report/${kind}/${id}`);
    try {
      await reportRoute.loader({ request, context: { deps: t.deps, user, requestId: "t", clientAddress: "127.0.0.1" }, params: { kind, id } } as never);
      return { status: 200 };
    } catch (thrown) {
      const refused = thrown as { type?: string; data?: { message?: string }; init?: { status?: number } };
      if (refused?.type !== "DataWithResponseInit") throw thrown;
      return { status: refused.init?.status ?? 0, message: refused.data?.message };
    }
  }

  async function conversation() {
    const { conversation } = await startConversation(t.database.db, developer, { to: client.id, body: "Hello, I can build this" });
    const message = await sendMessage(t.database.db, developer, conversation.id, { body: "Pay me by EFT first, it is cheaper" });
    return { conversationId: conversation.id, messageId: (message as { id: string }).id };
  }

  it("shows the form for a project, a profile and a message the visitor may report", async () => {
    const project = await makeProject(t.database.db, client);
    const { messageId } = await conversation();
    expect(await open(developer, "project", project.id)).toEqual({ status: 200 });
    expect(await open(developer, "profile", client.id)).toEqual({ status: 200 });
    expect(await open(client, "message", messageId)).toEqual({ status: 200 });
    expect(await t.database.db.select().from(reports)).toEqual([]);
  });

  it("refuses a missing or hidden project, and one's own, before the form is filled in", async () => {
    expect(await open(developer, "project", randomUUID())).toEqual({ status: 404, message: "Project not found" });
    expect(await open(developer, "project", "not-an-id")).toEqual({ status: 404, message: "Project not found" });
    const hidden = await makeProject(t.database.db, client);
    await t.database.db.update(projects).set({ hiddenAt: new Date(), hiddenBy: "moderator" }).where(eq(projects.id, hidden.id));
    expect(await open(developer, "project", hidden.id)).toEqual({ status: 404, message: "Project not found" });
    const own = await makeProject(t.database.db, client);
    expect(await open(client, "project", own.id)).toEqual({ status: 403, message: "You cannot report your own project" });
  });

  it("refuses one's own profile, a missing one and a deactivated one", async () => {
    expect(await open(developer, "profile", developer.id)).toEqual({ status: 403, message: "You cannot report yourself" });
    expect(await open(developer, "profile", "nobody")).toEqual({ status: 404, message: "User not found" });
    const gone = (await t.signUp({ email: `report-page-gone-${dbKind}@example.co.za`, name: "Gone User" })).user;
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    expect(await open(developer, "profile", gone.id)).toEqual({ status: 404, message: "User not found" });
  });

  it("refuses a missing message, one of someone else's conversation and one's own", async () => {
    const { messageId } = await conversation();
    expect(await open(client, "message", randomUUID())).toEqual({ status: 404, message: "Message not found" });
    expect(await open(outsider, "message", messageId)).toEqual({ status: 403, message: "You can only report messages of your own conversations" });
    expect(await open(developer, "message", messageId)).toEqual({ status: 403, message: "You cannot report your own message" });
  });
});
