import { Calendar, MapPin, MonitorSmartphone, Wallet } from "../ui/icons";
import { SaveToggle } from "../favourites/save-toggle";
import { Link, useLocation } from "react-router";
import { PLATFORM_LABELS, PROJECT_CARD_SKILLS, type Platform } from "../../../shared/constants";
import { countLabel, formatBudget, formatDeadline } from "../../../shared/format";
import { RelativeTime } from "../ui/relative-time";
import type { Project } from "../../../server/projects/service";
import { SKILL_CHIP_CLASS, StatusBadge } from "../ui/badge";
import { buttonClass } from "../ui/button";
import { Card, CARD_CLASS, CardFact, Skeleton } from "../ui/card";

/** What a project card needs of a project (any `Project` fits). */
export type ProjectCardData = Pick<
  Project,
  | "id"
  | "title"
  | "description"
  | "platform"
  | "skills"
  | "budgetMin"
  | "budgetMax"
  | "deadline"
  | "location"
  | "status"
  | "userId"
  | "proposalCount"
  | "createdAt"
>;

/** Longest description a card receives; it is clamped to three lines anyway. */
const CARD_DESCRIPTION_CHARS = 320;

/** The card fields of a project, with a long description shortened (smaller pages and payloads). */
export function toCardData(project: ProjectCardData): ProjectCardData {
  const { id, title, description, platform, skills, budgetMin, budgetMax, deadline, location, status, userId, proposalCount, createdAt } = project;
  return {
    id,
    title,
    description: description.length > CARD_DESCRIPTION_CHARS ? `${description.slice(0, CARD_DESCRIPTION_CHARS).trimEnd()}…` : description,
    platform,
    skills,
    budgetMin,
    budgetMax,
    deadline,
    location,
    status,
    userId,
    proposalCount,
    createdAt,
  };
}

/** "3 proposals", "1 proposal" (countLabel, Intl.PluralRules). */
export function proposalCountLabel(n: number): string {
  return countLabel(n, "proposal");
}

/**
 * A project in a list (docs/product.md, Screens "Browse Projects"): title, posted time, proposal count,
 * status, description, up to 5 skills, budget, deadline ("Flexible timeline" without one), platform, location, and the links
 * "View Details" and (when `canPropose`: a signed-in developer who does not own it) "Submit
 * Proposal". `view` "list" lays it out as a wide row from the sm breakpoint up.
 */
export function ProjectCard({
  project,
  view = "grid",
  canPropose = false,
  headingLevel = 3,
  saved,
}: {
  project: ProjectCardData;
  view?: "grid" | "list";
  canPropose?: boolean;
  /** A developer's heart (docs/product.md, Journeys "Favourites"): whether they saved it; undefined: no heart. */
  saved?: boolean;
  /** Heading level of the title in the page outline (default h3). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h3";
  const shown = project.skills.slice(0, PROJECT_CARD_SKILLS);
  const more = project.skills.length - shown.length;
  const list = view === "list";
  const href = `/projects/${project.id}`;
  // The detail page's back link returns to this list with its filters.
  const location = useLocation();
  const state = { from: location.pathname + location.search };

  return (
    // The article is the card itself (CARD_CLASS): one element fewer per card.
    <article data-project-id={project.id} className={`${CARD_CLASS} flex h-full min-w-0 flex-col p-5 ${list ? "sm:flex-row sm:gap-6" : ""}`}>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <Heading className="min-w-0 text-lg font-semibold leading-snug text-slate-900">
            <Link to={href} state={state} className="break-words rounded hover:text-brand-700 hover:underline">
              {project.title}
            </Link>
          </Heading>
          <span className="flex shrink-0 items-center gap-2">
            <StatusBadge status={project.status} />
            {saved !== undefined && project.status !== "closed" ? <SaveToggle action={href} saved={saved} label={project.title} compact /> : null}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-500">
          Posted <RelativeTime date={project.createdAt} />
          <span aria-hidden="true"> · </span>
          {proposalCountLabel(project.proposalCount)}
        </p>
        <p className={`mt-3 break-words text-sm leading-relaxed text-slate-700 ${list ? "line-clamp-2" : "line-clamp-3"}`}>{project.description}</p>
        {shown.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Skills">
            {shown.map((skill) => (
              <li key={skill} className={SKILL_CHIP_CLASS}>
                {skill}
              </li>
            ))}
            {more > 0 ? <li className="inline-flex items-center rounded-md px-1.5 py-1 text-xs font-medium text-slate-500">+{more} more</li> : null}
          </ul>
        ) : null}
      </div>

      <div className={`mt-auto flex flex-col ${list ? "sm:mt-0 sm:w-56 sm:shrink-0 sm:border-l sm:border-slate-100 sm:pl-6" : ""}`}>
        <dl
          className={`mt-4 grid gap-x-4 gap-y-2 text-sm ${list ? "grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] sm:mt-0 sm:grid-cols-1" : "grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]"}`}
        >
          <CardFact icon={Wallet} label="Budget" className="whitespace-nowrap font-semibold text-slate-900">
            {formatBudget(project.budgetMin, project.budgetMax)}
          </CardFact>
          <CardFact icon={Calendar} label="Deadline">
            {formatDeadline(project.deadline)}
          </CardFact>
          <CardFact icon={MonitorSmartphone} label="Platform">
            {PLATFORM_LABELS[project.platform as Platform] ?? project.platform}
          </CardFact>
          <CardFact icon={MapPin} label="Location">
            {project.location}
          </CardFact>
        </dl>
        <div className={`mt-4 flex flex-wrap gap-2 ${list ? "sm:mt-auto sm:pt-4" : ""}`}>
          <Link to={href} state={state} className={buttonClass("secondary", "sm", "flex-1 whitespace-nowrap")}>
            View Details<span className="sr-only">: {project.title}</span>
          </Link>
          {canPropose ? (
            <Link to={`${href}/proposal`} className={buttonClass("primary", "sm", "flex-1 whitespace-nowrap")}>
              Submit Proposal<span className="sr-only">: {project.title}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A grey placeholder in the shape of a project card (docs/product.md: 6 while a list loads). */
export function ProjectCardSkeleton({ view = "grid" }: { view?: "grid" | "list" }) {
  return (
    <Card className={`p-5 ${view === "list" ? "sm:flex sm:gap-6" : ""}`}>
      <div className="flex-1">
        <div className="flex items-start justify-between gap-3">
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
        <Skeleton className="mt-2 h-4 w-2/5" />
        <Skeleton className="mt-4 h-3.5 w-full" />
        <Skeleton className="mt-2 h-3.5 w-full" />
        <Skeleton className="mt-2 h-3.5 w-4/5" />
        <div className="mt-4 flex gap-1.5">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-6 w-20" />
          <Skeleton className="h-6 w-14" />
        </div>
      </div>
      <div className={view === "list" ? "sm:w-56" : ""}>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-20" />
        </div>
        <Skeleton className="mt-5 h-11 w-full rounded-lg" />
      </div>
    </Card>
  );
}
