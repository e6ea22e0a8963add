/**
 * JSON API under /api/v1. Handlers only translate HTTP to domain calls; errors come back as
 * `{ "error": { "code", "message", "fields"? } }` with 400/401/403/404/409 (docs/product.md).
 */
import type { ServerResponse } from "node:http";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { domainDeps, type AppDeps, type SessionUser } from "../context";
import type { Db } from "../db/client";
import { asUnavailable, errorCodeOf } from "../db/faults";
import { checkIdempotencyKey, jsonBodyFingerprint, runIdempotent } from "../idempotency/service";
import { AppError, ForbiddenError, NotFoundError, requireUser, UnauthorizedError, ValidationError } from "../errors";
import { createTokenAuthenticator } from "../tokens/service";
import { documentApi, openApiHandler } from "./openapi";
import { getEmailPreferences, unsubscribe, updateEmailPreferences } from "../email/preferences";
import {
  deleteMessage,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
  unreadCounts,
} from "../messages/service";
import { removeProfilePhoto, setProfilePhoto } from "../files/profile-photos";
import { deleteQueuedFilesSoon } from "../files/service";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../notifications/service";
import { resolveSession } from "../http/session";
import type { ResolvedSession } from "../http/session-cache";
import { KEEPALIVE_COMMENT, onKeepAlive, writeKeepAlive } from "../realtime/keepalive";
import { currentRequestId, log, setRequestUser } from "../log";
import { deleteAccount, exportMyData } from "../auth/settings";
import { getDeveloper, listDeveloperReviews, listDevelopers, listTopDevelopers, saveDeveloperProfile } from "../developers/service";
import { cancelHire, closeProject, completeProject, deleteProject } from "../projects/lifecycle";
import { createReview } from "../reviews/service";
import { getClientReputation, listClientReviews } from "../clients/reputation";
import { blockUser, listBlockedUsers, unblockUser } from "../blocks/service";
import { actOnReport, listMeasuresInEffect, listModerationLog, listOpenReports, REPORTABLE, reportMessage, reportProfile } from "../moderation/service";
import {
  acceptProposal,
  declineProposal,
  getProposal,
  listMyProposals,
  listProjectProposals,
  shortlistProposal,
  submitProposal,
  updateProposal,
  withdrawProposal,
} from "../proposals/service";
import { createProject, getProject, getVisibleProject, listProjects, reportProject, updateProject } from "../projects/service";
import { USER_ID, UUID } from "../lib/ids";
import { discardProjectDraft, getProjectDraft, saveProjectDraft } from "../drafts/service";
import { listSavedDevelopers, listSavedProjects, setDeveloperSaved, setProjectSaved } from "../favourites/service";
import { inviteDeveloper, listMyInvitations } from "../invitations/service";
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearchAlert } from "../saved-searches/service";
import { answerMilestoneChange, proposeMilestoneChange } from "../payments/changes";
import { handleWebhook, paymentsDeps } from "../payments/service";
import { PROPOSAL_STATUSES } from "../../shared/lifecycle";

type Env = { Variables: { user: SessionUser | null; session: ResolvedSession | null; viaToken: boolean } };

/** What each kind of path id looks like, and the 404 message of one that names nothing. */
const PATH_IDS = {
  project: [UUID, "Project not found"],
  proposal: [UUID, "Proposal not found"],
  conversation: [UUID, "Conversation not found"],
  notification: [UUID, "Notification not found"],
  message: [UUID, "Message not found"],
  developer: [USER_ID, "Developer not found"],
  user: [USER_ID, "User not found"],
  client: [USER_ID, "Client not found"],
  report: [UUID, "Report not found"],
  contract: [UUID, "Contract not found"],
  milestoneChange: [UUID, "Proposal not found"],
} as const;

/**
 * The `:id` of the path when it has the shape of a `kind` id; otherwise NotFoundError (404): it
 * cannot name anything, and some strings (NUL) PostgreSQL would refuse as text (docs/security.md).
 */
function pathId(c: Context, kind: keyof typeof PATH_IDS): string {
  const [shape, message] = PATH_IDS[kind];
  const id = c.req.param("id") ?? "";
  if (!shape.test(id)) throw new NotFoundError(message);
  return id;
}

/** The `status` filter of GET /proposals: empty or one of the proposal statuses (else 400). */
function proposalStatusOf(c: Context): string | undefined {
  const status = c.req.query("status") || undefined;
  if (status !== undefined && !(PROPOSAL_STATUSES as readonly string[]).includes(status)) {
    throw new ValidationError({ status: "Unknown proposal status" }, "Unknown proposal status");
  }
  return status;
}

/** Reads a JSON object body; malformed JSON or another content type is a 400/415 with a message. */
async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) {
    throw new AppError(415, "unsupported_media_type", "Send the body as application/json");
  }
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError({ _body: "The body is not valid JSON" }, "The body is not valid JSON");
  }
}

/** The JSON error shape of the API: `{ error: { code, message, fields? , requestId? } }`. */
export function errorBody(err: AppError, requestId?: string) {
  return { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(requestId ? { requestId } : {}) } };
}

/**
 * The answer to an error thrown by a handler: an AppError with its status, message and fields
 * (Retry-After when it has one; 403 refusals logged as authorization events); a database
 * connection error or timeout, however wrapped, is an UnavailableError: 503 with Retry-After
 * (server/db/faults.ts, docs/operations.md); anything else is unexpected: logged once with its
 * stack, answered 500 with the request id and no stack.
 */
export function errorResponse(c: Context, err: unknown): Response {
  const requestId = currentRequestId();
  const unavailable = err instanceof AppError ? null : asUnavailable(err);
  if (unavailable) {
    const cause = unavailable.cause as { message?: string } | undefined;
    log().warn({ event: "db.unavailable", method: c.req.method, path: c.req.path, cause: cause?.message, code: errorCodeOf(cause) }, "database unavailable");
    err = unavailable;
  }
  if (err instanceof AppError && err.status !== 500) {
    if (err.status === 403) log().warn({ event: "authz.refused", method: c.req.method, path: c.req.path, code: err.code }, err.message);
    if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
    return c.json(errorBody(err), err.status);
  }
  log().error({ err, method: c.req.method, path: c.req.path }, "unexpected error");
  return c.json(errorBody(new AppError(500, "internal", "Something went wrong on our side"), requestId), 500);
}

/** Builds the /api/v1 sub-app. */
export function createApiV1(deps: AppDeps) {
  const api = new Hono<Env>();

  /**
   * A create (POST that makes a row): with an `Idempotency-Key` header and a session it runs once
   * per key, in one transaction with the key's stored answer, and a retry gets that answer back
   * marked `Idempotent-Replayed: true` (server/idempotency/service.ts, docs/security.md). `run`
   * gets the database to write with (the key's transaction, or the plain database without a key).
   * A 4xx answer is stored and replayed too, except 429 (a retry later may succeed).
   */
  async function create(c: Context<Env>, run: (db: Db) => Promise<Response>): Promise<Response> {
    const key = c.req.header("idempotency-key");
    const user = c.get("user");
    if (key === undefined || !user) return run(deps.db);
    checkIdempotencyKey(key);
    const scope = `${c.req.method} ${c.req.path}`;
    // The same JSON fields in another order (or spaced otherwise) are the same request.
    const fingerprint = jsonBodyFingerprint(scope, await c.req.text());
    const { answer, replayed } = await runIdempotent(deps.db, { userId: user.id, key, scope, fingerprint }, async (tx) => {
      let res: Response;
      try {
        res = await run(tx);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500 || err.status === 429) throw err;
        res = errorResponse(c, err);
      }
      return { status: res.status, body: await res.text() };
    });
    return new Response(answer.body, {
      status: answer.status,
      headers: { "Content-Type": "application/json", ...(replayed ? { "Idempotent-Replayed": "true" } : {}) },
    });
  }
  /** The domain dependencies writing with `db`. */
  const withDb = (db: Db) => ({ ...domainDeps(deps), db });

  api.use(
    "*",
    bodyLimit({
      maxSize: 100 * 1024,
      onError: (c) => c.json(errorBody(new AppError(413, "payload_too_large", "The body is larger than 100 KB")), 413),
    }),
  );

  // Writes from another origin were refused before this app (server/http/app.ts, docs/security.md).
  // `Authorization: Bearer <personal API token>` acts as the token's owner (server/tokens/service.ts);
  // without it, the session cookie decides.
  const tokens = createTokenAuthenticator(deps.db);
  api.use("*", async (c, next) => {
    const authorization = c.req.header("authorization");
    const bearer = authorization?.match(/^Bearer[ ]+(\S+)[ ]*$/i)?.[1];
    if (authorization !== undefined && bearer === undefined) throw new UnauthorizedError("Send the API token as Authorization: Bearer <token>");
    const session = bearer ? null : await resolveSession(deps, c.req.raw.headers);
    const user = bearer ? await tokens.authenticate(bearer) : (session?.user ?? null);
    if (user) setRequestUser(user.id);
    c.set("user", user);
    c.set("session", session);
    c.set("viaToken", bearer !== undefined);
    await next();
  });

  // The OpenAPI description of every route below (server/api/openapi.ts, docs/decisions/0029).
  documentApi(api as unknown as Hono<never>);
  api.get("/openapi.json", openApiHandler(api as unknown as Hono<never>));

  api.get("/projects", async (c) => c.json(await listProjects(deps.db, c.req.query(), deps.totals)));
  api.get("/projects/:id", async (c) => {
    const { hidden: _hidden, ...project } = await getVisibleProject(deps.db, pathId(c, "project"), c.get("user"));
    return c.json({ project });
  });
  api.post("/projects", async (c) =>
    create(c, async (db) => {
      const project = await createProject(db, c.get("user"), await readJson(c));
      return c.json({ project }, 201);
    }),
  );
  const update = async (c: Context<Env>) => c.json({ project: await updateProject(deps.db, c.get("user"), pathId(c, "project"), await readJson(c)) });
  api.patch("/projects/:id", update);
  api.put("/projects/:id", update);
  const proposalDeps = domainDeps(deps);
  api.delete("/projects/:id", async (c) => {
    await deleteProject(proposalDeps, c.get("user"), pathId(c, "project"));
    await deleteQueuedFilesSoon(deps);
    return c.body(null, 204);
  });

  // Whether the caller may report it, before the form is filled in (the report dialogs, as the
  // report page's loader): 200, or the refusal sending would give (a second report: 409).
  const reportable = (kind: keyof typeof REPORTABLE, pathKind: keyof typeof PATH_IDS) => async (c: Context<Env>) => {
    const id = pathId(c, pathKind);
    c.header("Cache-Control", "no-store");
    await REPORTABLE[kind](deps.db, requireUser(c.get("user")), id);
    return c.json({ reportable: true });
  };
  api.get("/projects/:id/reportable", reportable("project", "project"));
  api.post("/projects/:id/reports", async (c) =>
    create(c, async (db) => {
      await reportProject(db, c.get("user"), pathId(c, "project"), await readJson(c));
      return c.json({ reported: true }, 201);
    }),
  );

  // Reports of profiles and messages, and the moderation queue (docs/product.md, Trust and safety).
  api.post("/users/:id/reports", async (c) =>
    create(c, async (db) => {
      await reportProfile(db, c.get("user"), pathId(c, "user"), await readJson(c));
      return c.json({ reported: true }, 201);
    }),
  );
  api.get("/users/:id/reportable", reportable("profile", "user"));
  api.get("/messages/:id/reportable", reportable("message", "message"));
  api.post("/messages/:id/reports", async (c) =>
    create(c, async (db) => {
      await reportMessage(db, c.get("user"), pathId(c, "message"), await readJson(c));
      return c.json({ reported: true }, 201);
    }),
  );
  // Blocking (docs/product.md, Trust and safety, Blocking).
  api.get("/me/blocks", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ blocks: await listBlockedUsers(deps.db, c.get("user")) });
  });
  api.put("/users/:id/block", async (c) => c.json({ block: await blockUser(deps.db, c.get("user"), pathId(c, "user")) }));
  api.delete("/users/:id/block", async (c) => {
    await unblockUser(deps.db, c.get("user"), pathId(c, "user"));
    return c.body(null, 204);
  });
  api.get("/moderation/reports", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ reports: await listOpenReports(deps.db, c.get("user")) });
  });
  api.post("/moderation/reports/:id/actions", async (c) =>
    c.json(await actOnReport(deps.db, c.get("user"), pathId(c, "report"), await readJson(c), deps.sessions)),
  );
  api.get("/moderation/log", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ entries: await listModerationLog(deps.db, c.get("user")) });
  });
  api.get("/moderation/in-effect", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ measures: await listMeasuresInEffect(deps.db, c.get("user")) });
  });

  // Proposals, hiring and reviews (docs/product.md, Proposals).
  api.post("/projects/:id/proposals", async (c) =>
    create(c, async (db) => c.json({ proposal: await submitProposal(withDb(db), c.get("user"), pathId(c, "project"), await readJson(c)) }, 201)),
  );
  api.get("/projects/:id/proposals", async (c) =>
    c.json({ proposals: await listProjectProposals(deps.db, c.get("user"), pathId(c, "project"), c.req.query("sortBy") || "newest") }),
  );
  api.post("/projects/:id/complete", async (c) => {
    await completeProject(proposalDeps, c.get("user"), pathId(c, "project"));
    return c.json({ project: await getProject(deps.db, pathId(c, "project")) });
  });
  api.post("/projects/:id/close", async (c) => {
    await closeProject(proposalDeps, c.get("user"), pathId(c, "project"));
    return c.json({ project: await getProject(deps.db, pathId(c, "project")) });
  });
  api.post("/projects/:id/cancel-hire", async (c) => {
    await cancelHire(proposalDeps, c.get("user"), pathId(c, "project"));
    return c.json({ project: await getProject(deps.db, pathId(c, "project")) });
  });
  api.post("/projects/:id/reviews", async (c) =>
    create(c, async (db) => {
      await createReview(db, c.get("user"), pathId(c, "project"), await readJson(c));
      return c.json({ reviewed: true }, 201);
    }),
  );
  api.get("/proposals", async (c) => c.json({ proposals: await listMyProposals(deps.db, c.get("user"), proposalStatusOf(c)) }));
  api.get("/proposals/:id", async (c) => c.json({ proposal: await getProposal(deps.db, c.get("user"), pathId(c, "proposal")) }));
  api.patch("/proposals/:id", async (c) => c.json({ proposal: await updateProposal(proposalDeps, c.get("user"), pathId(c, "proposal"), await readJson(c)) }));
  api.post("/proposals/:id/withdraw", async (c) => c.json({ proposal: await withdrawProposal(proposalDeps, c.get("user"), pathId(c, "proposal")) }));
  api.post("/proposals/:id/shortlist", async (c) => c.json({ proposal: await shortlistProposal(proposalDeps, c.get("user"), pathId(c, "proposal")) }));
  api.post("/proposals/:id/decline", async (c) => {
    const body = c.req.header("content-type")?.includes("application/json") ? await readJson(c) : {};
    return c.json({ proposal: await declineProposal(proposalDeps, c.get("user"), pathId(c, "proposal"), body) });
  });
  api.post("/proposals/:id/accept", async (c) => c.json({ proposal: await acceptProposal(proposalDeps, c.get("user"), pathId(c, "proposal")) }));
  api.get("/developers/:id/reviews", async (c) => {
    const developer = await getDeveloper(deps.db, pathId(c, "developer"));
    return c.json({ reviews: await listDeveloperReviews(deps.db, developer.id) });
  });

  // A client's record and the reviews developers wrote (docs/product.md, Trust and safety).
  api.get("/clients/:id", async (c) => {
    const client = await getClientReputation(deps.db, pathId(c, "client"));
    return c.json({ client, reviews: await listClientReviews(deps.db, client.id) });
  });

  api.get("/developers", async (c) => c.json(await listDevelopers(deps.db, c.req.query(), deps.totals)));
  api.get("/developers/top", async (c) => c.json({ developers: await listTopDevelopers(deps.db) }));
  api.get("/developers/:id", async (c) => {
    const developer = await getDeveloper(deps.db, pathId(c, "developer"));
    return c.json({ developer, reviews: await listDeveloperReviews(deps.db, developer.id) });
  });
  api.put("/me/developer-profile", async (c) => {
    const developer = await saveDeveloperProfile(deps.db, c.get("user"), await readJson(c));
    await deleteQueuedFilesSoon(deps);
    return c.json({ developer });
  });
  // Profile photo (docs/product.md, Files): an upload with purpose avatar becomes the photo; the old one is deleted.
  api.put("/me/photo", async (c) => {
    const body = (await readJson(c)) as { fileId?: unknown } | null;
    return c.json({ photo: await setProfilePhoto(deps, c.get("user"), body?.fileId) });
  });
  api.delete("/me/photo", async (c) => {
    await removeProfilePhoto(deps, c.get("user"));
    return c.body(null, 204);
  });
  // POPIA: access (everything stored about me) and erasure (password-confirmed).
  api.get("/me/export", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await exportMyData(deps.db, c.get("user")));
  });
  api.delete("/me", async (c) => {
    // Scope of personal API tokens (docs/product.md): a leaked token must not erase the account.
    if (c.get("viaToken")) throw new ForbiddenError("An API token cannot delete the account. Use Settings in the browser.");
    const { headers } = await deleteAccount({ ...proposalDeps, auth: deps.auth }, c.get("user"), await readJson(c), c.req.raw.headers);
    await deleteQueuedFilesSoon(deps);
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.body(null, 204);
  });

  // Messages (docs/product.md, Messages and notifications).
  api.get("/conversations", async (c) => c.json(await listConversations(deps.db, c.get("user"), c.req.query())));
  api.post("/conversations", async (c) =>
    create(c, async (db) => {
      const result = await startConversation(db, c.get("user"), await readJson(c));
      return c.json(result, result.created ? 201 : 200);
    }),
  );
  api.get("/conversations/:id", async (c) => c.json({ conversation: await getConversation(deps.db, c.get("user"), pathId(c, "conversation")) }));
  api.get("/conversations/:id/messages", async (c) => c.json(await listMessages(deps.db, c.get("user"), pathId(c, "conversation"), c.req.query())));
  api.post("/conversations/:id/messages", async (c) =>
    create(c, async (db) => c.json({ message: await sendMessage(db, c.get("user"), pathId(c, "conversation"), await readJson(c)) }, 201)),
  );
  api.delete("/messages/:id", async (c) => {
    await deleteMessage(deps.db, c.get("user"), pathId(c, "message"));
    await deleteQueuedFilesSoon(deps);
    return c.body(null, 204);
  });
  api.post("/conversations/:id/read", async (c) => {
    const body = c.req.header("content-type")?.includes("application/json") ? ((await readJson(c)) as { seq?: unknown }) : {};
    const seq = body && typeof body.seq === "number" && Number.isSafeInteger(body.seq) && body.seq >= 0 ? body.seq : undefined;
    return c.json(await markConversationRead(deps.db, c.get("user"), pathId(c, "conversation"), seq));
  });

  // Notifications and unread counts (docs/product.md, Messages and notifications).
  api.get("/notifications", async (c) => c.json(await listNotifications(deps.db, c.get("user"), c.req.query())));
  api.post("/notifications/read-all", async (c) => {
    await markAllNotificationsRead(deps.db, c.get("user"));
    return c.json({ unread: await unreadCounts(deps.db, requireUser(c.get("user")).id) });
  });
  api.post("/notifications/:id/read", async (c) => {
    await markNotificationRead(deps.db, c.get("user"), pathId(c, "notification"));
    return c.json({ unread: await unreadCounts(deps.db, requireUser(c.get("user")).id) });
  });
  api.get("/me/unread", async (c) => c.json({ unread: await unreadCounts(deps.db, requireUser(c.get("user")).id) }));

  // Email switches; the one-click unsubscribe of RFC 8058 needs no session, only the signed token.
  api.get("/me/email-preferences", async (c) => c.json({ preferences: await getEmailPreferences(deps.db, requireUser(c.get("user")).id) }));
  api.put("/me/email-preferences", async (c) => c.json({ preferences: await updateEmailPreferences(deps.db, c.get("user"), await readJson(c)) }));
  // Saved searches and their job alerts (docs/product.md, Journeys "Saved searches").
  api.get("/me/saved-searches", async (c) => c.json({ savedSearches: await listSavedSearches(deps.db, c.get("user")) }));
  api.post("/me/saved-searches", async (c) => c.json({ savedSearch: await createSavedSearch(deps.db, c.get("user"), await readJson(c)) }, 201));
  api.patch("/me/saved-searches/:id", async (c) =>
    c.json({ savedSearch: await updateSavedSearchAlert(deps.db, c.get("user"), c.req.param("id"), await readJson(c)) }),
  );
  api.delete("/me/saved-searches/:id", async (c) => {
    await deleteSavedSearch(deps.db, c.get("user"), c.req.param("id"));
    return c.body(null, 204);
  });
  // The project wizard's draft (docs/product.md, Journeys "Drafts").
  api.get("/me/project-draft", async (c) => c.json({ draft: await getProjectDraft(deps.db, c.get("user")) }));
  api.put("/me/project-draft", async (c) => c.json({ draft: await saveProjectDraft(deps.db, c.get("user"), await readJson(c)) }));
  api.delete("/me/project-draft", async (c) => {
    await discardProjectDraft(deps.db, c.get("user"));
    return c.body(null, 204);
  });
  // Invitations (docs/product.md, Journeys "Invite a developer").
  api.post("/developers/:id/invitations", async (c) =>
    create(c, async (db) => c.json({ invitation: await inviteDeveloper(withDb(db), c.get("user"), pathId(c, "developer"), await readJson(c)) }, 201)),
  );
  api.get("/me/invitations", async (c) => c.json({ invitations: await listMyInvitations(deps.db, c.get("user")) }));
  // Favourites (docs/product.md, Journeys "Favourites"): PUT saves, DELETE unsaves; both idempotent.
  api.get("/me/saved-projects", async (c) => c.json({ savedProjects: await listSavedProjects(deps.db, c.get("user")) }));
  api.put("/me/saved-projects/:id", async (c) => c.json(await setProjectSaved(deps.db, c.get("user"), pathId(c, "project"), true)));
  api.delete("/me/saved-projects/:id", async (c) => c.json(await setProjectSaved(deps.db, c.get("user"), pathId(c, "project"), false)));
  api.get("/me/saved-developers", async (c) => c.json({ savedDevelopers: await listSavedDevelopers(deps.db, c.get("user")) }));
  api.put("/me/saved-developers/:id", async (c) => c.json(await setDeveloperSaved(deps.db, c.get("user"), pathId(c, "developer"), true)));
  api.delete("/me/saved-developers/:id", async (c) => c.json(await setDeveloperSaved(deps.db, c.get("user"), pathId(c, "developer"), false)));
  api.post("/unsubscribe", async (c) => c.json({ unsubscribed: await unsubscribe(deps.db, deps.secret, c.req.query("token") ?? "") }));

  // Server-sent events: unread counts, messages, read receipts and notification changes, live.
  // The stream is reserved before it starts, so a refusal (429 past the limits of
  // docs/operations.md, 503 while shutting down or when the database is down) is a JSON error.
  api.get("/events", async (c) => {
    const me = requireUser(c.get("user"));
    const session = c.get("session");
    // Only the cookie (or the personal API token) is kept for the stream's life, for the re-checks.
    const cookieOnly = new Headers({ cookie: c.req.header("cookie") ?? "" });
    const token = c.get("viaToken") ? (c.req.header("authorization")?.match(/^Bearer[ ]+(\S+)[ ]*$/i)?.[1] ?? "") : null;
    // Whether the stream's credentials still sign in `me`: the session through the cache, a token
    // through its table (revoking a token deletes its row; server/tokens/service.ts).
    const stillSignedIn = (): Promise<boolean> =>
      (token !== null ? tokens.authenticate(token).then((u) => u.id === me.id) : resolveSession(deps, cookieOnly).then((s) => s?.user.id === me.id)).catch(
        () => false,
      );
    const expiresAt = session?.expiresAt ?? Number.POSITIVE_INFINITY;
    let stream: SSEStreamingApi | null = null;
    let ending: (() => void) | null = null;
    const ended = new Promise<void>((resolve) => (ending = resolve));
    let shuttingDown = false;
    const unsubscribe = deps.realtime.subscribe(
      me.id,
      (event, data) => {
        void stream?.writeSSE({ event, data: JSON.stringify(data) }).catch(() => {});
      },
      () => {
        shuttingDown = true;
        ending?.();
      },
    );
    let counts;
    try {
      counts = await unreadCounts(deps.db, me.id);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    return streamSSE(c, async (s) => {
      stream = s;
      s.onAbort(() => ending?.());
      // The session is not re-read on a timer (that was one lookup per stream every 20 s): a stream
      // ends when its session expires (checked on the shared keep-alive tick), and is checked again
      // only when a revocation names its user (sign-out, password change... decision 0024), so it
      // ends at once after a sign-out on any instance (the page then stops on the 401).
      const stopRevocations = deps.sessions?.onRevoked((userId) => {
        if (userId !== me.id) return;
        void stillSignedIn().then((still) => {
          if (!still) ending?.();
        });
      });
      const stopKeepAlive = onKeepAlive(() => {
        if (s.aborted || s.closed) return ending?.();
        if (Date.now() >= expiresAt) return ending?.();
        // A token has no revocation notice of its own: its stream checks it on each tick.
        if (token !== null)
          void stillSignedIn().then((still) => {
            if (!still) ending?.();
          });
        // Straight to the socket (no per-write garbage, server/realtime/keepalive.ts); `outgoing`
        // is absent with app.request (tests), where the stream's writer sends it.
        if (!writeKeepAlive(outgoing)) void s.write(KEEPALIVE_COMMENT).catch(() => ending?.());
      });
      try {
        await s.writeSSE({ event: "ready", data: JSON.stringify(counts), retry: 2000 });
        if (!s.aborted && !s.closed) await ended;
        if (shuttingDown && !s.aborted) {
          // This instance is stopping: reconnect (through the balancer, to another instance) after
          // a short random delay, so its clients do not all arrive at once (app/lib/realtime.tsx).
          const retryMs = 500 + Math.floor(Math.random() * 2000);
          await s.writeSSE({ event: "reconnect", data: JSON.stringify({ reason: "shutdown", retryMs }), retry: retryMs });
        }
      } finally {
        stopKeepAlive();
        stopRevocations?.();
        unsubscribe();
      }
    });
  });

  // Payment provider webhooks (docs/product.md, Payments): the signature over the raw body is
  // checked before anything else (401 when wrong); a replay answers 200 and changes nothing.
  const payDeps = paymentsDeps(deps);
  api.post("/payments/webhooks/:provider", async (c) => {
    if (c.req.param("provider") !== payDeps.provider.name) throw new NotFoundError("No such payment provider");
    const outcome = await handleWebhook(payDeps, await c.req.text(), c.req.raw.headers);
    if (outcome === "invalid") throw new AppError(401, "bad_signature", "The webhook signature is missing or wrong");
    return c.json({ received: true, outcome });
  });

  // Milestone changes on a contract (docs/product.md, Payments "Milestone changes"): one party
  // proposes, the other accepts or declines.
  api.post("/contracts/:id/milestone-changes", async (c) =>
    c.json({ change: await proposeMilestoneChange(payDeps, c.get("user"), pathId(c, "contract"), await readJson(c)) }, 201),
  );
  api.post("/milestone-changes/:id/accept", async (c) =>
    c.json({ change: await answerMilestoneChange(payDeps, c.get("user"), pathId(c, "milestoneChange"), "accept") }),
  );
  api.post("/milestone-changes/:id/decline", async (c) =>
    c.json({ change: await answerMilestoneChange(payDeps, c.get("user"), pathId(c, "milestoneChange"), "decline") }),
  );

  // Mounted with app.route, a sub-app's notFound is not used: answer unknown paths here.
  api.all("*", (c) => c.json(errorBody(new AppError(404, "not_found", "No such API endpoint")), 404));
  api.onError((err, c) => errorResponse(c, err));
  return api;
}
