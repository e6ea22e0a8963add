/** Server side of the project create/edit screens. */
import { data } from "react-router";
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { saveProjectDraft } from "../../server/drafts/service";
import { checkProjectStep } from "../../server/projects/service";
import { ValidationError } from "../../server/errors";
import { PROJECT_WIZARD_STEPS } from "../../shared/schemas";
import { failure } from "../lib/action.server";
import { withAddedItems } from "../lib/form-fields";

export { createProject, getEditableProject, projectFormValues, updateProject } from "../../server/projects/service";
export { deleteProject } from "../../server/projects/lifecycle";
export { deleteQueuedFilesSoon } from "../../server/files/service";
export { domainDeps } from "../../server/context";
export { AppError, NotFoundError, ForbiddenError } from "../../server/errors";
export { createOnce, failure, newFormKey, readFormBody } from "../lib/action.server";
export { redirectWithFlash } from "../lib/flash.server";
export { requireUser } from "../lib/session.server";
export { discardProjectDraft, getProjectDraft } from "../../server/drafts/service";

/** The wizard's fields as formFields reads a post of them: skills kept (one hidden field each) and the skill box's additions. */
export const PROJECT_FORM_FIELDS = { lists: ["skills"], commaLists: ["newSkills"] } as const;

/** A wizard post's fields as the project schema takes them: the skill box's additions join the skills; the step and buttons go. */
export function projectFields(form: Record<string, unknown>): Record<string, unknown> {
  const { step: _step, intent: _intent, ...fields } = withAddedItems(form, "skills", "newSkills");
  return fields;
}

/** The wizard at `step` with the fields as sent: the answer to Next or Previous sent without the scripts. */
export interface WizardMove {
  ok: true;
  step: number;
  values: Record<string, unknown>;
}

/** True when a wizard post is one of its own moves (Next, Previous, a feature added or removed), not a save. */
export function isWizardMove(form: Record<string, unknown> | undefined): boolean {
  return Boolean(form && (form.intent === "next" || form.intent === "previous" || featureListEdit(form)));
}

/**
 * The key features after the wizard's "Add feature" (`intent=addFeature`: one empty row more) or
 * "Remove feature N" (`intent=removeFeature.{N-1}`: that row gone, one empty row left at least)
 * sent without the scripts (docs/product.md, Look and feel); null for any other intent.
 */
function featureListEdit(form: Record<string, unknown>): string[] | null {
  const sent = (Array.isArray(form.features) ? form.features : []).map((f) => (typeof f === "string" ? f : ""));
  if (form.intent === "addFeature") return [...sent, ""];
  const removed = typeof form.intent === "string" ? /^removeFeature\.(\d{1,3})$/.exec(form.intent) : null;
  if (!removed) return null;
  const left = sent.filter((_, i) => i !== Number(removed[1]));
  return left.length ? left : [""];
}

/**
 * Next and Previous of the project wizard sent before or without its scripts (docs/product.md,
 * Journeys): the form carries every step's fields (the other steps' as hidden fields) and the step
 * shown (`step`). Previous shows the step before; Next checks the step's fields as the browser does
 * (checkProjectStep; `savedDeadline` for an edit) and shows the next step, or the same step with the
 * fields as sent and their messages. A new project's move also saves the user's draft, as the
 * scripts do between steps (decision 0034). "Add feature" and "Remove feature N" show the same step
 * with the features changed (featureListEdit), saving nothing. Returns null for any other intent (publishing).
 */
export async function wizardMove(db: Db, user: SessionUser, form: Record<string, unknown>, options: { savedDeadline?: string; keepDraft: boolean }) {
  const shown = Math.min(Math.max(Math.trunc(Number(form.step)) || 0, 0), PROJECT_WIZARD_STEPS.length - 1);
  const features = featureListEdit(form);
  if (features) return data<WizardMove>({ ok: true, step: shown, values: { ...form, features, step: String(shown) } });
  if (form.intent !== "next" && form.intent !== "previous") return null;
  const fields = projectFields(form);
  try {
    if (form.intent === "next") checkProjectStep(fields, shown, options.savedDeadline);
  } catch (err) {
    return failure(err, undefined, { ...form, step: String(shown) });
  }
  const step = form.intent === "next" ? Math.min(shown + 1, PROJECT_WIZARD_STEPS.length - 1) : Math.max(shown - 1, 0);
  // As the scripts' save: a draft the draft schema refuses (a field far too long) is not kept, and the move still happens.
  if (options.keepDraft)
    await saveProjectDraft(db, user, { step, values: fields }).catch((err: unknown) => {
      if (!(err instanceof ValidationError)) throw err;
    });
  return data<WizardMove>({ ok: true, step, values: { ...form, step: String(step) } });
}
