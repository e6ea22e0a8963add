import { Briefcase, Clock, MapPin, Wallet } from "../ui/icons";
import { Link, useLocation } from "react-router";
import { SaveToggle } from "../favourites/save-toggle";
import { DEFAULT_BIO, DEFAULT_DEVELOPER_TITLE, DEFAULT_RESPONSE_TIME, DEVELOPER_CARD_RECENT, DEVELOPER_CARD_SKILLS } from "../../../shared/constants";
import type { Developer } from "../../../server/developers/service";
import { SkillChip } from "../ui/badge";
import { buttonClass } from "../ui/button";
import { Card, CardFact, Skeleton } from "../ui/card";
import { countLabel } from "../../../shared/format";
import { Avatar, AvailabilityBadge, hourlyRateLabel, RatingSummary } from "./developer-bits";

/** What a developer card needs of a developer (any `Developer` fits). */
export type DeveloperCardData = Pick<
  Developer,
  | "id"
  | "name"
  | "title"
  | "bio"
  | "city"
  | "hourlyRate"
  | "responseTime"
  | "availability"
  | "skills"
  | "rating"
  | "reviewCount"
  | "completedProjects"
  | "recentProjects"
  | "photoId"
>;

/** Longest bio a card receives; it is clamped to three lines anyway. */
const CARD_BIO_CHARS = 320;

/** The card fields of a developer, with a long bio shortened (smaller pages and payloads). */
export function toDeveloperCardData(d: DeveloperCardData): DeveloperCardData {
  const { id, name, title, bio, city, hourlyRate, responseTime, availability, skills, rating, reviewCount, completedProjects, recentProjects, photoId } = d;
  return {
    id,
    name,
    title,
    bio: bio.length > CARD_BIO_CHARS ? `${bio.slice(0, CARD_BIO_CHARS).trimEnd()}…` : bio,
    city,
    hourlyRate,
    responseTime,
    availability,
    skills,
    rating,
    reviewCount,
    completedProjects,
    recentProjects: recentProjects.slice(0, DEVELOPER_CARD_RECENT).map((p) => ({ title: p.title })),
    photoId,
  };
}

/**
 * A developer in a list (docs/product.md, Developers, also the home page's top developers):
 * avatar initial, name, title, city, rating and review count, availability, bio, up to 6 skills,
 * projects completed, hourly rate, response time, up to 2 recent projects, "View Profile" and
 * (when `canContact`: signed in and not this developer) "Contact".
 */
export function DeveloperCard({
  developer,
  canContact = false,
  headingLevel = 3,
  saved,
}: {
  developer: DeveloperCardData;
  canContact?: boolean;
  /** A client's heart (docs/product.md, Journeys "Favourites"): whether they saved them; undefined: no heart. */
  saved?: boolean;
  /** Heading level of the name in the page outline (default h3). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h3";
  const shown = developer.skills.slice(0, DEVELOPER_CARD_SKILLS);
  const more = developer.skills.length - shown.length;
  const recent = developer.recentProjects.slice(0, DEVELOPER_CARD_RECENT);
  const href = `/developers/${developer.id}`;
  // The profile's back link returns to this list with its filters.
  const location = useLocation();
  const state = { from: location.pathname + location.search };

  return (
    <Card className="h-full p-5">
      <article data-developer-id={developer.id} className="flex h-full min-w-0 flex-col">
        <div className="flex items-start gap-3">
          <Avatar name={developer.name} photoId={developer.photoId} />
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <Heading className="min-w-0 text-lg font-semibold leading-snug text-slate-900">
                <Link to={href} state={state} className="break-words rounded hover:text-brand-700 hover:underline">
                  {developer.name}
                </Link>
              </Heading>
              <span className="mt-0.5 flex shrink-0 items-center gap-2">
                <AvailabilityBadge availability={developer.availability} />
                {saved !== undefined ? <SaveToggle action={href} saved={saved} label={developer.name} compact /> : null}
              </span>
            </div>
            <p className="break-words text-sm text-slate-600">{developer.title || DEFAULT_DEVELOPER_TITLE}</p>
          </div>
        </div>

        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <RatingSummary rating={developer.rating} reviewCount={developer.reviewCount} />
          {developer.city ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4 text-slate-400" aria-hidden="true" />
              {developer.city}
            </span>
          ) : null}
        </p>

        <p className={`mt-3 line-clamp-3 break-words text-sm leading-relaxed ${developer.bio ? "text-slate-700" : "italic text-slate-500"}`}>
          {developer.bio || DEFAULT_BIO}
        </p>

        {shown.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Skills">
            {shown.map((skill) => (
              <li key={skill}>
                <SkillChip>{skill}</SkillChip>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <span className="inline-flex items-center rounded-md px-1.5 py-1 text-xs font-medium text-slate-500">+{more} more</span>
              </li>
            ) : null}
          </ul>
        ) : null}

        {recent.length ? (
          <div className="mt-3 text-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Recent projects</p>
            <ul className="mt-1 space-y-0.5">
              {recent.map((p, i) => (
                <li key={i} className="truncate text-slate-700">
                  {p.title}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="mt-auto">
          <dl className="mt-4 grid grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] gap-x-4 gap-y-2 border-t border-slate-100 pt-4 text-sm">
            <CardFact icon={Wallet} label="Hourly rate">
              <span className="font-semibold text-slate-900">{hourlyRateLabel(developer.hourlyRate)}</span>
            </CardFact>
            <CardFact icon={Clock} label="Response time">
              {developer.responseTime || DEFAULT_RESPONSE_TIME}
            </CardFact>
            <CardFact icon={Briefcase} label="Projects completed" className="col-span-2 text-slate-700">
              {countLabel(developer.completedProjects, "project")} completed
            </CardFact>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={href} state={state} className={buttonClass("secondary", "sm", "flex-1 whitespace-nowrap")}>
              View Profile<span className="sr-only">: {developer.name}</span>
            </Link>
            {canContact ? (
              <Link to={`/messages/new?to=${encodeURIComponent(developer.id)}`} className={buttonClass("primary", "sm", "flex-1 whitespace-nowrap")}>
                Contact<span className="sr-only"> {developer.name}</span>
              </Link>
            ) : null}
          </div>
        </div>
      </article>
    </Card>
  );
}

/** A grey placeholder in the shape of a developer card (docs/product.md: 6 while a list loads). */
export function DeveloperCardSkeleton() {
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <Skeleton className="size-12 shrink-0 rounded-full" />
        <div className="flex-1">
          <Skeleton className="h-5 w-2/5" />
          <Skeleton className="mt-2 h-4 w-3/5" />
        </div>
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-4 w-1/2" />
      <Skeleton className="mt-4 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-3/4" />
      <div className="mt-4 flex gap-1.5">
        <Skeleton className="h-6 w-16" />
        <Skeleton className="h-6 w-20" />
        <Skeleton className="h-6 w-14" />
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-4 w-32" />
      </div>
      <Skeleton className="mt-5 h-11 w-full rounded-lg" />
    </Card>
  );
}
