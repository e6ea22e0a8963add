import { FilePen, Trash2 } from "../components/ui/icons";
import { Form, useActionData, useNavigation } from "react-router";
import { EMPTY_PROJECT, ProjectForm } from "../components/projects/project-form";
import { RelativeTime } from "../components/ui/relative-time";
import { Button, ButtonLink } from "../components/ui/button";
import { Card } from "../components/ui/card";
import type { ProjectInput } from "../../shared/schemas";
import type { Route } from "./+types/projects.new";
import {
  AppError,
  createOnce,
  createProject,
  discardProjectDraft,
  failure,
  getProjectDraft,
  newFormKey,
  PROJECT_FORM_FIELDS,
  projectFields,
  readFormBody,
  redirectWithFlash,
  requireUser,
  wizardMove,
} from "./project-write.server";

export const meta: Route.MetaFunction = () => [{ title: "Post a project | BuildZA" }];

/**
 * The wizard, or first the choice "Continue your draft" / "Discard draft" when the user left an
 * unfinished project (docs/product.md, Journeys "Drafts"); `?draft=continue` opens the draft.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const draft = await getProjectDraft(context.deps.db, user);
  const continuing = new URL(request.url).searchParams.get("draft") === "continue";
  const title = typeof draft?.values.title === "string" ? draft.values.title.trim() : "";
  return { idempotencyKey: newFormKey(), draft, draftTitle: title || "Untitled project", continuing: continuing && draft !== null };
}

/**
 * Publishes the project (and deletes the draft with it), or `intent=discardDraft` deletes the draft.
 * The wizard sent before or without its scripts posts its fields as a form: Next and Previous
 * (wizardMove) show the next or previous step and save the draft; publishing refused hands the fields back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { body: sent, form } = await readFormBody(request, PROJECT_FORM_FIELDS);
  if (sent && typeof sent === "object" && (sent as Record<string, unknown>).intent === "discardDraft") {
    await discardProjectDraft(context.deps.db, user);
    return redirectWithFlash("/projects/new", { type: "success", message: "Draft discarded" });
  }
  const moved = form ? await wizardMove(context.deps.db, user, form, { keepDraft: true }) : null;
  if (moved) return moved;
  const body = form ? projectFields(form) : sent;
  try {
    return await createOnce(context.deps, user, request, body, async (db, fields) => {
      const project = await createProject(db, user, fields);
      await discardProjectDraft(db, user);
      return { location: `/projects/${project.id}`, flash: { type: "success", message: "Project created successfully!" } };
    });
  } catch (err) {
    // docs/product.md, Messages and errors: "Failed to create project" unless a field says what is wrong.
    if (err instanceof AppError && !err.fields) return failure(new AppError(err.status, err.code, "Failed to create project"), undefined, form);
    return failure(err, undefined, form);
  }
}

export default function NewProject({ loaderData }: Route.ComponentProps) {
  const { draft } = loaderData;
  const navigation = useNavigation();
  // The wizard sent without its scripts comes back on a step (or refused): the wizard, not the draft choice.
  const answered = useActionData() as { values?: unknown } | undefined;
  const continuing = loaderData.continuing || Boolean(answered?.values);
  const title = loaderData.draftTitle;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Post a project</h1>
      <p className="mt-1 text-slate-600">Tell developers what you want built. It takes about five minutes.</p>
      <div className="mt-6">
        {draft && !continuing ? (
          <Card className="p-5">
            <h2 className="text-lg font-semibold text-slate-900">You have an unfinished project</h2>
            <p className="mt-1 break-words text-slate-700">
              <span className="font-medium">{title}</span>, saved <RelativeTime date={draft.updatedAt} />.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <ButtonLink to="/projects/new?draft=continue" className="w-full sm:w-auto">
                <FilePen className="size-4" aria-hidden="true" />
                Continue your draft
              </ButtonLink>
              <Form method="post" className="w-full sm:w-auto">
                <input type="hidden" name="intent" value="discardDraft" />
                <Button type="submit" variant="secondary" className="w-full" busy={navigation.state === "submitting"}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Discard draft
                </Button>
              </Form>
            </div>
          </Card>
        ) : (
          <ProjectForm
            key={continuing ? "draft" : "new"}
            defaultValues={continuing && draft ? { ...EMPTY_PROJECT, ...(draft.values as Partial<ProjectInput>) } : EMPTY_PROJECT}
            initialStep={continuing && draft ? draft.step : 0}
            mode="create"
            idempotencyKey={loaderData.idempotencyKey}
            keepDraft
          />
        )}
      </div>
    </div>
  );
}
