import { useState } from "react";
import { DEVELOPER_SKILL_FILTERS } from "../../../shared/constants";
import { skillRefusal } from "../../../shared/schemas";
import { Button } from "../ui/button";
import { FieldError, Input } from "../ui/form";
import { matchSkillSuggestions, SkillChipList, SkillSuggestions } from "../ui/skill-chips";

/** The name of the skill box: sent without the scripts, its text is skills to add, separated by commas. */
export const NEW_SKILLS = "newSkills";

/**
 * Skills as removable chips, with the developer skill suggestions of docs/product.md, Constants and free
 * text. A skill cannot be added twice (compared without case), nor one too long or past the limit
 * (skillRefusal). Suggestions filter as the skill is typed and Enter adds the highlighted one, as in
 * the project wizard (docs/product.md, Journeys).
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
  const [refused, setRefused] = useState<string>();

  function add(raw: string) {
    const skill = raw.trim();
    if (!skill) return;
    // Read the current list, not this render's copy: two quick clicks must both count.
    const skills = getSkills();
    const why = skillRefusal(skill, skills);
    if (why) {
      setRefused(why);
      return;
    }
    setRefused(undefined);
    onChange([...skills, skill]);
    setDraft("");
  }

  const { suggestions, highlighted, taken } = matchSkillSuggestions(DEVELOPER_SKILL_FILTERS, skills, draft);
  return (
    <div className="space-y-3">
      {skills.length ? (
        <SkillChipList
          skills={skills}
          name="skills"
          label="Your skills"
          onRemove={(skill) => {
            setRefused(undefined);
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
          invalid={!!(refused ?? error)}
          aria-describedby={highlighted ? "skills-error skill-highlighted" : "skills-error"}
          onChange={(e) => {
            setDraft(e.target.value);
            if (refused) setRefused(undefined);
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
      <FieldError id="skills-error" message={refused ?? error} />
      {highlighted ? (
        <p id="skill-highlighted" className="text-xs text-slate-600">
          Enter adds <span className="font-medium text-brand-700">{highlighted}</span>
        </p>
      ) : null}
      <SkillSuggestions skills={suggestions} highlighted={highlighted} onAdd={add} />
    </div>
  );
}
