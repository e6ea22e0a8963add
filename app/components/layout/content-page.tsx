import { useId, type ReactNode } from "react";

/**
 * Typography for long-form content (headings, paragraphs, lists, links) without a typography
 * plugin: applied to the children of {@link ContentPage} and usable on any other wrapper.
 */
export const proseClass = [
  "text-base leading-7 text-slate-700",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h2:first-child]:mt-0",
  "[&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-3",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5",
  "[&_li]:pl-1 [&_li::marker]:text-slate-400",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
].join(" ");

export interface ContentPageProps {
  /** The page's h1. */
  title: string;
  /** A short lead paragraph under the title. */
  intro?: ReactNode;
  /** Small text above the title, e.g. "Help centre". */
  eyebrow?: string;
  /** Shown under the intro, e.g. "Last updated 21 November 2026". */
  meta?: ReactNode;
  /** Optional wide content below the article column (cards, calls to action). */
  aside?: ReactNode;
  /** Article body; h2/h3/p/ul/ol/a are styled by {@link proseClass} unless `prose` is false. */
  children: ReactNode;
  /** Width of the article column; "wide" for pages made of cards. */
  width?: "narrow" | "wide";
  /** Style the body as long-form text (default); false for pages that style their own markup. */
  prose?: boolean;
}

/** Shared layout of the static pages (how it works, FAQ, support, terms, privacy, stories). */
export function ContentPage({ title, intro, eyebrow, meta, aside, children, width = "narrow", prose = true }: ContentPageProps) {
  const column = width === "wide" ? "max-w-[1200px]" : "max-w-3xl";
  return (
    <article>
      <header className="border-b border-slate-200 bg-white">
        <div className={`mx-auto ${column} px-4 py-10 sm:px-6 sm:py-14`}>
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
          {intro ? <div className="mt-4 max-w-2xl text-lg leading-8 text-slate-600">{intro}</div> : null}
          {meta ? <div className="mt-4 text-sm text-slate-500">{meta}</div> : null}
        </div>
      </header>
      <div className={`mx-auto ${column} px-4 py-10 sm:px-6 sm:py-12`}>{prose ? <div className={proseClass}>{children}</div> : children}</div>
      {aside ? <div className="mx-auto max-w-[1200px] px-4 pb-14 sm:px-6">{aside}</div> : null}
    </article>
  );
}

/** A calm closing card for content pages: a heading, one line of text and one or two actions. */
export function CallToAction({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-brand-200 bg-brand-50 px-6 py-8 sm:flex sm:items-center sm:justify-between sm:gap-8 sm:px-10"
    >
      <div>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-2 text-slate-700">{text}</p>
      </div>
      <div className="mt-6 flex shrink-0 flex-col gap-3 sm:mt-0 sm:flex-row">{children}</div>
    </section>
  );
}
