import { useState } from "react";
import { DEVELOPER_SKILL_FILTERS } from "../../../shared/constants";
import { Button } from "../ui/button";
import { FieldError, Input } from "../ui/form";
import { matchSkillSuggestions, SkillChipList, SkillHiddenInputs, SkillSuggestions } from "../ui/skill-chips";

/** The name of the skill box: sent without the scripts, its text is skills to add, separated by commas. */
export const NEW_SKILLS = "newSkills";

/**
 * Skills as removable chips, with the developer skill suggestions of docs/product.md, Constants and free
 * text. A skill cannot be added twice (compared without case). Suggestions filter as the skill is
 * typed and Enter adds the highlighted one, as in the project wizard (docs/product.md, Journeys).
 * Without the scripts the form posts the skills as hidden fields ("skills") and the box's text as
 * skills to add (NEW_SKILLS).
 */
export function SkillsField({
  skills,
  getSkills,
  onChange,
  error,
}: {
  skills: string[];
  getSkills: () => string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
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

  const { suggestions, highlighted, taken } = matchSkillSuggestions(DEVELOPER_SKILL_FILTERS, skills, draft);
  return (
    <div className="space-y-3">
      <SkillHiddenInputs name="skills" skills={skills} />
      {skills.length ? (
        <SkillChipList
          skills={skills}
          label="Your skills"
          onRemove={(skill) => {
            setDuplicate(undefined);
            onChange(getSkills().filter((x) => x !== skill));
          }}
        />
      ) : (
        <p className="text-sm text-slate-500">No skills yet. Add at least three so clients can find you.</p>
      )}
      <div className="flex gap-2">
        <Input
          id="skill"
          name={NEW_SKILLS}
          aria-label="Add a skill"
          placeholder="Type a skill and press Enter"
          maxLength={40}
          value={draft}
          invalid={!!(duplicate ?? error)}
          aria-describedby={highlighted ? "skills-error skill-highlighted" : "skills-error"}
          onChange={(e) => {
            setDraft(e.target.value);
            if (duplicate) setDuplicate(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              // A partial word ("Flut") picks the highlighted suggestion ("Flutter"), or the skill already added it starts.
              add(highlighted ?? taken ?? draft);
            }
          }}
        />
        <Button variant="secondary" onClick={() => add(draft)}>
          Add
        </Button>
      </div>
      <FieldError id="skills-error" message={duplicate ?? error} />
      {highlighted ? (
        <p id="skill-highlighted" className="text-xs text-slate-600">
          Enter adds <span className="font-medium text-brand-700">{highlighted}</span>
        </p>
      ) : null}
      <SkillSuggestions skills={suggestions} highlighted={highlighted} onAdd={add} />
    </div>
  );
}
