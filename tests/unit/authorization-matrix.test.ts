/**
 * The authorization matrix (docs/security.md, Authorization): every JSON API endpoint and every
 * form action, with who may call it, checked by calling each as a visitor who is signed out and as
 * a client and a developer who have nothing to do with the data. The endpoint list is read from the
 * app itself (its Hono routes and the route modules that export an `action`), so adding an endpoint
 * without a row here fails this test.
 *
 * "ok" means authorization let the request through: any answer but 401, 403 or a redirect to the
 * login (a validation 400 or a 404 on purpose-built bad input still shows the gate opened). A page
 * that refuses by sending the visitor elsewhere with an error or info notice counts as 403.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import type { SessionUser } from "../../server/context";
import { contracts, milestoneChanges, milestones, notifications, savedSearches } from "../../server/db/schema";
import { proposeMilestoneChange } from "../../server/payments/changes";
import { sendMessage, startConversation } from "../../server/messages/service";
import { createSavedSearch } from "../../server/saved-searches/service";
import { uploadFile } from "../../server/files/service";
import sharp from "sharp";
import { paymentsDeps, startFunding } from "../../server/payments/service";
import { acceptProposal } from "../../server/proposals/service";
import { apiClient } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { makeProject, makeProposal } from "../support/factories";

type Outcome = "ok" | 401 | 403 | 404 | "login";
type Who = "anonymous" | "client" | "developer";

interface Fixture {
  projectId: string;
  proposalId: string;
  conversationId: string;
  notificationId: string;
  developerId: string;
  savedSearchId: string;
  /** A message of the conversation, and a photo attached to it (private to the two participants). */
  messageId: string;
  fileId: string;
  contractId: string;
  milestoneId: string;
  paymentReference: string;
  /** A milestone change the hired developer proposed on that contract, waiting for the owner. */
  milestoneChangeId: string;
}

interface ApiRow {
  /** Expected outcome for a signed-out visitor, an unrelated client, an unrelated developer. */
  who: Record<Who, Outcome>;
  body?: (f: Fixture) => unknown;
  /** A server-sent event stream: only the refusal is checked (the stream would not end). */
  stream?: boolean;
  /** Ends or changes its caller's sessions: called with sessions of its own. */
  ownSessions?: boolean;
}

const OWNER_ONLY: Record<Who, Outcome> = { anonymous: 401, client: 403, developer: 403 };
const SIGNED_IN: Record<Who, Outcome> = { anonymous: 401, client: "ok", developer: "ok" };
const ANYONE: Record<Who, Outcome> = { anonymous: "ok", client: "ok", developer: "ok" };
const DEVELOPERS: Record<Who, Outcome> = { anonymous: 401, client: 403, developer: "ok" };
const CLIENTS: Record<Who, Outcome> = { anonymous: 401, client: "ok", developer: 403 };
/** Moderators only (docs/product.md, Trust and safety): clients and developers are refused. */
const MODERATORS: Record<Who, Outcome> = { anonymous: 401, client: 403, developer: 403 };
const SIGNED_IN_OWN_2FA: Record<Who, Outcome> = { anonymous: 401, client: "ok", developer: "ok" };

/** Every API endpoint (/api/v1, and the better-auth endpoints served under /api/auth): METHOD and the route's pattern. */
const API: Record<string, ApiRow> = {
  "POST /api/auth/sign-up/email": { who: ANYONE, body: () => ({ name: "", email: "x", password: "" }) },
  "POST /api/auth/sign-in/email": { who: ANYONE, body: () => ({ email: "", password: "" }) },
  "POST /api/auth/sign-out": { who: ANYONE, ownSessions: true },
  "GET /api/auth/get-session": { who: ANYONE },
  "POST /api/auth/request-password-reset": { who: ANYONE, body: () => ({ email: "not-an-email" }) },
  "POST /api/auth/reset-password": { who: ANYONE, body: () => ({ token: "not-a-token", newPassword: "Another-Long-Passphrase-7" }) },
  "POST /api/auth/change-password": { who: SIGNED_IN, body: () => ({ currentPassword: "not-the-password", newPassword: "Another-Long-Passphrase-7" }) },
  "GET /api/auth/list-sessions": { who: SIGNED_IN },
  "POST /api/auth/revoke-other-sessions": { who: SIGNED_IN, ownSessions: true },
  // The second step of a two-factor sign-in: without a pending sign-in's cookie a visitor gets 401; a
  // signed-in caller only ever touches their own two-factor setting (here none: 400).
  "POST /api/auth/two-factor/verify-totp": { who: SIGNED_IN_OWN_2FA, body: () => ({ code: "123456" }) },
  "POST /api/auth/two-factor/verify-backup-code": { who: SIGNED_IN_OWN_2FA, body: () => ({ code: "abcde-fghij" }) },
  "GET /api/v1/projects": { who: ANYONE },
  "GET /api/v1/projects/:id": { who: ANYONE },
  "POST /api/v1/projects": { who: SIGNED_IN, body: () => ({ title: "x" }) },
  "PATCH /api/v1/projects/:id": { who: OWNER_ONLY, body: () => ({ title: "Taken over" }) },
  "PUT /api/v1/projects/:id": { who: OWNER_ONLY, body: () => ({ title: "Taken over" }) },
  "DELETE /api/v1/projects/:id": { who: OWNER_ONLY },
  "GET /api/v1/projects/:id/reportable": { who: SIGNED_IN },
  "POST /api/v1/projects/:id/reports": { who: SIGNED_IN, body: () => ({ reason: "not a reason" }) },
  "GET /api/v1/users/:id/reportable": { who: SIGNED_IN },
  "POST /api/v1/users/:id/reports": { who: SIGNED_IN, body: () => ({ reason: "not a reason" }) },
  // Blocking concerns only the caller's own blocks (docs/product.md, Trust and safety, Blocking).
  "GET /api/v1/me/blocks": { who: SIGNED_IN },
  "PUT /api/v1/users/:id/block": { who: SIGNED_IN },
  "DELETE /api/v1/users/:id/block": { who: SIGNED_IN },
  // Only the other participant of the message's conversation.
  "GET /api/v1/messages/:id/reportable": { who: OWNER_ONLY },
  "POST /api/v1/messages/:id/reports": { who: OWNER_ONLY, body: () => ({ reason: "Other" }) },
  "GET /api/v1/moderation/reports": { who: MODERATORS },
  "POST /api/v1/moderation/reports/:id/actions": { who: MODERATORS, body: () => ({ action: "dismiss", reason: "Not a moderator" }) },
  "GET /api/v1/moderation/log": { who: MODERATORS },
  "GET /api/v1/moderation/in-effect": { who: MODERATORS },
  "POST /api/v1/projects/:id/proposals": { who: DEVELOPERS, body: () => ({ coverLetter: "short" }) },
  "GET /api/v1/projects/:id/proposals": { who: OWNER_ONLY },
  "POST /api/v1/projects/:id/complete": { who: OWNER_ONLY },
  "POST /api/v1/projects/:id/close": { who: OWNER_ONLY },
  "POST /api/v1/projects/:id/cancel-hire": { who: OWNER_ONLY },
  "POST /api/v1/projects/:id/reviews": { who: OWNER_ONLY, body: () => ({ rating: 5, comment: "A review from someone unrelated." }) },
  "GET /api/v1/proposals": { who: SIGNED_IN },
  "GET /api/v1/proposals/:id": { who: OWNER_ONLY },
  "PATCH /api/v1/proposals/:id": { who: OWNER_ONLY, body: () => ({ price: 9999 }) },
  "POST /api/v1/proposals/:id/withdraw": { who: OWNER_ONLY },
  "POST /api/v1/proposals/:id/shortlist": { who: OWNER_ONLY },
  "POST /api/v1/proposals/:id/decline": { who: OWNER_ONLY },
  "POST /api/v1/proposals/:id/accept": { who: OWNER_ONLY },
  "GET /api/v1/clients/:id": { who: ANYONE },
  "GET /api/v1/developers": { who: ANYONE },
  "GET /api/v1/developers/top": { who: ANYONE },
  "GET /api/v1/developers/:id": { who: ANYONE },
  "GET /api/v1/developers/:id/reviews": { who: ANYONE },
  "PUT /api/v1/me/developer-profile": { who: DEVELOPERS, body: () => ({ hourlyRate: "not a number" }) },
  // Only ever one's own photo: someone else's upload is refused (tests/unit/profile-photos.test.ts).
  "PUT /api/v1/me/photo": { who: SIGNED_IN, body: () => ({ fileId: "00000000-0000-4000-8000-000000000000" }) },
  "DELETE /api/v1/me/photo": { who: SIGNED_IN },
  "GET /api/v1/me/export": { who: SIGNED_IN },
  // A wrong password: authorization passes (400), nobody's account goes.
  "DELETE /api/v1/me": { who: SIGNED_IN, body: () => ({ password: "not-the-password" }) },
  "GET /api/v1/conversations": { who: SIGNED_IN },
  "POST /api/v1/conversations": { who: SIGNED_IN, body: () => ({ to: "no-such-user", body: "Hello" }) },
  "GET /api/v1/conversations/:id": { who: OWNER_ONLY },
  "GET /api/v1/conversations/:id/messages": { who: OWNER_ONLY },
  "POST /api/v1/conversations/:id/messages": { who: OWNER_ONLY, body: () => ({ body: "Let me in" }) },
  "POST /api/v1/conversations/:id/read": { who: OWNER_ONLY },
  "GET /api/v1/notifications": { who: SIGNED_IN },
  "POST /api/v1/notifications/read-all": { who: SIGNED_IN },
  // Anyone signed in may ask; another user's notification is left as it was (checked below).
  "POST /api/v1/notifications/:id/read": { who: SIGNED_IN },
  "GET /api/v1/me/unread": { who: SIGNED_IN },
  "GET /api/v1/me/email-preferences": { who: SIGNED_IN },
  "PUT /api/v1/me/email-preferences": { who: SIGNED_IN, body: () => ({ newMessage: "maybe" }) },
  "GET /api/v1/me/saved-searches": { who: SIGNED_IN },
  "POST /api/v1/me/saved-searches": { who: DEVELOPERS, body: () => ({ filters: { category: "Knitting" } }) },
  // Someone else's saved search answers 404 (checked below: it stays as it was).
  "PATCH /api/v1/me/saved-searches/:id": { who: SIGNED_IN, body: () => ({ alert: "off" }) },
  "DELETE /api/v1/me/saved-searches/:id": { who: SIGNED_IN },
  // The wizard's draft is the caller's own (none to reach of anyone else's).
  "GET /api/v1/me/project-draft": { who: SIGNED_IN },
  "PUT /api/v1/me/project-draft": { who: SIGNED_IN, body: () => ({ step: 0, values: { title: "Mine" } }) },
  "DELETE /api/v1/me/project-draft": { who: SIGNED_IN },
  // Invitations: only to the client's own open project (the fixture's project is another client's: 403).
  "POST /api/v1/developers/:id/invitations": { who: OWNER_ONLY, body: (f) => ({ projectId: f.projectId }) },
  "GET /api/v1/me/invitations": { who: SIGNED_IN },
  // Favourites: developers save projects, clients save developers; each list is the caller's own.
  "GET /api/v1/me/saved-projects": { who: SIGNED_IN },
  "PUT /api/v1/me/saved-projects/:id": { who: DEVELOPERS },
  "DELETE /api/v1/me/saved-projects/:id": { who: DEVELOPERS },
  "GET /api/v1/me/saved-developers": { who: SIGNED_IN },
  "PUT /api/v1/me/saved-developers/:id": { who: CLIENTS },
  "DELETE /api/v1/me/saved-developers/:id": { who: CLIENTS },
  // Authorised by the signed token in the link, not a session.
  "POST /api/v1/unsubscribe": { who: ANYONE },
  // The OpenAPI document of the API (server/api/openapi.ts) is public.
  "GET /api/v1/openapi.json": { who: ANYONE },
  "GET /api/v1/events": { who: SIGNED_IN, stream: true },
  // Files (docs/product.md, Files): a JSON body is refused (415) once authorization let it through.
  "POST /api/v1/files": { who: SIGNED_IN, body: () => ({}) },
  "GET /api/v1/files/:id": { who: OWNER_ONLY },
  "GET /api/v1/files/:id/download": { who: OWNER_ONLY },
  "GET /api/v1/files/:id/w/:width": { who: OWNER_ONLY },
  "DELETE /api/v1/files/:id": { who: OWNER_ONLY },
  "DELETE /api/v1/messages/:id": { who: OWNER_ONLY },
  // Milestone changes: only the contract's two parties (unrelated users 403); the proposer's own
  // acceptance is refused in tests/unit/payments.test.ts.
  "POST /api/v1/contracts/:id/milestone-changes": { who: OWNER_ONLY, body: () => ({ title: "Extra screens", amount: 500 }) },
  "POST /api/v1/milestone-changes/:id/accept": { who: OWNER_ONLY },
  "POST /api/v1/milestone-changes/:id/decline": { who: OWNER_ONLY },
  // Authorised by the provider's signature over the body, not a session: unsigned is 401 for everyone.
  "POST /api/v1/payments/webhooks/:provider": { who: { anonymous: 401, client: 401, developer: 401 }, body: () => ({ event: "charge.success" }) },
};

/** Route files with an action, and who may post to it (same meaning; "login" = sent to sign in). */
const FORMS: Record<
  string,
  {
    who: Record<Who, Outcome>;
    body?: Record<string, unknown> | ((f: Fixture) => Record<string, unknown>);
    params?: (f: Fixture) => Record<string, string>;
    ownSessions?: boolean;
  }
> = {
  "routes/login.tsx": { who: ANYONE, body: { email: "", password: "" } },
  "routes/register.tsx": { who: ANYONE, body: { name: "" } },
  "routes/forgot-password.tsx": { who: ANYONE, body: { email: "not-an-email" } },
  "routes/reset-password.tsx": { who: ANYONE, body: { token: "bad", password: "" } },
  // Signs its callers out: it gets sessions of its own, so the other rows keep theirs in any order.
  "routes/logout.tsx": { who: ANYONE, ownSessions: true },
  "routes/unsubscribe.tsx": { who: ANYONE },
  // The contact form is for everyone (docs/product.md, Support).
  "routes/support.tsx": { who: ANYONE, body: { name: "" } },
  "routes/projects.new.tsx": { who: { anonymous: "login", client: "ok", developer: "ok" }, body: { title: "x" } },
  "routes/project.edit.tsx": { who: { anonymous: "login", client: 403, developer: 403 }, body: { title: "Taken over" }, params: (f) => ({ id: f.projectId }) },
  "routes/project.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: { intent: "close" },
    params: (f) => ({ id: f.projectId }),
  },
  "routes/project.proposal.tsx": {
    who: { anonymous: "login", client: 403, developer: "ok" },
    body: { coverLetter: "short" },
    params: (f) => ({ id: f.projectId }),
  },
  // A client invites a developer only to their own open project: the fixture's project is another client's.
  "routes/developer.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: (f) => ({ intent: "invite", projectId: f.projectId }),
    params: (f) => ({ id: f.developerId }),
  },
  "routes/profile.tsx": { who: { anonymous: "login", client: "ok", developer: "ok" }, body: { intent: "name", name: "" } },
  // The photo form sent without JavaScript (multipart): signed out goes to sign in; this JSON body is
  // not that form, so a signed-in caller comes back to Settings with the refusal's error flash.
  "routes/profile.photo.tsx": { who: { anonymous: "login", client: 403, developer: 403 }, body: { intent: "remove" } },
  "routes/profile.setup.tsx": { who: { anonymous: "login", client: 403, developer: "ok" }, body: { hourlyRate: "not a number" } },
  "routes/messages.new.tsx": { who: { anonymous: "login", client: "ok", developer: "ok" }, body: { body: "" } },
  "routes/messages.thread.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: { body: "Let me in" },
    params: (f) => ({ id: f.conversationId }),
  },
  "routes/notifications.tsx": { who: { anonymous: "login", client: "ok", developer: "ok" } },
  // The report page (without JavaScript): only the conversation's other participant reports a message in it.
  "routes/report.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: { reason: "Other", details: "Not mine to report" },
    params: (f) => ({ kind: "message", id: f.messageId }),
  },
  // The verification link's button needs no session (the signed token is the permission).
  "routes/verify-email.tsx": { who: ANYONE, body: { token: "not-a-token" } },
  // Moderators only (docs/product.md, Trust and safety); the page itself: tests/unit/moderation.test.ts.
  "routes/moderation.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: { reportId: "00000000-0000-4000-8000-000000000000", action: "dismiss", reason: "Not a moderator" },
  },
  // Only the contract's client, developer (and moderators) act on it; an unrelated user gets 403.
  "routes/contract.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: (f) => ({ intent: "approve", milestoneId: f.milestoneId }),
    params: (f) => ({ id: f.contractId }),
  },
  // A developer's own balance: clients have none (403); a developer's bad amount is a 400.
  "routes/payouts.tsx": { who: { anonymous: "login", client: 403, developer: "ok" }, body: { intent: "withdraw", amount: "5" } },
  // Only the payer of a payment reaches its test checkout.
  "routes/pay.test.tsx": {
    who: { anonymous: "login", client: 403, developer: 403 },
    body: { outcome: "success" },
    params: (f) => ({ reference: f.paymentReference }),
  },
};

/** The route modules, loaded on demand. */
const ROUTE_MODULES = import.meta.glob("../../app/routes/*.tsx");

/** Every route module of app/routes.ts, flattened. */
function routeFiles(): Array<{ file: string; path: string }> {
  const out: Array<{ file: string; path: string }> = [];
  const walk = (entries: Array<{ file: string; path?: string; children?: unknown[] }>) => {
    for (const e of entries) {
      out.push({ file: e.file, path: e.path ?? "" });
      if (e.children) walk(e.children as never);
    }
  };
  walk(routeConfig as never);
  return out;
}

describe("authorization matrix", () => {
  let t: TestApp;
  let f: Fixture;
  const users: Record<Exclude<Who, "anonymous">, { cookie: string; user: SessionUser }> = {} as never;
  let ownerId = "";

  beforeAll(async () => {
    t = await createTestApp("pglite");
    const owner = await t.signUp({ email: "matrix-owner@example.co.za", name: "Matrix Owner" });
    const dev = await t.signUp({ email: "matrix-dev@example.co.za", name: "Matrix Dev", userType: "developer" });
    users.client = await t.signUp({ email: "matrix-client@example.co.za", name: "Unrelated Client" });
    users.developer = await t.signUp({ email: "matrix-developer@example.co.za", name: "Unrelated Developer", userType: "developer" });
    ownerId = owner.user.id;
    const project = await makeProject(t.database.db, owner.user);
    const proposal = await makeProposal(t.domain, project, dev.user);
    const { conversation } = await startConversation(t.database.db, dev.user, { to: owner.user.id, body: "A private message" });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const file = await uploadFile({ db: t.database.db, files: t.deps.files }, dev.user, { name: "photo.png", bytes: photo, purpose: "photo" });
    const message = await sendMessage(t.database.db, dev.user, conversation.id, { body: "A private photo", attachments: [file.id] });
    const [notice] = await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, owner.user.id)).limit(1);
    const saved = await createSavedSearch(t.database.db, dev.user, { filters: { category: "Education" }, alert: "instant" });
    // A hire on another project of the owner, with a contract and a payment started by the owner.
    const hiredOn = await makeProject(t.database.db, owner.user);
    const hired = await makeProposal(t.domain, hiredOn, dev.user);
    await acceptProposal(t.domain, owner.user, hired.id);
    const [contract] = await t.database.db.select().from(contracts).where(eq(contracts.proposalId, hired.id));
    const [milestone] = await t.database.db.select().from(milestones).where(eq(milestones.contractId, contract!.id));
    const { reference } = await startFunding(paymentsDeps(t.deps), owner.user, milestone!.id);
    const change = await proposeMilestoneChange(paymentsDeps(t.deps), dev.user, contract!.id, { title: "Extra screens", amount: 500 });
    f = {
      projectId: project.id,
      proposalId: proposal.id,
      conversationId: conversation.id,
      notificationId: notice!.id,
      developerId: dev.user.id,
      savedSearchId: saved.id,
      messageId: message.id,
      fileId: file.id,
      contractId: contract!.id,
      milestoneId: milestone!.id,
      paymentReference: reference,
      milestoneChangeId: change.id,
    };
  });
  afterAll(() => t?.close());

  /** A fresh client and developer for a row that ends or changes its caller's sessions. */
  let own = 0;
  const ownSessions = async (label: string) => {
    own++;
    return {
      client: await t.signUp({ email: `matrix-own-client-${own}@example.co.za`, name: `Own client ${label.length}` }),
      developer: await t.signUp({ email: `matrix-own-dev-${own}@example.co.za`, name: `Own developer ${label.length}`, userType: "developer" }),
    };
  };

  const outcomeOf = (status: number, location: string | null, flashType?: string): Outcome | number => {
    if (status === 401 || status === 403 || status >= 500) return status;
    if (status === 302 && location?.startsWith("/login")) return "login";
    if (status === 302 && (flashType === "error" || flashType === "info")) return 403;
    return "ok";
  };
  /** The type of the flash notice a redirect carries (app/lib/flash.server.ts), if any. */
  const flashTypeOf = (headers: Headers): string | undefined => {
    const raw = headers
      .getSetCookie()
      .find((c) => c.startsWith("flash="))
      ?.slice(6)
      .split(";")[0];
    if (!raw) return undefined;
    try {
      return (JSON.parse(decodeURIComponent(escape(atob(decodeURIComponent(raw))))) as { type?: string }).type;
    } catch {
      return undefined;
    }
  };

  it("lists every API endpoint the app serves, and nothing it does not", () => {
    const served = new Set(
      t.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*")).map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual(Object.keys(API).sort());
  });

  it("lists every form action the pages have", async () => {
    const withAction: string[] = [];
    for (const { file } of routeFiles()) {
      const mod = (await ROUTE_MODULES[`../../app/${file}`]!()) as Record<string, unknown>;
      if (typeof mod.action === "function") withAction.push(file);
    }
    expect(withAction.sort()).toEqual(Object.keys(FORMS).sort());
  });

  const resolve = (pattern: string) =>
    pattern
      .replace("/projects/:id", () => `/projects/${f.projectId}`)
      .replace("/proposals/:id", () => `/proposals/${f.proposalId}`)
      .replace("/conversations/:id", () => `/conversations/${f.conversationId}`)
      .replace("/notifications/:id", () => `/notifications/${f.notificationId}`)
      .replace("/saved-searches/:id", () => `/saved-searches/${f.savedSearchId}`)
      .replace("/saved-projects/:id", () => `/saved-projects/${f.projectId}`)
      .replace("/saved-developers/:id", () => `/saved-developers/${f.developerId}`)
      .replace("/developers/:id", () => `/developers/${f.developerId}`)
      .replace("/users/:id", () => `/users/${f.developerId}`)
      .replace("/clients/:id", () => `/clients/${ownerId}`)
      .replace("/messages/:id", () => `/messages/${f.messageId}`)
      .replace("/moderation/reports/:id", () => "/moderation/reports/00000000-0000-4000-8000-000000000000")
      .replace("/files/:id", () => `/files/${f.fileId}`)
      .replace("/w/:width", "/w/320")
      .replace("/webhooks/:provider", "/webhooks/test")
      .replace("/contracts/:id", () => `/contracts/${f.contractId}`)
      .replace("/milestone-changes/:id", () => `/milestone-changes/${f.milestoneChangeId}`);

  it.each(Object.entries(API))("%s", async (endpoint, row) => {
    const [method, pattern] = endpoint.split(" ") as [string, string];
    const call = apiClient(t.app);
    const sessions = row.ownSessions ? await ownSessions(endpoint) : users;
    for (const who of ["anonymous", "client", "developer"] as const) {
      const expected = row.who[who];
      if (row.stream && expected === "ok") continue;
      const res = await call(method, resolve(pattern), { cookie: who === "anonymous" ? undefined : sessions[who].cookie, body: row.body?.(f) });
      await res.body?.cancel();
      expect(outcomeOf(res.status, res.headers.get("location")), `${endpoint} as ${who}`).toBe(expected);
    }
    if (endpoint.endsWith("/api/v1/me/saved-searches/:id")) {
      const [s] = await t.database.db.select({ alert: savedSearches.alert }).from(savedSearches).where(eq(savedSearches.id, f.savedSearchId));
      expect(s?.alert, "another user's saved search stays as it was").toBe("instant");
    }
    if (endpoint.startsWith("POST /api/v1/milestone-changes/")) {
      const [ch] = await t.database.db.select({ status: milestoneChanges.status }).from(milestoneChanges).where(eq(milestoneChanges.id, f.milestoneChangeId));
      expect(ch!.status, "an unrelated user's answer changes nothing").toBe("pending");
    }
    if (endpoint === "POST /api/v1/notifications/:id/read") {
      const [n] = await t.database.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, f.notificationId));
      expect(n!.readAt, "another user's notification stays unread").toBeNull();
    }
  });

  it.each(Object.entries(FORMS))("form action %s", async (file, row) => {
    const mod = (await ROUTE_MODULES[`../../app/${file}`]!()) as { action: (args: unknown) => Promise<unknown> };
    const path = routeFiles().find((r) => r.file === file)!.path;
    const params = row.params?.(f) ?? {};
    const url = `${APP_URL}/${path.replace(/:(\w+)/g, (_, k: string) => params[k] ?? "")}`;
    const sessions = row.ownSessions ? await ownSessions(file) : users;
    for (const who of ["anonymous", "client", "developer"] as const) {
      const user = who === "anonymous" ? null : sessions[who];
      const request = new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, ...(user ? { cookie: user.cookie } : {}) },
        body: JSON.stringify(typeof row.body === "function" ? row.body(f) : (row.body ?? {})),
      });
      const context = { deps: t.deps, user: user?.user ?? null, requestId: "matrix", clientAddress: "127.0.0.1", cspNonce: "n" };
      let answer: Response | { init?: { status?: number } | null } | null;
      try {
        answer = (await mod.action({ request, context, params })) as typeof answer;
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        answer = thrown;
      }
      const outcome =
        answer instanceof Response
          ? outcomeOf(answer.status, answer.headers.get("location"), flashTypeOf(answer.headers))
          : outcomeOf(answer?.init?.status ?? 200, null);
      expect(outcome, `${file} as ${who}`).toBe(row.who[who]);
    }
    // Nothing of the owner's changed hands.
    expect(
      (await apiClient(t.app)("GET", `/api/v1/projects/${f.projectId}`).then((r) => r.json())) as { project: { userId: string; status: string } },
    ).toMatchObject({
      project: { userId: ownerId },
    });
  });
});
