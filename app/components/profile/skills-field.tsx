import { Plus, X } from "lucide-react";
import { useState } from "react";
import { DEVELOPER_SKILL_FILTERS } from "../../../shared/constants";
import { Button } from "../ui/button";
import { FieldError, Input } from "../ui/form";

/**
 * Skills as removable chips, with the developer skill suggestions of spec section 9 and free
 * text. A skill cannot be added twice (compared without case).
 */
export function SkillsField({ skills, getSkills, onChange, error }: { skills: string[]; getSkills: () => string[]; onChange: (next: string[]) => void; error?: string }) {
  const [draft, setDraft] = useState("");
  const [duplicate, setDuplicate] = useState<string>();

  function add(raw: string) {
    const skill = raw.trim();
    if (!skill) return;
    // Read the current list, not this render's copy: two quick clicks must both count.
    const skills = getSkills();
    if (skills.some((s) => s.toLowerCase() === skill.toLowerCase())) {
      setDuplicate("A skill cannot be added twice");
      return;
    }
    setDuplicate(undefined);
    onChange([...skills, skill]);
    setDraft("");
  }

  const lower = new Set(skills.map((s) => s.toLowerCase()));
  return (
    <div className="space-y-3">
      {skills.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Your skills">
          {skills.map((s) => (
            <li key={s} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-200">
              {s}
              <button
                type="button"
                className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={`Remove ${s}`}
                onClick={() => {
                  setDuplicate(undefined);
                  onChange(getSkills().filter((x) => x !== s));
                }}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No skills yet. Add at least three so clients can find you.</p>
      )}
      <div className="flex gap-2">
        <Input
          id="skill"
          aria-label="Add a skill"
          placeholder="Type a skill and press Enter"
          maxLength={40}
          value={draft}
          invalid={!!(duplicate ?? error)}
          aria-describedby="skills-error"
          onChange={(e) => {
            setDraft(e.target.value);
            if (duplicate) setDuplicate(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add(draft);
            }
          }}
        />
        <Button variant="secondary" onClick={() => add(draft)}>
          Add
        </Button>
      </div>
      <FieldError id="skills-error" message={duplicate ?? error} />
      <div>
        <p className="mb-2 text-xs text-slate-600">Suggestions</p>
        <div className="flex flex-wrap gap-2">
          {DEVELOPER_SKILL_FILTERS.filter((s, i, all) => all.indexOf(s) === i && !lower.has(s.toLowerCase())).map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => add(s)}
              className="inline-flex min-h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700"
            >
              <Plus className="size-3.5" aria-hidden="true" /> {s}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
