/**
 * The file storage (server/files/storage.ts) behaves the same on the local disk and over the S3
 * protocol against an S3-compatible server started here (s3rver): the same checks run on both.
 * Then the upload API end to end on that S3 server.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage, s3Storage, type FileStorage } from "../../server/files/storage";
import { startLocalS3, type LocalS3 } from "../support/s3rver";
import sharp from "sharp";
import type { FileInfo } from "../../server/files/service";
import { apiClient } from "../support/api";
import { APP_URL, createTestApp, type TestApp } from "../support/app";

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

describe.each(["disk", "s3"] as const)("file storage on %s", (kind) => {
  let storage: FileStorage;
  let root = "";
  let s3: LocalS3 | undefined;

  beforeAll(async () => {
    if (kind === "disk") {
      root = await mkdtemp(path.join(tmpdir(), "buildza-files-"));
      storage = diskStorage(root);
    } else {
      s3 = await startLocalS3();
      storage = s3Storage(s3.config);
    }
  });
  afterAll(async () => {
    await s3?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("writes, reads, lists and deletes a file's folder without touching a folder whose name it prefixes", async () => {
    expect(storage.kind).toBe(kind);
    await storage.put("files/ab/original", new TextEncoder().encode("hello"), "text/plain");
    await storage.put("files/ab/w320.webp", new Uint8Array([1, 2, 3]), "image/webp");
    await storage.put("files/abc/original", new TextEncoder().encode("keep me"), "text/plain");

    expect(await storage.exists("files/ab/original")).toBe(true);
    expect(await storage.exists("files/ab/nothing")).toBe(false);
    expect(Buffer.from(await storage.getBytes("files/ab/w320.webp"))).toEqual(Buffer.from([1, 2, 3]));
    expect(await text(await storage.getStream("files/ab/original"))).toBe("hello");
    expect(await storage.list("files/ab")).toEqual(["files/ab/original", "files/ab/w320.webp"]);

    await storage.deleteFolder("files/ab");
    expect(await storage.list("files/ab")).toEqual([]);
    expect(await storage.exists("files/ab/original")).toBe(false);
    expect(await storage.list("files/abc")).toEqual(["files/abc/original"]);
    // Deleting what is already gone is no error (a retried deletion).
    await storage.deleteFolder("files/ab");
    await expect(storage.getBytes("files/ab/original")).rejects.toThrow();
    if (kind === "disk") expect(await readdir(path.join(root, "files"))).toEqual(["abc"]);
  });
});

describe("uploads through the API on S3-compatible storage", () => {
  let s3: LocalS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp("pglite", { files: s3Storage(s3.config) });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("stores a photo's renditions in the bucket, serves them, and deletes them with the message", async () => {
    const storage = t.deps.files;
    const client = await t.signUp({ email: "s3-client@example.co.za" });
    const developer = await t.signUp({ email: "s3-dev@example.co.za", userType: "developer" });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0f766e" } })
      .jpeg()
      .toBuffer();
    form.set("file", new File([new Uint8Array(jpeg)], "site.jpg"));
    form.set("purpose", "photo");
    const res = await t.app.request("/api/v1/files", { method: "POST", body: form, headers: { origin: APP_URL, cookie: client.cookie } });
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: FileInfo };
    expect(await storage.list(`files/${file.id}`)).toEqual([`files/${file.id}/w320.webp`, `files/${file.id}/w640.webp`, `files/${file.id}/w900.webp`]);

    const call = apiClient(t.app);
    const started = await call("POST", "/api/v1/conversations", { body: { to: developer.user.id, body: "Hello" }, cookie: client.cookie });
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    const sent = await call("POST", `/api/v1/conversations/${conversation.id}/messages`, {
      body: { body: "The site", attachments: [file.id] },
      cookie: client.cookie,
    });
    const { message } = (await sent.json()) as { message: { id: string } };
    const download = await call("GET", file.variants[1]!.url, { cookie: developer.cookie });
    expect(download.status).toBe(200);
    expect((await sharp(Buffer.from(await download.arrayBuffer())).metadata()).width).toBe(640);

    expect((await call("DELETE", `/api/v1/messages/${message.id}`, { cookie: client.cookie })).status).toBe(204);
    expect(await storage.list(`files/${file.id}`)).toEqual([]);
  });
});
