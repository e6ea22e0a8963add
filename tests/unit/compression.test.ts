/** server/http/compress.ts: brotli (else gzip) for answers rendered on the fly, signed in or not. */
import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compression } from "../../server/http/compress";

const html = `<!doctype html><html><body>${"<p>Signed-in dashboard row</p>".repeat(200)}</body></html>`;

function app() {
  const a = new Hono();
  a.use("*", compression());
  a.get("/page", (c) => c.html(html, 200, { "Cache-Control": "no-store" }));
  a.get("/events", (c) => c.body("data: x\n\n".repeat(300), 200, { "Content-Type": "text/event-stream" }));
  a.get("/encoded", (c) => c.body("x".repeat(2000), 200, { "Content-Type": "text/html", "Content-Encoding": "br" }));
  return a;
}

describe("compression", () => {
  it("chooses brotli when accepted, else gzip, honouring q", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it("sends an uncached HTML page brotli-compressed to a browser that accepts it", async () => {
    const res = await app().request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-length")).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(bytes).toString("utf8")).toBe(html);
  });

  it("falls back to gzip, and leaves already encoded and event-stream answers alone", async () => {
    const gz = await app().request("/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toBe(html);
    const plain = await app().request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    for (const path of ["/events"]) {
      const res = await app().request(path, { headers: { "Accept-Encoding": "br" } });
      expect(res.headers.get("content-encoding")).toBeNull();
    }
    const encoded = await app().request("/encoded", { headers: { "Accept-Encoding": "gzip" } });
    expect(encoded.headers.get("content-encoding")).toBe("br");
  });
});
