import { useEffect } from "react";
import { Form, useActionData } from "react-router";
import { formatDate } from "../../../shared/format";
import { notify } from "../../lib/toast";
import type { SettingsResult } from "../profile/settings-forms";
import { Button } from "../ui/button";

/** A user the signed-in user blocked, as Settings lists them. */
export interface BlockedUserRow {
  id: string;
  name: string;
  userType: "client" | "developer";
  blockedAt: string;
}

/**
 * The "Blocked users" section of Settings (docs/product.md, Trust and safety, Blocking): each user
 * the signed-in user blocked, with Unblock (intent "unblockUser" of the /profile action, works
 * without JavaScript).
 */
export function BlockedUsers({ blocked }: { blocked: BlockedUserRow[] }) {
  const result = useActionData() as SettingsResult | undefined;
  const unblocked = result?.intent === "unblockUser" ? result : undefined;
  useEffect(() => {
    if (unblocked) notify(unblocked.ok ? "success" : "error", unblocked.message);
  }, [unblocked]);

  if (blocked.length === 0) return <p className="text-sm text-slate-600">You have not blocked anyone.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Blocked users">
      {blocked.map((b) => (
        <li key={b.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="break-words font-medium text-slate-900">
              {b.userType === "developer" ? (
                <a href={`/developers/${b.id}`} className="hover:underline">
                  {b.name}
                </a>
              ) : (
                <a href={`/clients/${b.id}`} className="hover:underline">
                  {b.name}
                </a>
              )}
            </p>
            <p className="text-sm text-slate-600">
              {b.userType === "developer" ? "Developer" : "Client"} · Blocked {formatDate(b.blockedAt)}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="unblockUser" />
            <input type="hidden" name="id" value={b.id} />
            <Button type="submit" variant="secondary" aria-label={`Unblock ${b.name}`}>
              Unblock
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
