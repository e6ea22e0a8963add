import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, ArrowRight, Check, Monitor, Paperclip, Plus, Smartphone, Tablet, X } from "../ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors, type FieldPath, type UseFormSetError } from "react-hook-form";
import { registerWithDefaults } from "../../lib/form-defaults";
import { useActionData, useNavigation, useSubmit } from "react-router";
import {
  BUDGET_RANGES,
  CATEGORIES,
  MAX_DESCRIPTION,
  PASTE_ROOM,
  MAX_PROJECT_FILES,
  MIN_DESCRIPTION,
  PLATFORM_DESCRIPTIONS,
  PLATFORM_LABELS,
  PLATFORMS,
  PROJECT_SKILL_SUGGESTIONS,
  TIMELINES,
} from "../../../shared/constants";
import { budgetRangeLabel, latestDateIso, todayIso } from "../../../shared/format";
import { useNow } from "../../lib/now";
import { useHydrated } from "../../lib/use-hydrated";
import { PROJECT_WIZARD_STEPS, projectEditSchema, projectSchema, skillRefusal, type ProjectInput } from "../../../shared/schemas";
import type { ActionFailure } from "../../lib/action.server";
import { usePostedFailure, useServerErrors } from "../../lib/use-server-errors";
import { likeShape, postedVersion, withAddedItems } from "../../lib/form-fields";
import { AttachmentsField, type FileInfo } from "../files/attachments";
import { DraftStatus, LeaveDraftDialog, useEditChanges, useLeaveWarning, useProjectDraft } from "./project-draft";
import { Button, ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { Field, FieldError, FormAlert, Input, Select, Textarea } from "../ui/form";
import { matchSkillSuggestions, SkillChipList, SkillHiddenInputs, SkillSuggestions } from "../ui/skill-chips";

const PLATFORM_ICONS = { mobile: Smartphone, web: Monitor, both: Tablet } as const;

/** Empty form values for a new project: no preselected budget range or timeline (docs/product.md). */
export const EMPTY_PROJECT: ProjectInput = {
  title: "",
  description: "",
  platform: "mobile",
  features: [""],
  budgetRange: "" as ProjectInput["budgetRange"],
  timeline: "" as ProjectInput["timeline"],
  skills: [],
  targetAudience: "",
  additionalInfo: "",
  category: "Other",
  deadline: "",
};

/** The wizard's fields as a post sends them, for likeShape (lists with one item of their shape). */
const SENT_PROJECT = { ...EMPTY_PROJECT, features: [""], skills: [""] };

/** The step of the first field with a message (PROJECT_WIZARD_STEPS), or -1. */
function stepOf(names: string[]): number {
  const steps = names.map((name) => PROJECT_WIZARD_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(name.split(".")[0]!))).filter((i) => i >= 0);
  return steps.length ? Math.min(...steps) : -1;
}

/**
 * Where the wizard opens after a post made before or without its scripts: the step the action
 * moved to with the fields as sent (Next, Previous), or the step of the first refused field with
 * the fields as sent; nothing when the page was not such an answer.
 */
function usePostedWizard(): {
  step?: number;
  values?: ProjectInput;
  /** The fields as sent (with the hidden `version`). */
  fields?: Record<string, unknown>;
  errors?: FieldErrors<ProjectInput>;
  message?: string;
} {
  const result = useActionData() as ActionFailure | { ok: true; step: number; values: Record<string, unknown> } | undefined;
  const posted = usePostedFailure();
  const [answer] = useState(() => {
    const sent = result?.ok ? result.values : posted.values;
    if (!sent) return {};
    const values = likeShape(withAddedItems(sent, "skills", "newSkills"), SENT_PROJECT) as ProjectInput;
    if (result?.ok) return { step: result.step, values, fields: sent };
    const at = stepOf(Object.keys((result as ActionFailure | undefined)?.fields ?? {}));
    return {
      step: at >= 0 ? at : Math.min(Math.max(Number(sent.step) || 0, 0), PROJECT_WIZARD_STEPS.length - 1),
      values,
      fields: sent,
      errors: posted.errors as FieldErrors<ProjectInput> | undefined,
      message: posted.message,
    };
  });
  return answer;
}

/**
 * The fields of the steps not shown, as hidden fields, until the scripts run: a post of the wizard
 * made before or without them (Next, Previous, publishing) carries every step's values.
 */
function OtherStepsFields({ step, values }: { step: number; values: ProjectInput }) {
  const hidden = (name: string, value: unknown) => <input key={name} type="hidden" name={name} value={value == null ? "" : String(value)} />;
  const fields = PROJECT_WIZARD_STEPS.flatMap((s, i) => (i === step ? [] : [...s.fields]));
  return (
    <>
      {fields.map((name) => {
        const value = values[name];
        if (name === "features") return (Array.isArray(value) ? value : []).map((f: unknown, i) => hidden(`features.${i}`, f));
        if (name === "skills") return <SkillHiddenInputs key={name} name="skills" skills={Array.isArray(value) ? (value as string[]) : []} />;
        return hidden(name, value);
      })}
    </>
  );
}

const choice = (selected: boolean) =>
  `flex cursor-pointer rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
    selected ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-300 bg-white hover:border-slate-400"
  }`;

/**
 * The three-step project wizard (docs/product.md, Screens "Create project"), used by /projects/new and
 * /projects/{id}/edit. Next validates the current step's fields; the last step submits JSON to
 * the route's action, which validates the same schema. `mode` changes labels only; a create sends
 * `idempotencyKey` (from the loader) so it runs once (docs/security.md, Idempotency).
 */
export function ProjectForm({
  defaultValues,
  mode,
  idempotencyKey,
  attachments = [],
  initialStep = 0,
  keepDraft = false,
  version,
}: {
  defaultValues: ProjectInput;
  mode: "create" | "edit";
  idempotencyKey?: string;
  /** The step to open on (a draft's). */
  initialStep?: number;
  /**
   * Keep the user's draft on the server and warn before leaving with unsaved changes (docs/product.md,
   * Journeys "Drafts"). The edit wizard (`mode` "edit") warns without a draft while its fields differ
   * from the saved project.
   */
  keepDraft?: boolean;
  /** The project's files (edit): shown in the attachments field (docs/product.md, Files). */
  attachments?: FileInfo[];
  /** The project's updatedAt when the form opened (edit): a change made since elsewhere is not overwritten (docs/product.md, Projects). */
  version?: string;
}) {
  // Today in South African time from the shared "now", so the date field's minimum hydrates as rendered (app/lib/now.tsx).
  const now = useNow();
  const today = todayIso(now);
  // Sent before or without the scripts: the step and the fields the action answered with.
  const posted = usePostedWizard();
  const hydrated = useHydrated();
  const [step, setStep] = useState(posted.step ?? initialStep);
  // The version of the values shown, kept for the form's life: after its post without the scripts
  // (Next, Previous, a refusal), the one they were typed on, so a stale edit sent again is refused
  // again (decision 0059).
  const [formVersion] = useState(() => postedVersion(posted.fields, version));
  // Editing keeps a saved deadline that has passed, as the server does (docs/product.md, Projects).
  const [schema] = useState(() => (mode === "edit" ? projectEditSchema(defaultValues.deadline ?? "") : projectSchema));
  const [skillDraft, setSkillDraft] = useState("");
  const [skillError, setSkillError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData() as ActionFailure | undefined;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    watch,
    trigger,
    formState: { errors },
  } = useForm<ProjectInput>({ resolver: zodResolver(schema), defaultValues: posted.values ?? defaultValues, errors: posted.errors, mode: "onTouched" });
  const { valueField, radioField } = registerWithDefaults(register, getValues);
  // One function for the form's life: a new one each render made useServerErrors put the action's
  // messages back on every render, so fixing a field no longer cleared its message.
  const showServerError = useCallback<UseFormSetError<ProjectInput>>(
    (name, error) => {
      setError(name, error);
      const at = stepOf([String(name)]);
      if (at >= 0) setStep((current) => Math.min(current, at));
    },
    [setError],
  );
  useServerErrors<ProjectInput>(result, showServerError);

  // A field showing a message is checked again on every change, so a fix clears it at once
  // (choosing a budget range removes "Please select a budget range").
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      const field = name as FieldPath<ProjectInput> | undefined;
      if (field && getFieldState(field).error) void trigger(field);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, getFieldState]);

  const draft = useProjectDraft({ enabled: keepDraft, watch, getValues, step });
  // The edit wizard has no draft: it warns while its fields differ from the saved project (docs/product.md, Projects "Editing").
  const [savedFileIds] = useState(() => attachments.map((f) => f.id));
  const edited = useEditChanges({ enabled: mode === "edit", watch, getValues, saved: defaultValues, attachmentIds: savedFileIds });
  // Set while the wizard is being published or saved: the way to the project is no leaving with changes.
  const leaving = useRef(false);
  const blocker = useLeaveWarning(draft.dirty || edited, leaving);
  const { stopPublishing } = draft;
  useEffect(() => {
    if (result && !result.ok) {
      leaving.current = false;
      stopPublishing();
    }
  }, [result, stopPublishing]);
  const saving = navigation.state === "submitting";
  const description = watch("description") ?? "";
  const descriptionLength = description.trim().length;
  const platform = watch("platform");
  const features = watch("features") ?? [""];
  const skills = watch("skills") ?? [];
  const budgetRange = watch("budgetRange");
  const timeline = watch("timeline");
  const last = step === PROJECT_WIZARD_STEPS.length - 1;
  // Suggestions filter as the skill is typed; the first match is the one Enter adds.
  const { suggestions, highlighted, taken } = matchSkillSuggestions(PROJECT_SKILL_SUGGESTIONS, skills, skillDraft);

  // Moving between steps moves focus to the new step's heading, which screen readers announce.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  async function next() {
    const ok = await trigger(PROJECT_WIZARD_STEPS[step]!.fields as unknown as FieldPath<ProjectInput>[], { shouldFocus: true });
    if (ok) setStep((s) => s + 1);
  }

  function addSkill(raw: string) {
    const skill = raw.trim();
    // Read the current list, not this render's copy: two quick clicks must both count.
    const skills = getValues("skills") ?? [];
    if (!skill) return;
    const refused = skillRefusal(skill, skills);
    if (refused) {
      setSkillError(refused);
      return;
    }
    setSkillError(undefined);
    setValue("skills", [...skills, skill], { shouldValidate: true });
    setSkillDraft("");
  }

  const onSubmit = handleSubmit(async (values) => {
    leaving.current = true;
    await draft.startPublishing();
    // The key makes a double submit (or a retry after a lost answer) create one project.
    submit({ ...values, ...(idempotencyKey ? { idempotencyKey } : {}), ...(formVersion !== undefined ? { version: formVersion } : {}) } as never, {
      method: "post",
      encType: "application/json",
    });
  });

  return (
    <form
      // Sent before the scripts run (a slow phone) or without them, the wizard posts its fields to the
      // action, which moves between steps or publishes (docs/product.md, Journeys); never a GET that
      // puts them in the address and saves nothing.
      method="post"
      noValidate
      onSubmit={(e) => {
        // Enter in a field moves on a step; on the last step it does nothing: only a click (or a
        // deliberate key press) on the final button publishes, so Enter twice cannot (docs/product.md, Journeys).
        e.preventDefault();
        if (!last) void next();
      }}
      className="space-y-6"
    >
      <input type="hidden" name="step" value={step} />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {formVersion !== undefined ? <input type="hidden" name="version" value={formVersion} /> : null}
      {hydrated ? null : (
        <>
          {/* The first submit button is the one Enter in a field presses: Next, and on the last step
              none (a disabled one), so Enter never publishes without the scripts either. */}
          {last ? (
            <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
          ) : (
            <button type="submit" name="intent" value="next" hidden aria-hidden="true" tabIndex={-1} />
          )}
          <OtherStepsFields step={step} values={getValues()} />
        </>
      )}
      <FormAlert result={posted.message ? { ok: false, message: posted.message } : null} />
      <ol className="grid grid-cols-3 gap-2" aria-label="Progress">
        {PROJECT_WIZARD_STEPS.map((s, i) => (
          <li key={s.title} aria-current={i === step ? "step" : undefined}>
            <div className={`h-1.5 rounded-full ${i <= step ? "bg-brand-600" : "bg-slate-200"}`} />
            <p className={`mt-2 text-xs sm:text-sm ${i === step ? "font-semibold text-brand-700" : "text-slate-600"}`}>
              <span className="sr-only">Step {i + 1}: </span>
              {s.title}
            </p>
          </li>
        ))}
      </ol>

      <Card className="space-y-5 p-5 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Step {step + 1} of 3: {PROJECT_WIZARD_STEPS[step]!.title}
        </h2>

        {step === 0 ? (
          <>
            <Field id="title" label="Project title" error={errors.title?.message}>
              <Input
                id="title"
                placeholder="e.g. Booking app for a Cape Town hair salon"
                invalid={!!errors.title}
                aria-describedby="title-error"
                {...valueField("title")}
              />
            </Field>
            <Field
              id="description"
              label="Project description"
              error={errors.description?.message}
              hint="Describe what the app should do, who it is for and what exists already."
            >
              <Textarea
                id="description"
                rows={7}
                maxLength={MAX_DESCRIPTION + PASTE_ROOM}
                invalid={!!errors.description}
                aria-describedby="description-error description-count"
                {...valueField("description")}
              />
              <p
                id="description-count"
                className={`text-right text-xs ${descriptionLength > MAX_DESCRIPTION ? "text-red-700" : descriptionLength < MIN_DESCRIPTION ? "text-slate-600" : "text-brand-700"}`}
              >
                {descriptionLength > MAX_DESCRIPTION
                  ? `${descriptionLength} / ${MAX_DESCRIPTION} characters maximum`
                  : `${descriptionLength} / ${MIN_DESCRIPTION} characters minimum`}
              </p>
            </Field>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Platform</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {PLATFORMS.map((p) => {
                  const Icon = PLATFORM_ICONS[p];
                  return (
                    <label key={p} className={`${choice(platform === p)} items-start gap-3`}>
                      <input type="radio" className="sr-only" {...radioField("platform", p)} />
                      <Icon className="mt-0.5 size-5 text-brand-600" aria-hidden="true" />
                      <span>
                        <span className="block text-sm font-medium">{PLATFORM_LABELS[p]}</span>
                        <span className="block text-xs text-slate-600">{PLATFORM_DESCRIPTIONS[p]}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError message={errors.platform?.message} />
            </fieldset>
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium text-slate-800">Key features</legend>
              {features.map((feature, i) => (
                <div key={i} className="flex gap-2">
                  <Input
                    name={`features.${i}`}
                    aria-label={`Feature ${i + 1}`}
                    placeholder={i === 0 ? "e.g. Customers book and pay a deposit with SnapScan" : "Another feature"}
                    value={feature}
                    onChange={(e) =>
                      setValue(
                        "features",
                        (getValues("features") ?? []).map((f, j) => (j === i ? e.target.value : f)),
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    // A submit only until the scripts run: without them the action shows the step without this feature.
                    type={hydrated ? "button" : "submit"}
                    name="intent"
                    value={`removeFeature.${i}`}
                    formNoValidate
                    aria-label={`Remove feature ${i + 1}`}
                    disabled={features.length === 1}
                    onClick={() =>
                      setValue(
                        "features",
                        (getValues("features") ?? []).filter((_, j) => j !== i),
                      )
                    }
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              ))}
              <FieldError
                message={errors.features?.message ?? (Array.isArray(errors.features) ? errors.features.find((f) => f?.message)?.message : undefined)}
              />
              {/* A submit only until the scripts run: without them the action shows the step with one empty feature more. */}
              <Button
                variant="secondary"
                size="sm"
                type={hydrated ? "button" : "submit"}
                name="intent"
                value="addFeature"
                formNoValidate
                onClick={() => setValue("features", [...(getValues("features") ?? []), ""])}
              >
                <Plus className="size-4" aria-hidden="true" /> Add feature
              </Button>
            </fieldset>
          </>
        ) : null}

        {step === 1 ? (
          <>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Budget range</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {BUDGET_RANGES.map((b) => (
                  <label key={b.code} className={`${choice(budgetRange === b.code)} flex-col`}>
                    <input type="radio" className="sr-only" {...radioField("budgetRange", b.code)} />
                    <span className="text-sm font-semibold">{budgetRangeLabel(b.code)}</span>
                    <span className="text-xs text-slate-600">{b.description}</span>
                  </label>
                ))}
              </div>
              <FieldError id="budgetRange-error" message={errors.budgetRange?.message} />
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Timeline</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {TIMELINES.map((t) => (
                  <label key={t.code} className={`${choice(timeline === t.code)} flex-col`}>
                    <input type="radio" className="sr-only" {...radioField("timeline", t.code)} />
                    <span className="text-sm font-semibold">{t.label}</span>
                    <span className="text-xs text-slate-600">{t.description}</span>
                  </label>
                ))}
              </div>
              <FieldError id="timeline-error" message={errors.timeline?.message} />
            </fieldset>
            <Field id="deadline" label="Deadline (optional)" error={errors.deadline?.message} hint="Leave empty for a flexible timeline.">
              <Input
                id="deadline"
                type="date"
                min={today}
                max={latestDateIso(now)}
                className="sm:max-w-xs"
                invalid={!!errors.deadline}
                {...valueField("deadline")}
              />
            </Field>
            <div className="space-y-2">
              <label htmlFor="skill" className="block text-sm font-medium text-slate-800">
                Required skills
              </label>
              {skills.length ? (
                <SkillChipList
                  skills={skills}
                  name="skills"
                  label="Selected skills"
                  onRemove={(skill) =>
                    setValue(
                      "skills",
                      (getValues("skills") ?? []).filter((x) => x !== skill),
                      { shouldValidate: true },
                    )
                  }
                />
              ) : null}
              <div className="flex gap-2">
                <Input
                  id="skill"
                  name="newSkills"
                  placeholder="Type a skill and press Enter"
                  value={skillDraft}
                  onChange={(e) => setSkillDraft(e.target.value)}
                  aria-describedby={highlighted ? "skill-highlighted" : undefined}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      // A partial word ("Flut") picks the highlighted suggestion ("Flutter"), or the skill already added it starts.
                      addSkill(highlighted ?? taken ?? skillDraft);
                    }
                  }}
                />
                <Button variant="secondary" onClick={() => addSkill(skillDraft)}>
                  Add
                </Button>
              </div>
              <FieldError message={skillError ?? errors.skills?.message} />
              {highlighted ? (
                <p id="skill-highlighted" className="text-xs text-slate-600">
                  Enter adds <span className="font-medium text-brand-700">{highlighted}</span>
                </p>
              ) : null}
              <SkillSuggestions skills={suggestions} highlighted={highlighted} onAdd={addSkill} />
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <Field
              id="targetAudience"
              label="Target audience"
              error={errors.targetAudience?.message}
              hint="Who will use the app? e.g. commuters in Gauteng, small retailers."
            >
              <Input id="targetAudience" invalid={!!errors.targetAudience} {...valueField("targetAudience")} />
            </Field>
            <Field id="category" label="Category" error={errors.category?.message}>
              <Select id="category" invalid={!!errors.category} {...valueField("category")}>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id="additionalInfo"
              label="Additional information"
              error={errors.additionalInfo?.message}
              hint="Anything else developers should know: existing systems, brand guides, hosting."
            >
              <Textarea id="additionalInfo" rows={4} invalid={!!errors.additionalInfo} {...valueField("additionalInfo")} />
            </Field>
          </>
        ) : null}
        {/* Always mounted, so uploads survive going back a step; shown on the last step. */}
        <div hidden={step !== 2} className="space-y-2">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <Paperclip className="size-4" aria-hidden="true" /> Attachments <span className="font-normal text-slate-500">(optional)</span>
          </p>
          <p className="text-sm text-slate-600">Wireframes, screenshots or documents that explain the app.</p>
          <AttachmentsField
            initial={attachments}
            max={MAX_PROJECT_FILES}
            onChange={(ids, pending) => {
              setValue("attachments", ids, { shouldValidate: true });
              setUploading(pending);
            }}
          />
          <FieldError message={errors.attachments?.message ?? errors.attachments?.root?.message} />
        </div>
      </Card>

      {keepDraft ? (
        <>
          <DraftStatus state={draft.state} dirty={draft.dirty} />
          <LeaveDraftDialog blocker={blocker} save={draft.save} />
        </>
      ) : mode === "edit" ? (
        <LeaveDraftDialog blocker={blocker} />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to="/dashboard" variant="ghost">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
        </ButtonLink>
        <div className="flex gap-2">
          {step > 0 ? (
            // A submit only until the scripts run (without them Previous posts the fields and the action shows the step before).
            <Button
              type={hydrated ? "button" : "submit"}
              name="intent"
              value="previous"
              formNoValidate
              variant="secondary"
              onClick={() => setStep((s) => s - 1)}
              disabled={saving}
            >
              Previous
            </Button>
          ) : null}
          {last ? (
            // Its own key: React mounts a new button, so the focus on "Next" does not carry over to it.
            <Button
              key="final"
              // A submit only until the scripts run: without them it posts the fields to be published.
              type={hydrated ? "button" : "submit"}
              name="intent"
              value="publish"
              busy={saving}
              disabled={uploading}
              title={uploading ? "Wait for the uploads to finish" : undefined}
              onClick={() => void onSubmit()}
            >
              {mode === "create" ? (saving ? "Creating Project..." : "Create Project") : saving ? "Saving Changes..." : "Save Changes"}
              {!saving ? <Check className="size-4" aria-hidden="true" /> : null}
            </Button>
          ) : (
            <Button key="next" type="submit" name="intent" value="next">
              Next <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
