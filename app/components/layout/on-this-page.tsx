/** A short table of contents for long content pages: anchor links to the page's h2 ids. */
export function OnThisPage({ sections }: { sections: readonly { id: string; label: string }[] }) {
  // The ! (important) marks win over the prose styles of ContentPage around it.
  return (
    <nav aria-label="On this page" className="mb-10 rounded-xl border border-slate-200 bg-white p-5">
      <p className="mt-0! text-sm font-semibold text-slate-900">On this page</p>
      <ol className="mt-2! list-none! space-y-0! pl-0! text-sm sm:columns-2 sm:gap-8">
        {sections.map((s, i) => (
          <li key={s.id} className="pl-0!">
            <a href={`#${s.id}`} className="inline-flex min-h-11 items-center font-normal! no-underline! hover:underline! sm:min-h-9">
              {i + 1}. {s.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
