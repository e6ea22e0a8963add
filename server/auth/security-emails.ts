/**
 * The owner's security emails (docs/product.md, Accounts "Security emails"): always sent, through
 * the outbox, on whatever `db` or transaction the change was made with.
 */
import type { Db } from "../db/client";
import { enqueueEmail } from "../email/outbox";
import { securityNoticeEmail, type SecurityChange } from "../email/templates";

/** Queues the email telling `user` of `change` to their account; `detail` names what it concerns (an API token's name). */
export async function queueSecurityNotice(
  db: Pick<Db, "insert" | "execute">,
  appUrl: string,
  user: { id: string; email: string; name: string },
  change: SecurityChange,
  detail?: string,
): Promise<void> {
  await enqueueEmail(db, {
    template: "security-notice",
    to: user.email,
    toUserId: user.id,
    ...securityNoticeEmail({ name: user.name, appUrl, change, at: new Date(), detail }),
  });
}
