import { Bell, Briefcase, CheckCircle2, MessageSquare, Star, XCircle } from "../ui/icons";
import { Link } from "react-router";
import { RelativeTime } from "../ui/relative-time";

/** A notification as the API and loaders return it (server/notifications/service.ts). */
export interface NotificationItem {
  id: string;
  type: string;
  message: string;
  link: string;
  read: boolean;
  createdAt: string;
}

function TypeIcon({ type }: { type: string }) {
  const cls = "size-4";
  if (type === "new_message") return <MessageSquare className={cls} aria-hidden="true" />;
  if (type === "proposal_accepted" || type === "project_completed") return <CheckCircle2 className={cls} aria-hidden="true" />;
  if (type === "proposal_declined" || type === "proposal_withdrawn" || type === "proposal_cancelled") return <XCircle className={cls} aria-hidden="true" />;
  if (type === "review_received" || type === "review_reminder") return <Star className={cls} aria-hidden="true" />;
  if (type.startsWith("proposal")) return <Briefcase className={cls} aria-hidden="true" />;
  return <Bell className={cls} aria-hidden="true" />;
}

/** Marks one notification read in the background (keepalive: survives the navigation it starts). */
export function markNotificationRead(id: string): void {
  void fetch(`/api/v1/notifications/${id}/read`, { method: "POST", keepalive: true }).catch(() => {});
}

/**
 * Notifications as links to what each is about, newest first; unread ones are bold with a dot and
 * are marked read when opened. Used by the header panel and the /notifications page.
 */
export function NotificationList({
  items,
  onOpen,
  compact = false,
  unreadLabel = "Unread",
}: {
  items: NotificationItem[];
  onOpen?: (item: NotificationItem) => void;
  compact?: boolean;
  /** What a screen reader hears before an unread item: "Unread", or "New" on /notifications, which marks them read as it opens. */
  unreadLabel?: string;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((n) => (
        <li key={n.id}>
          <Link
            to={n.link}
            onClick={() => {
              if (!n.read) markNotificationRead(n.id);
              onOpen?.(n);
            }}
            className={`flex gap-3 px-3 ${compact ? "py-2.5" : "py-3.5"} hover:bg-slate-50 focus-visible:bg-slate-50`}
          >
            <span
              className={`mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full ${n.read ? "bg-slate-100 text-slate-500" : "bg-brand-50 text-brand-700"}`}
            >
              <TypeIcon type={n.type} />
            </span>
            <span className="min-w-0 flex-1">
              <span className={`block break-words text-sm ${n.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                {!n.read ? <span className="sr-only">{unreadLabel}: </span> : null}
                {n.message}
              </span>
              <RelativeTime date={n.createdAt} className="mt-0.5 block text-xs text-slate-500" />
            </span>
            {!n.read ? <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
