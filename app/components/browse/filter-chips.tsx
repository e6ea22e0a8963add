import { X } from "../ui/icons";
import { Link } from "react-router";

/** One removable filter chip: its label and the list's URL without that filter. */
export interface ChipLink {
  key: string;
  label: string;
  href: string;
}

/**
 * The removable filter chips above a list (docs/product.md, Screens) and a "Clear Filters" link. Links, so
 * they work without JavaScript; nothing renders when no filter is active.
 */
export function FilterChipList({ chips, clearHref }: { chips: ChipLink[]; clearHref: string }) {
  if (!chips.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key} className="max-w-full">
          <Link
            to={chip.href}
            preventScrollReset
            aria-label={`Remove filter: ${chip.label}`}
            className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-800 hover:bg-brand-100"
          >
            <span className="max-w-[14rem] truncate">{chip.label}</span>
            <X className="size-4 shrink-0" aria-hidden="true" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={clearHref}
          preventScrollReset
          className="inline-flex min-h-9 items-center px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Clear Filters
        </Link>
      </li>
    </ul>
  );
}
