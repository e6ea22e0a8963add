import type { ReactNode } from "react";

const tones = {
  green: "bg-brand-50 text-brand-700 ring-brand-200",
  grey: "bg-slate-100 text-slate-700 ring-slate-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  blue: "bg-sky-50 text-sky-800 ring-sky-200",
} as const;

export function Badge({ tone = "grey", children, className = "" }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]} ${className}`}>{children}</span>
  );
}

const STATUS_LABELS: Record<string, string> = { active: "Active", in_progress: "In progress", completed: "Completed", closed: "Closed" };

/** Project status badge (docs/product.md, Lifecycles): active green, closed grey, anything else amber. */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === "active" ? "green" : status === "closed" ? "grey" : "amber";
  return <Badge tone={tone}>{STATUS_LABELS[status] ?? status}</Badge>;
}

/** A skill chip's classes, for a list item that is the chip itself (one element instead of two). */
export const SKILL_CHIP_CLASS = "inline-flex items-center rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700";

/** A skill chip. */
export function SkillChip({ children }: { children: ReactNode }) {
  return <span className={SKILL_CHIP_CLASS}>{children}</span>;
}
