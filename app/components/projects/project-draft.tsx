/**
 * The project wizard's draft (docs/product.md, Journeys "Drafts"): saves the fields and the step to
 * PUT /api/v1/me/project-draft when the user moves between steps and DRAFT_SAVE_DELAY_MS after the
 * last change. The edit wizard has no draft; it knows whether its fields differ from the saved
 * project (useEditChanges). Both warn before leaving with changes not yet saved (useLeaveWarning):
 * an accessible dialog for a navigation inside the app (React Router's useBlocker), the browser's
 * own prompt for closing the tab or reloading (beforeunload).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { UseFormGetValues, UseFormWatch } from "react-hook-form";
import { useBlocker, type Blocker } from "react-router";
import { DRAFT_SAVE_DELAY_MS } from "../../../shared/constants";
import type { ProjectInput } from "../../../shared/schemas";
import { Button } from "../ui/button";
import { Modal } from "./modal";

export type DraftState = "idle" | "saving" | "saved" | "error";

/** Keeps the draft of a wizard whose form is `watch`/`getValues`, on step `step`; off when `enabled` is false. */
export function useProjectDraft({
  enabled,
  watch,
  getValues,
  step,
}: {
  enabled: boolean;
  watch: UseFormWatch<ProjectInput>;
  getValues: UseFormGetValues<ProjectInput>;
  step: number;
}) {
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<DraftState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const version = useRef(0);
  const stepNow = useRef(step);
  stepNow.current = step;
  /** Set when the project is being published: no more saves, no warning on the way to the project. */
  const publishing = useRef(false);

  /** The save under way, so publishing can wait for it (a late save would bring the draft back). */
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (publishing.current) return true;
    const at = version.current;
    const { attachments: _files, ...values } = getValues();
    setState("saving");
    let done: () => void = () => {};
    inFlight.current = new Promise<void>((resolve) => (done = resolve));
    try {
      const res = await fetch("/api/v1/me/project-draft", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ values, step: stepNow.current }),
      });
      if (!res.ok) throw new Error(String(res.status));
      if (version.current === at) setDirty(false);
      setState("saved");
      return true;
    } catch {
      setState("error");
      return false;
    } finally {
      done();
    }
  }, [getValues]);

  useEffect(() => {
    if (!enabled) return;
    const subscription = watch(() => {
      if (publishing.current) return;
      version.current += 1;
      setDirty(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, watch, save]);

  // Moving between steps saves at once (the step is part of the draft).
  const shownStep = useRef(step);
  useEffect(() => {
    if (!enabled || shownStep.current === step) return;
    shownStep.current = step;
    void save();
  }, [enabled, step, save]);

  /** Stops saving and resolves once a save under way has finished: publish after it, so the publish deletes the draft last. */
  const startPublishing = useCallback(async () => {
    publishing.current = true;
    clearTimeout(timer.current);
    await inFlight.current;
  }, []);

  /** Publishing was refused (the action answered with errors): keep saving and warning again. */
  const stopPublishing = useCallback(() => {
    publishing.current = false;
  }, []);

  return { dirty: enabled && dirty, state, save, startPublishing, stopPublishing };
}

/**
 * The edit wizard's unsaved changes (docs/product.md, Projects "Editing"): true while the fields
 * differ from the project as saved (`saved`, the loader's values, and `attachmentIds`, its files in
 * order, kept the same array from render to render); changing a field back to its saved value is no change. Always false when not `enabled`.
 */
export function useEditChanges({
  enabled,
  watch,
  getValues,
  saved,
  attachmentIds,
}: {
  enabled: boolean;
  watch: UseFormWatch<ProjectInput>;
  getValues: UseFormGetValues<ProjectInput>;
  saved: ProjectInput;
  attachmentIds: readonly string[];
}): boolean {
  const [dirty, setDirty] = useState(false);
  const [baseline] = useState(() => comparable(saved, attachmentIds));
  useEffect(() => {
    if (!enabled) return;
    const subscription = watch(() => setDirty(comparable(getValues(), attachmentIds) !== baseline));
    return () => subscription.unsubscribe();
  }, [enabled, watch, getValues, baseline, attachmentIds]);
  return enabled && dirty;
}

/** The wizard's values as one text to compare: keys sorted, text trimmed, empty features dropped, files as ids. */
function comparable(values: Partial<ProjectInput>, savedFiles: readonly string[]): string {
  const v = values as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v).sort()) {
    if (key === "attachments") continue;
    const value = v[key];
    out[key] =
      key === "features" && Array.isArray(value)
        ? value.map((f) => String(f ?? "").trim()).filter(Boolean)
        : typeof value === "string"
          ? value.trim()
          : (value ?? "");
  }
  // The attachments field reports only once touched: until then the files are the saved ones.
  out.attachments = Array.isArray(v.attachments) ? v.attachments : savedFiles;
  return JSON.stringify(out);
}

/**
 * Warns before leaving a wizard with `dirty` changes (docs/product.md, Journeys "Drafts" and
 * Projects "Editing"): the browser's own prompt on closing or reloading the tab, and the returned
 * blocker (shown by LeaveDraftDialog) for a navigation inside the app to another page. Nothing is
 * asked while `leaving.current` is true: the wizard is being published or saved.
 */
export function useLeaveWarning(dirty: boolean, leaving: RefObject<boolean>): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, leaving]);
  return useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
}

/** "Draft saved" / "Saving draft..." next to the wizard's buttons, announced politely. */
export function DraftStatus({ state, dirty }: { state: DraftState; dirty: boolean }) {
  const text =
    state === "saving" ? "Saving draft..." : state === "error" ? "Draft not saved. Check your connection." : state === "saved" && !dirty ? "Draft saved" : "";
  return (
    <p className={`min-h-5 text-sm ${state === "error" ? "text-red-700" : "text-slate-500"}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * The dialog a blocked in-app navigation opens: stay, save the draft and leave (when `save` is
 * given: the new-project wizard's draft), or leave without saving.
 */
export function LeaveDraftDialog({ blocker, save }: { blocker: Blocker; save?: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      trigger={null}
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description="Your latest changes to this project are not saved yet."
    >
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse">
        {save ? (
          <Button
            busy={busy}
            onClick={async () => {
              setBusy(true);
              const ok = await save();
              setBusy(false);
              if (ok && blocker.state === "blocked") blocker.proceed();
            }}
          >
            Save draft and leave
          </Button>
        ) : (
          // Nothing to save on the way out (the edit wizard): staying is the safe choice, first.
          <Button onClick={() => blocker.state === "blocked" && blocker.reset()}>Stay on this page</Button>
        )}
        <Button variant="secondary" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
          Leave without saving
        </Button>
        {save ? (
          <Button variant="ghost" onClick={() => blocker.state === "blocked" && blocker.reset()}>
            Stay on this page
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
