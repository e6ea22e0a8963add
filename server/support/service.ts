/**
 * The /support contact form (docs/product.md, Support): a message is stored in support_messages
 * and emailed to support (CONTACT_EMAIL, Reply-To the sender) through the outbox in the same
 * transaction, so a stored message is never left unsent and a refused one writes nothing. Each
 * client address may send SUPPORT_MESSAGES_PER_HOUR messages an hour (rate_limits table, keyed by
 * an HMAC of the address so the table holds no address).
 */
import { createHmac } from "node:crypto";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { CONTACT_EMAIL, PRODUCT_NAME } from "../../shared/constants";
import { supportMessageSchema } from "../../shared/schemas";
import type { SessionUser } from "../context";
import type { Db } from "../db/client";
import { rateLimits, supportMessages } from "../db/schema";
import { enqueueEmail } from "../email/outbox";
import { TooManyRequestsError } from "../errors";
import { parseInput } from "../validation";

/** Contact-form messages one client address may send per hour. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

export interface SupportDeps {
  db: Db;
  secret: string;
}

const limiters = new WeakMap<Db, RateLimiterDrizzle>();

function limiterFor(db: Db): RateLimiterDrizzle {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: "support_address",
      points: SUPPORT_MESSAGES_PER_HOUR,
      duration: 3600,
      clearExpiredByTimeout: false,
    });
    limiters.set(db, limiter);
  }
  return limiter;
}

/**
 * Stores a contact-form message from `address` (the client address) and queues its email to
 * support. Returns the message id. Throws ValidationError (field messages), TooManyRequestsError
 * (Retry-After) past the hourly limit; a refused message is not counted.
 */
export async function submitSupportMessage(deps: SupportDeps, user: SessionUser | null, input: unknown, address: string): Promise<{ id: string }> {
  const data = parseInput(supportMessageSchema, input);
  const key = createHmac("sha256", deps.secret).update(`support\n${address}`).digest("base64url");
  try {
    await limiterFor(deps.db).consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw new TooManyRequestsError("You have sent several messages already. Please wait an hour, or e-mail us directly.", Math.ceil(err.msBeforeNext / 1000));
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportMessages)
      .values({ userId: user?.id ?? null, name: data.name, email: data.email, subject: data.subject, message: data.message })
      .returning({ id: supportMessages.id });
    const account = user ? `Account: ${user.id} (${user.userType})` : "Not signed in";
    await enqueueEmail(tx, {
      template: "support-message",
      to: CONTACT_EMAIL,
      subject: `[${PRODUCT_NAME} support] ${data.subject}`,
      text: `From: ${data.name} <${data.email}>\n${account}\nReference: ${row!.id}\n\n${data.message}\n`,
      headers: { "Reply-To": data.email },
    });
    return { id: row!.id };
  });
}
