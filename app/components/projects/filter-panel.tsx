import { BUDGET_FILTERS, CATEGORIES, PLATFORMS, PLATFORM_LABELS, PROJECT_SKILL_FILTERS } from "../../../shared/constants";
import { checkControl, SkillFilterGroup, FilterGroup as Group, optionRow } from "../browse/filter-controls";
import { Select } from "../ui/form";
import { budgetFilterLabel, budgetValue, type ProjectFilters } from "./filters";

/**
 * The Browse Projects filters: category, platform, budget (single choice) and skills. The controls
 * belong to the form `formId` (HTML form attribute), so a plain GET submit carries them when
 * JavaScript is off; with JavaScript every change calls `onChange`, which applies it at once.
 */
export function FilterPanel({
  formId,
  filters,
  onChange,
}: {
  formId: string;
  /** What the controls show (the applied filters, or the ones being applied). */
  filters: ProjectFilters;
  onChange: (next: ProjectFilters) => void;
}) {
  const currentBudget = budgetValue(filters.budgetMin, filters.budgetMax);
  const budgetChoices: Array<{ value: string; label: string }> = BUDGET_FILTERS.map((b) => ({ value: budgetValue(b.budgetMin, b.budgetMax), label: b.label }));
  // A budget from a link that is none of the choices still shows (and stays selected).
  if (currentBudget && !budgetChoices.some((c) => c.value === currentBudget)) {
    budgetChoices.push({ value: currentBudget, label: budgetFilterLabel(filters.budgetMin, filters.budgetMax) });
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="filter-category" className="mb-1 block text-sm font-semibold text-slate-900">
          Category
        </label>
        <Select
          id="filter-category"
          name="category"
          form={formId}
          value={filters.category}
          onChange={(e) => onChange({ ...filters, category: e.currentTarget.value })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>

      <Group legend="Platform">
        {[{ value: "", label: "Any platform" }, ...PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))].map((choice) => (
          <label key={choice.value || "any"} className={optionRow}>
            <input
              type="radio"
              name="platform"
              form={formId}
              value={choice.value}
              checked={filters.platform === choice.value}
              onChange={() => onChange({ ...filters, platform: choice.value })}
              className={checkControl}
            />
            {choice.label}
          </label>
        ))}
      </Group>

      <Group legend="Budget">
        {[{ value: "", label: "Any budget" }, ...budgetChoices].map((choice) => (
          <label key={choice.value || "any"} className={optionRow}>
            <input
              type="radio"
              name="budget"
              form={formId}
              value={choice.value}
              checked={currentBudget === choice.value}
              onChange={() => {
                const [min = "", max = ""] = choice.value.split("-");
                onChange({ ...filters, budgetMin: min ? Number(min) : null, budgetMax: max ? Number(max) : null });
              }}
              className={checkControl}
            />
            {choice.label}
          </label>
        ))}
      </Group>

      <SkillFilterGroup formId={formId} choices={PROJECT_SKILL_FILTERS} selected={filters.skills} onChange={(skills) => onChange({ ...filters, skills })} />
    </div>
  );
}
