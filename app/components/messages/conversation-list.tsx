/**
 * The inbox rows (docs/product.md, Messages and notifications): the other person, the project, the
 * last message's first line, its time and an unread badge. Shown by /messages, and beside the open
 * thread on /messages/{id} from 1024 px, where `currentId` marks the open one (read, so no badge).
 * A row's accessible name is its text (the name, time, project, last message and unread count), so
 * a screen reader hears what a sighted user reads and speech input can say what it shows.
 */
import { Briefcase } from "../ui/icons";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useRealtimeEvents } from "../../lib/realtime";
import { RelativeTime } from "../ui/relative-time";
import type { ConversationSummary } from "../../../server/messages/service";
import { PersonAvatar } from "./avatar";

/**
 * The inbox's first page beside a thread, kept live: a new message (in any conversation) or a
 * reconnect re-reads GET /api/v1/conversations, at most once per 300 ms, and only while the list is
 * shown (from 1024 px). `first`: the loader's page; a new one starts over.
 */
export function useLiveInbox(first: ConversationSummary[]): ConversationSummary[] {
  const [list, setList] = useState({ first, shown: first });
  if (list.first !== first) setList({ first, shown: first });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvents((event) => {
    if ((event !== "message" && event !== "resync") || !window.matchMedia("(min-width: 1024px)").matches) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      fetch("/api/v1/conversations")
        .then(async (res) => {
          if (!res.ok) return;
          const page = (await res.json()) as { conversations: ConversationSummary[] };
          setList((l) => (l.first === first ? { first, shown: page.conversations } : l));
        })
        .catch(() => {}); // offline: the list stays as it was until the next event
    }, 300);
  });
  return list.first === first ? list.shown : first;
}

export function ConversationList({
  conversations,
  currentId,
  className = "",
}: {
  conversations: ConversationSummary[];
  currentId?: string;
  className?: string;
}) {
  return (
    <ul className={`divide-y divide-slate-100 ${className}`}>
      {conversations.map((c) => (
        <ConversationRow key={c.id} c={c} current={c.id === currentId} />
      ))}
    </ul>
  );
}

function ConversationRow({ c, current }: { c: ConversationSummary; current: boolean }) {
  const unread = c.unreadCount > 0 && !current;
  return (
    <li>
      <Link
        to={`/messages/${c.id}`}
        aria-current={current ? "page" : undefined}
        className={`flex items-start gap-3 px-4 py-3.5 focus-visible:bg-slate-50 sm:px-5 ${current ? "bg-brand-50" : "hover:bg-slate-50"}`}
      >
        <PersonAvatar name={c.other.name} photoId={c.other.photoId} className="size-11 text-base" px={44} />
        {/* The {" "} between the parts keep their words apart in the row's name (they are not shown:
            white space between flex items or blocks takes no room). */}
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className={`truncate text-[15px] ${unread ? "font-bold text-slate-900" : "font-semibold text-slate-800"}`}>{c.other.name}</p>{" "}
            {/* slate-500 is under 4.5:1 on the open row's brand-50 background. */}
            <RelativeTime
              date={c.lastMessage.at}
              className={`shrink-0 text-xs ${unread ? "font-semibold text-brand-700" : current ? "text-slate-600" : "text-slate-500"}`}
            />
          </div>{" "}
          {c.project ? (
            <p className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-slate-600">
              <Briefcase className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">about </span>
              <span className="truncate">{c.project.title}</span>
            </p>
          ) : null}{" "}
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={`truncate text-sm ${unread ? "font-medium text-slate-900" : "text-slate-600"}`}>
              {c.lastMessage.fromMe ? "You: " : ""}
              {c.lastMessage.preview}
            </p>{" "}
            {unread ? (
              <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
                {c.unreadCount > 99 ? "99+" : c.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
