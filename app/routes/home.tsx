import { ArrowRight, CircleCheck, FileText, Globe, GraduationCap, MessagesSquare, Rocket, ShoppingCart, Smartphone } from "../components/ui/icons";
import { Link } from "react-router";
import { HOME_CATEGORY_TILES, PRODUCT_NAME, PRODUCT_TAGLINE } from "../../shared/constants";
import { countLabel, once } from "../../shared/format";
import { HeroIllustration } from "../components/home/hero-illustration";
import { Testimonials } from "../components/home/testimonials";
import { DeveloperCard } from "../components/developers/developer-card";
import { ButtonLink } from "../components/ui/button";
import { useRootData } from "../root";
import { originFrom, seoMeta } from "../lib/seo";
import { homeJsonLd } from "../lib/structured-data";
import type { Route } from "./+types/home";
import { loadHomeNumbers, loadTopDevelopers, type HomeNumbers } from "./home.server";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const origin = originFrom(matches);
  return seoMeta({
    fullTitle: `${PRODUCT_NAME} - ${PRODUCT_TAGLINE}`,
    title: `${PRODUCT_NAME} - ${PRODUCT_TAGLINE}`,
    description:
      "Post your app or software project, get proposals from qualified South African developers within 24 hours and start building. Budgets in rand.",
    path: "/",
    origin,
    jsonLd: data?.jsonLd,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  const [topDevelopers, numbers] = await Promise.all([loadTopDevelopers(context.deps.db), loadHomeNumbers(context.deps.db, context.deps.totals?.generation)]);
  // The site's JSON-LD is built on the server: its builder stays out of the page's scripts (docs/performance.md).
  return { topDevelopers, numbers, jsonLd: homeJsonLd(context.deps.config.appUrl) };
}

const STEPS = [
  {
    icon: FileText,
    title: "Describe your app",
    text: "Tell us what you want to build, the platform, your budget in rand and your timeline. It takes about five minutes.",
  },
  {
    icon: MessagesSquare,
    title: "Get proposals",
    text: "Qualified developers review your brief and send proposals, usually within 24 hours. Compare ratings, portfolios and rates.",
  },
  {
    icon: Rocket,
    title: "Start building",
    text: "Choose the developer who fits, agree on milestones in the conversation and start building your app.",
  },
] as const;

const CATEGORY_ICONS = {
  "Mobile Apps": Smartphone,
  "Web Platforms": Globe,
  "E-commerce": ShoppingCart,
  "Education Tech": GraduationCap,
} as const;

/** The numbers section: real counts from the database (loadHomeNumbers), never a promise. */
function stats(n: HomeNumbers) {
  return [
    { value: n.openProjects, label: n.openProjects === 1 ? "Open project" : "Open projects" },
    { value: n.developers, label: n.developers === 1 ? "Developer listed" : "Developers listed" },
    { value: n.completedProjects, label: n.completedProjects === 1 ? "Project completed" : "Projects completed" },
  ];
}
const numberFormat = once(() => new Intl.NumberFormat("en-ZA"));

/**
 * Home page: hero, how it works, popular categories, top developers (hidden when none qualify),
 * numbers, testimonials and a closing call to action.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const signedIn = Boolean(user);
  const { topDevelopers, numbers } = loaderData;
  const startHref = signedIn ? "/projects/new" : "/register";

  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-title" className="overflow-hidden border-b border-slate-200 bg-white">
        <div className="mx-auto grid max-w-[1200px] items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-inset ring-brand-200">
              <span className="size-1.5 rounded-full bg-brand-600" aria-hidden="true" />
              Built for South African businesses
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Turn your app idea into a working product
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
              Hire app developers in South Africa. Describe your project, receive proposals from qualified local developers within 24 hours and start building,
              with every budget in rand.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={startHref} size="lg">
                Get Started
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to="/developers" size="lg" variant="secondary">
                Browse Developers
              </ButtonLink>
            </div>
            <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {["Budgets in rand", "Developers across South Africa", "No obligation to hire"].map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CircleCheck className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-xs sm:max-w-md lg:max-w-none" />
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-title" className="mx-auto max-w-[1200px] px-4 py-14 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-900">
            How It Works
          </h2>
          <p className="mt-3 text-lg text-slate-600">From idea to a team building it in three steps.</p>
        </div>
        <ol className="mt-10 grid gap-4 md:grid-cols-3 md:gap-6">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <step.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-slate-500">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <Link to="/how-it-works" className="mt-8 inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
          More about how it works
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </section>

      {/* Popular categories */}
      <section aria-labelledby="categories-title" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-[1200px] px-4 py-14 sm:px-6 sm:py-20">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="max-w-2xl">
              <h2 id="categories-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Popular Categories
              </h2>
              <p className="mt-3 text-lg text-slate-600">See what South African clients are building right now.</p>
            </div>
            <Link to="/projects" className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
              All projects
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {HOME_CATEGORY_TILES.map((tile) => {
              const Icon = CATEGORY_ICONS[tile.label];
              return (
                <li key={tile.label}>
                  <Link
                    to={tile.href}
                    className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brand-600 hover:bg-brand-50 sm:p-6"
                  >
                    <span className="inline-flex size-10 items-center justify-center rounded-lg bg-slate-100 text-slate-700 group-hover:bg-white group-hover:text-brand-700">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="mt-4 font-semibold text-slate-900">{tile.label}</span>
                    {numbers ? <span className="mt-1 text-sm text-slate-600">{countLabel(numbers.tiles[tile.label] ?? 0, "open project")}</span> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      {/* Top developers (docs/product.md, Lists and search), only when some qualify */}
      {topDevelopers.length ? (
        <section aria-labelledby="top-developers-title" className="mx-auto max-w-[1200px] px-4 pt-14 sm:px-6 sm:pt-20">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="max-w-2xl">
              <h2 id="top-developers-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Top developers
              </h2>
              <p className="mt-3 text-lg text-slate-600">Highly rated South African developers, reviewed by the clients they built for.</p>
            </div>
            <Link to="/developers" className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
              Find more developers
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-10 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {topDevelopers.map((developer) => (
              <li key={developer.id}>
                <DeveloperCard developer={developer} canContact={user !== null && user.id !== developer.id} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* Numbers: counted in the database (hidden if counting failed) */}
      {numbers ? (
        <section aria-label={`${PRODUCT_NAME} in numbers`} className="mx-auto max-w-[1200px] px-4 py-14 sm:px-6">
          <dl className="grid grid-cols-3 gap-2 sm:gap-4">
            {stats(numbers).map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl border border-slate-200 bg-white px-2 py-5 text-center sm:p-6">
                <dt className="mt-1 text-xs font-medium text-slate-600 sm:text-sm">{stat.label}</dt>
                <dd className="order-first text-2xl font-bold sm:text-4xl tracking-tight text-brand-700">{numberFormat().format(stat.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <Testimonials />

      {/* Closing call to action */}
      <section aria-labelledby="cta-title" className="mx-auto max-w-[1200px] px-4 pb-16 sm:px-6 sm:pb-20">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center sm:px-12 sm:py-16">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white">
            Ready to build your app?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-brand-100">
            Post your project today and hear from qualified South African developers within 24 hours.
          </p>
          <ButtonLink to={startHref} size="lg" variant="secondary" className="mt-8 border-white">
            Post Your Project
            <ArrowRight className="size-5" aria-hidden="true" />
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
