/**
 * /messages/new?to={userId} and /messages/new?project={id} (docs/product.md, Messages and notifications): opens the existing
 * conversation with that user (or with the project's owner about that project), or shows an
 * empty thread whose first message creates it. Nobody messages themselves (clear message).
 */
import { MessageSquare } from "../components/ui/icons";
import { useState } from "react";
import { isRouteErrorResponse, redirect, useActionData, useNavigate, useNavigation, useRouteError } from "react-router";
import { Composer } from "../components/messages/composer";
import { MessagesError, ThreadFrame } from "../components/messages/thread-frame";
import type { Route } from "./+types/messages.new";
import { createOnce, failure, findConversationTarget, newFormKey, orHttpError, readBody, requireUser, startConversation } from "./messages.server";

function targetOf(url: URL) {
  return { to: url.searchParams.get("to") ?? undefined, projectId: url.searchParams.get("project") ?? undefined };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const target = await orHttpError(findConversationTarget(context.deps.db, user, targetOf(new URL(request.url))));
  if (target.conversationId) throw redirect(`/messages/${target.conversationId}`);
  return { recipient: target.recipient, project: target.project, target: targetOf(new URL(request.url)), idempotencyKey: newFormKey() };
}

/** Without JavaScript: the first message creates the conversation, then its thread opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  try {
    return await createOnce(context.deps, user, request, await readBody(request, { arrays: ["attachments"] }), async (db, fields) => {
      const { conversation } = await startConversation(db, user, { ...targetOf(new URL(request.url)), body: fields.body, attachments: fields.attachments });
      return { location: `/messages/${conversation.id}` };
    });
  } catch (err) {
    return failure(err);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Message ${data.recipient.name} · ` : ""}Messages | BuildZA` },
  { name: "robots", content: "noindex" },
];

export default function NewConversation({ loaderData }: Route.ComponentProps) {
  const { recipient, project, target } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const [sending, setSending] = useState(false);

  const send = async (body: string, idempotencyKey: string | null, attachments: string[] = []): Promise<string | null> => {
    setSending(true);
    try {
      const res = await fetch("/api/v1/conversations", {
        method: "POST",
        headers: { "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
        body: JSON.stringify(attachments.length ? { ...target, body, attachments } : { ...target, body }),
      });
      const answer = (await res.json().catch(() => null)) as {
        conversation?: { id: string };
        error?: { message: string; fields?: Record<string, string> };
      } | null;
      if (!res.ok || !answer?.conversation)
        return answer?.error?.fields?.body ?? answer?.error?.fields?.attachments ?? answer?.error?.message ?? "Message not sent. Please try again.";
      navigate(`/messages/${answer.conversation.id}`, { replace: true });
      return null;
    } catch {
      return "Message not sent: check your connection and try again.";
    } finally {
      setSending(false);
    }
  };

  return (
    <ThreadFrame
      heading={{ other: recipient, project: project ? { id: project.id, title: project.title } : null }}
      composer={
        <Composer
          onSend={send}
          attachments
          hiddenFields={{ idempotencyKey: loaderData.idempotencyKey }}
          busy={sending || navigation.state === "submitting"}
          placeholder={`Write to ${recipient.name}…`}
          error={actionData && !actionData.ok ? (actionData.fields?.body ?? actionData.message) : null}
        />
      }
    >
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MessageSquare className="size-6" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-sm text-slate-600">
          {project ? (
            <>
              Ask {recipient.name} about <span className="font-medium text-slate-900">{project.title}</span>. Your conversation stays between the two of you.
            </>
          ) : (
            <>Start your conversation with {recipient.name}. Only the two of you can read it.</>
          )}
        </p>
      </div>
    </ThreadFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? ((error.data as { message?: string })?.message ?? "Not found") : "Something went wrong";
  return <MessagesError message={message} />;
}
