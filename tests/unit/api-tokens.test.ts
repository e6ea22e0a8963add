/**
 * Personal API tokens (server/tokens/service.ts, docs/product.md "Personal API tokens"): created
 * with a name and shown once, stored as a hash, listed and revoked by their owner only; /api/v1
 * accepts `Authorization: Bearer <token>` as the owner (the owner's data only, no account
 * deletion); a bad, revoked or malformed token is 401; each token is rate limited.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../server/db/schema";
import { createApiToken, createTokenAuthenticator, listApiTokens, revokeApiToken } from "../../server/tokens/service";
import { MAX_API_TOKENS } from "../../shared/schemas";
import { apiClient, json } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeClient, makeDeveloper, makeProject } from "../support/factories";

describe.each(DB_KINDS)("personal API tokens (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    apiClient(t.app)(method, path, { origin: null, body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("is shown once, stored hashed, and lets a script act as its owner on the owner's data only", async () => {
    const owner = await makeClient(t.deps.db);
    const other = await makeClient(t.deps.db);
    const mine = await makeProject(t.deps.db, owner);
    const theirs = await makeProject(t.deps.db, other);
    const { token, apiToken } = await createApiToken(t.domain, owner, { name: "  Invoicing script " });
    expect(token).toMatch(/^bza_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: "Invoicing script", prefix: token.slice(0, 8), lastUsedAt: null });
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(JSON.stringify(await listApiTokens(t.deps.db, owner))).not.toContain(token.slice(4));

    // A script (no Origin, no cookie) writes as the owner.
    const edited = await call("PATCH", `/api/v1/projects/${mine.id}`, token, { title: "Spaza stock app, second phase" });
    expect(edited.status).toBe(200);
    expect((await json<{ project: { title: string } }>(edited)).project.title).toBe("Spaza stock app, second phase");
    // ...and nobody else's data.
    expect((await call("PATCH", `/api/v1/projects/${theirs.id}`, token, { title: "Taken over by a token" })).status).toBe(403);
    const exported = await json<{ account: { email: string } }>(await call("GET", "/api/v1/me/export", token));
    expect(exported.account.email).toBe(owner.email);
    expect((await listApiTokens(t.deps.db, owner))[0]!.lastUsedAt).not.toBeNull();
    // A token cannot delete the account.
    expect((await call("DELETE", "/api/v1/me", token, { password: "whatever" })).status).toBe(403);
    // Without a token the same write is 401.
    expect((await call("PATCH", `/api/v1/projects/${mine.id}`, null, { title: "No token at all" })).status).toBe(401);
  });

  it("refuses unknown, malformed and revoked tokens; only the owner revokes", async () => {
    const owner = await makeDeveloper(t.deps.db);
    const other = await makeDeveloper(t.deps.db);
    const { token, apiToken } = await createApiToken(t.domain, owner, { name: "Phone app" });
    expect((await call("GET", "/api/v1/proposals", token)).status).toBe(200);
    for (const bad of [`bza_${"A".repeat(43)}`, "not-a-token", `${token}x`]) {
      const res = await call("GET", "/api/v1/proposals", bad);
      expect(res.status, bad).toBe(401);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("unauthorized");
    }
    const basic = await apiClient(t.app)("GET", "/api/v1/proposals", { origin: null, headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(401);
    // Public reads with a bad token are refused too: a script learns its token is wrong.
    expect((await call("GET", "/api/v1/projects", "not-a-token")).status).toBe(401);

    await expect(revokeApiToken(t.deps.db, other, apiToken.id)).rejects.toMatchObject({ status: 404 });
    expect((await call("GET", "/api/v1/proposals", token)).status).toBe(200);
    await revokeApiToken(t.deps.db, owner, apiToken.id);
    expect((await call("GET", "/api/v1/proposals", token)).status).toBe(401);
    await expect(revokeApiToken(t.deps.db, owner, apiToken.id)).rejects.toMatchObject({ status: 404 });
    await expect(revokeApiToken(t.deps.db, owner, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });

  it("validates names, caps the number of tokens, and rate limits each token", async () => {
    const owner = await makeClient(t.deps.db);
    await expect(createApiToken(t.domain, owner, { name: "" })).rejects.toMatchObject({ status: 400, fields: { name: "Token name is required" } });
    await expect(createApiToken(t.domain, owner, { name: "x".repeat(61) })).rejects.toMatchObject({ status: 400 });
    await expect(createApiToken(t.domain, owner, { name: "bad\u0000name" })).rejects.toMatchObject({ status: 400 });
    await expect(createApiToken(t.domain, null, { name: "Anon" })).rejects.toMatchObject({ status: 401 });
    const made = [];
    for (let i = 0; i < MAX_API_TOKENS; i++) made.push(await createApiToken(t.domain, owner, { name: `Token ${i}` }));
    await expect(createApiToken(t.domain, owner, { name: "One too many" })).rejects.toMatchObject({ status: 409 });

    const limited = createTokenAuthenticator(t.deps.db, 2);
    await limited.authenticate(made[0]!.token);
    await limited.authenticate(made[0]!.token);
    await expect(limited.authenticate(made[0]!.token)).rejects.toMatchObject({ status: 429 });
    // Another token of the same owner has its own count.
    await expect(limited.authenticate(made[1]!.token)).resolves.toMatchObject({ id: owner.id });
  });
});
