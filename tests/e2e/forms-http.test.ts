/**
 * The page forms' actions validate on the server too (docs/product.md "Must hold"): posting bad input
 * straight to the routes, without the browser's checks, gets a 4xx with the field's message and
 * writes nothing; protected pages redirect to /login remembering where the user was going.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";

describe("form actions over plain HTTP", () => {
  let server: RunningServer;
  let cookie = "";

  beforeAll(async () => {
    server = await startServer(PORT_BASE + 1, { DEMO_DATA: "off" });
    const res = await fetch(`${server.url}/register`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        userType: "client",
        name: "Ayesha Patel",
        email: "ayesha@example.co.za",
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        terms: "on",
      }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => server?.stop());

  const total = async () => ((await (await fetch(`${server.url}/api/v1/projects`)).json()) as { total: number }).total;

  it("refuses bad registrations with the field's message, creating no account", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "A", email: "a@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" }, "Name must be at least 2 characters"],
      [{ name: "Ayesha", email: "ayesha@example", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" }, "Invalid email address"],
      [{ name: "Ayesha", email: "b@example.co.za", password: TEST_PASSWORD, confirmPassword: "secret124", terms: "on" }, "Passwords do not match"],
      [{ name: "Ayesha", email: "b@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, "You must accept the terms and conditions"],
      [
        { name: "Ayesha", email: "AYESHA@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" },
        "An account with this email already exists",
      ],
      [
        { name: "x".repeat(5000), email: "c@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" },
        "Name must be at most 100 characters",
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await fetch(`${server.url}/register`, { method: "POST", redirect: "manual", body: new URLSearchParams(fields) });
      expect(res.status, message).toBeGreaterThanOrEqual(400);
      expect(res.status, message).toBeLessThan(500);
      expect(await res.text()).toContain(message);
    }
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ email: "b@example.co.za", password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(401);
  });

  it("refuses bad projects from the wizard's action, writing nothing", async () => {
    const before = await total();
    for (const body of [
      '{"title":"abc"}',
      "{broken",
      '{"title":"A fine title","description":"' + "d".repeat(60) + '","platform":"mobile","budgetRange":"R1-R2","timeline":"2-4"}',
    ]) {
      const res = await fetch(`${server.url}/projects/new`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/json" },
        body,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const res = await fetch(`${server.url}/projects/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/json" },
      body: '{"title":"abc"}',
    });
    expect(await res.text()).toContain("Title must be at least 5 characters");
    expect(await total()).toBe(before);
  });

  it("refuses a form over 1 MB with 413 before reading it, creating nothing; a form under it is read and validated", async () => {
    /**
     * POSTs `body` with node:http, announcing its length: the first 64 KB at once, the rest only if
     * no answer came within a second. A server that refuses by the announced length answers before
     * reading further; sending it all first would race the server closing the connection after its
     * 413 (fetch then reports a failed request instead of the answer).
     */
    const postRaw = (path: string, body: string, headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const bytes = Buffer.from(body);
        let answered = false;
        const req = httpRequest(`${server.url}${path}`, { method: "POST", headers: { ...headers, "content-length": String(bytes.length) } }, (res) => {
          answered = true;
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, text });
            req.destroy();
          });
        });
        req.on("error", (err) => (answered ? undefined : reject(err)));
        req.write(bytes.subarray(0, 64 * 1024));
        setTimeout(() => (answered ? undefined : req.end(bytes.subarray(64 * 1024))), 1000);
      });
    const form = "application/x-www-form-urlencoded";
    const fields = { userType: "client", name: "Big Body", email: "big@example.co.za", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, terms: "on" };
    const huge = await postRaw("/register", new URLSearchParams({ ...fields, padding: "x".repeat(1024 * 1024) }).toString(), { "content-type": form });
    expect(huge).toEqual({ status: 413, text: "The form is larger than 1 MB" });
    const signIn = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ email: fields.email, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    // Half a megabyte of name: read, and refused by the schema with the field's message.
    const long = await fetch(`${server.url}/register`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ ...fields, name: "x".repeat(512 * 1024) }),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Name must be at most 100 characters");
    const before = await total();
    const project = await postRaw("/projects/new", JSON.stringify({ title: "A huge project", description: "d".repeat(2 * 1024 * 1024) }), {
      cookie,
      "content-type": "application/json",
    });
    expect(project.status).toBe(413);
    expect(await total()).toBe(before);
  });

  it("redirects protected pages to /login with the page to return to", async () => {
    for (const path of ["/dashboard", "/projects/new", "/projects/00000000-0000-4000-8000-000000000000/edit"]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const res = await fetch(`${server.url}/projects/00000000-0000-4000-8000-000000000000`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/projects");
    expect(res.headers.getSetCookie().join()).toContain("flash=");
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
  });
});
