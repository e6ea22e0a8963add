import type { HTMLAttributes } from "react";

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
