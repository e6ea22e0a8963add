/**
 * Idempotent creates (docs/security.md, Idempotency): a retry with the same Idempotency-Key gets
 * the first answer instead of a duplicate, on the API and on the forms; a write that never
 * committed leaves nothing behind, so its retry runs afresh.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as newProjectRoute from "../../app/routes/projects.new";
import { idempotencyKeys, messages, projects } from "../../server/db/schema";
import { createProject } from "../../server/projects/service";
import { canonicalJson, runIdempotent } from "../../server/idempotency/service";
import { apiClient, json } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

describe("canonicalJson", () => {
  it("sorts object keys at every depth and keeps arrays in their order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: 1, x: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"x":2,"y":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson({ list: [1, 2] })).not.toBe(canonicalJson({ list: [2, 1] }));
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
    expect(canonicalJson("text")).toBe('"text"');
  });
});

describe.each(DB_KINDS)("idempotent creates on %s", (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<TestApp["signUp"]>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = await t.signUp({ email: `idem-${kind}@example.co.za`, name: "Idem Client" });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const projectsTitled = async (title: string) => (await db().select({ id: projects.id }).from(projects).where(eq(projects.title, title))).length;
  const post = (path: string, body: unknown, key?: string) =>
    apiClient(t.app)("POST", path, { cookie: me.cookie, body, headers: key ? { "idempotency-key": key } : {} });

  it("a retried API create with the same key returns the first answer and creates one project", async () => {
    const body = projectInput({ title: "Retried project" });
    const first = await post("/api/v1/projects", body, "key-retried-project-1");
    const again = await post("/api/v1/projects", body, "key-retried-project-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const [a, b] = [await json<{ project: { id: string } }>(first), await json<{ project: { id: string } }>(again)];
    expect(b.project.id).toBe(a.project.id);
    expect(await projectsTitled("Retried project")).toBe(1);
    // Without a key every POST is its own create, as before.
    await post("/api/v1/projects", projectInput({ title: "No key project" }));
    await post("/api/v1/projects", projectInput({ title: "No key project" }));
    expect(await projectsTitled("No key project")).toBe(2);
  });

  it("concurrent requests with one key create one project and all get its answer", async () => {
    const body = projectInput({ title: "Concurrent key project" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post("/api/v1/projects", body, "key-concurrent-0001")));
    const ids = new Set<string>();
    for (const res of answers) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 201) ids.add((await json<{ project: { id: string } }>(res)).project.id);
    }
    expect(ids.size).toBe(1);
    expect(await projectsTitled("Concurrent key project")).toBe(1);
  });

  it("refuses a reused key for a different request (422) and a malformed key (400), writing nothing", async () => {
    await post("/api/v1/projects", projectInput({ title: "Original request" }), "key-reused-000001");
    const other = await post("/api/v1/projects", projectInput({ title: "A different request" }), "key-reused-000001");
    expect(other.status).toBe(422);
    expect((await json<{ error: { code: string } }>(other)).error.code).toBe("idempotency_key_reused");
    const bad = await post("/api/v1/projects", projectInput({ title: "Bad key request" }), "short");
    expect(bad.status).toBe(400);
    expect(await projectsTitled("A different request")).toBe(0);
    expect(await projectsTitled("Bad key request")).toBe(0);
  });

  it("replays a refusal too (the same bad input gets the same 400), and writes nothing", async () => {
    const bad = { ...projectInput({ title: "Bad" }) };
    const first = await post("/api/v1/projects", bad, "key-bad-input-0001");
    const again = await post("/api/v1/projects", bad, "key-bad-input-0001");
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(await again.text()).toBe(await first.text());
    expect(await projectsTitled("Bad")).toBe(0);
  });

  it("the same request with its fields in another order is a retry, not a different request (API and forms)", async () => {
    const body = projectInput({ title: "Reordered project" });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(body));
    const first = await post("/api/v1/projects", body, "key-reordered-api-1");
    const again = await post("/api/v1/projects", reordered, "key-reordered-api-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await projectsTitled("Reordered project")).toBe(1);

    const { idempotencyKey } = (await newProjectRoute.loader({
      request: new Request(`${APP_URL}/projects/new`),
      context: { deps: t.deps, user: me.user },
      params: {},
    } as never)) as { idempotencyKey: string };
    const submit = (fields: Record<string, unknown>) =>
      newProjectRoute.action({
        request: new Request(`${APP_URL}/projects/new`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(fields),
        }),
        context: { deps: t.deps, user: me.user },
        params: {},
      } as never) as Promise<Response>;
    const form = { ...projectInput({ title: "Reordered form project" }), idempotencyKey };
    const a = await submit(form);
    const b = await submit(Object.fromEntries(Object.entries(form).reverse()));
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(await projectsTitled("Reordered form project")).toBe(1);
    // Another value under the key is still another request.
    const other = (await submit({ ...form, title: "Another form project" })) as unknown as { init: { status: number } };
    expect(other.init.status).toBe(422);
    expect(await projectsTitled("Another form project")).toBe(0);
  });

  it("a create that died before committing leaves no project and no key: the retry creates exactly one", async () => {
    const key = { userId: me.user.id, key: "key-died-midway-01", scope: "POST /api/v1/projects", fingerprint: "f" };
    await expect(
      runIdempotent(db(), key, async (tx) => {
        await createProject(tx, me.user, projectInput({ title: "Died midway" }));
        throw new Error("instance killed");
      }),
    ).rejects.toThrow("instance killed");
    expect(await projectsTitled("Died midway")).toBe(0);
    expect((await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "key-died-midway-01"))).length).toBe(0);
    const retry = await runIdempotent(db(), key, async (tx) => {
      const p = await createProject(tx, me.user, projectInput({ title: "Died midway" }));
      return { status: 201, body: JSON.stringify({ id: p.id }) };
    });
    expect(retry.replayed).toBe(false);
    expect(await projectsTitled("Died midway")).toBe(1);
  });

  it("a message sent twice with its key is posted once", async () => {
    const other = await t.signUp({ email: `idem-other-${kind}@example.co.za`, name: "Other" });
    const start = await post("/api/v1/conversations", { to: other.user.id, body: "Hello once" }, "key-first-message-1");
    const startAgain = await post("/api/v1/conversations", { to: other.user.id, body: "Hello once" }, "key-first-message-1");
    expect(startAgain.headers.get("idempotent-replayed")).toBe("true");
    const { conversation } = await json<{ conversation: { id: string } }>(start);
    await post(`/api/v1/conversations/${conversation.id}/messages`, { body: "Only one of me" }, "key-second-message-1");
    await post(`/api/v1/conversations/${conversation.id}/messages`, { body: "Only one of me" }, "key-second-message-1");
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    expect(row!.n).toBe(2);
  });

  it("the project form sends its key: submitting it twice creates one project and both go to it", async () => {
    const { idempotencyKey } = (await newProjectRoute.loader({
      request: new Request(`${APP_URL}/projects/new`),
      context: { deps: t.deps, user: me.user },
      params: {},
    } as never)) as { idempotencyKey: string };
    const submit = () =>
      newProjectRoute.action({
        request: new Request(`${APP_URL}/projects/new`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...projectInput({ title: "Double-tapped project" }), idempotencyKey }),
        }),
        context: { deps: t.deps, user: me.user },
        params: {},
      } as never) as Promise<Response>;
    const [a, b] = [await submit(), await submit()];
    expect(a.status).toBe(302);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(a.headers.get("location")).toMatch(/^\/projects\/[0-9a-f-]{36}$/);
    expect(await projectsTitled("Double-tapped project")).toBe(1);
  });
});
