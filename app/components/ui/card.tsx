import type { HTMLAttributes, ReactNode } from "react";
import type { Icon } from "./icons";

/** A card's own classes, for an element that is the card itself (an `<article>`, say). */
export const CARD_CLASS = "rounded-xl border border-slate-200 bg-white";

/** A bordered white card with a small radius (docs/product.md, Look and feel). */
export function Card({ className = "", ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`${CARD_CLASS} ${className}`} {...rest} />;
}

/** A grey pulsing placeholder block for skeletons. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}

/**
 * One fact of a project or developer card (budget, deadline, hourly rate...): a visually hidden
 * term, then the icon and the value as the dd's own children. No wrapper elements: a list renders
 * 12 cards of 3-4 facts per request, and each element is render work on the server and hydration
 * work on a phone. The dt is absolutely positioned (sr-only), so in the card's `<dl>` grid each dd
 * is a cell. `className` goes on the dd (default: slate-700 text); the value wraps anywhere rather
 * than overflow its column.
 */
export function CardFact({
  icon: FactIcon,
  label,
  className = "text-slate-700",
  children,
}: {
  icon: Icon;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className="sr-only">{label}</dt>
      <dd className={`flex min-w-0 items-start gap-2 wrap-anywhere ${className}`}>
        <FactIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
        {children}
      </dd>
    </>
  );
}

/** A titled part of a detail page's main card (a project's description, a developer's About): an h2 and its content. */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="p-5 sm:p-6">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
