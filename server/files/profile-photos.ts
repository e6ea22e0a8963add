/**
 * Profile photos (docs/product.md, Files): every user may have one, uploaded with purpose `avatar`
 * (POST /api/v1/files), which keeps only the chosen square (centre by default) as WebP at AVATAR_SIZES (64, 128,
 * 256 px, no metadata), then set with setProfilePhoto. The photo is a `files` row attached to
 * target `avatar` with the user's id; it is public, like the profile. Without one, pages show
 * the initial letter.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AVATAR_SIZES, PHOTO_TYPE_MESSAGE } from "../../shared/constants";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { files } from "../db/schema";
import { requireUser, ValidationError } from "../errors";
import { deleteQueuedFilesSoon, setAttachments, toFileInfo, type FileDeps, type FileInfo } from "./service";

/**
 * Makes the upload `fileId` (the caller's own, unattached, uploaded with purpose `avatar`) the
 * profile photo of `user`. The previous photo is deleted (its bytes through the deletion queue) in
 * the same transaction. Throws UnauthorizedError, ValidationError on `fileId` (not the caller's
 * upload, already attached elsewhere, or not a profile photo upload).
 */
export async function setProfilePhoto(deps: FileDeps, user: SessionUser | null, fileId: unknown): Promise<FileInfo> {
  const me = requireUser(user);
  if (typeof fileId !== "string" || !fileId) throw new ValidationError({ fileId: "Choose a photo to upload" });
  const row = await deps.db.transaction(async (tx) => {
    const [attached] = await setAttachments(tx, me.id, "avatar", me.id, [fileId], { max: 1, field: "fileId", imagesOnly: true });
    const squares = attached!.variants.filter((v) => v.width === v.height).map((v) => v.width);
    if (AVATAR_SIZES.some((s) => !squares.includes(s))) throw new ValidationError({ fileId: PHOTO_TYPE_MESSAGE });
    return attached!;
  });
  await deleteQueuedFilesSoon(deps);
  return toFileInfo(row);
}

/** Removes the profile photo of `user` (its bytes through the deletion queue); nothing happens without one. Throws UnauthorizedError. */
export async function removeProfilePhoto(deps: FileDeps, user: SessionUser | null): Promise<void> {
  const me = requireUser(user);
  await deps.db.transaction((tx) => setAttachments(tx, me.id, "avatar", me.id, [], { max: 1, field: "fileId" }));
  await deleteQueuedFilesSoon(deps);
}

/**
 * A select column: the profile photo file id of the user whose id is the column `qualifiedUserId`
 * (written qualified, e.g. `"users"."id"`: drizzle leaves a one-table select's columns bare, which
 * a subquery would read as its own). One index lookup (files_target_idx) per row.
 */
export function photoIdColumn(qualifiedUserId: string): SQL<string | null> {
  return sql<string | null>`(select f.id::text from files f where f.target_type = 'avatar' and f.target_id = ${sql.raw(qualifiedUserId)} limit 1)`;
}

/**
 * The profile photo file ids of `userIds` (users without one are missing from the map), in one
 * query. A photo's square WebP renditions are at `/api/v1/files/{id}/w/{64|128|256}`.
 */
export async function profilePhotos(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: files.id, userId: files.targetId })
    .from(files)
    .where(and(eq(files.targetType, "avatar"), inArray(files.targetId, ids)));
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

/** The profile photo file id of one user, or null. */
export async function profilePhotoOf(db: Db, userId: string): Promise<string | null> {
  return (await profilePhotos(db, [userId])).get(userId) ?? null;
}
