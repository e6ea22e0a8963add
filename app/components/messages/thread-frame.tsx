import { ArrowLeft, Briefcase } from "../ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PersonAvatar } from "./avatar";

/** The person and project a thread is with/about, as the thread header shows them. */
export interface ThreadHeading {
  other: { id: string; name: string; userType: "client" | "developer"; photoId?: string | null };
  project: { id: string | null; title: string } | null;
}

/**
 * The chat frame shared by a thread and a new conversation: a header (back to the inbox, the other
 * person, the project, optional actions), a scrolling body and the composer, filling the screen below the site header.
 * `inbox`: the conversation list, shown beside the thread from 1024 px (two panes); phones keep one.
 */
export function ThreadFrame({
  heading,
  status,
  actions,
  children,
  composer,
  inbox,
}: {
  heading: ThreadHeading;
  status?: ReactNode;
  /** Buttons at the end of the header (the thread's Block). */
  actions?: ReactNode;
  children: ReactNode;
  composer: ReactNode;
  inbox?: ReactNode;
}) {
  const { other, project } = heading;
  const role = other.userType === "developer" ? "Developer" : "Client";
  return (
    <div
      className={`mx-auto flex h-[calc(100dvh-4rem)] flex-col max-sm:h-full sm:px-6 sm:py-6 ${inbox ? "max-w-3xl lg:grid lg:max-w-[1200px] lg:grid-cols-[340px_minmax(0,1fr)] lg:gap-6" : "max-w-3xl"}`}
    >
      {inbox ? (
        <nav aria-label="Conversations" className="hidden min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:flex">
          <h2 className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
            <Link to="/messages" className="hover:underline">
              Messages
            </Link>
          </h2>
          <div className="relative min-h-0 flex-1 overflow-y-auto">{inbox}</div>
        </nav>
      ) : null}
      <section
        aria-label={`Conversation with ${other.name}`}
        className="flex min-h-0 flex-1 flex-col overflow-hidden bg-white lg:h-full sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-sm"
      >
        <header className="flex items-center gap-3 border-b border-slate-200 px-2 py-2 sm:px-4">
          <Link
            to="/messages"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            aria-label="Back to messages"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <PersonAvatar name={other.name} photoId={other.photoId} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold text-slate-900">
              {other.userType === "developer" ? (
                <Link to={`/developers/${other.id}`} className="block truncate hover:underline">
                  {other.name}
                </Link>
              ) : (
                other.name
              )}
            </h1>
            <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600">
              <span>{role}</span>
              {project ? (
                <>
                  <span aria-hidden="true">·</span>
                  <Briefcase className="size-3.5 shrink-0" aria-hidden="true" />
                  {project.id ? (
                    // py-1: a 24 px tall target on a phone, not the 16 px of its line (WCAG 2.5.8).
                    <Link to={`/projects/${project.id}`} className="min-w-0 truncate py-1 hover:underline">
                      {project.title}
                    </Link>
                  ) : (
                    <span className="truncate">{project.title} (deleted)</span>
                  )}
                </>
              ) : null}
            </p>
          </div>
          {status}
          {actions}
        </header>
        {children}
        {composer}
      </section>
    </div>
  );
}

/** The error page of the message routes: not a participant (403), not found (404), yourself (400). */
export function MessagesError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{message}</h1>
      <p className="mt-2 text-slate-600">Your conversations are in Messages.</p>
      <Link to="/messages" className="mt-6 inline-block font-medium text-brand-700 underline">
        Go to Messages
      </Link>
    </div>
  );
}
