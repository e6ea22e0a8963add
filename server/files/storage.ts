/**
 * Where the bytes of uploaded files live (docs/decisions/0026-file-storage.md): one interface
 * through flydrive, on the local disk under DATA_DIR/files by default, or S3-compatible object
 * storage when S3_ENDPOINT and S3_BUCKET are set (the way to run several instances: every instance
 * then sees the same files). Keys are `files/<file id>/<name>`; nothing here knows about users.
 */
import { S3Client } from "@aws-sdk/client-s3";
import { Disk } from "flydrive";
import { FSDriver } from "flydrive/drivers/fs";
import { S3Driver } from "flydrive/drivers/s3";
import path from "node:path";
import type { Readable } from "node:stream";
import type { AppConfig, S3Config } from "../config";

/** The operations the file service needs; keys are relative paths such as `files/<id>/original`. */
export interface FileStorage {
  /** Writes `bytes` under `key` (replacing what was there). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`; flydrive's E_CANNOT_READ_FILE when there are none. */
  getStream(key: string): Promise<Readable>;
  getBytes(key: string): Promise<Uint8Array>;
  exists(key: string): Promise<boolean>;
  /** Deletes every object under the folder `prefix` (a file's `files/<id>`); no error when none. */
  deleteFolder(prefix: string): Promise<void>;
  /** Every key under the folder `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** "disk" or "s3", for logs and /readyz-like checks. */
  readonly kind: "disk" | "s3";
}

/** A flydrive Disk behind the FileStorage interface. */
function fromDisk(disk: Disk, kind: FileStorage["kind"]): FileStorage {
  return {
    kind,
    put: (key, bytes, contentType) => disk.put(key, bytes, { contentType }),
    getStream: (key) => disk.getStream(key),
    getBytes: (key) => disk.getBytes(key),
    exists: (key) => disk.exists(key),
    async list(prefix) {
      // flydrive drops a trailing slash, and an S3 prefix `files/ab` also matches `files/abc/...`:
      // keep only the keys inside the folder.
      const folder = `${prefix.replace(/\/$/, "")}/`;
      const keys: string[] = [];
      let paginationToken: string | undefined;
      do {
        const page = await disk.listAll(folder, { recursive: true, paginationToken });
        for (const object of page.objects) if (object.isFile && object.key.startsWith(folder)) keys.push(object.key);
        paginationToken = page.paginationToken;
      } while (paginationToken);
      return keys.sort();
    },
    async deleteFolder(prefix) {
      const folder = prefix.replace(/\/$/, "");
      if (kind === "disk") return disk.deleteAll(folder);
      for (const key of await this.list(folder)) await disk.delete(key);
    },
  };
}

/** Local disk storage rooted at `root` (DATA_DIR/files); private: nothing is served from it directly. */
export function diskStorage(root: string): FileStorage {
  return fromDisk(new Disk(new FSDriver({ location: path.resolve(root), visibility: "private" })), "disk");
}

/** S3-compatible storage (AWS S3, MinIO, R2...): objects private, path-style addressing by default. */
export function s3Storage(s3: S3Config): FileStorage {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return fromDisk(new Disk(new S3Driver({ client, bucket: s3.bucket, visibility: "private", supportsACL: false })), "s3");
}

/** The storage the configuration asks for: S3 when configured, else DATA_DIR/files. */
export function storageFor(config: Pick<AppConfig, "dataDir" | "s3">): FileStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, "files"));
}
