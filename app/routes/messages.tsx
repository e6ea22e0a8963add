/**
 * /messages: the signed-in user's conversations, newest activity first (docs/product.md, Messages and notifications), with the other
 * person, the project, the last message's first line, its time and an unread badge. Updates live;
 * older conversations load by cursor.
 */
import { Briefcase, MessageSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatRelative } from "../../shared/format";
import { PersonAvatar } from "../components/messages/avatar";
import { ButtonLink } from "../components/ui/button";
import { countLabel } from "../components/ui/count-badge";
import { useRevalidateOn } from "../lib/realtime";
import type { Route } from "./+types/messages";
import { listConversations, requireUser, type ConversationSummary } from "./messages.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return { ...(await listConversations(context.deps.db, user, { cursor })), firstPage: !cursor, userType: user.userType };
}

const INBOX_EVENTS = ["message", "read", "resync"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Messages | BuildZA" }, { name: "robots", content: "noindex" }];

function ConversationRow({ c }: { c: ConversationSummary }) {
  const unread = c.unreadCount > 0;
  return (
    <li>
      <Link
        to={`/messages/${c.id}`}
        aria-label={countLabel(`Conversation with ${c.other.name}${c.project ? ` about ${c.project.title}` : ""}`, c.unreadCount)}
        className="flex items-start gap-3 px-4 py-3.5 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5"
      >
        <PersonAvatar name={c.other.name} photoId={c.other.photoId} className="size-11 text-base" px={44} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className={`truncate text-[15px] ${unread ? "font-bold text-slate-900" : "font-semibold text-slate-800"}`}>{c.other.name}</p>
            <time dateTime={c.lastMessage.at} className={`shrink-0 text-xs ${unread ? "font-semibold text-brand-700" : "text-slate-500"}`}>
              {formatRelative(c.lastMessage.at)}
            </time>
          </div>
          {c.project ? (
            <p className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-slate-600">
              <Briefcase className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{c.project.title}</span>
            </p>
          ) : null}
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={`truncate text-sm ${unread ? "font-medium text-slate-900" : "text-slate-600"}`}>
              {c.lastMessage.fromMe ? "You: " : ""}
              {c.lastMessage.preview}
            </p>
            {unread ? (
              <span
                aria-hidden="true"
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
              >
                {c.unreadCount > 99 ? "99+" : c.unreadCount}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const [more, setMore] = useState<ConversationSummary[]>([]);
  const [cursor, setCursor] = useState(loaderData.nextCursor);
  const [loading, setLoading] = useState(false);

  useEffect(() => setCursor((c) => (more.length ? c : loaderData.nextCursor)), [loaderData.nextCursor, more.length]);
  // New messages, reads and reconnects re-read the first page (one indexed query).
  useRevalidateOn(INBOX_EVENTS);

  const first = loaderData.conversations;
  const seen = new Set(first.map((c) => c.id));
  const conversations = [...first, ...more.filter((c) => !seen.has(c.id))];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const res = await fetch(`/api/v1/conversations?cursor=${encodeURIComponent(cursor)}`);
      if (res.ok) {
        const page = (await res.json()) as { conversations: ConversationSummary[]; nextCursor: string | null };
        setMore((m) => [...m, ...page.conversations]);
        setCursor(page.nextCursor);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Messages</h1>
      <p className="mt-1 text-sm text-slate-600">Your conversations with {loaderData.userType === "developer" ? "clients" : "developers"}, newest first.</p>
      {conversations.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <MessageSquare className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No messages yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            {loaderData.userType === "developer"
              ? "Use Contact Client on a project to ask a question."
              : "Use Contact on a developer's profile to start a conversation."}
          </p>
          <ButtonLink to={loaderData.userType === "developer" ? "/projects" : "/developers"} className="mt-5">
            {loaderData.userType === "developer" ? "Browse Projects" : "Find Developers"}
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {conversations.map((c) => (
            <ConversationRow key={c.id} c={c} />
          ))}
        </ul>
      )}
      {cursor ? (
        <div className="mt-6 text-center">
          <a
            href={`/messages?cursor=${encodeURIComponent(cursor)}`}
            onClick={(e) => {
              e.preventDefault();
              void loadMore();
            }}
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {loading ? "Loading…" : "Load older conversations"}
          </a>
        </div>
      ) : null}
    </div>
  );
}
