/**
 * /messages: the signed-in user's conversations, newest activity first (docs/product.md, Messages and notifications), with the other
 * person, the project, the last message's first line, its time and an unread badge. Updates live;
 * older conversations load by cursor.
 */
import { MessageSquare } from "../components/ui/icons";
import { useEffect, useState } from "react";
import { ConversationList } from "../components/messages/conversation-list";
import { ButtonLink } from "../components/ui/button";
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
        <ConversationList conversations={conversations} className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white" />
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
