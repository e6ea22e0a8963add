import { formatBudget } from "../../../shared/format";
import type { RenderedEmail } from "./html";

/**
 * To a developer: new projects match one of their saved searches (switch "Job alerts"); one email
 * per search and alert, listing each project once (docs/product.md, Journeys "Saved searches").
 */
export function jobAlertEmail(d: {
  recipientName: string;
  searchName: string;
  projects: { id: string; title: string; budgetMin: number | null; budgetMax: number | null }[];
  searchHref: string;
  appUrl: string;
}): RenderedEmail {
  const n = d.projects.length;
  const list = d.projects.map((p) => `- ${p.title} (${formatBudget(p.budgetMin, p.budgetMax)})\n  ${d.appUrl}/projects/${p.id}`).join("\n");
  return {
    subject: n === 1 ? `New project for "${d.searchName}": ${d.projects[0]!.title}` : `${n} new projects for "${d.searchName}"`,
    text: `Hi ${d.recipientName},\n\nNew projects match your saved search "${d.searchName}":\n\n${list}\n\nSee all matches: ${d.appUrl}${d.searchHref}\n\nBuildZA`,
  };
}
