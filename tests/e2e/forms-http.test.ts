/**
 * The page forms' actions validate on the server too (docs/product.md "Must hold"): posting bad input
 * straight to the routes, without the browser's checks, gets a 4xx with the field's message and
 * writes nothing; protected pages redirect to /login remembering where the user was going.
 */
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
