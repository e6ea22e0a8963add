/**
 * The Save (heart) toggle of project and developer cards and pages (docs/product.md, Journeys
 * "Favourites"). Without JavaScript it is a form that posts `intent=save|unsave` and `returnTo` to
 * `action` (the page answers with a redirect back); with JavaScript a fetcher posts without
 * `returnTo` and the heart shows the new state at once (optimistic), falling back to the loader's
 * state if the action fails.
 */
import { Heart } from "../ui/icons";
import { useFetcher, useLocation } from "react-router";
import { useActionToast } from "../../lib/action-toast";

export function SaveToggle({ action, saved, label, compact = false }: { action: string; saved: boolean; label: string; compact?: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  useActionToast(fetcher);
  const pending = fetcher.formData?.get("intent");
  const failed = fetcher.state === "idle" && fetcher.data && (fetcher.data as { ok?: boolean }).ok === false;
  const shown = pending ? pending === "save" : failed ? saved : ((fetcher.data as { saved?: boolean } | undefined)?.saved ?? saved);
  const next = shown ? "unsave" : "save";
  const text = shown ? "Saved" : "Save";
  return (
    <form
      method="post"
      action={action}
      onSubmit={(e) => {
        e.preventDefault();
        void fetcher.submit({ intent: next }, { method: "post", action, preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={next} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={`${text}: ${label}`}
        title={shown ? `Remove ${label} from your saved list` : `Save ${label}`}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          shown ? "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        } ${compact ? "min-w-11 justify-center px-2" : ""}`}
      >
        <Heart className={`size-4 ${shown ? "fill-current" : ""}`} aria-hidden="true" />
        {compact ? <span className="sr-only">{text}</span> : text}
      </button>
    </form>
  );
}
