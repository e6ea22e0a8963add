/**
 * Uploaded files (docs/product.md, Files): upload with the size and quota limits, who may read a
 * file, attaching uploads to what they belong to, and deleting them (POPIA). The bytes live in a
 * FileStorage (server/files/storage.ts) under `files/<id>/`: `original` (the kept file) and
 * `w<width>.webp` (image renditions); the metadata row is in `files`.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { FILE_MAX_BYTES, FILE_QUOTA_BYTES, FILE_TOO_LARGE_MESSAGE, FILE_QUOTA_MESSAGE, PHOTO_TYPE_MESSAGE } from "../../shared/constants";
import type { SessionUser } from "../context";
import type { Db, Tx } from "../db/client";
import { prepared } from "../db/prepared";
import { conversationParticipants, fileDeletions, files, messages, projects, proposals, users, type FileTarget, type FileVariant } from "../db/schema";
import { AppError, ForbiddenError, NotFoundError, requireUser, UnauthorizedError, ValidationError } from "../errors";
import { UUID } from "../lib/ids";
import { log } from "../log";
import { processImage, type SquarePosition } from "./images";
import { cleanFileName, detectType, typeRefused } from "./inspect";
import type { FileStorage } from "./storage";

/** What file functions need: the database and the storage of the bytes. */
export interface FileDeps {
  db: Db;
  files: FileStorage;
}

/** A file as the API and pages show it. URLs are same-origin paths; `variants` only for images. */
export interface FileInfo {
  id: string;
  name: string;
  mime: string;
  /** Bytes counted toward the owner's quota. */
  size: number;
  isImage: boolean;
  /** The download (the kept original, or the largest rendition of a photo). */
  url: string;
  /** WebP renditions, narrowest first, each with its URL (for srcset). */
  variants: (FileVariant & { url: string })[];
  createdAt: string;
}

type FileRow = typeof files.$inferSelect;

/** `files/<id>`: the folder of one file's objects. */
const folderOf = (id: string) => `files/${id}`;
const variantKey = (id: string, width: number) => `files/${id}/w${width}.webp`;
const originalKey = (id: string) => `files/${id}/original`;

/** The API/page shape of a row. */
export function toFileInfo(row: FileRow): FileInfo {
  const isImage = row.variants.length > 0;
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    isImage,
    url: `/api/v1/files/${row.id}/download`,
    variants: row.variants.map((v) => ({ ...v, url: `/api/v1/files/${row.id}/w/${v.width}` })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The 413 answer of a file over FILE_MAX_BYTES (docs/product.md, Files). */
export function fileTooLarge(): AppError {
  return new AppError(413, "file_too_large", FILE_TOO_LARGE_MESSAGE, { file: FILE_TOO_LARGE_MESSAGE });
}

export interface UploadInput {
  /** The name the browser gave (only for display and the text check). */
  name: string;
  bytes: Uint8Array;
  /**
   * `photo`: an image is kept only as its WebP renditions (profile photos, portfolio images,
   * photos in messages); `attachment`: the full-size image is kept too, metadata stripped
   * (project and proposal files); `avatar`: a profile photo, only an image, kept as the centre
   * square at AVATAR_SIZES. Other files are always kept as they are.
   */
  purpose: "photo" | "attachment" | "avatar";
  /** For `avatar`: where the kept square sits (default the centre; server/files/images.ts). */
  square?: SquarePosition;
}

/**
 * Stores an upload for `user`, unattached (attach it within a day or the sweep deletes it).
 * Checks, in order: the size (413 FILE_TOO_LARGE_MESSAGE), the type from the bytes (415), the
 * owner's quota of FILE_QUOTA_BYTES (413 FILE_QUOTA_MESSAGE). The quota is checked and the row
 * written under a lock on the owner's users row, so concurrent uploads cannot pass it together;
 * nothing stays in the storage when any step fails. Throws UnauthorizedError without a user.
 */
export async function uploadFile(deps: FileDeps, user: SessionUser | null, input: UploadInput): Promise<FileInfo> {
  const me = requireUser(user);
  if (input.bytes.byteLength > FILE_MAX_BYTES) throw fileTooLarge();
  if (input.bytes.byteLength === 0) throw new ValidationError({ file: "The file is empty" }, "The file is empty");
  const type = await detectType(input.bytes, input.name);
  if (input.purpose === "avatar" && !type.image) throw typeRefused(PHOTO_TYPE_MESSAGE);
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  const objects: { key: string; bytes: Uint8Array; mime: string }[] = [];
  const id = randomUUID();
  let mime = type.mime;
  let ext = type.ext;
  let variants: FileVariant[] = [];
  if (type.image) {
    const processed = await processImage(
      input.bytes,
      type.mime,
      input.purpose === "attachment",
      input.purpose === "avatar" ? (input.square ?? { x: 0.5, y: 0.5 }) : undefined,
    );
    variants = processed.variants.map((v) => v.variant);
    for (const v of processed.variants) objects.push({ key: variantKey(id, v.variant.width), bytes: v.bytes, mime: "image/webp" });
    if (processed.original) {
      objects.push({ key: originalKey(id), bytes: processed.original.bytes, mime: processed.original.mime });
      mime = processed.original.mime;
      ext = processed.original.ext;
    } else {
      mime = "image/webp";
      ext = "webp";
    }
  } else {
    objects.push({ key: originalKey(id), bytes: input.bytes, mime });
  }
  const size = objects.reduce((sum, o) => sum + o.bytes.byteLength, 0);
  const name = cleanFileName(input.name, ext);
  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${me.id} for update`);
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(files)
        .where(eq(files.ownerId, me.id));
      if (Number(used?.bytes ?? 0) + size > FILE_QUOTA_BYTES) {
        throw new AppError(413, "quota_exceeded", FILE_QUOTA_MESSAGE, { file: FILE_QUOTA_MESSAGE });
      }
      const [inserted] = await tx
        .insert(files)
        .values({ id, ownerId: me.id, name, mime, size, sha256, variants, hasOriginal: objects.some((o) => o.key === originalKey(id)) })
        .returning();
      // Written before commit: a failed write rolls the row back; a failed commit is cleaned below.
      for (const o of objects) await deps.files.put(o.key, o.bytes, o.mime);
      return inserted!;
    });
    return toFileInfo(row);
  } catch (err) {
    await deps.files.deleteFolder(folderOf(id)).catch((e: unknown) => log().warn({ err: e, fileId: id }, "file cleanup failed"));
    throw err;
  }
}

/** The bytes of `used` files of `userId` count toward the quota (Settings and tests). */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerId, userId));
  return Number(row?.bytes ?? 0);
}

/**
 * Who may read the files of a target besides their owner, by target kind (docs/product.md,
 * Files). A project's files are public while the project exists (projects are public pages);
 * a proposal's, to its developer and the project's client; a message's, to the conversation's
 * two participants; profile photos and portfolio images are public. `delivery` (milestone
 * deliveries, built with payments) is the owner's only until its module registers a rule with
 * `registerFileAccess`.
 */
type AccessRule = (db: Db, userId: string | null, targetId: string) => Promise<boolean>;

const ACCESS: Record<FileTarget, AccessRule> = {
  project: async (db, _userId, projectId) => {
    if (!UUID.test(projectId)) return false;
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
    return Boolean(row);
  },
  proposal: async (db, userId, proposalId) => {
    if (!userId || !UUID.test(proposalId)) return false;
    const [row] = await db
      .select({ developerId: proposals.developerId, clientId: projects.userId })
      .from(proposals)
      .innerJoin(projects, eq(projects.id, proposals.projectId))
      .where(eq(proposals.id, proposalId))
      .limit(1);
    return row?.developerId === userId || row?.clientId === userId;
  },
  message: async (db, userId, messageId) => {
    if (!userId || !UUID.test(messageId)) return false;
    const [row] = await db
      .select({ userId: conversationParticipants.userId })
      .from(messages)
      .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, messages.conversationId))
      .where(and(eq(messages.id, messageId), eq(conversationParticipants.userId, userId)))
      .limit(1);
    return Boolean(row);
  },
  avatar: async () => true,
  portfolio: async () => true,
  delivery: async () => false,
};

/** Sets who may read the files of `target` besides their owner (for milestone deliveries: the payments module). */
export function registerFileAccess(target: FileTarget, rule: AccessRule): void {
  ACCESS[target] = rule;
}

/** Whether anyone may read a file of this target kind without signing in (public cache headers). */
const PUBLIC_TARGETS: ReadonlySet<FileTarget> = new Set(["project", "avatar", "portfolio"]);

/**
 * The file `id` if `user` may read it, with whether it is public. Throws NotFoundError (no such
 * file), UnauthorizedError (401: anonymous, not public) or ForbiddenError (403: signed in, not
 * one of those who may read it).
 */
export async function readableFile(db: Db, user: SessionUser | null, id: string): Promise<{ row: FileRow; public: boolean }> {
  if (!UUID.test(id)) throw new NotFoundError("File not found");
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row) throw new NotFoundError("File not found");
  const target = row.targetType;
  const isPublic = target !== null && PUBLIC_TARGETS.has(target) && (await ACCESS[target](db, user?.id ?? null, row.targetId!));
  if (isPublic || row.ownerId === user?.id) return { row, public: isPublic };
  if (!user) throw new UnauthorizedError();
  if (target && (await ACCESS[target](db, user.id, row.targetId!))) return { row, public: false };
  throw new ForbiddenError("You are not allowed to see this file");
}

/** The storage key of a file's download (the original, or its largest rendition) or of one rendition width. */
export function objectKey(row: FileRow, width?: number): string | null {
  if (width !== undefined) return row.variants.some((v) => v.width === width) ? variantKey(row.id, width) : null;
  if (row.hasOriginal) return originalKey(row.id);
  const largest = row.variants[row.variants.length - 1];
  return largest ? variantKey(row.id, largest.width) : null;
}

export interface AttachOptions {
  /** How many files the target takes (e.g. MAX_PROJECT_FILES); more is a ValidationError on `field`. */
  max: number;
  /** The form field the ids came from (for the message). */
  field: string;
  /** Only images (profile photo, portfolio). */
  imagesOnly?: boolean;
}

/**
 * Makes `fileIds` (in that order) the files of `target`/`targetId`, inside the caller's transaction.
 * Each must be `user`'s and unattached or already on this target; files the target had and the
 * list no longer names are deleted (queued, see discardFiles). Throws ValidationError on `field`.
 * Returns the attached rows in order.
 */
export async function setAttachments(
  tx: Tx,
  userId: string,
  target: FileTarget,
  targetId: string,
  fileIds: readonly string[],
  options: AttachOptions,
): Promise<FileRow[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length > options.max) throw new ValidationError({ [options.field]: `Attach at most ${options.max} files` });
  const refused = new ValidationError({ [options.field]: "A file could not be attached. Upload it again." });
  if (ids.some((id) => !UUID.test(id))) throw refused;
  const rows = ids.length ? await tx.select().from(files).where(inArray(files.id, ids)).for("update") : [];
  for (const row of rows) {
    const free = row.targetType === null || (row.targetType === target && row.targetId === targetId);
    if (row.ownerId !== userId || !free) throw refused;
    if (options.imagesOnly && row.variants.length === 0) throw new ValidationError({ [options.field]: "Choose an image (JPEG, PNG, WebP or HEIC)" });
  }
  if (rows.length !== ids.length) throw refused;
  await discardFiles(tx, and(eq(files.targetType, target), eq(files.targetId, targetId), ids.length ? sql`${files.id} not in ${ids}` : undefined)!);
  const attached: FileRow[] = [];
  for (const [position, id] of ids.entries()) {
    const [row] = await tx.update(files).set({ targetType: target, targetId, position }).where(eq(files.id, id)).returning();
    attached.push(row!);
  }
  return attached;
}

/** The files of targets, in order, keyed by target id (for pages and API answers). */
export async function filesOf(db: Db, target: FileTarget, targetIds: readonly string[]): Promise<Map<string, FileInfo[]>> {
  const byTarget = new Map<string, FileInfo[]>();
  if (!targetIds.length) return byTarget;
  // The ids as one array parameter (`= any`, which PostgreSQL makes of an IN list anyway): one
  // statement text for any number of ids, so one prepared statement (decision 0047).
  const rows = await prepared(
    "files_of",
    db
      .select()
      .from(files)
      .where(and(eq(files.targetType, target), sql`${files.targetId} = any(${sql.param([...targetIds])}::text[])`))
      .orderBy(asc(files.targetId), asc(files.position)),
  );
  for (const row of rows) {
    const list = byTarget.get(row.targetId!) ?? [];
    list.push(toFileInfo(row));
    byTarget.set(row.targetId!, list);
  }
  return byTarget;
}

/**
 * Deletes the metadata rows matching `where` inside the caller's transaction and queues their
 * bytes for deletion (file_deletions), so the bytes go exactly when the deletion commits
 * (docs/product.md, Files: POPIA). Call `deleteQueuedFiles` after commit; the sweep retries.
 * Returns how many files were discarded.
 */
export async function discardFiles(tx: Tx, where: SQL): Promise<number> {
  const gone = await tx.delete(files).where(where).returning({ id: files.id });
  if (gone.length)
    await tx
      .insert(fileDeletions)
      .values(gone.map((g) => ({ fileId: g.id })))
      .onConflictDoNothing();
  return gone.length;
}

/** Discards the files attached to `target`/`targetIds` (a deleted message, project, proposal...). */
export function discardTargetFiles(tx: Tx, target: FileTarget, targetIds: readonly string[]): Promise<number> {
  if (!targetIds.length) return Promise.resolve(0);
  return discardFiles(tx, and(eq(files.targetType, target), inArray(files.targetId, [...targetIds]))!);
}

/**
 * Deletes the bytes of queued files from the storage, then their queue rows (at most `limit`,
 * claimed with SKIP LOCKED so instances share the work). A storage failure leaves the row for the
 * next round. Returns how many were deleted.
 */
export async function deleteQueuedFiles(deps: FileDeps, limit = 100): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const queued = await tx.select().from(fileDeletions).orderBy(asc(fileDeletions.queuedAt)).limit(limit).for("update", { skipLocked: true });
    let done = 0;
    for (const q of queued) {
      try {
        await deps.files.deleteFolder(folderOf(q.fileId));
        await tx.delete(fileDeletions).where(eq(fileDeletions.fileId, q.fileId));
        done++;
      } catch (err) {
        log().warn({ err, fileId: q.fileId }, "file deletion failed; retried by the sweep");
      }
    }
    return done;
  });
}

/** How long an upload may stay unattached before the sweep deletes it (ms): a day. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60_000;

/**
 * The file sweep (server/jobs.ts): discards uploads left unattached for ORPHAN_AFTER_MS (a form
 * abandoned after uploading) and deletes queued bytes. Returns the counts.
 */
export async function sweepFiles(deps: FileDeps, now = new Date()): Promise<{ orphans: number; deleted: number }> {
  const orphans = await deps.db.transaction((tx) =>
    discardFiles(tx, and(isNull(files.targetType), lt(files.createdAt, new Date(now.getTime() - ORPHAN_AFTER_MS)))!),
  );
  let deleted = 0;
  for (let round = await deleteQueuedFiles(deps); round > 0; round = await deleteQueuedFiles(deps)) deleted += round;
  return { orphans, deleted };
}

/**
 * Deletes an unattached upload of `user` (the cancel of an upload form); an attached file goes
 * with what it is attached to. Throws NotFoundError, ForbiddenError, ConflictError-like 409.
 */
export async function deleteUpload(deps: FileDeps, user: SessionUser | null, id: string): Promise<void> {
  const me = requireUser(user);
  if (!UUID.test(id)) throw new NotFoundError("File not found");
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(files).where(eq(files.id, id)).for("update");
    if (!row) throw new NotFoundError("File not found");
    if (row.ownerId !== me.id) throw new ForbiddenError("You are not allowed to delete this file");
    if (row.targetType !== null) throw new AppError(409, "conflict", "This file is attached: remove it from where it is attached");
    await discardFiles(tx, eq(files.id, id));
  });
  await deleteQueuedFiles(deps);
}

/** The files of `userId` for the POPIA data export: what, how big, where attached, when. */
export async function listMyFiles(db: Db, userId: string) {
  const rows = await db.select().from(files).where(eq(files.ownerId, userId)).orderBy(asc(files.createdAt), asc(files.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mime: r.mime,
    size: r.size,
    sha256: r.sha256,
    attachedTo: r.targetType ? { type: r.targetType, id: r.targetId } : null,
    url: toFileInfo(r).url,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Deletes queued file bytes right after a request committed a deletion; failures stay queued for the sweep. */
export async function deleteQueuedFilesSoon(deps: FileDeps): Promise<void> {
  await deleteQueuedFiles(deps).catch((err: unknown) => log().warn({ err }, "file deletion deferred to the sweep"));
}
