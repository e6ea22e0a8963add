/**
 * Saved searches and job alerts in pages (docs/product.md, Journeys "Saved searches"): the "Save
 * search" button of Browse Projects and the dashboard card that lists a developer's searches with
 * their alert (instant, daily, off). Both call /api/v1/me/saved-searches; the server checks everything.
 */
import { BellRing, Trash2 } from "../ui/icons";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from "../../../shared/constants";
import type { SavedSearch } from "../../../server/saved-searches/service";
import { notify } from "../../lib/toast";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

async function call(path: string, method: string, body?: unknown): Promise<string | null> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!res) return "No connection. Try again.";
  if (res.ok) return null;
  const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return answer?.error?.message ?? "Something went wrong. Try again.";
}

/** Saves the filters shown (URL form: category, skills...) as a search with instant alerts. */
export function SaveSearchButton({ filters }: { filters: Record<string, string> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        const failed = await call("/api/v1/me/saved-searches", "POST", { filters, alert: "instant" });
        setBusy(false);
        if (failed) notify("error", failed);
        else notify("success", "Search saved. New matching projects will be in your notifications and email.");
      }}
    >
      <BellRing className="size-4" aria-hidden="true" /> Save search
    </Button>
  );
}

/** The dashboard card: each saved search links to its results and has its alert and Delete. */
export function SavedSearchesCard({ searches }: { searches: SavedSearch[] }) {
  const revalidator = useRevalidator();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Saved searches</h2>
      {searches.length ? (
        <ul className="mt-3 space-y-3">
          {searches.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3">
              <Link to={s.href} className="break-words font-medium text-brand-700 underline">
                {s.name}
              </Link>
              <div className="mt-2 flex items-center gap-2">
                <label htmlFor={`alert-${s.id}`} className="text-sm text-slate-600">
                  Alert
                </label>
                <select
                  id={`alert-${s.id}`}
                  defaultValue={s.alert}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                  onChange={async (e) => {
                    const failed = await call(`/api/v1/me/saved-searches/${s.id}`, "PATCH", { alert: e.target.value as AlertFrequency });
                    notify(failed ? "error" : "success", failed ?? "Alert saved");
                  }}
                >
                  {ALERT_FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {ALERT_FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto text-red-700"
                  aria-label={`Delete saved search ${s.name}`}
                  onClick={async () => {
                    const failed = await call(`/api/v1/me/saved-searches/${s.id}`, "DELETE");
                    if (failed) notify("error", failed);
                    else void revalidator.revalidate();
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Save a search on{" "}
          <Link to="/projects" className="font-medium text-brand-600 underline">
            Browse Projects
          </Link>{" "}
          to hear about new matching projects.
        </p>
      )}
    </Card>
  );
}
