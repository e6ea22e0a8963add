/**
 * Milestone deliveries' files (docs/product.md, Payments "Deliveries"): the developer's submission
 * of a milestone carries a note and up to MAX_DELIVERY_FILES files of the `delivery` kind (target:
 * the milestone). Each submission adds its files to the earlier ones (a resubmission after a
 * change request keeps what was delivered before, the record of a dispute). Who may download them:
 * the contract's client and developer, and moderators once the milestone is disputed (or the
 * dispute resolved). Registered with the files module's access seam (registerFileAccess) when this
 * module loads.
 */
import { and, eq, inArray } from "drizzle-orm";
import { MAX_DELIVERY_FILES } from "../../shared/constants";
import { fileIdsSchema } from "../../shared/schemas";
import type { Db, Tx } from "../db/client";
import { contracts, files, milestones, users } from "../db/schema";
import { ValidationError } from "../errors";
import { isUuid } from "../lib/ids";
import { registerFileAccess, setAttachments } from "../files/service";

registerFileAccess("delivery", async (db: Db, userId, milestoneId) => {
  if (!userId || !isUuid(milestoneId)) return false;
  const [row] = await db
    .select({ clientId: contracts.clientId, developerId: contracts.developerId, status: milestones.status })
    .from(milestones)
    .innerJoin(contracts, eq(contracts.id, milestones.contractId))
    .where(eq(milestones.id, milestoneId))
    .limit(1);
  if (!row) return false;
  if (row.clientId === userId || row.developerId === userId) return true;
  if (row.status !== "disputed" && row.status !== "resolved") return false;
  const [me] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return me?.role === "moderator";
});

/** Reads the `attachments` of a submission: at most MAX_DELIVERY_FILES upload ids (ValidationError on `attachments`). */
export function parseDeliveryFiles(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return [];
  const parsed = fileIdsSchema(MAX_DELIVERY_FILES).safeParse(typeof value === "string" ? [value] : value);
  if (!parsed.success) throw new ValidationError({ attachments: parsed.error.issues[0]!.message });
  return parsed.data;
}

/**
 * Attaches the developer's uploads `fileIds` to milestone `milestoneId` as its delivery, after the
 * files an earlier submission delivered, inside the submit transition's transaction (a refusal
 * rolls the submission back). Throws ValidationError on `attachments` (not the developer's uploads,
 * already attached elsewhere).
 */
export async function attachDelivery(tx: Tx, developerId: string, milestoneId: string, fileIds: readonly string[]): Promise<void> {
  if (!fileIds.length) return;
  const earlier = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.targetType, "delivery"), inArray(files.targetId, [milestoneId])))
    .orderBy(files.position);
  const ids = [...earlier.map((f) => f.id), ...fileIds];
  await setAttachments(tx, developerId, "delivery", milestoneId, ids, { max: earlier.length + MAX_DELIVERY_FILES, field: "attachments" });
}
