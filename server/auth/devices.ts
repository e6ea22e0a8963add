/**
 * New-browser sign-in emails (docs/product.md, Accounts "Security emails"). A browser that signs
 * in gets a random device id in an httpOnly cookie (DEVICE_COOKIE, kept DEVICE_MEMORY_DAYS);
 * `known_devices` holds only its SHA-256 per user. A sign-in from a browser the account has not
 * signed in from before (no cookie, or one this account does not know) emails the owner what
 * signed in, from where and when, through the outbox. Signing up registers the first browser
 * silently, and so does an account's first sign-in after this feature shipped (it had no known
 * browsers yet), so nobody is told of a sign-in that was plainly theirs.
 */
import { createHash, randomBytes } from "node:crypto";
import Bowser from "bowser";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { knownDevices } from "../db/schema";
import { queueSecurityNotice } from "./security-emails";

/** The cookie that names a browser to this site (not a session: it signs nobody in). */
export const DEVICE_COOKIE = "buildza_device";
/** Days a browser is remembered after its last sign-in (400: the longest cookie life browsers allow). */
export const DEVICE_MEMORY_DAYS = 400;

const DEVICE_ID = /^[0-9a-f]{64}$/;

function hashDevice(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** "Chrome on Android", "Safari on iOS", or "an unknown browser" (from the User-Agent header, via bowser). */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent) return "an unknown browser";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (!browser) return os ? `a browser on ${os}` : "an unknown browser";
  return os ? `${browser} on ${os}` : browser;
}

/**
 * Records that `user` signed in (or signed up: `firstBrowser`) from the browser whose device
 * cookie held `cookieId` (null: none, or not one of ours). A browser the account already knows
 * only refreshes its last sign-in. Otherwise the browser becomes known, and the owner is emailed
 * of the sign-in (what, from which address, when) unless this is the account's first known
 * browser. Returns the device id the response sets as DEVICE_COOKIE (a new one when the browser
 * had none; set again on every sign-in, so a browser in use is never forgotten).
 */
export async function recordSignIn(
  db: Db,
  appUrl: string,
  input: {
    user: { id: string; email: string; name: string };
    cookieId: string | null | undefined;
    userAgent: string | null | undefined;
    ipAddress: string | null | undefined;
    firstBrowser?: boolean;
  },
): Promise<string> {
  const given = input.cookieId && DEVICE_ID.test(input.cookieId) ? input.cookieId : null;
  const id = given ?? randomBytes(32).toString("hex");
  const hash = hashDevice(id);
  const now = new Date();
  await db.transaction(async (tx) => {
    const known = await tx
      .update(knownDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(knownDevices.userId, input.user.id), eq(knownDevices.deviceHash, hash)))
      .returning({ userId: knownDevices.userId });
    if (known.length > 0) return;
    // Browsers not seen for DEVICE_MEMORY_DAYS are forgotten (their cookies have expired too).
    await tx
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, input.user.id), lt(knownDevices.lastSeenAt, new Date(now.getTime() - DEVICE_MEMORY_DAYS * 86_400_000))));
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(eq(knownDevices.userId, input.user.id));
    await tx.insert(knownDevices).values({ userId: input.user.id, deviceHash: hash, firstSeenAt: now, lastSeenAt: now }).onConflictDoNothing();
    if (input.firstBrowser || !others || others.n === 0) return;
    const where = input.ipAddress ? `${describeBrowser(input.userAgent)} (address ${input.ipAddress})` : describeBrowser(input.userAgent);
    await queueSecurityNotice(tx, appUrl, input.user, "new_sign_in", where);
  });
  return id;
}
