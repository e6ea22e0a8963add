import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../server/db/schema";
import { apiClient, type CallOptions } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("JSON API /api/v1/projects on %s", (kind) => {
  let t: TestApp;
  let ownerCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ownerCookie = (await t.signUp({ email: "api-owner@example.co.za" })).cookie;
    otherCookie = (await t.signUp({ email: "api-other@example.co.za" })).cookie;
  });
  afterAll(() => t?.close());

  const call = (method: string, path: string, options: CallOptions = {}) => apiClient(t.app)(method, path, options);
  const rows = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(projects))[0]!.n;

  it("creates, reads, updates and deletes a project for its owner", async () => {
    const created = await call("POST", "/api/v1/projects", { body: projectInput(), cookie: ownerCookie });
    expect(created.status).toBe(201);
    const { project } = (await created.json()) as { project: { id: string; budgetMin: number } };
    expect(project.budgetMin).toBe(15000);

    const got = await call("GET", `/api/v1/projects/${project.id}`);
    expect(got.status).toBe(200);

    const patched = await call("PATCH", `/api/v1/projects/${project.id}`, { body: { title: "A better title" }, cookie: ownerCookie });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { project: { title: string } }).project.title).toBe("A better title");

    const list = (await (await call("GET", "/api/v1/projects?search=better")).json()) as { projects: Array<{ id: string }>; total: number };
    expect(list.projects.map((p) => p.id)).toContain(project.id);

    expect((await call("DELETE", `/api/v1/projects/${project.id}`, { cookie: ownerCookie })).status).toBe(204);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).status).toBe(404);
  });

  it("answers 401 without a session and 403 for another user, changing nothing", async () => {
    const { project } = (await (await call("POST", "/api/v1/projects", { body: projectInput({ title: "Guarded project" }), cookie: ownerCookie })).json()) as {
      project: { id: string };
    };
    const before = await rows();
    const anon = await call("POST", "/api/v1/projects", { body: projectInput() });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue" } });

    const patch = await call("PATCH", `/api/v1/projects/${project.id}`, { body: { title: "Stolen title" }, cookie: otherCookie });
    expect(patch.status).toBe(403);
    expect(((await patch.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect((await call("PUT", `/api/v1/projects/${project.id}`, { body: projectInput(), cookie: otherCookie })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/projects/${project.id}`, { cookie: otherCookie })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/projects/${project.id}`)).status).toBe(401);
    expect(await rows()).toBe(before);
    const still = (await (await call("GET", `/api/v1/projects/${project.id}`)).json()) as { project: { title: string } };
    expect(still.project.title).toBe("Guarded project");
  });

  it("refuses bad input with the field's message and a 4xx, never a 500, writing nothing", async () => {
    const before = await rows();
    const cases: Array<{ body: string | object; status: number; fields?: Record<string, string>; type?: string }> = [
      { body: "{not json", status: 400, fields: { _body: "The body is not valid JSON" } },
      { body: "[]", status: 400 },
      { body: "null", status: 400 },
      { body: "42", status: 400 },
      { body: {}, status: 400, fields: { title: "Project title is required", platform: "Please select a platform" } },
      { body: projectInput({ title: "abc" }), status: 400, fields: { title: "Title must be at least 5 characters" } },
      { body: projectInput({ description: "short" }), status: 400, fields: { description: "Description must be at least 50 characters" } },
      { body: { ...projectInput(), budgetRange: 15000 }, status: 400, fields: { budgetRange: "Please select a budget range" } },
      { body: { ...projectInput(), skills: "React" }, status: 400, fields: { skills: "Skills must be a list" } },
      { body: { ...projectInput(), features: [1, 2] }, status: 400, fields: { "features.0": "Each feature must be text" } },
      { body: projectInput({ description: "y".repeat(20_000) }), status: 400, fields: { description: "Description must be at most 5000 characters" } },
      { body: "x".repeat(200_000), status: 413 },
      { body: "title=Hello", status: 415, type: "application/x-www-form-urlencoded" },
    ];
    for (const c of cases) {
      const res = await call("POST", "/api/v1/projects", { body: c.body, cookie: ownerCookie, type: c.type });
      expect(res.status, JSON.stringify(c.body).slice(0, 60)).toBe(c.status);
      const json = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
      expect(typeof json.error.message).toBe("string");
      if (c.fields) expect(json.error.fields).toMatchObject(c.fields);
    }
    expect(await rows()).toBe(before);
  });

  it("validates list queries and cursors with 400s", async () => {
    for (const q of [
      "cursor=abc",
      "cursor=eyJ4IjoxfQ",
      "sortBy=price",
      "category=Gaming",
      "platform=desktop",
      "budgetMin=-5",
      "budgetMax=1e99",
      "limit=0",
      `search=${"a".repeat(500)}`,
    ]) {
      const res = await call("GET", `/api/v1/projects?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
    const ok = await call("GET", "/api/v1/projects?category=&platform=&skills=&sortBy=");
    expect(ok.status).toBe(200);
  });

  it("pages with nextCursor and answers 404 for unknown projects and endpoints", async () => {
    for (let i = 0; i < 3; i++) await call("POST", "/api/v1/projects", { body: projectInput({ title: `Paged project ${i}` }), cookie: ownerCookie });
    const first = (await (await call("GET", "/api/v1/projects?limit=2")).json()) as { projects: Array<{ id: string }>; nextCursor: string; hasMore: boolean };
    expect(first.projects).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = (await (await call("GET", `/api/v1/projects?limit=2&cursor=${first.nextCursor}`)).json()) as { projects: Array<{ id: string }> };
    expect(second.projects.map((p) => p.id)).not.toContain(first.projects[0]!.id);
    expect((await call("GET", "/api/v1/projects/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call("GET", "/api/v1/projects/xyz")).status).toBe(404);
    const unknown = await call("GET", "/api/v1/nothing");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("refuses cookie-authenticated writes from another origin", async () => {
    const before = await rows();
    const res = await call("POST", "/api/v1/projects", { body: projectInput(), cookie: ownerCookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await rows()).toBe(before);
  });
});
