/**
 * Moderation (docs/product.md, Trust and safety): the moderator role, reports of projects,
 * profiles and messages with snapshots, the queue and its actions, the audit log and the
 * reporter's notice, and suspension (sessions end at once, sign-in says why, public content
 * disappears), through the JSON API on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../server/auth/accounts";
import { isModerator, requireModerator, setUserRole } from "../../server/auth/roles";
import type { SessionUser } from "../../server/context";
import { users } from "../../server/db/schema";
import { saveDeveloperProfile } from "../../server/developers/service";
import { ForbiddenError, UnauthorizedError } from "../../server/errors";
import { startConversation, sendMessage } from "../../server/messages/service";
import { createProject, updateProject } from "../../server/projects/service";
import { MODERATOR_NOT_SUSPENDABLE, NOTHING_TO_RESTORE, REMOVED_MESSAGE_TEXT, REPORT_HANDLED_NOTICE } from "../../shared/moderation";
import { formatDate } from "../../shared/format";
import { apiClient, json, type CallOptions } from "../support/api";
import { APP_URL, createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

const fullProfile = () => ({
  title: "Senior Flutter Developer",
  bio: "I build offline-first Flutter apps for township retailers and taxi associations across Gauteng.",
  city: "Johannesburg",
  hourlyRate: 650,
  skills: ["Flutter", "Firebase"],
});

type Who = { cookie: string; user: SessionUser };
interface QueueItem {
  id: string;
  kind: string;
  targetId: string;
  reason: string;
  details: string;
  snapshot: { title: string; text: string; link: string };
  reporter: { id: string; name: string };
  target: { id: string; moderator: boolean; suspended: boolean; projectHidden: boolean | null; messageRemoved: boolean | null };
  signals: Array<{ kind: string }>;
}

describe("the /moderation queue page", () => {
  it("offers Suspend for a member's account but not for a moderator's, and says why; Restore only where something is in effect", async () => {
    const { default: Moderation } = await import("../../app/routes/moderation");
    const report = (id: string, name: string, moderator: boolean) => ({
      id,
      kind: "profile",
      status: "open",
      targetId: `user-${id}`,
      reason: "Harassment or abuse",
      details: "",
      snapshot: { title: name, text: "", link: `/clients/user-${id}` },
      createdAt: "2026-11-02T08:00:00.000Z",
      reporter: { id: "r", name: "Ayanda Reporter" },
      // The member's account is suspended already (by another report): only it offers Restore.
      target: { id: `user-${id}`, name, moderator, suspended: !moderator, projectHidden: null, messageRemoved: null },
      signals: [],
    });
    const loaderData = {
      reports: [report("a", "Member Person", false), report("b", "Staff Person", true)],
      log: [],
      disputes: [],
      failedRefunds: [],
      stuckPayouts: [],
      inEffect: [
        {
          id: "log-1",
          action: "suspend",
          reportId: "report-9",
          targetLabel: "Member Person",
          reason: "Fake identity",
          moderator: { id: "m", name: "Mpho Moderator" },
          createdAt: "2026-11-01T08:00:00.000Z",
        },
      ],
    };
    const Page = Moderation as unknown as ComponentType<{ loaderData: unknown }>;
    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Page, { loaderData }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] })).replace(/<!-- -->/g, "");
    const [member, staff] = html.split("Staff Person</p>") as [string, string];
    expect(member).toContain("Suspend account");
    expect(staff).not.toContain("Suspend account");
    expect(staff).toContain("Warn");
    expect(member).toContain("Restore");
    const [staffReport, inEffect] = staff.split("In effect") as [string, string];
    expect(staffReport).not.toContain("Restore");
    // Still in effect after its report left the queue, with its own Restore.
    expect(inEffect).toContain("Account suspended");
    expect(inEffect).toContain(`By Mpho Moderator on ${formatDate("2026-11-01T08:00:00.000Z")}: “Fake identity”`);
    expect(inEffect).toContain('name="reportId" value="report-9"');
    expect(inEffect).toContain("Restore");
    expect(html.replace(/&#x27;/g, "'")).toContain(MODERATOR_NOT_SUSPENDABLE);
  });
});

describe.each(DB_KINDS)("moderation on %s", (kind) => {
  let t: TestApp;
  let mod: Who;
  let client: Who;
  let dev: Who;
  let reporter: Who;
  const call = (method: string, path: string, options: CallOptions = {}) => apiClient(t.app)(method, path, options);
  const queue = async () => (await json<{ reports: QueueItem[] }>(await call("GET", "/api/v1/moderation/reports", { cookie: mod.cookie }))).reports;
  const act = (reportId: string, action: string, reason = "Checked by the moderation team") =>
    call("POST", `/api/v1/moderation/reports/${reportId}/actions`, { cookie: mod.cookie, body: { action, reason } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    mod = await t.signUp({ email: "mod@example.co.za", name: "Mpho Moderator" });
    client = await t.signUp({ email: "mod-client@example.co.za", name: "Kagiso Client" });
    dev = await t.signUp({ email: "mod-dev@example.co.za", name: "Zanele Developer", userType: "developer" });
    reporter = await t.signUp({ email: "mod-reporter@example.co.za", name: "Ayanda Reporter", userType: "developer" });
    await setUserRole(t.database.db, "MOD@example.co.za", "moderator");
    // Moderators work with two-factor sign-in on (docs/decisions/0030; tests/unit/two-factor.test.ts turns it on for real).
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, mod.user.id));
    await saveDeveloperProfile(t.database.db, dev.user, fullProfile());
  });
  afterAll(() => t?.close());

  it("grants the moderator role only by the command: sign-up and profile updates cannot set it", async () => {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      body: { name: "Sneaky Person", email: "sneaky@example.co.za", password: "Kalahari-Quokka-42", role: "moderator" },
    });
    expect(signUp.status).toBe(400);
    const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, "sneaky@example.co.za"));
    expect(row?.role ?? "member").toBe("member");
    const update = await call("POST", "/api/auth/update-user", { cookie: client.cookie, body: { role: "moderator" } });
    expect([400, 403, 404]).toContain(update.status);
    const [me] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, client.user.id));
    expect(me!.role).toBe("member");
    expect(isModerator(client.user)).toBe(false);
    expect(() => requireModerator(client.user)).toThrow(ForbiddenError);
    expect(() => requireModerator(null)).toThrow(UnauthorizedError);
    const session = await json<{ user: { role?: string } }>(await call("GET", "/api/auth/get-session", { cookie: mod.cookie }));
    expect(session.user.role).toBe("moderator");
    await expect(setUserRole(t.database.db, "nobody@example.co.za", "moderator")).rejects.toThrow("No account has that email");
  });

  it("refuses the queue, the log and actions to anonymous visitors (401), clients and developers (403)", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/moderation/reports"],
      ["GET", "/api/v1/moderation/log"],
      ["POST", "/api/v1/moderation/reports/00000000-0000-4000-8000-000000000000/actions"],
    ] as const) {
      const body = method === "POST" ? { action: "dismiss", reason: "Not allowed" } : undefined;
      expect((await call(method, path, { body })).status, `${path} anonymous`).toBe(401);
      expect((await call(method, path, { cookie: client.cookie, body })).status, `${path} client`).toBe(403);
      expect((await call(method, path, { cookie: dev.cookie, body })).status, `${path} developer`).toBe(403);
    }
    expect((await call("GET", "/api/v1/moderation/reports", { cookie: mod.cookie })).status).toBe(200);
  });

  it("serves the /moderation page and its form to moderators only: visitors go to sign in, clients and developers get 403", async () => {
    const page = await import("../../app/routes/moderation");
    const run = async (fn: "loader" | "action", who: Who | null) => {
      const request = new Request(`${APP_URL}/moderation`, {
        method: fn === "loader" ? "GET" : "POST",
        headers: { "content-type": "application/json", origin: APP_URL },
        body: fn === "loader" ? undefined : JSON.stringify({ reportId: "00000000-0000-4000-8000-000000000000", action: "dismiss", reason: "Nothing" }),
      });
      const context = { deps: t.deps, user: who?.user ?? null, requestId: "moderation", clientAddress: "127.0.0.1", cspNonce: "n" };
      try {
        return await (page[fn] as (args: unknown) => Promise<unknown>)({ request, context, params: {} });
      } catch (thrown) {
        return thrown;
      }
    };
    for (const fn of ["loader", "action"] as const) {
      const anonymous = (await run(fn, null)) as Response;
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fmoderation");
      expect(((await run(fn, client)) as Response).status, `${fn} as client`).toBe(403);
      expect(((await run(fn, dev)) as Response).status, `${fn} as developer`).toBe(403);
    }
    // A moderator without two-factor sign-in is sent to Settings to turn it on (docs/decisions/0030).
    const without = (await run("loader", { ...mod, user: { ...mod.user, role: "moderator", twoFactorEnabled: false } })) as Response;
    expect(without.status).toBe(302);
    expect(without.headers.get("location")).toBe("/profile#two-factor");
    const moderatorView = (await run("loader", { ...mod, user: { ...mod.user, role: "moderator", twoFactorEnabled: true } })) as {
      reports: unknown[];
      log: unknown[];
    };
    expect(Array.isArray(moderatorView.reports)).toBe(true);
    const missing = (await run("action", { ...mod, user: { ...mod.user, role: "moderator", twoFactorEnabled: true } })) as { init?: { status?: number } };
    expect(missing.init?.status).toBe(404);
  });

  it("queues a project report with the content as it was, hides the project, tells the reporter, logs it, and restores", async () => {
    const project = await createProject(t.database.db, client.user, projectInput({ title: "Cheap app, pay by EFT first" }));
    const bad = await call("POST", `/api/v1/projects/${project.id}/reports`, { cookie: reporter.cookie, body: { reason: "Nope" } });
    expect(bad.status).toBe(400);
    const res = await call("POST", `/api/v1/projects/${project.id}/reports`, {
      cookie: reporter.cookie,
      body: { reason: "Spam or scam", details: "Asks for a deposit by EFT" },
    });
    expect(res.status).toBe(201);
    expect((await call("POST", `/api/v1/projects/${project.id}/reports`, { cookie: reporter.cookie, body: { reason: "Other" } })).status).toBe(409);
    await updateProject(t.database.db, client.user, project.id, { title: "A perfectly normal app" });

    const item = (await queue()).find((r) => r.targetId === project.id)!;
    expect(item).toMatchObject({
      kind: "project",
      reason: "Spam or scam",
      details: "Asks for a deposit by EFT",
      snapshot: { title: "Cheap app, pay by EFT first", link: `/projects/${project.id}` },
      reporter: { id: reporter.user.id, name: "Ayanda Reporter" },
      target: { id: client.user.id, projectHidden: false },
    });

    expect((await act(item.id, "remove_message")).status).toBe(400);
    // Nothing is hidden yet: a restore is refused and logs nothing.
    const nothing = await act(item.id, "restore", "Just in case");
    expect(nothing.status).toBe(409);
    expect((await json<{ error: { message: string } }>(nothing)).error.message).toBe(NOTHING_TO_RESTORE);
    expect((await act(item.id, "hide_project", "")).status).toBe(400);
    expect((await act(item.id, "hide_project", "Asks for payment outside BuildZA")).status).toBe(200);
    expect((await act(item.id, "dismiss")).status).toBe(409);
    expect((await queue()).some((r) => r.id === item.id)).toBe(false);

    // Hidden: gone from browse, search and the public page; its client still sees it.
    const list = await json<{ projects: Array<{ id: string }> }>(await call("GET", "/api/v1/projects?search=normal"));
    expect(list.projects.map((p) => p.id)).not.toContain(project.id);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).status).toBe(404);
    expect((await call("GET", `/api/v1/projects/${project.id}`, { cookie: dev.cookie })).status).toBe(404);
    expect((await call("GET", `/api/v1/projects/${project.id}`, { cookie: client.cookie })).status).toBe(200);
    expect((await call("GET", `/api/v1/projects/${project.id}`, { cookie: mod.cookie })).status).toBe(200);

    const notices = await json<{ notifications: Array<{ type: string; message: string }> }>(
      await call("GET", "/api/v1/notifications", { cookie: reporter.cookie }),
    );
    expect(notices.notifications).toContainEqual(expect.objectContaining({ type: "report_handled", message: REPORT_HANDLED_NOTICE }));

    // Out of the queue, the hide is listed as in effect, with the report to restore it through.
    const inEffect = async () =>
      (
        await json<{ measures: Array<{ action: string; reportId: string; targetLabel: string }> }>(
          await call("GET", "/api/v1/moderation/in-effect", { cookie: mod.cookie }),
        )
      ).measures;
    expect((await call("GET", "/api/v1/moderation/in-effect", { cookie: reporter.cookie })).status).toBe(403);
    expect(await inEffect()).toContainEqual(expect.objectContaining({ action: "hide_project", reportId: item.id, targetLabel: "A perfectly normal app" }));
    expect((await act(item.id, "restore", "Client fixed the post")).status).toBe(200);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).status).toBe(200);
    expect((await inEffect()).map((m) => m.reportId)).not.toContain(item.id);

    const log = await json<{ entries: Array<{ action: string; targetId: string; reason: string; moderator: { id: string } }> }>(
      await call("GET", "/api/v1/moderation/log", { cookie: mod.cookie }),
    );
    expect(log.entries.filter((e) => e.targetId === project.id).map((e) => [e.action, e.reason, e.moderator.id])).toEqual([
      ["restore", "Client fixed the post", mod.user.id],
      ["hide_project", "Asks for payment outside BuildZA", mod.user.id],
    ]);
  });

  it("reports a message from its thread (only the other participant), removes it everywhere and shows the signals", async () => {
    const { conversation } = await startConversation(t.database.db, dev.user, { to: client.user.id, body: "Hello, I can build this" });
    const m = await sendMessage(t.database.db, dev.user, conversation.id, { body: "Call me on 082 555 1234 and pay by EFT, it is cheaper" });
    expect((await call("POST", `/api/v1/messages/${m.id}/reports`, { cookie: dev.cookie, body: { reason: "Other" } })).status).toBe(403);
    expect((await call("POST", `/api/v1/messages/${m.id}/reports`, { cookie: reporter.cookie, body: { reason: "Other" } })).status).toBe(403);
    const res = await call("POST", `/api/v1/messages/${m.id}/reports`, { cookie: client.cookie, body: { reason: "Asking to pay outside BuildZA" } });
    expect(res.status).toBe(201);

    const item = (await queue()).find((r) => r.targetId === m.id)!;
    expect(item.snapshot.text).toContain("082 555 1234");
    expect(item.signals.map((s) => s.kind).sort()).toEqual(["off_platform_payment", "phone_number"]);
    expect((await act(item.id, "remove_message", "Off-platform payment request")).status).toBe(200);

    const page = await json<{ messages: Array<{ id: string; body: string; removed: boolean }> }>(
      await call("GET", `/api/v1/conversations/${conversation.id}/messages`, { cookie: client.cookie }),
    );
    expect(page.messages.find((x) => x.id === m.id)).toMatchObject({ body: REMOVED_MESSAGE_TEXT, removed: true });
    expect(JSON.stringify(page)).not.toContain("082 555 1234");
    const inbox = await json<{ conversations: Array<{ id: string; lastMessagePreview: string }> }>(
      await call("GET", "/api/v1/conversations", { cookie: client.cookie }),
    );
    expect(JSON.stringify(inbox)).not.toContain("082 555 1234");
  });

  it("warns an account through a notice", async () => {
    const res = await call("POST", `/api/v1/users/${dev.user.id}/reports`, { cookie: client.cookie, body: { reason: "Harassment or abuse", details: "Rude" } });
    expect(res.status).toBe(201);
    expect((await call("POST", `/api/v1/users/${client.user.id}/reports`, { cookie: client.cookie, body: { reason: "Other" } })).status).toBe(403);
    const item = (await queue()).find((r) => r.kind === "profile" && r.targetId === dev.user.id)!;
    expect(item.snapshot.title).toBe("Zanele Developer");
    expect((await act(item.id, "warn", "Please keep messages polite")).status).toBe(200);
    const notices = await json<{ notifications: Array<{ type: string; message: string }> }>(await call("GET", "/api/v1/notifications", { cookie: dev.cookie }));
    expect(notices.notifications).toContainEqual(
      expect.objectContaining({ type: "moderation_warning", message: "A moderator has warned you: Please keep messages polite" }),
    );
  });

  it("never suspends a moderator from the queue: 403, nothing written, the report stays open; a warning still reaches them", async () => {
    const colleague = await t.signUp({ email: "mod-colleague@example.co.za", name: "Thabo Colleague" });
    await setUserRole(t.database.db, "mod-colleague@example.co.za", "moderator");
    const res = await call("POST", `/api/v1/users/${colleague.user.id}/reports`, { cookie: reporter.cookie, body: { reason: "Harassment or abuse" } });
    expect(res.status).toBe(201);
    const item = (await queue()).find((r) => r.kind === "profile" && r.targetId === colleague.user.id)!;
    // The queue says whose account it is, so the page offers no Suspend for it.
    expect(item.target.moderator).toBe(true);
    expect((await queue()).find((r) => r.targetId === dev.user.id)?.target.moderator ?? false).toBe(false);

    const refused = await act(item.id, "suspend", "Taking over the queue");
    expect(refused.status).toBe(403);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(MODERATOR_NOT_SUSPENDABLE);
    const [row] = await t.database.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, colleague.user.id));
    expect(row!.suspendedAt).toBeNull();
    expect((await call("GET", "/api/v1/me/unread", { cookie: colleague.cookie })).status).toBe(200);
    expect((await queue()).find((r) => r.id === item.id)).toBeDefined();
    const log = await json<{ entries: Array<{ reportId: string | null }> }>(await call("GET", "/api/v1/moderation/log", { cookie: mod.cookie }));
    expect(log.entries.filter((e) => e.reportId === item.id)).toEqual([]);

    // The /moderation form shows the refusal as the page's message (no error page).
    const page = await import("../../app/routes/moderation");
    const answer = (await page.action({
      request: new Request(`${APP_URL}/moderation`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL },
        body: JSON.stringify({ reportId: item.id, action: "suspend", reason: "Taking over the queue" }),
      }),
      context: {
        deps: t.deps,
        user: { ...mod.user, role: "moderator", twoFactorEnabled: true },
        requestId: "moderation",
        clientAddress: "127.0.0.1",
        cspNonce: "n",
      },
      params: {},
    } as never)) as unknown as { data: { message: string }; init: { status: number } };
    expect(answer.init.status).toBe(403);
    expect(answer.data.message).toBe(MODERATOR_NOT_SUSPENDABLE);

    // A warning is a notice like anyone's, and closes the report.
    expect((await act(item.id, "warn", "Please keep it civil")).status).toBe(200);
    const notices = await json<{ notifications: Array<{ type: string; message: string }> }>(
      await call("GET", "/api/v1/notifications", { cookie: colleague.cookie }),
    );
    expect(notices.notifications).toContainEqual(
      expect.objectContaining({ type: "moderation_warning", message: "A moderator has warned you: Please keep it civil" }),
    );
    expect((await queue()).find((r) => r.id === item.id)).toBeUndefined();
  });

  it("suspends an account: its sessions stop at once, sign-in says why, its projects and profile disappear; restore brings them back", async () => {
    const victim = await t.signUp({ email: "mod-victim@example.co.za", name: "Lwazi Scammer", userType: "developer" });
    await saveDeveloperProfile(t.database.db, victim.user, fullProfile());
    const project = await createProject(t.database.db, victim.user, projectInput({ title: "Zebra crossing quokka app" }));
    expect((await call("GET", "/api/v1/me/unread", { cookie: victim.cookie })).status).toBe(200);
    expect((await call("GET", `/api/v1/developers/${victim.user.id}`)).status).toBe(200);
    type DeveloperList = { developers: Array<{ id: string }>; total: number };
    const listed = async () => json<DeveloperList>(await call("GET", "/api/v1/developers?search=Lwazi"));
    expect((await listed()).developers.map((d) => d.id)).toContain(victim.user.id);
    // Two more of the same name, listed one to a page: the total is counted, not taken from the page.
    for (const name of ["Lwazi Builder", "Lwazi Coder"]) {
      const other = await t.signUp({ email: `${name.split(" ")[1]!.toLowerCase()}@example.co.za`, name, userType: "developer" });
      await saveDeveloperProfile(t.database.db, other.user, fullProfile());
    }
    const counted = async () => (await json<DeveloperList>(await call("GET", "/api/v1/developers?search=Lwazi&limit=1"))).total;
    const before = await counted();
    expect(before).toBe(3);

    await call("POST", `/api/v1/users/${victim.user.id}/reports`, { cookie: reporter.cookie, body: { reason: "Fake or misleading profile" } });
    const item = (await queue()).find((r) => r.targetId === victim.user.id)!;
    expect((await act(item.id, "suspend", "Fake identity")).status).toBe(200);

    expect((await call("GET", "/api/v1/me/unread", { cookie: victim.cookie })).status).toBe(401);
    await expect(signIn(t.deps.auth, { email: "mod-victim@example.co.za", password: TEST_PASSWORD }, new Headers({ origin: APP_URL }))).rejects.toThrow(
      /suspended by a moderator: Fake identity/,
    );
    expect((await call("GET", `/api/v1/developers/${victim.user.id}`)).status).toBe(404);
    // Neither listed nor counted (the total counts profiles alone).
    expect((await listed()).developers.map((d) => d.id)).not.toContain(victim.user.id);
    expect(await counted()).toBe(before - 1);
    const projects = await json<{ projects: Array<{ id: string }> }>(await call("GET", "/api/v1/projects?search=quokka"));
    expect(projects.projects.map((p) => p.id)).not.toContain(project.id);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).status).toBe(404);
    expect((await queue()).find((r) => r.id === item.id)).toBeUndefined();

    const measures = await json<{ measures: Array<{ action: string; reportId: string; targetLabel: string; reason: string }> }>(
      await call("GET", "/api/v1/moderation/in-effect", { cookie: mod.cookie }),
    );
    expect(measures.measures).toContainEqual(
      expect.objectContaining({ action: "suspend", reportId: item.id, targetLabel: victim.user.name, reason: "Fake identity" }),
    );
    expect((await act(item.id, "restore", "Identity confirmed")).status).toBe(200);
    // Lifted: a second restore has nothing to undo.
    expect((await act(item.id, "restore", "Again")).status).toBe(409);
    await signIn(t.deps.auth, { email: "mod-victim@example.co.za", password: TEST_PASSWORD }, new Headers({ origin: APP_URL }));
    expect((await call("GET", `/api/v1/developers/${victim.user.id}`)).status).toBe(200);
    expect((await listed()).developers.map((d) => d.id)).toContain(victim.user.id);
    expect(await counted()).toBe(before);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).status).toBe(200);
  });
});
