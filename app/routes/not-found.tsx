import { ArrowRight, Compass } from "../components/ui/icons";
import { data, Link } from "react-router";
import { PRODUCT_NAME } from "../../shared/constants";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/not-found";

/** Any unknown address: answer with HTTP 404 while still rendering the friendly page below. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${PRODUCT_NAME}` },
  { name: "description", content: "The page you are looking for does not exist or has moved." },
  { name: "robots", content: "noindex" },
];

const SUGGESTIONS = [
  { to: "/developers", label: "Find developers" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/faq", label: "Frequently asked questions" },
  { to: "/support", label: "Contact support" },
] as const;

/** Friendly 404 page with a way home and to the projects list. */
export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg leading-8 text-slate-600">Sorry, we could not find that page. It may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to="/" size="lg">
          Go to the home page
        </ButtonLink>
        <ButtonLink to="/projects" size="lg" variant="secondary">
          Browse projects
        </ButtonLink>
      </div>
      <nav aria-label="Helpful links" className="mt-12 w-full border-t border-slate-200 pt-8">
        <h2 className="text-sm font-semibold text-slate-900">Or try one of these</h2>
        <ul className="mt-3 grid gap-1 sm:grid-cols-2">
          {SUGGESTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
                {s.label}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
