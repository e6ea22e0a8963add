/**
 * The OpenAPI document of /api/v1 (server/api/openapi.ts, docs/decisions/0029):
 * - every route the Hono app declares is in the document, and the document names no route the app
 *   lacks (a route added without an API_DOCS entry fails here, by name);
 * - one scenario calls every documented operation with personal API tokens (a client's and two
 *   developers'), and every answer's status is documented and its body matches the documented
 *   schema (Ajv, JSON Schema 2020-12, which OpenAPI 3.1 uses).
 */
import { todayIso } from "../../shared/format";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiV1 } from "../../server/api/v1";
import { contracts, milestones } from "../../server/db/schema";
import { docKey } from "../../server/api/openapi";
import { unsubscribeToken } from "../../server/email/preferences";
import { createApiToken } from "../../server/tokens/service";
import { uploadFile } from "../../server/files/service";
import sharp from "sharp";
import { apiClient } from "../support/api";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { projectInput } from "../support/fixtures";
import { proposalBody } from "../support/factories";

/** A due date next year: within the MAX_YEARS_AHEAD bound whatever the year the tests run. */
const NEXT_YEAR = Number(todayIso().slice(0, 4)) + 1;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

describe("OpenAPI document of /api/v1", () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    const res = await t.app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
  });
  afterAll(() => t.close());

  const documented = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));

  it("documents every route of the Hono app, and only those", () => {
    expect(doc.openapi).toBe("3.1.0");
    const routes = new Set(
      createApiV1(t.deps)
        .routes.filter((r) => r.method !== "ALL" && r.path !== "/openapi.json")
        .map((r) => docKey(r.method, r.path)),
    );
    const inDoc = new Set(documented());
    const missing = [...routes].filter((r) => !inDoc.has(r));
    expect(missing, `routes without an API_DOCS entry in server/api/openapi.ts: ${missing.join(", ")}`).toEqual([]);
    expect([...inDoc].filter((d) => !routes.has(d))).toEqual([]);
    expect(inDoc.size).toBeGreaterThan(40);
  });

  it("documents PUT /projects/{id} as PATCH: the same body, version included", () => {
    type WithBody = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const bodyOf = (method: "patch" | "put") => (doc.paths["/projects/{id}"]?.[method] as unknown as WithBody | undefined)?.requestBody;
    expect(Object.keys(bodyOf("put")?.content["application/json"]?.schema.properties ?? {})).toContain("version");
    expect(bodyOf("put")).toEqual(bodyOf("patch"));
  });

  it("every documented endpoint, called with a personal API token, answers as documented", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const covered = new Set<string>();
    const http = apiClient(t.app);

    /** Calls `key` ("POST /projects/{id}") with `params` filled in, as `token`; checks the answer against the document. */
    async function call(key: string, token: string, options: { params?: Record<string, string>; body?: unknown; query?: string; expect?: number } = {}) {
      const [method, template] = key.split(" ") as [string, string];
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? "");
      const res = await http(method, `/api/v1${path}${options.query ?? ""}`, {
        origin: null,
        body: options.body,
        headers: { authorization: `Bearer ${token}` },
      });
      const op = doc.paths[template]?.[method.toLowerCase()];
      expect(op, `${key} is documented`).toBeDefined();
      const answer = op!.responses[String(res.status)];
      const text = await res.text();
      expect(answer, `${key} answered ${res.status}, which is not documented: ${text.slice(0, 300)}`).toBeDefined();
      if (options.expect !== undefined) expect(res.status, `${key}: ${text.slice(0, 300)}`).toBe(options.expect);
      const schema = answer!.content?.["application/json"]?.schema;
      let value: unknown = null;
      if (schema) {
        value = JSON.parse(text);
        const validate = ajv.compile({ ...schema, components: doc.components });
        expect(validate(value), `${key} ${res.status}: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`).toBe(true);
      } else {
        expect(text).toBe("");
      }
      covered.add(key);
      return value as Record<string, unknown>;
    }

    const client = await t.signUp({ email: "oa-client@example.co.za", name: "Lerato Client", userType: "client" });
    const dev = await t.signUp({ email: "oa-dev@example.co.za", name: "Sipho Developer", userType: "developer" });
    const dev2 = await t.signUp({ email: "oa-dev2@example.co.za", name: "Ayesha Developer", userType: "developer" });
    const c = (await createApiToken(t.domain, client.user, { name: "client script" })).token;
    const d = (await createApiToken(t.domain, dev.user, { name: "dev script" })).token;
    const d2 = (await createApiToken(t.domain, dev2.user, { name: "dev2 script" })).token;

    // Developers
    const profile = { title: "Flutter Developer", bio: "I build offline-first Flutter apps for township businesses.", city: "Durban", skills: ["Flutter"] };
    await call("PUT /me/developer-profile", d, { body: profile, expect: 200 });
    await call("PUT /me/developer-profile", d2, { body: { ...profile, city: "Cape Town" }, expect: 200 });
    await call("GET /developers", d, { query: "?skills=Flutter", expect: 200 });
    await call("GET /developers/top", d, { expect: 200 });
    await call("GET /developers/{id}", c, { params: { id: dev.user.id }, expect: 200 });
    await call("GET /developers/{id}/reviews", c, { params: { id: dev.user.id }, expect: 200 });

    // Projects
    const newProject = async (title: string) =>
      ((await call("POST /projects", c, { body: projectInput({ title }), expect: 201 })).project as { id: string }).id;
    const p1 = await newProject("Clinic booking app for Khayelitsha");
    await call("GET /projects", c, { query: "?platform=mobile", expect: 200 });
    await call("GET /projects/{id}", d, { params: { id: p1 }, expect: 200 });
    await call("PATCH /projects/{id}", c, { params: { id: p1 }, body: { title: "Clinic booking app for Khayelitsha clinics" }, expect: 200 });
    await call("PUT /projects/{id}", c, { params: { id: p1 }, body: { timeline: "4-8" }, expect: 200 });
    await call("GET /projects/{id}/reportable", d2, { params: { id: p1 }, expect: 200 });
    await call("POST /projects/{id}/reports", d2, { params: { id: p1 }, body: { reason: "Spam or scam", details: "Testing the report" }, expect: 201 });
    await call("GET /projects/{id}/reportable", d2, { params: { id: p1 }, expect: 409 });

    // Proposals: dev proposes, client shortlists, accepts, cancels the hire; dev2 is hired and completes.
    const prop1 = ((await call("POST /projects/{id}/proposals", d, { params: { id: p1 }, body: proposalBody(20000), expect: 201 })).proposal as { id: string })
      .id;
    await call("POST /projects/{id}/proposals", d2, { params: { id: p1 }, body: proposalBody(22000), expect: 201 });
    await call("GET /projects/{id}/proposals", c, { params: { id: p1 }, query: "?sortBy=price_low", expect: 200 });
    await call("GET /proposals", d, { query: "?status=pending", expect: 200 });
    await call("GET /proposals/{id}", d, { params: { id: prop1 }, expect: 200 });
    await call("PATCH /proposals/{id}", d, { params: { id: prop1 }, body: { price: 19000 }, expect: 200 });
    await call("POST /proposals/{id}/shortlist", c, { params: { id: prop1 }, expect: 200 });
    await call("POST /proposals/{id}/accept", c, { params: { id: prop1 }, expect: 200 });
    await call("POST /projects/{id}/cancel-hire", c, { params: { id: p1 }, expect: 200 });
    const p4 = await newProject("Bursary tracking app for Eastern Cape students");
    const prop3 = ((await call("POST /projects/{id}/proposals", d2, { params: { id: p4 }, body: proposalBody(21000), expect: 201 })).proposal as { id: string })
      .id;
    await call("POST /proposals/{id}/accept", c, { params: { id: prop3 }, expect: 200 });
    // Milestone changes on the hire's contract: the developer proposes, the client answers.
    const [contract] = await t.deps.db.select().from(contracts).where(eq(contracts.proposalId, prop3));
    const [first] = await t.deps.db.select().from(milestones).where(eq(milestones.contractId, contract!.id));
    const changed = await call("POST /contracts/{id}/milestone-changes", d2, {
      params: { id: contract!.id },
      body: { milestoneId: first!.id, title: "Whole project, with the admin screens", amount: 22000, dueDate: `${NEXT_YEAR}-03-01` },
      expect: 201,
    });
    await call("POST /milestone-changes/{id}/accept", c, { params: { id: (changed.change as { id: string }).id }, expect: 200 });
    const added = await call("POST /contracts/{id}/milestone-changes", d2, {
      params: { id: contract!.id },
      body: { title: "Launch support", amount: 3000 },
      expect: 201,
    });
    await call("POST /milestone-changes/{id}/decline", c, { params: { id: (added.change as { id: string }).id }, expect: 200 });
    await call("POST /projects/{id}/complete", c, { params: { id: p4 }, expect: 200 });
    await call("POST /projects/{id}/reviews", c, {
      params: { id: p4 },
      body: { rating: 5, comment: "Delivered on time, clear communication throughout." },
      expect: 201,
    });

    const p2 = await newProject("Spaza stock app for Soweto");
    const prop4 = ((await call("POST /projects/{id}/proposals", d, { params: { id: p2 }, body: proposalBody(18000), expect: 201 })).proposal as { id: string })
      .id;
    const prop5 = ((await call("POST /projects/{id}/proposals", d2, { params: { id: p2 }, body: proposalBody(18500), expect: 201 })).proposal as { id: string })
      .id;
    await call("POST /proposals/{id}/withdraw", d, { params: { id: prop4 }, expect: 200 });
    await call("POST /proposals/{id}/decline", c, { params: { id: prop5 }, body: { reason: "We chose a local agency" }, expect: 200 });
    await call("POST /projects/{id}/close", c, { params: { id: p2 }, expect: 200 });
    const p3 = await newProject("Taxi rank queue app for Durban");
    await call("DELETE /projects/{id}", c, { params: { id: p3 }, expect: 204 });

    // Messages
    const started = await call("POST /conversations", c, { body: { to: dev.user.id, body: "Hello Sipho, are you free next month?" }, expect: 201 });
    const conversationId = (started.conversation as { id: string }).id;
    await call("GET /conversations", d, { expect: 200 });
    await call("GET /conversations/{id}", d, { params: { id: conversationId }, expect: 200 });
    await call("POST /conversations/{id}/messages", d, { params: { id: conversationId }, body: { body: "Yes, from the 5th." }, expect: 201 });
    await call("GET /conversations/{id}/messages", c, { params: { id: conversationId }, expect: 200 });
    await call("POST /conversations/{id}/read", c, { params: { id: conversationId }, body: { seq: 2 }, expect: 200 });

    // Notifications and account
    const notes = await call("GET /notifications", d, { expect: 200 });
    const noteId = (notes.notifications as Array<{ id: string }>)[0]!.id;
    await call("POST /notifications/{id}/read", d, { params: { id: noteId }, expect: 200 });
    await call("POST /notifications/read-all", d, { expect: 200 });
    await call("GET /me/unread", c, { expect: 200 });
    await call("GET /me/email-preferences", c, { expect: 200 });
    await call("PUT /me/email-preferences", c, { body: { newMessage: false }, expect: 200 });
    await call("POST /unsubscribe", c, {
      query: `?token=${encodeURIComponent(await unsubscribeToken(t.deps.secret, client.user.id, "proposalReceived"))}`,
      expect: 200,
    });
    await call("GET /me/export", c, { expect: 200 });
    // Profile photo: an upload with purpose avatar (the files API, outside this document) becomes the photo.
    const square = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const avatar = await uploadFile({ db: t.database.db, files: t.deps.files }, client.user, { name: "me.png", bytes: square, purpose: "avatar" });
    await call("PUT /me/photo", c, { body: { fileId: avatar.id }, expect: 200 });
    await call("DELETE /me/photo", c, { expect: 204 });
    await call("DELETE /me", c, { body: { password: TEST_PASSWORD }, expect: 403 });

    // Trust and safety: reports, the moderators' routes (refused to a client), a client's record.
    await call("GET /users/{id}/reportable", c, { params: { id: dev2.user.id }, expect: 200 });
    await call("POST /users/{id}/reports", c, { params: { id: dev2.user.id }, body: { reason: "Spam or scam", details: "Testing the report" }, expect: 201 });
    const thread = await call("GET /conversations/{id}/messages", c, { params: { id: conversationId }, expect: 200 });
    const fromDev = (thread.messages as Array<{ id: string; senderId: string }>).find((m) => m.senderId === dev.user.id)!;
    await call("GET /messages/{id}/reportable", c, { params: { id: fromDev.id }, expect: 200 });
    await call("POST /messages/{id}/reports", c, { params: { id: fromDev.id }, body: { reason: "Spam or scam" }, expect: 201 });
    await call("GET /messages/{id}/reportable", c, { params: { id: fromDev.id }, expect: 409 });
    await call("GET /moderation/reports", c, { expect: 403 });
    await call("POST /moderation/reports/{id}/actions", c, {
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: { action: "dismiss", reason: "Not a moderator" },
      expect: 403,
    });
    await call("GET /moderation/log", c, { expect: 403 });
    await call("GET /moderation/in-effect", c, { expect: 403 });
    await call("GET /clients/{id}", d, { params: { id: client.user.id }, expect: 200 });
    const extra = await call("POST /conversations/{id}/messages", d, { params: { id: conversationId }, body: { body: "Sent by mistake" }, expect: 201 });
    await call("DELETE /messages/{id}", d, { params: { id: (extra.message as { id: string }).id }, expect: 204 });

    // Blocking: the client blocks dev2 (who may then not message them), lists and lifts the block.
    await call("PUT /users/{id}/block", c, { params: { id: dev2.user.id }, expect: 200 });
    await call("GET /me/blocks", c, { expect: 200 });
    await call("POST /conversations", d2, { body: { to: client.user.id, body: "Hello?" }, expect: 403 });
    await call("DELETE /users/{id}/block", c, { params: { id: dev2.user.id }, expect: 204 });

    // Saved searches and job alerts.
    const saved = await call("POST /me/saved-searches", d, { body: { filters: { category: "Education" }, alert: "instant" }, expect: 201 });
    const savedId = (saved.savedSearch as { id: string }).id;
    await call("GET /me/saved-searches", d, { expect: 200 });
    await call("PATCH /me/saved-searches/{id}", d, { params: { id: savedId }, body: { alert: "daily" }, expect: 200 });
    await call("DELETE /me/saved-searches/{id}", d, { params: { id: savedId }, expect: 204 });

    // The wizard's draft.
    await call("PUT /me/project-draft", c, { body: { step: 1, values: { title: "Half-written idea" } }, expect: 200 });
    await call("PUT /me/project-draft", c, { body: { step: 7 }, expect: 400 });
    await call("GET /me/project-draft", c, { expect: 200 });
    await call("DELETE /me/project-draft", c, { expect: 204 });

    // Invitations and favourites (a new open project: p1 was hired and released, dev proposed there).
    const p5 = await newProject("Spaza stock app for Soweto shops");
    await call("POST /developers/{id}/invitations", c, { params: { id: dev2.user.id }, body: { projectId: p5 }, expect: 201 });
    await call("POST /developers/{id}/invitations", c, { params: { id: dev2.user.id }, body: { projectId: p5 }, expect: 409 });
    await call("GET /me/invitations", d2, { expect: 200 });
    await call("PUT /me/saved-projects/{id}", d, { params: { id: p5 }, expect: 200 });
    await call("GET /me/saved-projects", d, { expect: 200 });
    await call("DELETE /me/saved-projects/{id}", d, { params: { id: p5 }, expect: 200 });
    await call("PUT /me/saved-developers/{id}", c, { params: { id: dev.user.id }, expect: 200 });
    await call("GET /me/saved-developers", c, { expect: 200 });
    await call("DELETE /me/saved-developers/{id}", c, { params: { id: dev.user.id }, expect: 200 });

    // A provider's webhook without its signature changes nothing.
    await call("POST /payments/webhooks/{provider}", d, { params: { provider: "test" }, body: { event: "charge.success" }, expect: 401 });

    // The event stream answers as documented (not JSON: status and type only).
    const stream = await t.app.request("/api/v1/events", { headers: { authorization: `Bearer ${d}` } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(doc.paths["/events"]!.get!.responses["200"]!.content!["text/event-stream"]).toBeDefined();
    await stream.body?.cancel();
    covered.add("GET /events");

    expect(documented().filter((k) => !covered.has(k))).toEqual([]);
  });
});
