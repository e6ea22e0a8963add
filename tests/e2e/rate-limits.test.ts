/**
 * The rate limits on the production server (docs/decisions/0011-rate-limits.md): a limit reached on
 * the Login and Forgot password forms answers 429 with "Too many attempts. Try again in N
 * seconds." and Retry-After, not 500 (the limits and the pages are different module copies), and
 * the owner's correct password works again after that wait (slowed, not locked out).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer, PORT_BASE, TEST_PASSWORD } from "./support";

const MESSAGE = /Too many attempts\. Try again in \d+ seconds?\./;

describe("rate limits on the forms", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(PORT_BASE + 11, { DEMO_DATA: "off" });
  });
  afterAll(() => server?.stop());

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", body: new URLSearchParams(fields) });

  async function register(email: string) {
    const res = await post("/register", {
      userType: "client",
      name: "Lerato Mokoena",
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      terms: "on",
    });
    expect(res.status).toBe(302);
  }

  it("the login form answers 429 with the message and Retry-After, then lets the right password in after the wait", async () => {
    await register("lerato@example.co.za");
    let refused: Response | null = null;
    // 5 free attempts on an account, then a delay between attempts (docs/security.md).
    for (let i = 0; i < 8 && !refused; i++) {
      const res = await post("/login", { email: "lerato@example.co.za", password: `wrong-${i}` });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(401);
    }
    expect(refused).not.toBeNull();
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await refused!.text()).toMatch(MESSAGE);

    await new Promise((r) => setTimeout(r, retryAfter * 1000));
    const res = await post("/login", { email: "lerato@example.co.za", password: TEST_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
  });

  it("the forgot-password form answers 429 with the message and Retry-After", async () => {
    await register("thabo@example.co.za");
    let refused: Response | null = null;
    for (let i = 0; i < 6 && !refused; i++) {
      const res = await post("/forgot-password", { email: "thabo@example.co.za" });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused!.text()).toMatch(MESSAGE);
  });
});
