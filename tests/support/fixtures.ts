import type { ProjectInput } from "../../shared/schemas";

/** A valid project form body; override any field. */
export function projectInput(overrides: Partial<ProjectInput> = {}): ProjectInput {
  return {
    title: "Spaza shop stock app",
    description: "An Android app for spaza shop owners in Soweto to track stock, credit sales and supplier orders, offline during load-shedding.",
    platform: "mobile",
    features: ["Stock counts", "", "Credit book per customer"],
    budgetRange: "R15000-R35000",
    timeline: "2-4",
    skills: ["Flutter", "Firebase"],
    targetAudience: "Spaza shop owners in Gauteng",
    additionalInfo: "",
    category: "Business",
    ...overrides,
  };
}

/**
 * `version`s no save accepts (shared/schemas.ts isVersion): not a row's updatedAt as the server
 * writes it (an ISO time in UTC with milliseconds), nor "new" (a profile's first save only, so
 * added there: "NEW" is refused, case counts). Each is a 400 on `version`, never a stale 409.
 */
export const MALFORMED_VERSIONS: readonly unknown[] = [
  "",
  " ",
  0,
  1764404130123,
  {},
  [],
  true,
  "yesterday",
  "2026-11-29",
  "2026-11-29T08:15:30Z",
  "2026-02-30T08:15:30.000Z",
];
