/**
 * Idempotent creates (docs/security.md, Idempotency): a client that sends the same
 * `Idempotency-Key` again (a retry after a timeout, a lost answer, an instance that died) gets the
 * first answer back instead of a second project, proposal or message.
 *
 * The key's row is written in the same transaction as the write it protects, and its answer is
 * stored before that transaction commits: either both the write and the stored answer exist, or
 * neither does and a retry runs afresh. A second request with the key while the first is still
 * running waits on the row's lock, then replays the stored answer. Keys are per user, live 24
 * hours, and replay only to the same method, path and body (the same fields in any order: the
 * body is compared in a canonical form); a different request with a used key is refused (422).
 */
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { AppError, ValidationError } from "../errors";

/** How long a key is remembered (ms). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** A key: 8 to 200 visible ASCII characters (a UUID is what our pages send). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/** The answer to store and replay: an HTTP status and a body (JSON text, or a redirect target). */
export interface StoredAnswer {
  status: number;
  body: string;
}

export interface IdempotentRun {
  answer: StoredAnswer;
  /** True when this is a replay of an earlier request's answer. */
  replayed: boolean;
}

/** Checks a key sent by a client. Throws ValidationError (idempotencyKey). */
export function checkIdempotencyKey(key: string): string {
  if (!IDEMPOTENCY_KEY.test(key)) throw new ValidationError({ idempotencyKey: "Idempotency-Key must be 8 to 200 visible characters" });
  return key;
}

/** A digest of what a request asks for, so a reused key with another request is recognised. */
export function requestFingerprint(scope: string, body: string): string {
  return createHash("sha256").update(scope).update("\0").update(body).digest("hex");
}

/**
 * `value` as JSON text in one canonical form: object keys sorted (at every depth), arrays kept in
 * their order (a list's order means something). A retry that sends the same fields in another
 * order is the same request (docs/security.md, Idempotency), so its fingerprint is the same.
 * Values JSON cannot hold are dropped as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    // No prototype: a "__proto__" key stays a plain key.
    const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

/**
 * The fingerprint of a JSON request body whatever the order of its keys (canonicalJson); a body
 * that is not JSON is taken as sent.
 */
export function jsonBodyFingerprint(scope: string, body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return requestFingerprint(scope, body);
  }
  return requestFingerprint(scope, canonicalJson(parsed));
}

/**
 * Runs `work` once per (`userId`, `key`): inside one transaction it claims the key, runs `work`
 * with that transaction, and stores its answer. `work` answers 4xx by returning it (it is stored
 * and replayed too); a thrown error rolls everything back (nothing stored: a retry runs again).
 * Throws AppError 422 when the key was used for another request.
 */
export async function runIdempotent(
  db: Db,
  request: { userId: string; key: string; scope: string; fingerprint: string },
  work: (tx: Tx) => Promise<StoredAnswer>,
): Promise<IdempotentRun> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: request.userId, key: request.key, scope: request.scope, fingerprint: request.fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      // Another request holds or held the key; this waits until it commits, then reads its answer.
      const [earlier] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)))
        .for("update");
      if (!earlier || earlier.status === null || earlier.body === null) {
        throw new AppError(409, "idempotency_in_progress", "A request with this Idempotency-Key is still being processed. Try again in a moment.");
      }
      if (earlier.fingerprint !== request.fingerprint || earlier.scope !== request.scope) {
        throw new AppError(422, "idempotency_key_reused", "This Idempotency-Key was already used for a different request");
      }
      return { answer: { status: earlier.status, body: earlier.body }, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, body: answer.body })
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    return { answer, replayed: false };
  });
}

/** Forgets keys older than the TTL at `now`; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
