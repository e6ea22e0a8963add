import { foldText } from "../../../shared/text";
import { Plus, X } from "./icons";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * The pieces of a skill chip input, shared by the profile's skills and the project form's required
 * skills. Each form keeps its own adding, removing and messages; these only draw them.
 */

/**
 * The chosen skills as chips, each with a "Remove {skill}" button; with `name`, also the fields a
 * form posts them in (one each under `name`). Until the page's scripts run (and without them) the
 * chips are ticked checkboxes under `name` instead: unticking one removes it when the form is sent
 * (docs/product.md, Look and feel).
 */
export function SkillChipList({ skills, label, onRemove, name }: { skills: string[]; label: string; onRemove: (skill: string) => void; name?: string }) {
  const hydrated = useHydrated();
  if (name && !hydrated)
    return (
      <div className="space-y-1">
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {skills.map((s) => (
            <li key={s}>
              <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full bg-brand-50 px-3 text-sm text-brand-800 ring-1 ring-brand-200">
                <input type="checkbox" name={name} value={s} defaultChecked className="size-4 accent-brand-600" />
                {s}
              </label>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">Untick a skill to remove it.</p>
      </div>
    );
  return (
    <>
      {name ? <SkillHiddenInputs name={name} skills={skills} /> : null}
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {skills.map((s) => (
          <li key={s} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-200">
            {s}
            <button
              type="button"
              className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
              aria-label={`Remove ${s}`}
              onClick={() => onRemove(s)}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The chosen skills as hidden fields, one each under `name`: a form sent before or without the
 * scripts posts them (its chips' buttons need the scripts), with the skill box's text as additions
 * (app/lib/form-fields.ts `withAddedItems`).
 */
export function SkillHiddenInputs({ name, skills }: { name: string; skills: readonly string[] }) {
  return (
    <>
      {skills.map((s) => (
        <input key={s} type="hidden" name={name} value={s} />
      ))}
    </>
  );
}

/** Suggested skills, each a button named by the skill that adds it; `highlighted` is the one Enter in the input adds. */
export function SkillSuggestions({ skills, onAdd, highlighted }: { skills: readonly string[]; onAdd: (skill: string) => void; highlighted?: string }) {
  return (
    <div>
      <p className="mb-2 text-xs text-slate-600">Suggestions</p>
      <div className="flex flex-wrap gap-2">
        {skills.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => onAdd(s)}
            className={`inline-flex min-h-9 items-center gap-1 rounded-full border bg-white px-3 text-sm hover:border-brand-600 hover:text-brand-700 ${
              s === highlighted ? "border-brand-600 text-brand-700 ring-1 ring-brand-600" : "border-slate-300 text-slate-700"
            }`}
          >
            <Plus className="size-3.5" aria-hidden="true" /> {s}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The suggestions left for what is typed (`draft`, matched anywhere, without case or accents, as
 * search matches: "creme" suggests "Crème", "flüt" "Flutter"; shared/text.ts `foldText`) among `all`
 * minus the `chosen` skills, and the highlighted one Enter adds: an exact match, else the first
 * that starts with the text, else the first match (so "Flut" + Enter adds "Flutter", not "Flut").
 * No text: every suggestion and none highlighted. `taken`: with nothing highlighted, a chosen skill
 * the text starts ("Flut" after Flutter was added), so Enter refuses a duplicate instead of adding
 * the fragment as a skill of its own (docs/product.md: a skill is never added twice); the whole name
 * of a chosen skill is always `taken`, never a longer suggestion it starts. A suggestion
 * is left out as the duplicate rule sees it, without case only (shared/schemas.ts `skillList`).
 */
export function matchSkillSuggestions(
  all: readonly string[],
  chosen: readonly string[],
  draft: string,
): { suggestions: string[]; highlighted?: string; taken?: string } {
  const typed = foldText(draft.trim());
  const chosenLower = new Set(chosen.map((s) => s.toLowerCase()));
  const matches = all
    .filter((s, i) => all.indexOf(s) === i && !chosenLower.has(s.toLowerCase()))
    .map((skill) => ({ skill, folded: foldText(skill) }))
    .filter(({ folded }) => folded.includes(typed));
  // The whole name of a skill already chosen, as the duplicate rule compares it (without case):
  // that skill, so Enter refuses the duplicate instead of adding a longer suggestion ("react" after
  // React was added must not add "React Native").
  const exact = chosen.find((s) => s.toLowerCase() === draft.trim().toLowerCase());
  if (typed && exact) return { suggestions: matches.map((m) => m.skill), highlighted: undefined, taken: exact };
  const highlighted = typed ? (matches.find((m) => m.folded === typed) ?? matches.find((m) => m.folded.startsWith(typed)) ?? matches[0])?.skill : undefined;
  const taken = typed && !highlighted ? chosen.find((s) => foldText(s).startsWith(typed)) : undefined;
  return { suggestions: matches.map((m) => m.skill), highlighted, taken };
}
