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

/**
 * The Skills group of a filter panel: one checkbox per skill of `choices` (spec section 9's filter
 * lists), then any skill of `selected` that came from a link and is none of them (it still shows,
 * checked). The boxes belong to the form `formId`; `onChange` gets the new list of skills.
 */
export function SkillFilterGroup({
  formId,
  choices,
  selected,
  onChange,
}: {
  formId: string;
  choices: readonly string[];
  selected: string[];
  onChange: (skills: string[]) => void;
}) {
  const skills = [...choices, ...selected.filter((s) => !choices.includes(s))];
  return (
    <FilterGroup legend="Skills">
      <div className="grid grid-cols-2 gap-x-2 lg:grid-cols-1">
        {skills.map((skill) => {
          const checked = selected.includes(skill);
          return (
            <label key={skill} className={optionRow}>
              <input
                type="checkbox"
                name="skills"
                form={formId}
                value={skill}
                checked={checked}
                onChange={() => onChange(checked ? selected.filter((s) => s !== skill) : [...selected, skill])}
                className={`${checkControl} rounded`}
              />
              <span className="min-w-0 break-words">{skill}</span>
            </label>
          );
        })}
      </div>
    </FilterGroup>
  );
}
