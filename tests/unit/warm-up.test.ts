/**
 * Warm-up before listening (server/http/warm-up.ts; docs/operations.md, "Start-up"): the pages are
 * requested through the app as an anonymous visitor, all at once, bodies read; a failing one is
 * reported as 0 and never stops start-up.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { WARM_UP_PATHS, warmUp } from "../../server/http/warm-up";

describe("warmUp", () => {
  it("requests each page through the app without a cookie and reports their statuses", async () => {
    const seen: Array<{ url: string; cookie: string | undefined; encoding: string | undefined }> = [];
    const app = new Hono();
    app.get("*", (c) => {
      seen.push({ url: c.req.url, cookie: c.req.header("cookie"), encoding: c.req.header("accept-encoding") });
      return c.req.path === "/" ? c.html("<h1>home</h1>") : c.notFound();
    });
    const result = await warmUp(app, "https://buildza.example", ["/", "/projects"]);
    expect(result.statuses).toEqual([200, 404]);
    expect(seen.map((s) => s.url).sort()).toEqual(["https://buildza.example/", "https://buildza.example/projects"]);
    expect(seen.every((s) => s.cookie === undefined && s.encoding === "br, gzip")).toBe(true);
    expect(WARM_UP_PATHS).toEqual(["/", "/projects"]);
  });

  it("a page that throws is reported as 0; the others are still requested and start-up goes on", async () => {
    const app = new Hono();
    app.get("/broken", () => {
      throw new Error("database down");
    });
    app.onError(() => {
      throw new Error("no error page either");
    });
    app.get("/", (c) => c.text("ok"));
    await expect(warmUp(app, "http://127.0.0.1:3000", ["/broken", "/"])).resolves.toMatchObject({ statuses: [0, 200] });
  });
});
