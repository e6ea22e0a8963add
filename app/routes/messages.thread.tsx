/**
 * /messages/{id}: one conversation (docs/product.md, Messages and notifications). Oldest at the
 * top, newest visible; older pages by cursor; the page marks the thread read with a POST once it
 * is shown (a GET changes nothing, docs/security.md), and new messages arriving live while it is
 * visible; after a
 * reconnect the page fetches what came after its newest message (by number, so none is missed
 * or shown twice). Only the two participants may open it (403 otherwise).
 */
import { Loader2 } from "../components/ui/icons";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isRouteErrorResponse, useActionData, useNavigation, useRouteError } from "react-router";
import { DELETED_MESSAGE_TEXT } from "../../shared/constants";
import { MessageTime } from "../components/ui/relative-time";
import { DeleteMessageDialog } from "../components/messages/delete-message";
import { MESSAGE_BLOCKED_BY_ME, MESSAGE_BLOCKED_BY_THEM, needsOffPlatformNote, OFF_PLATFORM_NOTE } from "../../shared/moderation";
import { ReportContentDialog } from "../components/projects/report-dialog";
import { BlockButton } from "../components/trust/block-button";
import { Composer } from "../components/messages/composer";
import { MessageText } from "../components/messages/message-text";
import { MessageAttachments } from "../components/files/attachment-list";
import { ConversationList, useLiveInbox } from "../components/messages/conversation-list";
import { MessagesError, ThreadFrame } from "../components/messages/thread-frame";
import { useRealtime, useRealtimeEvents } from "../lib/realtime";
import type { Route } from "./+types/messages.thread";
import {
  blockState,
  createOnce,
  failure,
  getConversation,
  listConversations,
  listMessages,
  newFormKey,
  orHttpError,
  readBody,
  requireUser,
  sendMessage,
  type Message,
} from "./messages.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.deps;
  const conversation = await orHttpError(getConversation(db, user, params.id));
  const [page, inbox, block] = await Promise.all([
    listMessages(db, user, params.id, {}),
    listConversations(db, user, {}),
    blockState(db, user.id, conversation.other.id),
  ]);
  // Read marks are writes: the page posts one once it is shown (Thread below), never this GET.
  // The inbox's first page sits beside the thread on wide screens (ThreadFrame).
  return { conversation, messages: page.messages, nextCursor: page.nextCursor, me: user.id, block, idempotencyKey: newFormKey(), inbox: inbox.conversations };
}

/** Sending without JavaScript: a form post, then back to the thread. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  try {
    // "attachments" as a list, so files posted with a form (any number, or none) reach messageSchema as ids.
    return await createOnce(context.deps, user, request, await readBody(request, { arrays: ["attachments"] }), async (db, fields) => {
      await sendMessage(db, user, params.id, fields);
      return { location: `/messages/${params.id}` };
    });
  } catch (err) {
    return failure(err);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.conversation.other.name} · ` : ""}Messages | BuildZA` },
  { name: "robots", content: "noindex" },
];

function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return current;
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as T;
}

function Thread({ loaderData }: Route.ComponentProps) {
  const { conversation, me } = loaderData;
  const id = conversation.id;
  const [messages, setMessages] = useState(loaderData.messages);
  const [olderCursor, setOlderCursor] = useState(loaderData.nextCursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [otherRead, setOtherRead] = useState(conversation.otherLastReadSeq);
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const readUpTo = useRef(conversation.myLastReadSeq);
  const { live } = useRealtime();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();

  // Revalidated loader data (e.g. after a no-JS post) merges in rather than replacing.
  useEffect(() => setMessages((m) => mergeMessages(m, loaderData.messages)), [loaderData.messages]);

  const lastSeq = messages.at(-1)?.seq ?? 0;
  // The newest number shown, for callbacks that outlive a render (catch-up, visibility).
  const lastSeqRef = useRef(lastSeq);
  lastSeqRef.current = lastSeq;

  const markRead = useCallback(
    (seq: number) => {
      if (seq <= readUpTo.current || document.visibilityState !== "visible") return;
      readUpTo.current = seq;
      void fetch(`/api/v1/conversations/${id}/read`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seq }) }).catch(
        () => {},
      );
    },
    [id],
  );

  const catchUp = useCallback(async () => {
    let after = lastSeqRef.current;
    for (let round = 0; round < 20; round++) {
      const page = await getJson<{ messages: Message[] }>(`/api/v1/conversations/${id}/messages?after=${after}&limit=50`).catch(() => null);
      if (!page) return;
      setMessages((m) => mergeMessages(m, page.messages));
      if (page.messages.length < 50) break;
      after = page.messages.at(-1)!.seq;
    }
    const fresh = await getJson<{ conversation: { otherLastReadSeq: number; lastSeq: number } }>(`/api/v1/conversations/${id}`).catch(() => null);
    if (fresh) {
      setOtherRead((r) => Math.max(r, fresh.conversation.otherLastReadSeq));
      markRead(fresh.conversation.lastSeq);
    }
  }, [id, markRead]);

  // Reconnections bring a `resync`; the first connection does not, yet a message sent between the
  // server render and that connection reached no stream of this page: catch up once it is live.
  const caughtUpOnce = useRef(false);
  useEffect(() => {
    if (!live || caughtUpOnce.current) return;
    caughtUpOnce.current = true;
    void catchUp();
  }, [live, catchUp]);

  useRealtimeEvents((event, data) => {
    if (event === "message") {
      const m = data as Message;
      if (m.conversationId !== id) return;
      setMessages((list) => mergeMessages(list, [m]));
      if (m.senderId !== me) markRead(m.seq);
    } else if (event === "read") {
      const r = data as { conversationId: string; userId: string; seq: number };
      if (r.conversationId === id && r.userId !== me) setOtherRead((s) => Math.max(s, r.seq));
    } else if (event === "resync") {
      void catchUp();
    }
  });

  // Shown: mark what it shows read (and its new-message notifications); a hidden tab waits until
  // it becomes visible.
  useEffect(() => markRead(lastSeqRef.current), [markRead]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") markRead(lastSeqRef.current);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markRead]);

  // Newest visible: stay at the bottom when new messages come in, unless the reader scrolled up;
  // keep the reader's place when older messages are added above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  const loadOlder = async () => {
    if (olderCursor === null || loadingOlder) return;
    setLoadingOlder(true);
    const page = await getJson<{ messages: Message[]; nextCursor: number | null }>(`/api/v1/conversations/${id}/messages?cursor=${olderCursor}`).catch(
      () => null,
    );
    setLoadingOlder(false);
    if (!page) return;
    const el = scroller.current;
    keepOffset.current = el ? el.scrollHeight - el.scrollTop : null;
    setMessages((m) => mergeMessages(m, page.messages));
    setOlderCursor(page.nextCursor);
  };

  const send = async (body: string, idempotencyKey: string | null, attachments: string[] = []): Promise<string | null> => {
    setSending(true);
    try {
      const res = await fetch(`/api/v1/conversations/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
        body: JSON.stringify(attachments.length ? { body, attachments } : { body }),
      });
      const answer = (await res.json().catch(() => null)) as { message?: Message; error?: { message: string; fields?: Record<string, string> } } | null;
      if (!res.ok || !answer?.message)
        return answer?.error?.fields?.body ?? answer?.error?.fields?.attachments ?? answer?.error?.message ?? "Message not sent. Please try again.";
      stickToBottom.current = true;
      setMessages((m) => mergeMessages(m, [answer.message!]));
      return null;
    } catch {
      return "Message not sent: check your connection and try again.";
    } finally {
      setSending(false);
    }
  };

  const inbox = useLiveInbox(loaderData.inbox);
  const lastMine = [...messages].reverse().find((m) => m.senderId === me);
  const blockedByMe = loaderData.block === "byMe" || loaderData.block === "both";
  const [showOffline, setShowOffline] = useState(false);
  useEffect(() => {
    if (live) return setShowOffline(false);
    const timer = setTimeout(() => setShowOffline(true), 3000);
    return () => clearTimeout(timer);
  }, [live]);

  return (
    <ThreadFrame
      heading={conversation}
      inbox={<ConversationList conversations={inbox} currentId={id} />}
      status={
        showOffline ? (
          <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500" role="status">
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> Reconnecting…
          </span>
        ) : null
      }
      actions={<BlockButton userId={conversation.other.id} name={conversation.other.name} blocked={blockedByMe} className="shrink-0" />}
      composer={
        loaderData.block !== "none" ? (
          // A block either way ends the conversation until it is lifted (docs/product.md, Trust and safety, Blocking).
          <p role="status" className="border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            {blockedByMe ? MESSAGE_BLOCKED_BY_ME : MESSAGE_BLOCKED_BY_THEM}
          </p>
        ) : (
          <Composer
            onSend={send}
            attachments
            hiddenFields={{ idempotencyKey: loaderData.idempotencyKey }}
            busy={sending || navigation.state === "submitting"}
            error={actionData && !actionData.ok ? (actionData.fields?.body ?? actionData.message) : null}
          />
        )
      }
    >
      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
      >
        {olderCursor !== null ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              onClick={loadOlder}
              disabled={loadingOlder}
              className="min-h-10 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
            >
              {loadingOlder ? "Loading…" : "Load older messages"}
            </button>
          </div>
        ) : null}
        {messages.some((m) => !m.removed && needsOffPlatformNote(m.body)) ? (
          <p role="note" className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {OFF_PLATFORM_NOTE}
          </p>
        ) : null}
        {/* The live region wraps the list: a role on the <ol> itself would take away its list
            role, leaving its items outside any list for a screen reader. */}
        <div role="log" aria-label="Messages" aria-live="polite">
          <ol className="flex flex-col gap-2">
            {messages.map((m) => {
              const mine = m.senderId === me;
              return (
                <li key={m.seq} data-seq={m.seq} className={`flex flex-col ${mine ? "items-end" : "items-start"}`}>
                  <div
                    className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed sm:max-w-[75%] ${mine ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md border border-slate-200 bg-white text-slate-900"}`}
                  >
                    <span className="sr-only">{mine ? "You" : conversation.other.name}: </span>
                    {m.removed ? <em className={mine ? "text-brand-50" : "text-slate-500"}>{m.body}</em> : m.body ? <MessageText body={m.body} /> : null}
                    {m.attachments?.length ? <MessageAttachments files={m.attachments} alone={!m.body} /> : null}
                  </div>
                  <span className="mt-0.5 px-1 text-[11px] text-slate-500">
                    <MessageTime date={m.createdAt} />
                    {m === lastMine ? <span data-testid="read-state">{otherRead >= m.seq ? " · Seen" : " · Sent"}</span> : null}
                  </span>
                  {mine && !m.removed && m.id ? (
                    <DeleteMessageDialog
                      messageId={m.id}
                      onDeleted={() =>
                        setMessages((list) => list.map((x) => (x.id === m.id ? { ...x, removed: true, body: DELETED_MESSAGE_TEXT, attachments: [] } : x)))
                      }
                    />
                  ) : null}
                  {!mine && !m.removed && m.id ? <ReportContentDialog kind="message" targetId={m.id} idPrefix={`report-${m.seq}`} /> : null}
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </ThreadFrame>
  );
}

export default function ThreadPage(props: Route.ComponentProps) {
  // A new thread starts with fresh state.
  return <Thread key={props.loaderData.conversation.id} {...props} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? ((error.data as { message?: string })?.message ?? "Conversation not found") : "Something went wrong";
  return <MessagesError message={message} />;
}
