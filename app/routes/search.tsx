import { Search as SearchIcon } from "../components/ui/icons";
import { Form, Link } from "react-router";
import { DeveloperCard } from "../components/developers/developer-card";
import { ProjectCard } from "../components/projects/project-card";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/form";
import { useRootData } from "../root";
import { canPropose } from "../../shared/policies";
import type { Route } from "./+types/search";
import { searchEverything } from "./search.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.q ? `"${data.q}" | Search | BuildZA` : "Search | BuildZA" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return searchEverything(context.deps.db, new URL(request.url).searchParams.get("q") ?? "", context.deps.totals);
}

/** /search?q=: projects and developers for one query (the header's search icon, docs/product.md). */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, projects, projectTotal, developers, developerTotal } = loaderData;
  const user = useRootData()?.user ?? null;
  const encoded = encodeURIComponent(q);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Search</h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            name="q"
            type="search"
            defaultValue={q}
            aria-label="Search projects and developers"
            placeholder="Search projects and developers"
            className="pl-10"
          />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {q ? (
        <>
          <section aria-labelledby="search-projects" className="mt-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="search-projects" className="text-lg font-semibold">
                Projects ({projectTotal})
              </h2>
              {projectTotal !== "0" ? (
                <Link to={`/projects?search=${encoded}`} className="inline-flex min-h-11 items-center -my-3 text-sm font-medium text-brand-600 underline">
                  See all {projectTotal} projects
                </Link>
              ) : null}
            </div>
            {projects.length ? (
              <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
                {projects.map((p) => (
                  <li key={p.id}>
                    <ProjectCard project={p} canPropose={canPropose(user, p)} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-600">No projects found</p>
            )}
          </section>
          <section aria-labelledby="search-developers" className="mt-10">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="search-developers" className="text-lg font-semibold">
                Developers ({developerTotal})
              </h2>
              {developerTotal !== "0" ? (
                <Link to={`/developers?search=${encoded}`} className="inline-flex min-h-11 items-center -my-3 text-sm font-medium text-brand-600 underline">
                  See all {developerTotal} developers
                </Link>
              ) : null}
            </div>
            {developers.length ? (
              <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
                {developers.map((d) => (
                  <li key={d.id}>
                    <DeveloperCard developer={d} canContact={user !== null && user.id !== d.id} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-600">No developers found</p>
            )}
          </section>
        </>
      ) : (
        <p className="mt-6 text-slate-600">Search South African app projects and the developers who build them, by title, skill, city or name.</p>
      )}
    </div>
  );
}
