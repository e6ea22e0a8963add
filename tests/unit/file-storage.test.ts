/**
 * The file storage (server/files/storage.ts) behaves the same on the local disk and over the S3
 * protocol against an S3-compatible server started here (s3rver): the same checks run on both.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage, s3Storage, type FileStorage } from "../../server/files/storage";
import { startLocalS3, type LocalS3 } from "../support/s3rver";

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
