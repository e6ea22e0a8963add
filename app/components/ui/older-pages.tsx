import { Link } from "react-router";

/**
 * The links under a list paged by cursor, newest first: "Newest" back to `path` when this is not the
 * first page, and `olderLabel` to the next (older) page when there is one (`nextCursor`).
 */
export function OlderPages({ path, firstPage, nextCursor, olderLabel }: { path: string; firstPage: boolean; nextCursor: string | null; olderLabel: string }) {
  return (
    <div className="mt-6 flex justify-center gap-3">
      {!firstPage ? (
        <Link to={path} className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Newest
        </Link>
      ) : null}
      {nextCursor ? (
        <Link
          to={`${path}?cursor=${encodeURIComponent(nextCursor)}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {olderLabel}
        </Link>
      ) : null}
    </div>
  );
}
