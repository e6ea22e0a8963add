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
