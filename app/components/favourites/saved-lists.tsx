/**
 * The dashboard's "Saved projects" (developers) and "Saved developers" (clients) cards
 * (docs/product.md, Journeys "Favourites"): each entry links to its page and has its heart to
 * remove it; an empty card says how to save.
 */
import { Link } from "react-router";
import { formatBudget } from "../../../shared/format";
import { Card } from "../ui/card";
import { SaveToggle } from "./save-toggle";

export function SavedProjectsCard({ projects }: { projects: { id: string; title: string; budgetMin: number | null; budgetMax: number | null }[] }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Saved projects</h2>
      {projects.length ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Saved projects">
          {projects.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <Link to={`/projects/${p.id}`} className="break-words font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {p.title}
                </Link>
                <p className="text-sm text-slate-600">{formatBudget(p.budgetMin, p.budgetMax)}</p>
              </div>
              <SaveToggle action={`/projects/${p.id}`} saved label={p.title} compact />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Tap the heart on a project to keep it here.{" "}
          <Link to="/projects" className="font-medium text-brand-600 underline">
            Browse projects
          </Link>
        </p>
      )}
    </Card>
  );
}

export function SavedDevelopersCard({ developers }: { developers: { id: string; name: string; title: string; city: string | null }[] }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Saved developers</h2>
      {developers.length ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Saved developers">
          {developers.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <Link to={`/developers/${d.id}`} className="break-words font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {d.name}
                </Link>
                <p className="break-words text-sm text-slate-600">{[d.title, d.city].filter(Boolean).join(" · ")}</p>
              </div>
              <SaveToggle action={`/developers/${d.id}`} saved label={d.name} compact />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Tap the heart on a developer's profile to keep them here.{" "}
          <Link to="/developers" className="font-medium text-brand-600 underline">
            Find developers
          </Link>
        </p>
      )}
    </Card>
  );
}
