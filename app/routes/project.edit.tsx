import { Dialog } from "radix-ui";
import { Trash2 } from "../components/ui/icons";
import { Form, useNavigation } from "react-router";
import type { ProjectInput } from "../../shared/schemas";
import { ProjectForm } from "../components/projects/project-form";
import { Button } from "../components/ui/button";
import { ConfirmDisclosure } from "../components/ui/confirm-disclosure";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/project.edit";
import {
  deleteProject,
  deleteQueuedFilesSoon,
  domainDeps,
  failure,
  ForbiddenError,
  getEditableProject,
  isWizardMove,
  NotFoundError,
  PROJECT_FORM_FIELDS,
  projectFields,
  projectFormValues,
  readFormBody,
  redirectWithFlash,
  requireUser,
  updateProject,
  wizardMove,
} from "./project-write.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Edit ${data && "title" in data ? data.title : "project"} | BuildZA` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  try {
    const project = await getEditableProject(context.deps.db, user, params.id);
    return {
      id: project.id,
      title: project.title,
      values: projectFormValues(project) as ProjectInput,
      attachments: project.attachments ?? [],
      version: project.updatedAt,
    };
  } catch (err) {
    if (err instanceof NotFoundError) throw await redirectWithFlash("/projects", { type: "error", message: "Project not found" });
    if (err instanceof ForbiddenError) throw await redirectWithFlash(`/projects/${params.id}`, { type: "error", message: err.message });
    throw err;
  }
}

/**
 * Saves the edit (or `intent=delete` deletes the project). The wizard sent before or without its
 * scripts posts its fields as a form: Next and Previous (wizardMove, checked against the saved
 * deadline as the browser does) show the next or previous step; a refused save hands the fields back.
 * The wizard always carries its hidden `version` (the loader's), so one sent empty is refused as bad
 * input (400), never saved unchecked (docs/product.md, Projects).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { body: sent, form } = await readFormBody(request, PROJECT_FORM_FIELDS);
  try {
    if (sent && typeof sent === "object" && (sent as { intent?: string }).intent === "delete") {
      await deleteProject(domainDeps(context.deps), user, params.id);
      await deleteQueuedFilesSoon(context.deps);
      return redirectWithFlash("/dashboard", { type: "success", message: "Project deleted" });
    }
    if (form && isWizardMove(form)) {
      const project = await getEditableProject(context.deps.db, user, params.id);
      return await wizardMove(context.deps.db, user, form, { keepDraft: false, savedDeadline: projectFormValues(project).deadline });
    }
    const project = await updateProject(context.deps.db, user, params.id, form ? projectFields(form) : sent);
    return redirectWithFlash(`/projects/${project.id}`, { type: "success", message: "Project updated successfully!" });
  } catch (err) {
    return failure(err, undefined, form);
  }
}

export default function EditProject({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const hydrated = useHydrated();
  const deleteTitle = "Delete this project?";
  const deleteDescription = `"${loaderData.title}" and everything attached to it will be removed. This cannot be undone.`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* A title of one long word (a pasted link) wraps instead of widening the page (docs/product.md, Journeys). */}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Edit project</h1>
          <p className="mt-1 break-words text-slate-600">{loaderData.title}</p>
        </div>
        {/* Before the scripts run (and without them) Delete asks in the page (docs/product.md, Look and feel). */}
        {!hydrated ? (
          <ConfirmDisclosure
            summary={
              <>
                <Trash2 className="size-4" aria-hidden="true" /> Delete project
              </>
            }
            className="text-red-700"
            title={deleteTitle}
            description={deleteDescription}
            fields={{ intent: "delete" }}
            confirmLabel="Delete project"
            confirmVariant="danger"
          />
        ) : (
          <Dialog.Root>
            <Dialog.Trigger asChild>
              <Button variant="secondary" className="text-red-700">
                <Trash2 className="size-4" aria-hidden="true" /> Delete project
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
              <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
                <Dialog.Title className="text-lg font-semibold">{deleteTitle}</Dialog.Title>
                <Dialog.Description className="mt-2 break-words text-sm text-slate-600">{deleteDescription}</Dialog.Description>
                <div className="mt-6 flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancel</Button>
                  </Dialog.Close>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <Button type="submit" variant="danger" busy={deleting}>
                      {deleting ? "Deleting..." : "Delete project"}
                    </Button>
                  </Form>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
      </div>
      <div className="mt-6">
        <ProjectForm defaultValues={loaderData.values} mode="edit" attachments={loaderData.attachments} version={loaderData.version} />
      </div>
    </div>
  );
}
