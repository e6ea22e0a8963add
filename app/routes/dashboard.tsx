import {
  Bell,
  BookOpen,
  Briefcase,
  CheckCircle2,
  FileText,
  FolderPlus,
  HelpCircle,
  LifeBuoy,
  MailPlus,
  MessageSquare,
  Search,
  Sparkles,
  Star,
  UserCog,
  Users,
  type Icon,
} from "../components/ui/icons";
import { Link } from "react-router";
import { countLabel, formatBudget, formatCents, formatDate, formatRand } from "../../shared/format";
import { RelativeTime } from "../components/ui/relative-time";
import { proposalCountLabel } from "../components/projects/project-card";
import { ProposalStatusBadge } from "../components/proposals/proposal-bits";
import { SavedSearchesCard } from "../components/saved-searches/saved-searches";
import { SavedDevelopersCard, SavedProjectsCard } from "../components/favourites/saved-lists";
import { StatusBadge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button";
import { Card } from "../components/ui/card";
import type { Route } from "./+types/dashboard";
import { loadDashboard, requireUser } from "./dashboard.server";
import { requestHeaderState } from "../lib/unread.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | BuildZA" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const allProjects = url.searchParams.get("projects") === "all";
  // The Messages tile counts what the header counts, read once for both (app/lib/unread.server.ts).
  const unread = requestHeaderState(context)!.then((state) => state.unread);
  const dashboard = await loadDashboard(context.deps.db, user, { allProjects, cursor: url.searchParams.get("cursor") }, unread);
  return { name: user.name, createdAt: user.createdAt, allProjects, ...dashboard };
}

const QUICK_ACTIONS = {
  client: [
    { to: "/projects/new", label: "Post a Project", Icon: FolderPlus },
    { to: "/developers", label: "Find Developers", Icon: Users },
    { to: "/projects", label: "Browse Projects", Icon: Search },
  ],
  developer: [
    { to: "/projects", label: "Browse Projects", Icon: Search },
    // Once the profile has anything in it, the same link reads "Edit your profile", as the completion card's button.
    { to: "/profile/setup", label: "Set up your profile", startedLabel: "Edit your profile", Icon: UserCog },
    { to: "/proposals", label: "My Proposals", Icon: Briefcase },
  ],
} as const;

/** What a milestone waiting on the reader asks of them (the dashboard's "Needs your attention"). */
/**
 * A list row's title link, stretched over its row (the row is `relative`): the whole row is the
 * touch target, not the 20 px line of its title (docs/product.md, Look and feel: 44 px).
 */
const ROW_LINK = "font-medium break-words text-slate-900 after:absolute after:inset-0 hover:text-brand-700 hover:underline";

const ACTION_LABELS = { review: "Review and approve", fund: "Fund the next milestone", deliver: "Deliver" } as const;

/** The icon of a notification type (proposal events, reviews, messages). */
function activityIcon(type: string): Icon {
  if (type === "new_message") return MessageSquare;
  if (type === "review_received" || type === "review_reminder") return Star;
  if (type === "invitation") return MailPlus;
  if (type === "proposal_accepted" || type === "project_completed") return CheckCircle2;
  if (type.startsWith("proposal_")) return FileText;
  return Bell;
}

/** Marks a notification read as its link is followed (fire and forget; the page it opens does not wait). */
function markRead(id: string) {
  void fetch(`/api/v1/notifications/${id}/read`, { method: "POST", keepalive: true }).catch(() => {});
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome back, {d.name || "User"}!</h1>
          <p className="mt-1 text-slate-600">{d.role === "client" ? "Here is how your projects are doing." : "Here is your work at a glance."}</p>
        </div>
        {d.role === "client" ? (
          <ButtonLink to="/projects/new">
            <FolderPlus className="size-4" aria-hidden="true" /> Post a Project
          </ButtonLink>
        ) : (
          <ButtonLink to="/projects">
            <Search className="size-4" aria-hidden="true" /> Find projects
          </ButtonLink>
        )}
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {d.tiles.map((t) => (
          <Card key={t.label} className="p-4">
            <dt className="text-sm text-slate-600">{t.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">
              {t.label === "Messages" ? (
                // At least 44 px wide and tall for a thumb (docs/product.md, Look and feel), the tile's
                // height unchanged: the padding is taken back by the negative margin.
                <Link
                  to="/messages"
                  className="-my-2 inline-block min-w-11 py-2 hover:text-brand-700 hover:underline"
                  aria-label={`${countLabel(Number(t.value), "unread message")}: open Messages`}
                >
                  {t.value}
                </Link>
              ) : (
                t.value
              )}
            </dd>
          </Card>
        ))}
      </dl>

      {/* Titles and names in these lists are anyone's text: each link breaks a long word
          (break-words), or the grid column would grow to it and widen the page past a phone. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {d.actions.length || d.reviewsOwed.length || d.invitations.length ? (
            <Card className="p-5">
              <h2 className="text-lg font-semibold">Needs your attention</h2>
              <ul className="mt-3 divide-y divide-slate-100">
                {d.actions.map((a) => (
                  <li key={`${a.contractId}-${a.milestoneTitle}-${a.action}`} className="relative py-3">
                    <Link to={`/contracts/${a.contractId}`} className={ROW_LINK}>
                      {ACTION_LABELS[a.action]}: {a.milestoneTitle}
                    </Link>
                    <p className="text-sm break-words text-slate-600">
                      {a.projectTitle} · {formatCents(a.amountCents)}
                      {a.autoReleaseAt ? ` · released automatically on ${formatDate(a.autoReleaseAt)}` : ""}
                    </p>
                  </li>
                ))}
                {d.invitations.map((i) => (
                  <li key={`invitation-${i.projectId}`} className="relative py-3" data-invitation>
                    <Link to={`/projects/${i.projectId}`} className={ROW_LINK}>
                      Send a proposal: {i.projectTitle}
                    </Link>
                    <p className="text-sm break-words text-slate-600">
                      {i.clientName} invited you · <RelativeTime date={i.createdAt} />
                    </p>
                  </li>
                ))}
                {d.reviewsOwed.map((r) => (
                  <li key={`review-${r.projectId}`} className="relative py-3" data-review-owed>
                    <Link to={`/projects/${r.projectId}#review`} className={ROW_LINK}>
                      Review {r.otherName}
                    </Link>
                    <p className="text-sm break-words text-slate-600">
                      {r.projectTitle} · until {formatDate(r.until)}
                    </p>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <Card className="p-5">
            <div className="flex items-center justify-between">
              <h2 id="your-projects" className="text-lg font-semibold">
                {d.role === "client" ? (d.allProjects ? "All your projects" : "Your projects") : "Your proposals"}
              </h2>
              {d.role === "client" && d.allProjects ? (
                <Link to="/dashboard" className="inline-flex min-h-11 items-center -my-3 text-sm font-medium text-brand-600 underline">
                  Show fewer
                </Link>
              ) : (
                <Link
                  to={d.role === "client" ? "/dashboard?projects=all#your-projects" : "/proposals"}
                  className="inline-flex min-h-11 items-center -my-3 text-sm font-medium text-brand-600 underline"
                >
                  View all
                </Link>
              )}
            </div>
            {d.role === "client" && d.projects.length ? (
              <ul className="mt-4 divide-y divide-slate-100">
                {d.projects.map((p) => (
                  <li key={p.id} className="relative flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <Link to={`/projects/${p.id}`} className={ROW_LINK}>
                        {p.title}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {formatBudget(p.budgetMin, p.budgetMax)} · {proposalCountLabel(p.proposalCount)} · posted <RelativeTime date={p.createdAt} />
                      </p>
                    </div>
                    <StatusBadge status={p.status} />
                  </li>
                ))}
              </ul>
            ) : null}
            {d.role === "client" && d.nextCursor ? (
              <ButtonLink
                to={`/dashboard?projects=all&cursor=${encodeURIComponent(d.nextCursor)}#your-projects`}
                variant="secondary"
                size="sm"
                className="mt-2"
              >
                Next projects
              </ButtonLink>
            ) : null}
            {d.role === "developer" && d.proposals.length ? (
              <ul className="mt-4 divide-y divide-slate-100">
                {d.proposals.map((p) => (
                  <li key={p.id} className="relative flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <Link to={`/projects/${p.projectId}`} className={ROW_LINK}>
                        {p.projectTitle}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {formatRand(p.price)} · {p.durationLabel} · sent <RelativeTime date={p.createdAt} />
                      </p>
                    </div>
                    <ProposalStatusBadge status={p.status} />
                  </li>
                ))}
              </ul>
            ) : null}
            {(d.role === "client" && d.projects.length) || (d.role === "developer" && d.proposals.length) ? null : (
              <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center">
                <p className="font-medium text-slate-800">{d.role === "client" ? "No projects yet" : "No proposals yet"}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {d.role === "client" ? "Post your first project and get proposals from developers." : "Find a project that fits your skills."}
                </p>
                <ButtonLink to={d.role === "client" ? "/projects/new" : "/projects"} variant="secondary" size="sm" className="mt-4">
                  {d.role === "client" ? "Post a Project" : "Browse Projects"}
                </ButtonLink>
              </div>
            )}
          </Card>

          <Card className="p-5">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <h2 className="whitespace-nowrap text-lg font-semibold">Recent Activity</h2>
              <ButtonLink to="/notifications" variant="secondary" size="sm">
                <Bell className="size-4" aria-hidden="true" /> Notifications
                {d.unreadNotifications ? (
                  <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white">
                    {d.unreadNotifications}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </ButtonLink>
            </div>
            {d.notifications.length ? (
              <ul className="mt-4 space-y-1">
                {d.notifications.map((n) => {
                  const Icon = activityIcon(n.type);
                  return (
                    <li key={n.id}>
                      <Link
                        to={n.link}
                        onClick={n.read ? undefined : () => markRead(n.id)}
                        className={`-mx-2 flex gap-3 rounded-lg p-2 hover:bg-slate-50 ${n.read ? "" : "bg-brand-50/60"}`}
                      >
                        <span
                          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${n.read ? "bg-slate-100 text-slate-600" : "bg-brand-50 text-brand-700"}`}
                        >
                          <Icon className="size-4" aria-hidden="true" />
                        </span>
                        <div className="min-w-0 flex-1">
                          <p className={`break-words text-sm ${n.read ? "text-slate-700" : "font-medium text-slate-900"}`}>
                            {n.read ? null : <span className="sr-only">Unread: </span>}
                            {n.message}
                          </p>
                          <p className="mt-0.5 text-xs text-slate-500">
                            <RelativeTime date={n.createdAt} />
                          </p>
                        </div>
                        {n.read ? null : <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <ul className="mt-4">
                <li className="flex gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Sparkles className="size-4" aria-hidden="true" />
                  </span>
                  <div>
                    <p className="font-medium text-slate-800">Welcome to BuildZA!</p>
                    <p className="text-sm text-slate-600">
                      Your account was created <RelativeTime date={d.createdAt} />.
                    </p>
                  </div>
                </li>
              </ul>
            )}
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          {d.savedSearches ? <SavedSearchesCard searches={d.savedSearches} /> : null}
          {d.savedProjects ? <SavedProjectsCard projects={d.savedProjects} /> : null}
          {d.savedDevelopers ? <SavedDevelopersCard developers={d.savedDevelopers} /> : null}
          {d.completion ? (
            <Card className="p-5">
              <div className="flex items-baseline justify-between">
                <h2 className="text-lg font-semibold">Profile completion</h2>
                <span className="text-lg font-semibold text-brand-700">{d.completion.percent}%</span>
              </div>
              <div
                className="mt-3 h-2 rounded-full bg-slate-100"
                role="progressbar"
                aria-label="Profile completion"
                aria-valuenow={d.completion.percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${d.completion.percent}%` }} />
              </div>
              {d.completion.missing.length ? (
                <>
                  <p className="mt-3 text-sm text-slate-600">Clients hire developers whose profiles show their skills and work. Still missing:</p>
                  <ul className="mt-2 space-y-1 text-sm">
                    {d.completion.missing.map((m) => (
                      <li key={m.key}>
                        <Link to={m.href} className="font-medium text-brand-600 underline">
                          {m.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="mt-3 text-sm text-slate-600">Your profile is complete. Keep it up to date as you finish projects.</p>
              )}
              <ButtonLink to="/profile/setup" className="mt-4 w-full">
                <UserCog className="size-4" aria-hidden="true" /> {d.completion.percent ? "Edit your profile" : "Set up your profile"}
              </ButtonLink>
            </Card>
          ) : null}
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Quick actions</h2>
            <ul className="mt-3 space-y-1">
              {QUICK_ACTIONS[d.role].map((action) => (
                <li key={action.to}>
                  <Link to={action.to} className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50">
                    <action.Icon className="size-5 text-brand-600" aria-hidden="true" />{" "}
                    {"startedLabel" in action && d.completion?.percent ? action.startedLabel : action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Need Help?</h2>
            <ul className="mt-3 space-y-1">
              <li>
                <Link to="/how-it-works" className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50">
                  <BookOpen className="size-5 text-brand-600" aria-hidden="true" /> How It Works
                </Link>
              </li>
              <li>
                <Link to="/faq" className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50">
                  <HelpCircle className="size-5 text-brand-600" aria-hidden="true" /> FAQ
                </Link>
              </li>
              <li>
                <Link to="/support" className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50">
                  <LifeBuoy className="size-5 text-brand-600" aria-hidden="true" /> Support
                </Link>
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
