/**
 * A fetcher's result as the app's route actions answer it, and the hook that toasts it. Kept apart
 * from the proposal components so a page that only saves a favourite does not download them
 * (docs/performance.md, "eighth pass").
 */
import { useEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import { notify } from "./toast";

export type ActionResult = { ok: true; message: string } | { ok: false; message: string; fields?: Record<string, string> };

/**
 * Follows a fetcher's submissions: when one finishes, a failure without field messages is
 * toasted (field messages are the caller's to show), anything else (the action redirected with a
 * flash toast, or answered ok) calls `onSuccess`, e.g. to close a dialog. Returns the failure.
 */
export function useActionToast(fetcher: ReturnType<typeof useFetcher>, onSuccess?: () => void) {
  const previous = useRef(fetcher.state);
  const data = fetcher.data as ActionResult | undefined;
  useEffect(() => {
    const finished = previous.current !== "idle" && fetcher.state === "idle";
    previous.current = fetcher.state;
    if (!finished) return;
    if (data && !data.ok) {
      if (!data.fields || !Object.keys(data.fields).length) notify("error", data.message);
      return;
    }
    if (data?.ok) notify("success", data.message);
    onSuccess?.();
  }, [fetcher.state, data, onSuccess]);
  return data && !data.ok ? data : undefined;
}
