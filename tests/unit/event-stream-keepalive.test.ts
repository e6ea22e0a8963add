/**
 * Event-stream keep-alives (server/realtime/keepalive.ts, docs/performance.md "Event-stream
 * memory"): over a real Node server the comment is written straight to the Node response, and the
 * stream still delivers its events between keep-alives; without a Node response (`app.request`)
 * the stream's own writer sends it. The tick is shortened to 150 ms here (20 s in production).
 */
import { serve, type ServerType } from "@hono/node-server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publish } from "../../server/realtime/events";
import { KEEPALIVE_MS, setKeepAlivePeriod } from "../../server/realtime/keepalive";
import { APP_URL, createTestApp, type TestApp } from "../support/app";

const soon = { timeout: 5000, interval: 50 };

describe("event-stream keep-alives", () => {
  let t: TestApp;
  let server: ServerType;
  let port = 0;

  beforeAll(async () => {
    setKeepAlivePeriod(150);
    t = await createTestApp("pglite");
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    setKeepAlivePeriod(KEEPALIVE_MS);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("a stream over Node gets keep-alives written to the socket and still delivers events", async () => {
    const { cookie, user } = await t.signUp({ email: "keepalive-node@example.co.za" });
    let text = "";
    // Counts the keep-alives written as the string itself to a Node response (the Hono writer
    // would hand Node encoded Uint8Array chunks instead).
    const write = vi.spyOn(http.ServerResponse.prototype, "write");
    const direct = () => write.mock.calls.filter(([chunk]) => chunk === ": keep-alive\n\n").length;
    const req = http.get({ host: "127.0.0.1", port, path: "/api/v1/events", headers: { cookie, origin: APP_URL, accept: "text/event-stream" } });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once("response", resolve).once("error", reject));
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(res.headers["content-encoding"]).toBeUndefined();
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      await vi.waitFor(() => expect(text).toContain("event: ready"), soon);
      await vi.waitFor(() => expect(text.split(": keep-alive\n\n").length - 1).toBeGreaterThanOrEqual(3), soon);
      expect(direct()).toBeGreaterThanOrEqual(3);
      // An event after the direct writes still arrives whole, in the SSE framing.
      const before = text.length;
      await publish(t.deps.db, { type: "notification", users: [user.id] });
      await vi.waitFor(() => expect(text.slice(before)).toMatch(/event: [a-z-]+\ndata: .+\n\n/), soon);
      await vi.waitFor(() => expect(text.slice(before).split(": keep-alive\n\n").length - 1).toBeGreaterThanOrEqual(1), soon);
      // Every chunk is a whole SSE block: a keep-alive comment never lands inside an event.
      for (const block of text.split("\n\n").filter(Boolean)) expect(block).toMatch(/^(: keep-alive|event: |retry: |data: |id: )/);
    } finally {
      write.mockRestore();
      req.destroy();
    }
    await vi.waitFor(() => expect(t.deps.realtime.connectionCount()).toBe(0), soon);
  });

  it("a stream without a Node response (app.request) gets its keep-alives from the stream writer", async () => {
    const { cookie } = await t.signUp({ email: "keepalive-fetch@example.co.za" });
    const res = await t.app.request("/api/v1/events", { headers: { cookie, origin: APP_URL } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": keep-alive\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain("event: ready");
    expect(text).toContain(": keep-alive\n\n");
    await reader.cancel();
  });
});
