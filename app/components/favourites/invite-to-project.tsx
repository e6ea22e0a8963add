/**
 * "Invite to project" on a developer's profile (docs/product.md, Journeys "Invite a developer"): a
 * disclosure with the client's open projects; a project the developer was already invited to or
 * proposed on is shown but cannot be chosen (with every one taken, a sentence says so). Without
 * JavaScript the form posts `returnTo` and the page answers with a redirect back (or the page with
 * the error); with JavaScript a fetcher posts and the answer is toasted.
 */
import { MailPlus } from "../ui/icons";
import { useActionData, useFetcher, useLocation } from "react-router";
import { Button, ButtonLink } from "../ui/button";
import { FieldError, Select } from "../ui/form";
import { useActionToast } from "../../lib/action-toast";

interface InvitableProject {
  id: string;
  title: string;
  state: "invited" | "proposed" | null;
}

const STATE_LABELS = { invited: "already invited", proposed: "already proposed" } as const;

export function InviteToProject({ developerId, developerName, projects }: { developerId: string; developerName: string; projects: InvitableProject[] }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const failed = useActionToast(fetcher);
  const noJsAnswer = useActionData() as { ok: boolean; message: string; fields?: Record<string, string> } | undefined;
  const error =
    failed?.fields?.projectId ?? failed?.message ?? (noJsAnswer && !noJsAnswer.ok ? (noJsAnswer.fields?.projectId ?? noJsAnswer.message) : undefined);
  const open = projects.filter((p) => p.state === null);
  const action = `/developers/${developerId}`;
  return (
    <details className="group w-full sm:w-auto">
      <summary className="inline-flex min-h-11 w-full cursor-pointer list-none items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-auto">
        <MailPlus className="size-4" aria-hidden="true" />
        Invite to project
      </summary>
      <div className="mt-2 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm sm:w-80">
        {projects.length === 0 ? (
          <div className="space-y-2 text-sm text-slate-600">
            <p>You have no open projects to invite {developerName} to.</p>
            <ButtonLink to="/projects/new" size="sm" variant="secondary">
              Post a project
            </ButtonLink>
          </div>
        ) : (
          <form
            method="post"
            action={action}
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              form.delete("returnTo");
              void fetcher.submit(form, { method: "post", action, preventScrollReset: true });
            }}
          >
            <input type="hidden" name="intent" value="invite" />
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            <label htmlFor="invite-project" className="block text-sm font-medium text-slate-800">
              Invite {developerName} to
            </label>
            <Select
              id="invite-project"
              name="projectId"
              // With every project taken, the first one shows (disabled) rather than an empty box.
              defaultValue={(open[0] ?? projects[0])?.id ?? ""}
              invalid={Boolean(error)}
              aria-describedby={error ? "invite-error" : undefined}
            >
              {projects.map((p) => (
                <option key={p.id} value={p.id} disabled={p.state !== null}>
                  {p.state ? `${p.title} (${STATE_LABELS[p.state]})` : p.title}
                </option>
              ))}
            </Select>
            {open.length === 0 ? (
              <p className="text-sm text-slate-600">{developerName} is already invited to or has proposed on each of your open projects.</p>
            ) : null}
            <FieldError id="invite-error" message={error} />
            <Button type="submit" size="sm" className="w-full" disabled={!open.length} busy={fetcher.state !== "idle"}>
              Send invitation
            </Button>
          </form>
        )}
      </div>
    </details>
  );
}
