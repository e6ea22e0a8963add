/** /notifications: all of the signed-in user's notifications, newest first, live (docs/product.md, Messages and notifications). */
import { Bell } from "../components/ui/icons";
import { useEffect, useState } from "react";
import { Form, redirect, useFetcher } from "react-router";
import { NotificationList } from "../components/notifications/notification-list";
import { useRevalidateOn } from "../lib/realtime";
import { OlderPages } from "../components/ui/older-pages";
import type { Route } from "./+types/notifications";
import { failure, listNotifications, markAllNotificationsRead, markNotificationsSeen, readBody, requireUser } from "./notifications.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return { ...(await listNotifications(context.deps.db, user, { cursor })), firstPage: !cursor };
}

/**
 * "Mark all as read" (a plain form, works without JavaScript), or `{ intent: "seen", ids }`: the
 * notices the page showed, marked read once it has rendered (decision 0061; a GET never writes).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const body = (await readBody(request)) as { intent?: unknown } | null;
  if (body?.intent === "seen") {
    try {
      return { ok: true as const, ...(await markNotificationsSeen(context.deps.db, user, body)) };
    } catch (err) {
      return failure(err);
    }
  }
  await markAllNotificationsRead(context.deps.db, user);
  return redirect("/notifications");
}

const NOTIFICATION_EVENTS = ["notification", "resync"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Notifications | BuildZA" }, { name: "robots", content: "noindex" }];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, nextCursor, unreadCount, firstPage } = loaderData;
  useRevalidateOn(NOTIFICATION_EVENTS);
  const seen = useFetcher();
  // Opening the page reads what it shows (docs/product.md, Messages and notifications): the unread
  // ones shown are marked read by a POST once the page has rendered (decision 0061), so the header
  // badge clears, and stay highlighted as new for this visit though the loader now says read.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set(notifications.filter((n) => !n.read).map((n) => n.id)));
  const unreadIds = notifications
    .filter((n) => !n.read)
    .map((n) => n.id)
    .join(",");
  useEffect(() => {
    if (!unreadIds) return;
    const ids = unreadIds.split(",");
    setFresh((prev) => (ids.every((id) => prev.has(id)) ? prev : new Set([...prev, ...ids])));
    const markSeen = () => void seen.submit({ intent: "seen", ids }, { method: "post", encType: "application/json" });
    if (document.visibilityState === "visible") {
      markSeen();
      return;
    }
    // A tab in the background (a notice arriving while the page sits behind another tab) has not
    // been seen: marked read when the tab is looked at again, not before.
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", onVisible);
      markSeen();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
    // `seen` is a new object each render; the ids are what the effect is about.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadIds]);
  const shown = notifications.map((n) => (fresh.has(n.id) ? { ...n, read: false } : n));
  const newCount = notifications.filter((n) => fresh.has(n.id)).length;
  // Unread notices this page does not show (older pages): the header's count until they are opened.
  const elsewhere = Math.max(0, unreadCount - notifications.filter((n) => !n.read).length);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600">
            {[newCount > 0 ? `${newCount} new` : "", elsewhere > 0 ? `${elsewhere} unread on older pages` : ""].filter(Boolean).join(" · ") ||
              "You're all caught up."}
          </p>
        </div>
        <Form method="post">
          <button
            type="submit"
            disabled={unreadCount === 0}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-default disabled:opacity-50"
          >
            Mark all as read
          </button>
        </Form>
      </div>
      {notifications.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Bell className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No notifications {firstPage ? "yet" : "here"}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Proposals, hires, reviews and messages will show up here.</p>
        </div>
      ) : (
        <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <NotificationList items={shown} unreadLabel="New" />
        </div>
      )}
      <OlderPages path="/notifications" firstPage={firstPage} nextCursor={nextCursor} olderLabel="Older notifications" />
    </div>
  );
}
