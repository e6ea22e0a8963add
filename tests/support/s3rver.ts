/**
 * An S3-compatible server for tests (s3rver from npm, speaking the S3 protocol over HTTP), on a
 * random port with its data in a temporary folder, and the S3Config that reaches it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { S3Config } from "../../server/config";

export interface LocalS3 {
  config: S3Config;
  close(): Promise<void>;
}

/** Starts s3rver with one empty bucket; `close()` stops it and removes its data. */
export async function startLocalS3(bucket = "buildza-test"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "buildza-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      // s3rver's fixed test credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      // The S3 client keeps connections alive: end them, or close() waits for their timeout.
      (server as { httpServer: { closeAllConnections(): void } }).httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
