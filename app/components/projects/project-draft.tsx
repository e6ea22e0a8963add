/**
 * The project wizard's draft (docs/product.md, Journeys "Drafts"): saves the fields and the step to
 * PUT /api/v1/me/project-draft when the user moves between steps and DRAFT_SAVE_DELAY_MS after the
 * last change, and warns before leaving with changes not yet saved: an accessible dialog for a
 * navigation inside the app (React Router's useBlocker), the browser's own prompt for closing the
 * tab or reloading (beforeunload).
 */
import { useCallback, useEffect, useRef, useState } from "react";
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

  useEffect(() => {
    if (!enabled || !dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (publishing.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [enabled, dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => enabled && dirty && !publishing.current && currentLocation.pathname !== nextLocation.pathname,
  );

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

  return { dirty, state, blocker, save, startPublishing, stopPublishing };
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

/** The dialog a blocked in-app navigation opens: stay, save the draft and leave, or leave without saving. */
export function LeaveDraftDialog({ blocker, save }: { blocker: Blocker; save: () => Promise<boolean> }) {
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
        <Button variant="secondary" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
          Leave without saving
        </Button>
        <Button variant="ghost" onClick={() => blocker.state === "blocked" && blocker.reset()}>
          Stay on this page
        </Button>
      </div>
    </Modal>
  );
}
