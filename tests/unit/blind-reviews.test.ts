/**
 * Blind reviews (docs/product.md, Trust and safety), through the API: the first reviewer's stars
 * and words are in no page data, API answer or notice the other side can read until the second
 * review is written or the blind window (BLIND_REVIEW_DAYS after completion) ends.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/context";
import { reviews } from "../../server/db/schema";
import { completeProject } from "../../server/projects/lifecycle";
import { acceptProposal } from "../../server/proposals/service";
import { publishDueReviews } from "../../server/reviews/blind";
import { ownReview } from "../../server/reviews/service";
import { REVIEW_WINDOW_DAYS } from "../../shared/constants";
import { BLIND_REVIEW_DAYS } from "../../shared/constants";
import { apiClient, json, type CallOptions } from "../support/api";
import { createTestApp, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeProject, makeProposal } from "../support/factories";

type Who = { cookie: string; user: SessionUser };

describe.each(DB_KINDS)("blind reviews on %s", (kind) => {
  let t: TestApp;
  let n = 0;
  const call = (method: string, path: string, options: CallOptions = {}) => apiClient(t.app)(method, path, options);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A client and a developer signed in, with a completed project between them. */
  async function completedHire(): Promise<{ client: Who; developer: Who; projectId: string }> {
    n++;
    const client = await t.signUp({ email: `blind-client-${n}@example.co.za`, name: `Nomsa Client ${"x".repeat(n)}` });
    const developer = await t.signUp({ email: `blind-dev-${n}@example.co.za`, name: `Bongani Dev ${"x".repeat(n)}`, userType: "developer" });
    await call("PUT", "/api/v1/me/developer-profile", { cookie: developer.cookie, body: { title: "Flutter developer", skills: ["Flutter"] } });
    const project = await makeProject(t.database.db, client.user);
    const proposal = await makeProposal(t.domain, project, developer.user);
    await acceptProposal(t.domain, client.user, proposal.id);
    await completeProject(t.domain, client.user, project.id);
    return { client, developer, projectId: project.id };
  }

  /** Everything `who` can read about the developer and the project, as one string. */
  async function everythingVisibleTo(who: Who, developerId: string, projectId: string): Promise<string> {
    const paths = [
      `/api/v1/developers/${developerId}`,
      `/api/v1/developers/${developerId}/reviews`,
      `/api/v1/developers?search=Bongani`,
      `/api/v1/projects/${projectId}`,
      "/api/v1/notifications",
      "/api/v1/me/export",
    ];
    const answers = await Promise.all(paths.map(async (p) => `${p} ${await (await call("GET", p, { cookie: who.cookie })).text()}`));
    return answers.join("\n");
  }

  it("hides the first review (stars, words, rating) from the other side until the second review", async () => {
    const { client, developer, projectId } = await completedHire();
    const first = await call("POST", `/api/v1/projects/${projectId}/reviews`, {
      cookie: client.cookie,
      body: { rating: 2, comment: "Missed every deadline quokka-marker" },
    });
    expect(first.status).toBe(201);

    const seen = await everythingVisibleTo(developer, developer.user.id, projectId);
    expect(seen).not.toContain("quokka-marker");
    expect(seen).not.toMatch(/2 stars|"rating":2\b/);
    const profile = await json<{ developer: { rating: number; reviewCount: number }; reviews: unknown[] }>(
      await call("GET", `/api/v1/developers/${developer.user.id}`, { cookie: developer.cookie }),
    );
    expect(profile.developer).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(profile.reviews).toEqual([]);
    // Nor can anyone else read it.
    expect(await (await call("GET", `/api/v1/developers/${developer.user.id}/reviews`)).text()).not.toContain("quokka-marker");
    const notices = await json<{ notifications: Array<{ type: string; message: string }> }>(
      await call("GET", "/api/v1/notifications", { cookie: developer.cookie }),
    );
    const waiting = notices.notifications.find((x) => x.type === "review_received")!;
    expect(waiting.message).toMatch(/^A review is waiting for you/);
    expect(waiting.message).not.toMatch(/star/i);

    const second = await call("POST", `/api/v1/projects/${projectId}/reviews`, {
      cookie: developer.cookie,
      body: { rating: 5, comment: "Clear brief and quick payments, okapi-marker" },
    });
    expect(second.status).toBe(201);
    const after = await json<{ developer: { rating: number; reviewCount: number }; reviews: Array<{ comment: string; rating: number }> }>(
      await call("GET", `/api/v1/developers/${developer.user.id}`, { cookie: developer.cookie }),
    );
    expect(after.developer).toMatchObject({ rating: 2, reviewCount: 1 });
    expect(after.reviews).toEqual([expect.objectContaining({ rating: 2, comment: "Missed every deadline quokka-marker" })]);
    const clientNotices = await json<{ notifications: Array<{ type: string; message: string }> }>(
      await call("GET", "/api/v1/notifications", { cookie: client.cookie }),
    );
    expect(clientNotices.notifications.find((x) => x.type === "review_received")!.message).toMatch(/Both reviews are now visible/);
    expect(JSON.stringify(clientNotices)).not.toMatch(/star/i);
  });

  it("tells each side of a completed contract only its own review: Leave a review until written, then its own stars", async () => {
    const { client, developer, projectId } = await completedHire();
    const db = t.database.db;
    const mine = await ownReview(db, client.user, projectId);
    expect(mine).toMatchObject({ role: "client", canReview: true, rating: null });
    expect(await ownReview(db, developer.user, projectId)).toMatchObject({ role: "developer", canReview: true, rating: null });
    const completedAt = new Date(mine!.until).getTime() - REVIEW_WINDOW_DAYS * 86_400_000;
    expect(Math.abs(completedAt - Date.now())).toBeLessThan(60_000);
    // After the 30 days nothing is offered.
    expect(await ownReview(db, client.user, projectId, Date.parse(mine!.until) + 1000)).toMatchObject({ canReview: false, rating: null });

    await call("POST", `/api/v1/projects/${projectId}/reviews`, {
      cookie: client.cookie,
      body: { rating: 4, comment: "Good work on the booking flow, delivered." },
    });
    expect(await ownReview(db, client.user, projectId)).toMatchObject({ canReview: false, rating: 4 });
    // The developer's own state only: the client's blind stars are not theirs to read.
    expect(await ownReview(db, developer.user, projectId)).toMatchObject({ canReview: true, rating: null });
    // Nobody else, and no project in progress, has one.
    const stranger = await t.signUp({ email: `blind-stranger-${n}@example.co.za`, name: "Stranger" });
    expect(await ownReview(db, stranger.user, projectId)).toBeNull();
    const running = await makeProject(db, client.user);
    await acceptProposal(t.domain, client.user, (await makeProposal(t.domain, running)).id);
    expect(await ownReview(db, client.user, running.id)).toBeNull();
  });

  it(`shows a lone review once the ${BLIND_REVIEW_DAYS}-day window has ended, and counts it in the rating`, async () => {
    const { client, developer, projectId } = await completedHire();
    await call("POST", `/api/v1/projects/${projectId}/reviews`, { cookie: client.cookie, body: { rating: 4, comment: "Good work overall, zebra-marker" } });
    expect(await everythingVisibleTo(developer, developer.user.id, projectId)).not.toContain("zebra-marker");
    const [row] = await t.database.db.select({ hiddenUntil: reviews.hiddenUntil }).from(reviews).where(eq(reviews.projectId, projectId));
    expect(row!.hiddenUntil!.getTime()).toBeGreaterThan(Date.now() + (BLIND_REVIEW_DAYS - 1) * 86_400_000);

    // The window ends (as if BLIND_REVIEW_DAYS passed), and the minute job publishes it.
    await t.database.db
      .update(reviews)
      .set({ hiddenUntil: new Date(Date.now() - 1000) })
      .where(eq(reviews.projectId, projectId));
    expect(await publishDueReviews(t.database.db)).toBeGreaterThanOrEqual(1);
    const after = await json<{ developer: { rating: number; reviewCount: number }; reviews: Array<{ comment: string }> }>(
      await call("GET", `/api/v1/developers/${developer.user.id}`, { cookie: developer.cookie }),
    );
    expect(after.developer).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(after.reviews.map((r) => r.comment)).toEqual(["Good work overall, zebra-marker"]);
  });

  it("hides a developer's review of the client from the client's page until the client reviews; /clients/:id shows the record", async () => {
    const { client, developer, projectId } = await completedHire();
    await call("POST", `/api/v1/projects/${projectId}/reviews`, {
      cookie: developer.cookie,
      body: { rating: 3, comment: "Slow to answer questions, kudu-marker" },
    });
    const before = await call("GET", `/api/v1/clients/${client.user.id}`, { cookie: client.cookie });
    const hidden = await json<{ client: Record<string, unknown>; reviews: unknown[] }>(before);
    expect(JSON.stringify(hidden)).not.toContain("kudu-marker");
    expect(hidden.client).toMatchObject({
      id: client.user.id,
      rating: 0,
      reviewCount: 0,
      projectsPosted: 1,
      hires: 1,
      hireRate: 100,
      completedProjects: 1,
      emailVerified: true,
      payment: { paymentMethodVerified: false, totalSpent: 0 },
    });
    expect(await (await call("GET", `/api/v1/projects/${projectId}`, { cookie: client.cookie })).text()).not.toContain("kudu-marker");

    await call("POST", `/api/v1/projects/${projectId}/reviews`, { cookie: client.cookie, body: { rating: 5, comment: "Quick and careful developer, thanks" } });
    const after = await json<{ client: { rating: number; reviewCount: number }; reviews: Array<{ comment: string; developerName: string }> }>(
      await call("GET", `/api/v1/clients/${client.user.id}`),
    );
    expect(after.client).toMatchObject({ rating: 3, reviewCount: 1 });
    expect(after.reviews).toEqual([expect.objectContaining({ comment: "Slow to answer questions, kudu-marker", developerName: developer.user.name })]);
    expect((await call("GET", "/api/v1/clients/no-such-client")).status).toBe(404);
  });
});
