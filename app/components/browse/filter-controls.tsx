import type { ReactNode } from "react";

/** Classes of one radio or checkbox row in a filter panel (44 px tap target on phones). */
export const optionRow = "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-50 lg:min-h-9";
/** Classes of the radio or checkbox itself. */
export const checkControl = "size-4 shrink-0 accent-brand-600";

/** A titled group of filter options (a fieldset), separated from the one above by a rule. */
export function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}
