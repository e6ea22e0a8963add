/**
 * Bad input that used to answer 500 (docs/security.md): NUL and other control characters in
 * names, titles, messages and paths (PostgreSQL refuses NUL in text), numbers beyond an integer
 * column. Each is refused with a 4xx and a field message, and writes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../server/auth/accounts";
import { changeName } from "../../server/auth/settings";
import { contracts, messages, milestoneChanges, projects, proposals, users } from "../../server/db/schema";
import { proposeMilestoneChange } from "../../server/payments/changes";
import { paymentsDeps } from "../../server/payments/service";
import { ValidationError } from "../../server/errors";
import { PAGE_BODY_MAX } from "../../server/http/app";
import { startConversation } from "../../server/messages/service";
import { developerProfileSchema, messageSchema, projectSchema, proposalSchema } from "../../shared/schemas";
import { APP_URL, createTestApp, TEST_PASSWORD, type TestApp } from "../support/app";
import { DB_KINDS } from "../support/db";
import { makeHire, makeProject, proposalBody } from "../support/factories";
import { projectInput } from "../support/fixtures";

describe.each(DB_KINDS)("bad input on %s", (kind) => {
  let t: TestApp;
  let client: Awaited<ReturnType<TestApp["signUp"]>>;
  let developer: Awaited<ReturnType<TestApp["signUp"]>>;
  let conversationId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    client = await t.signUp({ email: "bad-client@example.co.za", name: "Bad Input Client" });
    developer = await t.signUp({ email: "bad-dev@example.co.za", name: "Bad Input Developer", userType: "developer" });
    conversationId = (await startConversation(t.database.db, developer.user, { to: client.user.id, body: "Hello" })).conversation.id;
  });
  afterAll(() => t?.close());

  const call = async (method: string, path: string, body?: unknown, cookie = client.cookie): Promise<Response> =>
    t.app.request(path, {
      method,
      headers: { origin: APP_URL, cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const count = async (table: typeof users | typeof projects | typeof messages) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it("refuses NUL and control characters in names with the field's message", async () => {
    const before = await count(users);
    for (const name of ["Nal\u0000edi", "Naledi\u0007", "Naledi\tKhumalo", "Naledi\nKhumalo", "\u0085Naledi"]) {
      const err = await registerAccount(
        t.deps.auth,
        { userType: "client", name, email: "nul@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: true },
        new Headers({ origin: APP_URL }),
      ).catch((e: unknown) => e);
      expect(err, JSON.stringify(name)).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toEqual({ name: "Name cannot contain control characters" });
      await expect(changeName(t.database.db, client.user, { name })).rejects.toMatchObject({ fields: { name: "Name cannot contain control characters" } });
    }
    expect(await count(users)).toBe(before);
    const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, client.user.id));
    expect(row!.name).toBe("Bad Input Client");
  });

  it("refuses NUL in project titles, descriptions, features and skills with a 400", async () => {
    const before = await count(projects);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: "Spaza shop\u0000 stock app" }, { title: "Title cannot contain control characters" }],
      [{ description: `${"An offline stock app for spaza shops. ".repeat(3)}\u0000` }, { description: "Description cannot contain control characters" }],
      [{ features: ["Stock\u0000"] }, { "features.0": "A feature cannot contain control characters" }],
      [{ skills: ["Flut\u0000ter"] }, { "skills.0": "A skill cannot contain control characters" }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await call("POST", "/api/v1/projects", projectInput(overrides as never));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(fields);
    }
    expect(await count(projects)).toBe(before);
    // Line breaks and tabs stay allowed where text has several lines.
    const multiline = await call(
      "POST",
      "/api/v1/projects",
      projectInput({ description: `Line one of the description\r\n\tand an indented second line, long enough.` }),
    );
    expect(multiline.status).toBe(201);
  });

  it("refuses NUL in messages but keeps line breaks", async () => {
    const before = await count(messages);
    const res = await call("POST", `/api/v1/conversations/${conversationId}/messages`, { body: "hi\u0000there" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { body: "Message cannot contain control characters" } } });
    const started = await call("POST", "/api/v1/conversations", { to: developer.user.id, body: "\u0000" });
    expect(started.status).toBe(400);
    expect(await count(messages)).toBe(before);
    const ok = await call("POST", `/api/v1/conversations/${conversationId}/messages`, { body: "Line one\nLine two\twith a tab" });
    expect(ok.status).toBe(201);
  });

  it("answers 404 to a path id that is not an id (NUL included)", async () => {
    for (const path of [
      "/api/v1/developers/a%00b",
      "/api/v1/developers/%00/reviews",
      "/api/v1/developers/..%2F..",
      "/api/v1/projects/%00",
      "/api/v1/proposals/%00",
      "/api/v1/conversations/%00/messages",
      "/api/v1/projects/not-a-uuid/proposals",
    ]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
    }
    const read = await call("POST", "/api/v1/notifications/%00/read");
    expect(read.status).toBe(404);
  });

  it("refuses a page form post over 1 MB with 413 before any page reads it, sized or streamed; the JSON API keeps its 100 KB", async () => {
    const form = (size: number) => `name=Thandi&email=thandi%40example.co.za&message=${"x".repeat(size)}`;
    const post = (path: string, body: string | ReadableStream, headers: Record<string, string> = {}) =>
      t.app.request(path, {
        method: "POST",
        headers: { origin: APP_URL, "content-type": "application/x-www-form-urlencoded", ...headers },
        body,
        ...(typeof body === "string" ? {} : { duplex: "half" }),
      } as RequestInit);
    const huge = form(PAGE_BODY_MAX);
    const sized = await post("/support", huge, { "content-length": String(huge.length) });
    expect(sized.status).toBe(413);
    expect(await sized.text()).toBe("The form is larger than 1 MB");
    // No length announced (chunked): counted as it arrives, refused once past the limit.
    const chunks = Array.from({ length: 20 }, () => new TextEncoder().encode("x".repeat(64 * 1024)));
    const streamed = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    expect((await post("/register", streamed)).status).toBe(413);
    // Signed in too, on any page path; a form under the limit passes it (no page here: 404).
    expect((await post("/profile", huge, { cookie: client.cookie })).status).toBe(413);
    expect((await post("/support", form(PAGE_BODY_MAX - 200))).status).toBe(404);
    expect((await call("POST", "/api/v1/projects", { ...projectInput(), description: "d".repeat(200 * 1024) })).status).toBe(413);
  });

  it("refuses money and ratings of the wrong type (true, a list, hex, an exponent) with the field's message, writing nothing", async () => {
    const project = await makeProject(t.database.db, client.user);
    const hire = await makeHire(t.domain);
    const [contract] = await t.database.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.projectId, hire.project.id));
    const before = {
      proposals: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(proposals))[0]!.n,
      changes: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(milestoneChanges))[0]!.n,
    };
    for (const price of [true, [18000], "0x4650", "1.8e4", { rand: 18000 }]) {
      const res = await call("POST", `/api/v1/projects/${project.id}/proposals`, proposalBody(18000, { price }), developer.cookie);
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields, JSON.stringify(price)).toEqual({
        price: "Price must be a number",
      });
    }
    for (const amount of [true, [7], "0x10", "1e3"]) {
      await expect(
        proposeMilestoneChange(paymentsDeps(t.deps), hire.client, contract!.id, { title: "Extra screens", amount }),
        JSON.stringify(amount),
      ).rejects.toMatchObject({
        fields: { amount: "Amount must be a number" },
      });
    }
    const review = await call("POST", `/api/v1/projects/${project.id}/reviews`, { rating: true, comment: "A comment long enough to be a review." });
    expect(((await review.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ rating: "Please choose a rating" });
    expect(developerProfileSchema.safeParse({ hourlyRate: true }).error?.issues[0]?.message).toBe("Hourly rate must be a number");
    // Numbers typed into forms are text: still read, with their own messages.
    expect(proposalSchema.safeParse(proposalBody(18000, { price: " 18000 " })).success).toBe(true);
    // An empty price asks for one, instead of being read as R0 and refused as under R500.
    expect(proposalSchema.safeParse(proposalBody(18000, { price: "" })).error?.issues[0]?.message).toBe("Please enter your price");
    expect(proposalSchema.safeParse(proposalBody(18000, { price: "1200.5" })).error?.issues[0]?.message).toBe("Price must be a whole number of rand");
    expect({
      proposals: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(proposals))[0]!.n,
      changes: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(milestoneChanges))[0]!.n,
    }).toEqual(before);
  });

  it("answers 400 to numbers and text beyond what a query accepts", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [`/api/v1/conversations/${conversationId}/messages?cursor=1e10`, { cursor: "Invalid cursor" }],
      [`/api/v1/conversations/${conversationId}/messages?after=2147483648`, { after: "Invalid cursor" }],
      ["/api/v1/proposals?status=%00", { status: "Unknown proposal status" }],
      ["/api/v1/proposals?status=bogus", { status: "Unknown proposal status" }],
      ["/api/v1/projects?search=%00", { search: "Search cannot contain control characters" }],
      ["/api/v1/developers?skills=Flut%00ter", { "skills.0": "A skill cannot contain control characters" }],
      ["/api/v1/notifications?cursor=%00", { cursor: "Invalid cursor" }],
      // A proposal count past int4 in a most_proposals cursor (PostgreSQL would refuse the comparison).
      [
        `/api/v1/projects?sortBy=most_proposals&cursor=${Buffer.from(JSON.stringify([2147483648, "2026-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"])).toString("base64url")}`,
        { cursor: "Invalid cursor" },
      ],
    ];
    for (const [path, fields] of cases) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields, path).toEqual(fields);
    }
  });

  it("answers 400 to a forged list cursor the database would refuse (NUL in text, a year before 1, 30 February)", async () => {
    const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
    for (const path of [
      `/api/v1/developers?cursor=${cursor([4.5, "a\u0000b"])}`,
      `/api/v1/developers?sortBy=hourlyRate&cursor=${cursor([500, "a\u0000b"])}`,
      `/api/v1/projects?cursor=${cursor(["-000001-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"])}`,
      `/api/v1/notifications?cursor=${cursor(["+275760-09-13T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"])}`,
      `/api/v1/projects?cursor=${cursor(["2026-02-30T00:00:00Z", "00000000-0000-4000-8000-000000000000"])}`,
    ]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ error: { fields: { cursor: "Invalid cursor" } } });
    }
  });

  it("shared schemas: the same messages in the browser's forms", () => {
    expect(messageSchema.safeParse({ body: "a\u0000" }).error?.issues[0]?.message).toBe("Message cannot contain control characters");
    expect(projectSchema.safeParse(projectInput({ title: "Title\u0007 here" })).error?.issues[0]?.message).toBe("Title cannot contain control characters");
    expect(developerProfileSchema.safeParse({ bio: "Line\nbreaks\tare fine" }).success).toBe(true);
    expect(developerProfileSchema.safeParse({ portfolio: [{ id: "x\u0000", title: "App" }] }).success).toBe(false);
  });
});
