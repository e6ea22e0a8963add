import { Plus, X } from "lucide-react";

/**
 * The pieces of a skill chip input, shared by the profile's skills and the project form's required
 * skills. Each form keeps its own adding, removing and messages; these only draw them.
 */

/** The chosen skills as chips, each with a "Remove {skill}" button. */
export function SkillChipList({ skills, label, onRemove }: { skills: string[]; label: string; onRemove: (skill: string) => void }) {
  return (
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
  );
}

/** Suggested skills, each a button named by the skill that adds it. */
export function SkillSuggestions({ skills, onAdd }: { skills: readonly string[]; onAdd: (skill: string) => void }) {
  return (
    <div>
      <p className="mb-2 text-xs text-slate-600">Suggestions</p>
      <div className="flex flex-wrap gap-2">
        {skills.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => onAdd(s)}
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700"
          >
            <Plus className="size-3.5" aria-hidden="true" /> {s}
          </button>
        ))}
      </div>
    </div>
  );
}
