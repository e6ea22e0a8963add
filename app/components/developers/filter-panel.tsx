import { AVAILABILITIES, AVAILABILITY_BADGES, DEVELOPER_SKILL_FILTERS, LOCATIONS, MIN_RATINGS } from "../../../shared/constants";
import { checkControl, SkillFilterGroup, FilterGroup, optionRow } from "../browse/filter-controls";
import { Select } from "../ui/form";
import { ratingText, type DeveloperFilters } from "./filters";

/**
 * The Find Developers filters: city, minimum rating, availability and skills (matches any). The
 * controls belong to the form `formId`, so a plain GET submit carries them when JavaScript is
 * off; with JavaScript every change calls `onChange`, which applies it at once.
 */
export function DeveloperFilterPanel({ formId, filters, onChange }: { formId: string; filters: DeveloperFilters; onChange: (next: DeveloperFilters) => void }) {
  const ratings: number[] = [...MIN_RATINGS];
  // A rating from a link that is none of the choices still shows (and stays selected).
  if (filters.minRating != null && !ratings.includes(filters.minRating)) ratings.push(filters.minRating);

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="filter-location" className="mb-1 block text-sm font-semibold text-slate-900">
          Location
        </label>
        <Select
          id="filter-location"
          name="location"
          form={formId}
          value={filters.location}
          onChange={(e) => onChange({ ...filters, location: e.currentTarget.value })}
        >
          <option value="">All cities</option>
          {LOCATIONS.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </Select>
      </div>

      <FilterGroup legend="Minimum rating">
        {[null, ...ratings].map((value) => (
          <label key={value ?? "any"} className={optionRow}>
            <input
              type="radio"
              name="minRating"
              form={formId}
              value={value == null ? "" : ratingText(value)}
              checked={filters.minRating === value}
              onChange={() => onChange({ ...filters, minRating: value })}
              className={checkControl}
            />
            {value == null ? "Any rating" : `${ratingText(value)} stars and up`}
          </label>
        ))}
      </FilterGroup>

      <FilterGroup legend="Availability">
        {["", ...AVAILABILITIES].map((value) => (
          <label key={value || "any"} className={optionRow}>
            <input
              type="radio"
              name="availability"
              form={formId}
              value={value}
              checked={filters.availability === value}
              onChange={() => onChange({ ...filters, availability: value })}
              className={checkControl}
            />
            {value ? AVAILABILITY_BADGES[value as keyof typeof AVAILABILITY_BADGES] : "Any availability"}
          </label>
        ))}
      </FilterGroup>

      <SkillFilterGroup formId={formId} choices={DEVELOPER_SKILL_FILTERS} selected={filters.skills} onChange={(skills) => onChange({ ...filters, skills })} />
    </div>
  );
}
