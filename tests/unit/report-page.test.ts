/**
 * The report page (/report/{kind}/{id}, docs/product.md, Trust and safety) refuses a target that
 * cannot be reported before it shows the form: its loader runs the report functions' own checks
 * (reportableProject, reportableProfile, reportableMessage) and answers 404 or 403 with the
 * message sending the form would have given, and writes nothing. A target the visitor reported
 * already gets sending's refusal instead of the form, and so does the dialogs' check
 * (GET /api/v1/.../reportable).
 */
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reportRoute from "../../app/routes/report";
import type { SessionUser } from "../../server/context";
import { projectReports, projects, reports, users } from "../../server/db/schema";
import { sendMessage, startConversation } from "../../server/messages/service";
import { reportMessage, reportProfile } from "../../server/moderation/service";
import { reportProject } from "../../server/projects/service";
import { ALREADY_REPORTED } from "../../shared/moderation";
import { apiClient } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeProject } from "../support/factories";

describe.each(DB_KINDS)("the report page's loader on %s", (dbKind) => {
  let t: TestApp;
  let client: SessionUser;
  let developer: SessionUser;
  let outsider: SessionUser;
  const cookies = new Map<string, string>();
  /** A new account, its session cookie kept for the API calls. */
  const signUp = async (options: Parameters<TestApp["signUp"]>[0]) => {
    const { user, cookie } = await t.signUp(options);
    cookies.set(user.id, cookie);
    return user;
  };
  beforeAll(async () => {
    t = await createTestApp(dbKind);
    client = await signUp({ email: `report-page-client-${dbKind}@example.co.za`, name: "Nomsa Client" });
    developer = await signUp({ email: `report-page-dev-${dbKind}@example.co.za`, name: "Sipho Developer", userType: "developer" });
    outsider = await signUp({ email: `report-page-outsider-${dbKind}@example.co.za`, name: "Lerato Outsider" });
  });
  afterAll(() => t?.close());

  /**
   * The loader's answer for `user` at /report/{kind}/{id}: 200 (with `reported`, sending's refusal
   * shown instead of the form, when there is one), or the status and message it refused with.
   */
  async function open(user: SessionUser, kind: string, id: string): Promise<{ status: number; message?: string; reported?: string }> {
    const request = new Request(`${APP_URL}/report/${kind}/${id}`);
    try {
      const { reported } = await reportRoute.loader({
        request,
        context: { deps: t.deps, user, requestId: "t", clientAddress: "127.0.0.1" },
        params: { kind, id },
      } as never);
      return reported ? { status: 200, reported } : { status: 200 };
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
    const before = await t.database.db.select().from(reports);
    expect(await open(developer, "project", project.id)).toEqual({ status: 200 });
    expect(await open(developer, "profile", client.id)).toEqual({ status: 200 });
    expect(await open(client, "message", messageId)).toEqual({ status: 200 });
    expect(await t.database.db.select().from(reports)).toEqual(before);
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
  /** What the report dialogs' check (GET /api/v1/{projects|users|messages}/{id}/reportable) answers `user`. */
  async function check(user: SessionUser, path: string): Promise<{ status: number; message?: string }> {
    const res = await apiClient(t.app)("GET", `/api/v1/${path}/reportable`, { cookie: cookies.get(user.id) });
    const body = (await res.json()) as { reportable?: boolean; error?: { message?: string } };
    return res.ok ? { status: res.status } : { status: res.status, message: body.error?.message };
  }

  it("tells a visitor who reported the target already, with sending's refusal, instead of the form; others still get it", async () => {
    // People of its own: the other tests expect these targets unreported.
    const owner = await signUp({ email: `report-page-owner-${dbKind}@example.co.za`, name: "Thandi Owner" });
    const reporter = await signUp({ email: `report-page-reporter-${dbKind}@example.co.za`, name: "Bongani Reporter", userType: "developer" });
    const project = await makeProject(t.database.db, owner);
    const { conversation: thread } = await startConversation(t.database.db, reporter, { to: owner.id, body: "Hello, I can build this" });
    const message = (await sendMessage(t.database.db, owner, thread.id, { body: "Pay me by EFT first, it is cheaper" })) as { id: string };
    const reason = { reason: "Spam or scam", details: "" };
    expect(await check(reporter, `projects/${project.id}`)).toEqual({ status: 200 });
    expect(await check(reporter, `users/${owner.id}`)).toEqual({ status: 200 });
    expect(await check(reporter, `messages/${message.id}`)).toEqual({ status: 200 });

    await reportProject(t.database.db, reporter, project.id, reason);
    await reportProfile(t.database.db, reporter, owner.id, reason);
    await reportMessage(t.database.db, reporter, message.id, reason);

    expect(await open(reporter, "project", project.id)).toEqual({ status: 200, reported: "You have already reported this project" });
    expect(await open(reporter, "profile", owner.id)).toEqual({ status: 200, reported: "You have already reported this profile" });
    expect(await open(reporter, "message", message.id)).toEqual({ status: 200, reported: "You have already reported this message" });
    // The words sending answers a second report with.
    await expect(reportProject(t.database.db, reporter, project.id, reason)).rejects.toThrow(ALREADY_REPORTED.project);
    await expect(reportProfile(t.database.db, reporter, owner.id, reason)).rejects.toThrow(ALREADY_REPORTED.profile);
    await expect(reportMessage(t.database.db, reporter, message.id, reason)).rejects.toThrow(ALREADY_REPORTED.message);
    // The dialogs' check says the same, as the 409 sending gives.
    expect(await check(reporter, `projects/${project.id}`)).toEqual({ status: 409, message: ALREADY_REPORTED.project });
    expect(await check(reporter, `users/${owner.id}`)).toEqual({ status: 409, message: ALREADY_REPORTED.profile });
    expect(await check(reporter, `messages/${message.id}`)).toEqual({ status: 409, message: ALREADY_REPORTED.message });
    // Someone else's report does not count.
    expect(await open(outsider, "project", project.id)).toEqual({ status: 200 });
    expect(await open(outsider, "profile", owner.id)).toEqual({ status: 200 });
    expect(await check(outsider, `projects/${project.id}`)).toEqual({ status: 200 });
    // The target's own refusals still come first: a message of someone else's conversation is a 403.
    expect(await check(outsider, `messages/${message.id}`)).toEqual({ status: 403, message: "You can only report messages of your own conversations" });
  });

  it("counts a project report kept only in the reporter's own record (project_reports), which sending meets first", async () => {
    const project = await makeProject(t.database.db, client);
    await t.database.db.insert(projectReports).values({ projectId: project.id, userId: outsider.id, reason: "Other" });
    expect(await open(outsider, "project", project.id)).toEqual({ status: 200, reported: ALREADY_REPORTED.project });
    expect(await check(outsider, `projects/${project.id}`)).toEqual({ status: 409, message: ALREADY_REPORTED.project });
    await expect(reportProject(t.database.db, outsider, project.id, { reason: "Other" })).rejects.toThrow(ALREADY_REPORTED.project);
  });

  it("the dialogs' check asks the visitor to sign in, and refuses a missing target as the page does", async () => {
    const project = await makeProject(t.database.db, client);
    const res = await apiClient(t.app)("GET", `/api/v1/projects/${project.id}/reportable`);
    expect(res.status).toBe(401);
    expect(await check(developer, `projects/${randomUUID()}`)).toEqual({ status: 404, message: "Project not found" });
    expect(await check(client, `projects/${project.id}`)).toEqual({ status: 403, message: "You cannot report your own project" });
  });
});
