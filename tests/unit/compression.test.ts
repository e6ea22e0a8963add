/** server/http/compress.ts: brotli (else gzip) for answers rendered on the fly, signed in or not. */
import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, coalesceChunks, compressWhole, compression, SYNC_COMPRESS_LIMIT } from "../../server/http/compress";

const html = `<!doctype html><html><body>${"<p>Signed-in dashboard row</p>".repeat(200)}</body></html>`;

function app() {
  const a = new Hono();
  a.use("*", compression());
  a.get("/page", (c) => c.html(html, 200, { "Cache-Control": "no-store" }));
  // A page streamed in 2 KB pieces over several turns of the event loop, as React writes one.
  a.get("/streamed", (c) => {
    const bytes = new TextEncoder().encode(html);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < bytes.length; i += 2048) {
          controller.enqueue(bytes.subarray(i, i + 2048));
          if (i % 8192 === 0) await new Promise((r) => setTimeout(r, 2));
        }
        controller.close();
      },
    });
    return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8" });
  });
  a.get("/events", (c) => c.body("data: x\n\n".repeat(300), 200, { "Content-Type": "text/event-stream" }));
  a.get("/encoded", (c) => c.body("x".repeat(2000), 200, { "Content-Type": "text/html", "Content-Encoding": "br" }));
  return a;
}

describe("compression", () => {
  it("compresses whole bodies below and above the in-place limit, both encodings, to what decodes back", async () => {
    const row = (i: number) => `{"id":"${i.toString(36).padStart(8, "0")}","title":"Project ${i}","budget":${(i * 7919) % 100000}},`;
    const small = Buffer.from(`[${Array.from({ length: 200 }, (_, i) => row(i)).join("")}0]`);
    const large = Buffer.from(`[${Array.from({ length: 12_000 }, (_, i) => row(i)).join("")}0]`);
    expect(small.length).toBeLessThanOrEqual(SYNC_COMPRESS_LIMIT);
    expect(large.length).toBeGreaterThan(SYNC_COMPRESS_LIMIT);
    for (const body of [small, large]) {
      const br = await compressWhole(body, "br");
      const gz = await compressWhole(body, "gzip");
      expect(br.length).toBeLessThan(body.length / 4);
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
    }
  });

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
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
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

  it("does not read the body of an answer it passes unchanged (cached pages, precompressed files)", async () => {
    // @hono/node-server writes a Response made from a Buffer or string straight to the socket,
    // unless something reads its `body`: then it becomes a stream to pump (docs/performance.md).
    class Watched extends Response {
      bodyReads = 0;
      override get body() {
        this.bodyReads++;
        return super.body;
      }
    }
    const answers: Watched[] = [];
    const a = new Hono();
    a.use("*", compression());
    a.get("/:kind", (c) => {
      const headers: Record<string, string> =
        c.req.param("kind") === "encoded"
          ? { "Content-Type": "application/json", "Content-Encoding": "br" }
          : c.req.param("kind") === "small"
            ? { "Content-Type": "application/json", "Content-Length": "20" }
            : { "Content-Type": "application/json" };
      const body = c.req.param("kind") === "small" ? "x".repeat(20) : "x".repeat(2000);
      const res = new Watched(body, { headers });
      answers.push(res);
      return res;
    });
    for (const kind of ["encoded", "small"]) {
      const res = await a.request(`/${kind}`, { headers: { "Accept-Encoding": "br" } });
      expect(res.headers.get("content-encoding"), kind).toBe(kind === "encoded" ? "br" : null);
    }
    expect(answers.map((r) => r.bodyReads)).toEqual([0, 0]);
    // The check can fail: an answer it compresses is read.
    await a.request("/plain", { headers: { "Accept-Encoding": "br" } });
    expect(answers[2]!.bodyReads).toBeGreaterThan(0);
  });

  it("compresses JSON in one piece and says its length", async () => {
    const a = new Hono();
    a.use("*", compression());
    const list = { projects: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Booking app ${i}` })) };
    a.get("/api", (c) => c.json(list, 200, { ETag: '"v1"' }));
    const br = await a.request("/api", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("etag")).toBe('W/"v1"');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get("content-length")).toBe(String(bytes.length));
    expect(JSON.parse(brotliDecompressSync(bytes).toString("utf8"))).toEqual(list);
    const gz = await a.request("/api", { headers: { "Accept-Encoding": "gzip" } });
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect([gz.headers.get("content-encoding"), gz.headers.get("content-length")]).toEqual(["gzip", String(gzBytes.length)]);
    expect(JSON.parse(gunzipSync(gzBytes).toString("utf8"))).toEqual(list);
  });

  it("compresses a page streamed in pieces whole and says its length, brotli and gzip", async () => {
    const br = await app().request("/streamed", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get("content-length")).toBe(String(brBytes.length));
    expect(brotliDecompressSync(brBytes).toString("utf8")).toBe(html);
    const gz = await app().request("/streamed", { headers: { "Accept-Encoding": "gzip" } });
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect([gz.headers.get("content-encoding"), gz.headers.get("content-length")]).toEqual(["gzip", String(gzBytes.length)]);
    expect(gunzipSync(gzBytes).toString("utf8")).toBe(html);
  });

  it("streams other types (a CSV download) compressed, without a length", async () => {
    const csv = "date,description,amount\n" + "2026-11-27,Milestone payout,R1 500.00\n".repeat(300);
    const a = new Hono();
    a.use("*", compression());
    a.get("/ledger.csv", (c) => c.body(new Blob([csv]).stream(), 200, { "Content-Type": "text/csv; charset=utf-8" }));
    const res = await a.request("/ledger.csv", { headers: { "Accept-Encoding": "br" } });
    expect([res.headers.get("content-encoding"), res.headers.get("content-length")]).toEqual(["br", null]);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(csv);
  });
});

describe("coalesceChunks", () => {
  const collect = (stream: ReturnType<typeof coalesceChunks>) => {
    const out: Array<{ text: string; at: number }> = [];
    stream.on("data", (d: Buffer) => out.push({ text: d.toString("utf8"), at: Date.now() }));
    return out;
  };

  it("joins the chunks written in one turn into one, bytes unchanged", async () => {
    const stream = coalesceChunks();
    const out = collect(stream);
    for (const part of ["<p>", "one", "</p>", "<p>two</p>"]) stream.write(Buffer.from(part));
    stream.end();
    await new Promise((r) => stream.on("end", r));
    expect(out.map((o) => o.text)).toEqual(["<p>one</p><p>two</p>"]);
  });

  it("passes on what arrived before a pause without waiting for the end, and splits at the limit", async () => {
    const stream = coalesceChunks(8);
    const out = collect(stream);
    stream.write(Buffer.from("abc"));
    await new Promise((r) => setTimeout(r, 20));
    expect(out.map((o) => o.text)).toEqual(["abc"]);
    stream.write(Buffer.from("defgh"));
    stream.write(Buffer.from("ijklmnop"));
    stream.write(Buffer.from("q"));
    stream.end();
    await new Promise((r) => stream.on("end", r));
    expect(out.map((o) => o.text)).toEqual(["abc", "defghijklmnop", "q"]);
  });
});
