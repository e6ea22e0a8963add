import { ArrowLeft } from "../ui/icons";
import { Link, useLocation } from "react-router";

/**
 * "Back to {label}": returns to the list the user came from (its filters travel in the link
 * state as `from`), else to `list` itself (e.g. "/projects").
 */
export function BackToList({ list, label }: { list: string; label: string }) {
  const state: unknown = useLocation().state;
  const from = state && typeof state === "object" && "from" in state && typeof state.from === "string" ? state.from : "";
  return (
    <Link
      to={from.startsWith(`${list}?`) ? from : list}
      className="inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to {label}
    </Link>
  );
}
