/**
 * Developer profile (/developers/{id}, docs/product.md, Screens): who the developer is, their rating and
 * availability, About, skills, the tabs Portfolio / Reviews / Experience, and a sidebar with
 * Quick Stats, Links and Certifications. Contact for signed-in visitors; Edit profile for the owner.
 */
import { ReportContentDialog } from "../components/projects/report-dialog";
import { BlockButton } from "../components/trust/block-button";
import { Award, Briefcase, CalendarDays, Clock, ExternalLink, Globe, Link2, MapPin, MessageSquare, Pencil, TrendingUp, Wallet } from "../components/ui/icons";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { AVAILABILITY_LABELS, DEFAULT_BIO, DEFAULT_DEVELOPER_TITLE, DEFAULT_RESPONSE_TIME, DEFAULT_SUCCESS_RATE } from "../../shared/constants";
import { yearOf } from "../../shared/format";
import { Avatar, formatYearMonth, hourlyRateLabel, RatingSummary, StarRating } from "../components/developers/developer-bits";
import { RelativeTime } from "../components/ui/relative-time";
import { SkillChip } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button";
import { Card, CardSection } from "../components/ui/card";
import { redirectWithFlash } from "../lib/flash.server";
import { BackToList } from "../components/browse/back-to-list";
import { originFrom, seoMeta } from "../lib/seo";
import { developerJsonLd } from "../lib/structured-data";
import { Thumbnail } from "../components/files/thumbnail";
import type { Route } from "./+types/developer";
import {
  domainDeps,
  failure,
  inviteDeveloper,
  loadDeveloperProfile,
  readBody,
  requireUser,
  retryAfterHeaders,
  safeRedirect,
  setDeveloperSaved,
} from "./developer.server";
import { data } from "react-router";
import { SaveToggle } from "../components/favourites/save-toggle";
import { InviteToProject } from "../components/favourites/invite-to-project";

/**
 * A client's actions on a developer's profile, form data or JSON with an `intent`: save and unsave
 * (favourites, optional returnTo) and invite (projectId; docs/product.md, Journeys "Invite a
 * developer"). Success: a toast (back to the page without JavaScript); a failure answers with its message.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const raw = await readBody(request);
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const here = new URL(request.url).pathname;
  try {
    switch (body.intent) {
      case "save":
      case "unsave": {
        const { saved } = await setDeveloperSaved(context.deps.db, user, params.id, body.intent === "save");
        const message = saved ? "Developer saved" : "Removed from saved developers";
        if (typeof body.returnTo === "string" && body.returnTo) return redirectWithFlash(safeRedirect(body.returnTo, here), { type: "success", message });
        return data({ ok: true as const, message, saved });
      }
      case "invite": {
        const invitation = await inviteDeveloper(domainDeps(context.deps), user, params.id, { projectId: body.projectId });
        const message = `${invitation.developerName} invited to "${invitation.projectTitle}"`;
        if (typeof body.returnTo === "string" && body.returnTo) return redirectWithFlash(safeRedirect(body.returnTo, here), { type: "success", message });
        return data({ ok: true as const, message });
      }
      default:
        return data({ ok: false as const, message: "Unknown action" }, { status: 400 });
    }
  } catch (err) {
    return failure(err);
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await loadDeveloperProfile(context.deps.db, params.id, context.user);
  // Spec section 8: toast "Developer not found", then /developers.
  if (!profile) throw await redirectWithFlash("/developers", { type: "error", message: "Developer not found" });
  // The ProfilePage JSON-LD is built here, on the server: its builder stays out of the page's
  // scripts, which only repeat it in <head> (docs/performance.md, issue 17).
  const jsonLd = [developerJsonLd(profile.developer, context.deps.config.appUrl, profile.developer.title || DEFAULT_DEVELOPER_TITLE)];
  return { ...profile, jsonLd };
}

/** Title, description, canonical URL, Open Graph profile and ProfilePage/Person JSON-LD (docs/product.md, Search engines and sharing). */
export function meta({ data, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: "Developer not found | BuildZA" }];
  const { developer } = data;
  const title = developer.title || DEFAULT_DEVELOPER_TITLE;
  const origin = originFrom(matches);
  return seoMeta({
    title: `${developer.name} - ${title}`,
    description: developer.bio || `${developer.name}, ${title}${developer.city ? ` in ${developer.city}` : ""}, on BuildZA.`,
    path: `/developers/${developer.id}`,
    origin,
    type: "profile",
    jsonLd: data.jsonLd,
  });
}

const AVAILABILITY_DOTS = { available: "bg-brand-600", busy: "bg-amber-500", unavailable: "bg-slate-400" } as const;

export default function DeveloperProfile({ loaderData }: Route.ComponentProps) {
  const { developer, reviews, reviewTotal, viewer } = loaderData;
  const title = developer.title || DEFAULT_DEVELOPER_TITLE;
  const links = [
    { key: "github", label: "GitHub", href: developer.links.github, icon: <Link2 className="size-4" /> },
    { key: "linkedin", label: "LinkedIn", href: developer.links.linkedin, icon: <Briefcase className="size-4" /> },
    { key: "website", label: "Website", href: developer.links.website, icon: <Globe className="size-4" /> },
  ].filter((l) => l.href);

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-4 sm:px-6 lg:py-8">
      <BackToList list="/developers" label="Developers" />

      <Card className="mt-2 p-5 sm:p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <div className="flex min-w-0 flex-1 items-start gap-4 sm:gap-5">
            <Avatar name={developer.name} photoId={developer.photoId} size="lg" />
            <div className="min-w-0 flex-1">
              <h1 className="break-words text-2xl font-bold leading-tight tracking-tight text-slate-900 sm:text-3xl">{developer.name}</h1>
              <p className="mt-1 break-words text-lg text-slate-700">{title}</p>
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-600">
                {developer.city ? (
                  <li className="inline-flex items-center gap-1.5">
                    <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                    {developer.city}
                  </li>
                ) : null}
                <li className="inline-flex items-center gap-1.5">
                  <RatingSummary rating={developer.rating} reviewCount={developer.reviewCount} />
                </li>
                <li className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
                  Member since {yearOf(developer.memberSince)}
                </li>
              </ul>
              <p className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-slate-800">
                <span className={`size-2.5 rounded-full ${AVAILABILITY_DOTS[developer.availability] ?? "bg-slate-400"}`} aria-hidden="true" />
                {AVAILABILITY_LABELS[developer.availability] ?? developer.availability}
              </p>
            </div>
          </div>
          {!viewer.signedIn ? (
            // A visitor's next step: register as a client and come back to this profile (docs/product.md, Journeys).
            <div className="flex shrink-0 flex-col gap-2 sm:items-end">
              <ButtonLink to={`/register?redirectTo=${encodeURIComponent(`/developers/${developer.id}`)}`} className="w-full sm:w-auto">
                <MessageSquare className="size-4" aria-hidden="true" />
                Sign up to contact
              </ButtonLink>
            </div>
          ) : null}
          {viewer.signedIn ? (
            <div className="flex shrink-0 flex-col gap-2 sm:items-end">
              {viewer.canContact ? (
                <ButtonLink to={`/messages/new?to=${encodeURIComponent(developer.id)}`} className="w-full sm:w-auto">
                  <MessageSquare className="size-4" aria-hidden="true" />
                  Contact
                </ButtonLink>
              ) : null}
              {viewer.isClient ? (
                <div className="flex w-full flex-wrap gap-2 sm:justify-end">
                  <SaveToggle action={`/developers/${developer.id}`} saved={loaderData.saved} label={developer.name} />
                  {viewer.block === "none" ? (
                    <InviteToProject developerId={developer.id} developerName={developer.name} projects={loaderData.invitable} />
                  ) : null}
                </div>
              ) : null}
              {!viewer.isOwner ? <ReportContentDialog kind="profile" targetId={developer.id} label="Report profile" /> : null}
              {!viewer.isOwner ? (
                <>
                  {viewer.block === "byMe" || viewer.block === "both" ? <p className="text-sm text-slate-600">You blocked {developer.name}.</p> : null}
                  <BlockButton userId={developer.id} name={developer.name} blocked={viewer.block === "byMe" || viewer.block === "both"} />
                </>
              ) : null}
              {viewer.isOwner ? (
                <ButtonLink to="/profile/setup" variant="secondary" className="w-full sm:w-auto">
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit profile
                </ButtonLink>
              ) : null}
            </div>
          ) : null}
        </div>
        {/* On phones the sidebar comes after the tabs: show the key facts up here. */}
        <dl className="mt-5 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm lg:hidden">
          <div>
            <dt className="text-slate-500">Hourly rate</dt>
            <dd className="font-semibold text-slate-900">{hourlyRateLabel(developer.hourlyRate)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Response time</dt>
            <dd className="font-semibold text-slate-900">{developer.responseTime || DEFAULT_RESPONSE_TIME}</dd>
          </div>
        </dl>
      </Card>

      <div className="mt-6 lg:grid lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start lg:gap-8">
        <div className="min-w-0 space-y-6">
          <Card className="divide-y divide-slate-100">
            <CardSection title="About">
              <p className={`whitespace-pre-line break-words leading-relaxed ${developer.bio ? "text-slate-700" : "italic text-slate-500"}`}>
                {developer.bio || DEFAULT_BIO}
              </p>
            </CardSection>
            <CardSection title="Skills">
              {developer.skills.length ? (
                <ul className="flex flex-wrap gap-2">
                  {developer.skills.map((skill) => (
                    <li key={skill}>
                      <SkillChip>{skill}</SkillChip>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No skills listed yet</p>
              )}
            </CardSection>
          </Card>

          <ProfileTabs developer={developer} reviews={reviews} reviewTotal={reviewTotal} />
        </div>

        <aside aria-label="Developer details" className="mt-6 space-y-6 lg:mt-0">
          <Card className="p-5">
            <h2 className="text-base font-semibold text-slate-900">Quick Stats</h2>
            <dl className="mt-3 divide-y divide-slate-100 text-sm">
              <Stat icon={<Wallet className="size-4" />} label="Hourly rate" value={hourlyRateLabel(developer.hourlyRate)} />
              <Stat icon={<Briefcase className="size-4" />} label="Projects completed" value={String(developer.completedProjects)} />
              <Stat icon={<Clock className="size-4" />} label="Response time" value={developer.responseTime || DEFAULT_RESPONSE_TIME} />
              {/* A success rate means something only after a completed project (docs/product.md, Journeys). */}
              {developer.completedProjects > 0 ? (
                <Stat icon={<TrendingUp className="size-4" />} label="Success rate" value={`${developer.successRate ?? DEFAULT_SUCCESS_RATE}%`} />
              ) : null}
            </dl>
          </Card>

          {links.length ? (
            <Card className="p-5">
              <h2 className="text-base font-semibold text-slate-900">Links</h2>
              <ul className="mt-2 space-y-1">
                {links.map((link) => (
                  <li key={link.key}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 max-w-full items-center gap-2 rounded text-sm font-medium text-brand-700 hover:underline"
                    >
                      <span className="shrink-0 text-slate-400" aria-hidden="true">
                        {link.icon}
                      </span>
                      <span className="truncate">{link.label}</span>
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}

          {developer.certifications.length ? (
            <Card className="p-5">
              <h2 className="text-base font-semibold text-slate-900">Certifications</h2>
              <ul className="mt-3 space-y-4">
                {developer.certifications.map((cert) => (
                  <li key={cert.id || cert.name} className="flex gap-3">
                    <Award className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="break-words font-medium text-slate-900">{cert.name}</p>
                      <p className="break-words text-sm text-slate-600">
                        {cert.issuer}
                        {cert.date ? (
                          <>
                            <span aria-hidden="true"> · </span>
                            {formatYearMonth(cert.date)}
                          </>
                        ) : null}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <dt className="inline-flex items-center gap-2 text-slate-600">
        <span className="text-slate-400" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-right font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

type ProfileData = Route.ComponentProps["loaderData"];

const tabTrigger =
  "inline-flex min-h-11 flex-1 items-center justify-center whitespace-nowrap border-b-2 border-transparent px-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 focus-visible:rounded-t-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 sm:flex-none sm:px-4";

/** Portfolio (default), Reviews and Experience, each labelled with its count (Radix Tabs). */
function ProfileTabs({ developer, reviews, reviewTotal }: Pick<ProfileData, "developer" | "reviews" | "reviewTotal">) {
  return (
    <Card>
      <Tabs.Root defaultValue="portfolio">
        <Tabs.List aria-label="Developer's work" className="flex overflow-x-auto border-b border-slate-200 px-2 sm:px-4">
          <Tabs.Trigger value="portfolio" className={tabTrigger}>
            Portfolio ({developer.portfolio.length})
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={tabTrigger}>
            Reviews ({reviewTotal})
          </Tabs.Trigger>
          <Tabs.Trigger value="experience" className={tabTrigger}>
            Experience ({developer.experience.length})
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="portfolio" className="p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 sm:p-6">
          {developer.portfolio.length ? (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {developer.portfolio.map((item) => (
                <li key={item.id || item.title} className="flex flex-col rounded-lg border border-slate-200 p-4">
                  <h3 className="break-words font-semibold text-slate-900">{item.title}</h3>
                  {item.description ? <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{item.description}</p> : null}
                  {item.images?.length ? (
                    // Lazy, sized thumbnails; a tap opens the full image (docs/product.md, Files).
                    <ul className="mt-3 grid grid-cols-3 gap-2" aria-label={`Images of ${item.title}`}>
                      {item.images.map((image, n) => (
                        <li key={image.id}>
                          <a href={image.variants.at(-1)?.url ?? image.url} target="_blank" rel="noreferrer" className="block">
                            <Thumbnail file={image} width={120} className="aspect-square h-auto w-full" />
                            <span className="sr-only">
                              Open image {n + 1} of {item.title} (opens in a new tab)
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {item.technologies.length ? (
                    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Technologies">
                      {item.technologies.map((t) => (
                        <li key={t}>
                          <SkillChip>{t}</SkillChip>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {item.link ? (
                    <a
                      href={item.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-auto inline-flex min-h-11 items-center gap-1.5 self-start pt-2 text-sm font-medium text-brand-700 hover:underline"
                    >
                      View Project
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">: {item.title} (opens in a new tab)</span>
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No portfolio items yet</Empty>
          )}
        </Tabs.Content>

        <Tabs.Content value="reviews" className="p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 sm:p-6">
          {reviews.length ? (
            <>
              <ul className="divide-y divide-slate-100">
                {reviews.map((review) => (
                  <li key={review.id} className="py-4 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <h3 className="break-words font-semibold text-slate-900">{review.clientName || "Anonymous"}</h3>
                      <span className="text-sm text-slate-500">
                        <RelativeTime date={review.createdAt} />
                      </span>
                    </div>
                    <div className="mt-1">
                      <StarRating rating={review.rating} />
                    </div>
                    {review.comment ? <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-slate-700">{review.comment}</p> : null}
                    {review.projectTitle ? (
                      <p className="mt-2 break-words text-sm text-slate-500">
                        Project: <span className="font-medium text-slate-700">{review.projectTitle}</span>
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              {reviewTotal > reviews.length ? <p className="mt-4 text-sm text-slate-500">Showing the {reviews.length} most recent reviews.</p> : null}
            </>
          ) : (
            <Empty>No reviews yet</Empty>
          )}
        </Tabs.Content>

        <Tabs.Content value="experience" className="p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 sm:p-6">
          {developer.experience.length ? (
            <ol className="space-y-5">
              {developer.experience.map((job) => (
                <li key={job.id || `${job.company}-${job.startDate}`} className="border-l-2 border-brand-200 pl-4">
                  <h3 className="break-words font-semibold text-slate-900">{job.title}</h3>
                  <p className="break-words text-sm font-medium text-slate-700">{job.company}</p>
                  <p className="mt-0.5 text-sm text-slate-500">
                    {formatYearMonth(job.startDate)} – {job.endDate ? formatYearMonth(job.endDate) : "Present"}
                  </p>
                  {job.description ? <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{job.description}</p> : null}
                </li>
              ))}
            </ol>
          ) : (
            <Empty>No experience listed yet</Empty>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-slate-600">{children}</p>;
}
