/**
 * The header's notification panel (docs/product.md, Messages and notifications): a Radix Popover that loads the latest notifications
 * when opened, refreshes them live while open, and marks one (on open) or all read. Loaded by the
 * header on intent (hover, focus, touch, click); its server-rendered stand-in is a link to /notifications.
 */
import { Bell, Loader2 } from "../ui/icons";
import { Popover } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useRealtime, useRealtimeEvents, type UnreadCounts } from "../../lib/realtime";
import { iconButtonClass, useOpenUntilNavigation } from "../layout/header-shared";
import { CountBadge, unreadLabel } from "../ui/count-badge";
import { NotificationList, type NotificationItem } from "./notification-list";

const PANEL_SIZE = 8;

/**
 * The bell and its panel; `count` unread notifications on the badge. `initiallyOpen` when the
 * header mounts it because its placeholder was clicked. Closes after any navigation.
 */
export function NotificationsMenu({ count, initiallyOpen = false }: { count: number; initiallyOpen?: boolean }) {
  const [open, setOpen] = useOpenUntilNavigation(initiallyOpen);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { setCounts } = useRealtime();

  const load = useCallback(async () => {
    try {
      const res = await fetch(`/api/v1/notifications?limit=${PANEL_SIZE}`);
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { notifications: NotificationItem[] };
      setItems(body.notifications);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  useRealtimeEvents((event) => {
    if (open && (event === "notification" || event === "resync")) void load();
  });

  const markAll = async () => {
    setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? null);
    const res = await fetch("/api/v1/notifications/read-all", { method: "POST" });
    if (res.ok) setCounts(((await res.json()) as { unread: UnreadCounts }).unread);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={`${iconButtonClass} relative data-[state=open]:bg-slate-100`}
        aria-label={unreadLabel("Notifications", count)}
        title="Notifications"
      >
        <Bell className="size-5" aria-hidden="true" />
        <CountBadge count={count} className="absolute right-1 top-1" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={markAll}
              disabled={!items?.some((n) => !n.read)}
              className="min-h-9 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              Mark all as read
            </button>
          </div>
          <div className="relative min-h-0 flex-1 overflow-y-auto">
            {items === null && !failed ? (
              <p className="flex items-center justify-center gap-2 px-3 py-8 text-sm text-slate-500">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading…
              </p>
            ) : failed ? (
              <p className="px-3 py-8 text-center text-sm text-slate-600">Could not load notifications. Please try again.</p>
            ) : items!.length === 0 ? (
              <p className="px-3 py-8 text-center text-sm text-slate-600">No notifications yet. Proposals, hires, reviews and messages will show up here.</p>
            ) : (
              <NotificationList items={items!} compact onOpen={() => setOpen(false)} />
            )}
          </div>
          <Link
            to="/notifications"
            className="flex min-h-11 items-center justify-center border-t border-slate-200 px-3 py-2.5 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
          >
            View all notifications
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
