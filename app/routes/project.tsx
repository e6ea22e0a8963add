/**
 * Project detail (/projects/{id}, docs/product.md, Screens): the project, who posted it, what the viewer
 * can do (propose, edit, contact, share, report) and similar projects.
 */
import { AttachmentList } from "../components/files/attachment-list";
import {
  BadgeCheck,
  Briefcase,
  CalendarDays,
  Check,
  Clock,
  Eye,
  FileText,
  MailPlus,
  MapPin,
  MessageSquare,
  Pencil,
  Send,
  ShieldAlert,
} from "../components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Link, useActionData, useRevalidator } from "react-router";
import { PLATFORM_LABELS, type Platform } from "../../shared/constants";
import { projectEditRefusal } from "../../shared/policies";
import type { ProposalStatus } from "../../shared/lifecycle";
import { formatBudget, formatRand, scheduleFacts } from "../../shared/format";
import { proposalCountLabel } from "../components/projects/project-card";
import { RelativeTime } from "../components/ui/relative-time";
import { HiredDeveloperCard, OwnerProjectActions, ProposalsSection, ReviewCard } from "../components/proposals/project-proposals";
import { ProposalStatusBadge } from "../components/proposals/proposal-bits";
import { ReportDialog } from "../components/projects/report-dialog";
import { ShareButtons } from "../components/projects/share-buttons";
import { SaveToggle } from "../components/favourites/save-toggle";
import { SkillChip, StatusBadge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button";
import { Card, CardSection } from "../components/ui/card";
import { redirectWithFlash } from "../lib/flash.server";
import { useRealtime, useRevalidateOn } from "../lib/realtime";
import { BackToList } from "../components/browse/back-to-list";
import { originFrom, seoMeta } from "../lib/seo";
import { projectJsonLd } from "../lib/structured-data";
import { Avatar } from "../components/ui/avatar";
import type { Route } from "./+types/project";
import {
  acceptProposal,
  cancelHire,
  closeProject,
  completeProject,
  contractIdOfProject,
  createReview,
  declineProposal,
  domainDeps,
  failure,
  loadProjectDetail,
  parseProposalSort,
  readBody,
  requireUser,
  safeRedirect,
  setProjectSaved,
  shortlistProposal,
  type SimilarProject,
} from "./project.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sort = parseProposalSort(new URL(request.url).searchParams.get("proposalSort"));
  const detail = await loadProjectDetail(context.deps.db, params.id, context.user, sort);
  // Spec section 8: toast "Project not found", then /projects.
  if (!detail) throw await redirectWithFlash("/projects", { type: "error", message: "Project not found" });
  const party = context.user && (detail.viewer.isOwner || detail.project.hiredDeveloperId === context.user.id);
  const contractId = party ? await contractIdOfProject(context.deps.db, detail.project.id) : null;
  // Developers save projects that are not closed (docs/product.md, Journeys "Favourites").
  const savable = context.user?.userType === "developer" && detail.project.status !== "closed";
  const origin = context.deps.config.appUrl;
  // The JobPosting JSON-LD is built here, on the server: its builder stays out of the page's
  // scripts, which only repeat it in <head> (docs/performance.md, issue 17).
  const jsonLd = [projectJsonLd(detail.project, detail.client, origin)];
  return { ...detail, contractId, savable, shareUrl: `${origin}/projects/${detail.project.id}`, jsonLd };
}

/**
 * The hiring actions (docs/product.md, Proposals and Project lifecycle), one form-data or JSON body with an `intent`: shortlist, decline
 * (reason), accept (proposalId), complete, close, cancelHire, review (rating, comment); save and
 * unsave (a developer's favourites, optional returnTo). Success
 * goes back to this page with a toast; a failure answers with its message and field messages.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = domainDeps(context.deps);
  const raw = await readBody(request);
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const proposalId = typeof body.proposalId === "string" ? body.proposalId : "";
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = (message: string) => redirectWithFlash(`${url.pathname}${url.search}`, { type: "success", message });
  try {
    switch (body.intent) {
      case "shortlist": {
        const p = await shortlistProposal(deps, user, proposalId);
        return back(`${p.developer.name}'s proposal shortlisted`);
      }
      case "decline": {
        const p = await declineProposal(deps, user, proposalId, { reason: typeof body.reason === "string" ? body.reason : "" });
        return back(`${p.developer.name}'s proposal declined`);
      }
      case "accept": {
        const p = await acceptProposal(deps, user, proposalId);
        return back(`You hired ${p.developer.name}!`);
      }
      case "complete":
        await completeProject(deps, user, params.id);
        return back("Project marked as complete");
      case "close":
        await closeProject(deps, user, params.id);
        return back("Project closed");
      case "cancelHire":
        await cancelHire(deps, user, params.id);
        return back("Hire cancelled. The project is open for proposals again.");
      case "review":
        await createReview(deps.db, user, params.id, { rating: body.rating, comment: body.comment });
        return back("Thanks for your review!");
      case "save":
      case "unsave": {
        // Favourites (docs/product.md, Journeys): a form post without JavaScript returns to `returnTo`.
        const { saved } = await setProjectSaved(deps.db, user, params.id, body.intent === "save");
        const message = saved ? "Project saved" : "Removed from saved projects";
        if (typeof body.returnTo === "string" && body.returnTo)
          return redirectWithFlash(safeRedirect(body.returnTo, url.pathname), { type: "success", message });
        return data({ ok: true as const, message, saved });
      }
      default:
        return data({ ok: false as const, message: "Unknown action" }, { status: 400 });
    }
  } catch (err) {
    return failure(err);
  }
}

/**
 * Title, description with the budget first (a link pasted into WhatsApp shows title, budget and
 * a short description), canonical URL, Open Graph, and JobPosting JSON-LD; closed projects are
 * noindex (docs/product.md, Search engines and sharing).
 */
export function meta({ data, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: "Project not found | BuildZA" }];
  const { project } = data;
  const origin = originFrom(matches);
  return seoMeta({
    title: project.title,
    description: `Budget ${formatBudget(project.budgetMin, project.budgetMax)}. ${project.description}`,
    path: `/projects/${project.id}`,
    origin,
    type: "article",
    noindex: project.status === "closed",
    jsonLd: data.jsonLd,
  });
}

/**
 * The refusal of an action posted to this page as a form before or without its scripts (a hire of
 * a proposal withdrawn meanwhile, a review too short): its first field's message, else its own, at
 * the top of the page where the scripts would toast it (docs/product.md, Look and feel). With
 * scripts the page's actions go through fetchers, whose answers never reach the page's action data.
 */
function PostRefusal() {
  const answer = useActionData<typeof action>() as { ok: boolean; message?: string; fields?: Record<string, string> } | undefined;
  if (!answer || answer.ok !== false) return null;
  const message = Object.values(answer.fields ?? {}).find(Boolean) ?? answer.message;
  return message ? (
    <p role="alert" className="mt-2 break-words rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, client, similar, viewer, shareUrl, proposals, proposalSort, myProposal, review } = loaderData;
  // Timeline and deadline as far as the project has them; "Flexible timeline" only without either (docs/product.md, Projects).
  const schedule = scheduleFacts(project);
  const timeline = schedule.find((f) => f.term === "Timeline");
  const deadline = schedule.find((f) => f.term === "Deadline");
  const hired = proposals?.find((p) => p.status === "accepted") ?? null;
  const hiredView = hired ?? (myProposal?.status === "accepted" ? myProposal : null);
  const showHired = hiredView && (project.status === "in_progress" || project.status === "completed");
  const contactHref = `/messages/new?project=${project.id}`;
  const hasAdditional = Boolean(project.targetAudience || project.additionalInfo);

  return (
    <div className="mx-auto max-w-[1200px] px-4 py-4 sm:px-6 lg:py-8">
      {myProposal || viewer.isOwner ? <LiveProject /> : null}
      <BackToList list="/projects" label="Projects" />
      <PostRefusal />

      <div className="mt-2 lg:grid lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start lg:gap-8">
        <div className="min-w-0 space-y-6">
          <Card className="p-5 sm:p-6">
            <div className="flex flex-col-reverse items-start gap-3 sm:flex-row sm:justify-between">
              <h1 className="min-w-0 break-words text-2xl font-bold leading-tight tracking-tight text-slate-900 sm:text-3xl">{project.title}</h1>
              <span className="shrink-0 sm:mt-1.5">
                <StatusBadge status={project.status} />
              </span>
            </div>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-600">
              <li className="inline-flex items-center gap-1.5">
                <Clock className="size-4 text-slate-400" aria-hidden="true" />
                <span>
                  Posted <RelativeTime date={project.createdAt} />
                </span>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <FileText className="size-4 text-slate-400" aria-hidden="true" />
                {/* The owner sees every proposal in the section below: the header counts the same list. */}
                {proposalCountLabel(proposals ? proposals.length : project.proposalCount)}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                {project.location}
              </li>
            </ul>

            {/* On phones the sidebar comes after the long description: show the key facts up here. */}
            <dl className="mt-4 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm lg:hidden">
              <div>
                <dt className="text-slate-500">Budget</dt>
                <dd className="font-semibold text-slate-900">{formatBudget(project.budgetMin, project.budgetMax)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{schedule[0]!.term}</dt>
                <dd className="text-slate-800">{schedule[0]!.value}</dd>
              </div>
            </dl>

            <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5">
              {viewer.canPropose ? (
                <ButtonLink to={`/projects/${project.id}/proposal`} size="sm" className="w-full sm:w-auto">
                  <Send className="size-4" aria-hidden="true" />
                  Submit Proposal
                </ButtonLink>
              ) : !viewer.signedIn && project.status === "active" ? (
                // A visitor's next step: register as a developer and come back here (docs/product.md, Journeys).
                <ButtonLink to={`/register?type=developer&redirectTo=${encodeURIComponent(`/projects/${project.id}`)}`} size="sm" className="w-full sm:w-auto">
                  <Send className="size-4" aria-hidden="true" />
                  Sign up to send a proposal
                </ButtonLink>
              ) : null}
              {!viewer.isOwner && loaderData.invitations[0] && !myProposal ? (
                <p className="w-full rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800" role="status">
                  <MailPlus className="mr-1.5 inline size-4" aria-hidden="true" />
                  {loaderData.invitations[0].clientName} invited you to send a proposal for this project.
                </p>
              ) : null}
              {myProposal ? (
                <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 sm:w-auto">
                  <ButtonLink to={`/projects/${project.id}/proposal`} variant="secondary" size="sm" className="w-full sm:w-auto">
                    <Eye className="size-4" aria-hidden="true" />
                    View your proposal
                  </ButtonLink>
                  <span className="inline-flex items-center gap-2 text-sm text-slate-700">
                    <ProposalStatusBadge status={myProposal.status} />
                    <span className="font-semibold text-slate-900">{formatRand(myProposal.price)}</span>
                  </span>
                </div>
              ) : null}
              {viewer.isOwner && !projectEditRefusal(project) ? (
                <ButtonLink to={`/projects/${project.id}/edit`} variant="primary" size="sm" className="w-full sm:w-auto">
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit Project
                </ButtonLink>
              ) : null}
              {viewer.isOwner ? <OwnerProjectActions status={project.status} hiredName={hired?.developer.name ?? null} /> : null}
              {viewer.signedIn && !viewer.isOwner && loaderData.savable ? (
                <SaveToggle action={`/projects/${project.id}`} saved={loaderData.saved} label={project.title} />
              ) : null}
              <ShareButtons url={shareUrl} title={project.title} />
              {viewer.canReport ? (
                <span className="sm:ml-auto">
                  <ReportDialog projectId={project.id} />
                </span>
              ) : null}
            </div>
          </Card>

          {showHired ? (
            <HiredDeveloperCard
              developer={hiredView.developer}
              price={hiredView.price}
              status={project.status}
              you={!viewer.isOwner}
              contractId={loaderData.contractId}
            />
          ) : null}
          {review && (review.canReview || review.reviewed) ? (
            <ReviewCard
              who={review.role === "client" ? (hired?.developer.name ?? "the developer") : (client?.name ?? "the client")}
              canReview={review.canReview}
              reviewed={review.reviewed}
            />
          ) : null}
          {viewer.isOwner && loaderData.invitations.length ? <InvitedDevelopers invitations={loaderData.invitations} proposals={proposals ?? []} /> : null}
          {proposals ? <ProposalsSection proposals={proposals} sort={proposalSort} projectId={project.id} projectStatus={project.status} /> : null}

          <Card className="divide-y divide-slate-100">
            <CardSection title="Project Description">
              <p className="whitespace-pre-line break-words leading-relaxed text-slate-700">{project.description}</p>
            </CardSection>
            {project.features.length ? (
              <CardSection title="Key Features">
                <ul className="space-y-2">
                  {project.features.map((feature, i) => (
                    <li key={i} className="flex items-start gap-2.5 text-slate-700">
                      <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="min-w-0 break-words">{feature}</span>
                    </li>
                  ))}
                </ul>
              </CardSection>
            ) : null}
            {project.attachments?.length ? (
              <CardSection title="Attachments">
                <AttachmentList files={project.attachments} />
              </CardSection>
            ) : null}
            <CardSection title="Skills & Technologies Required">
              {project.skills.length ? (
                <ul className="flex flex-wrap gap-2">
                  {project.skills.map((skill) => (
                    <li key={skill}>
                      <SkillChip>{skill}</SkillChip>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No specific skills listed. Suggest the stack you would use in your proposal.</p>
              )}
            </CardSection>
            {hasAdditional ? (
              <CardSection title="Additional Information">
                <dl className="space-y-4">
                  {project.targetAudience ? (
                    <div>
                      <dt className="text-sm font-semibold text-slate-900">Target Audience</dt>
                      <dd className="mt-1 whitespace-pre-line break-words text-slate-700">{project.targetAudience}</dd>
                    </div>
                  ) : null}
                  {project.additionalInfo ? (
                    <div>
                      <dt className="text-sm font-semibold text-slate-900">Notes</dt>
                      <dd className="mt-1 whitespace-pre-line break-words text-slate-700">{project.additionalInfo}</dd>
                    </div>
                  ) : null}
                </dl>
              </CardSection>
            ) : null}
          </Card>
        </div>

        <aside className="mt-6 min-w-0 space-y-6 lg:mt-0" aria-label="About this project">
          <SideCard title="Project Details">
            <dl className="divide-y divide-slate-100 text-sm">
              <DetailRow label="Budget">
                <span className="font-semibold text-slate-900">{formatBudget(project.budgetMin, project.budgetMax)}</span>
              </DetailRow>
              {timeline ? <DetailRow label="Timeline">{timeline.value}</DetailRow> : null}
              <DetailRow label="Platform">{PLATFORM_LABELS[project.platform as Platform] ?? project.platform}</DetailRow>
              <DetailRow label="Category">{project.category}</DetailRow>
              {deadline ? <DetailRow label="Deadline">{deadline.value}</DetailRow> : null}
            </dl>
          </SideCard>

          <SideCard title="About the Client">
            {client ? (
              <div className="mb-4 flex items-center gap-3">
                <Avatar name={client.name} photoId={client.photoId} px={44} lazy className="size-11 text-lg" />
                <div className="min-w-0">
                  <Link to={`/clients/${client.id}`} className="break-words font-medium text-slate-900 underline-offset-2 hover:underline">
                    {client.name}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {client.reviewCount > 0
                      ? `${client.rating.toFixed(1)} stars from ${client.reviewCount} developer review${client.reviewCount === 1 ? "" : "s"}`
                      : "No reviews from developers yet"}
                  </p>
                </div>
              </div>
            ) : null}
            <ul className="space-y-2.5 text-sm text-slate-700">
              {client ? (
                <>
                  <li className="flex items-center gap-2.5">
                    {client.verified ? (
                      <BadgeCheck className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                    ) : (
                      <ShieldAlert className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    )}
                    {client.verified ? "Verified account" : "Email not verified"}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    Member since {client.memberSinceYear}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <Briefcase className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    Projects posted: {client.projectsPosted}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <Briefcase className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    Hires: {client.hires}
                    {client.hireRate !== null ? ` (${client.hireRate}% hire rate)` : ""}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <BadgeCheck className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    Completed projects: {client.completedProjects}
                  </li>
                  {client.payment ? (
                    <>
                      <li className="flex items-center gap-2.5">
                        {client.payment.paymentMethodVerified ? (
                          <BadgeCheck className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                        ) : (
                          <ShieldAlert className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                        )}
                        {client.payment.paymentMethodVerified ? "Payment method verified" : "Payment method not verified"}
                      </li>
                      <li className="flex items-center gap-2.5">
                        <Briefcase className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                        Total spent: {formatRand(client.payment.totalSpent)}
                      </li>
                    </>
                  ) : null}
                </>
              ) : null}
              <li className="flex items-center gap-2.5">
                <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                Location: Not specified
              </li>
            </ul>
            {viewer.canContact ? (
              <ButtonLink to={contactHref} variant="secondary" className="mt-5 w-full">
                <MessageSquare className="size-4" aria-hidden="true" />
                Contact Client
              </ButtonLink>
            ) : !viewer.signedIn ? (
              <p className="mt-5 text-sm text-slate-600">
                <Link
                  to={`/login?redirectTo=${encodeURIComponent(`/projects/${project.id}`)}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Sign in
                </Link>{" "}
                to contact this client.
              </p>
            ) : null}
          </SideCard>

          <SideCard title="Similar Projects">
            <SimilarList projects={similar} />
          </SideCard>
        </aside>
      </div>
    </div>
  );
}

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-800">{children}</dd>
    </div>
  );
}

function SimilarList({ projects }: { projects: SimilarProject[] }) {
  if (!projects.length) return <p className="text-sm text-slate-600">No similar projects yet</p>;
  return (
    <ul className="-mx-2 space-y-1">
      {projects.map((p) => (
        <li key={p.id}>
          <Link to={`/projects/${p.id}`} className="group block rounded-lg p-2 hover:bg-slate-50">
            <span className="block break-words font-medium text-slate-900 group-hover:text-brand-700 group-hover:underline">{p.title}</span>
            <span className="mt-0.5 block text-sm font-semibold text-slate-700">{formatBudget(p.budgetMin, p.budgetMax)}</span>
            {p.skills.length ? (
              <span className="mt-1.5 flex flex-wrap gap-1">
                {p.skills.slice(0, 3).map((s) => (
                  <SkillChip key={s}>{s}</SkillChip>
                ))}
                {p.skills.length > 3 ? <span className="px-1 py-1 text-xs text-slate-500">+{p.skills.length - 3} more</span> : null}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Any other failure while loading the page (docs/product.md, Screens: the "Project not found" fallback view). */
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-4 sm:px-6 lg:py-8">
      <BackToList list="/projects" label="Projects" />
      <Card className="mx-auto mt-6 max-w-lg px-6 py-14 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Project not found</h1>
        <p className="mt-2 text-slate-600">This project may have been removed, or we could not load it just now.</p>
        <ButtonLink to="/projects" className="mt-6">
          Browse Projects
        </ButtonLink>
      </Card>
    </div>
  );
}

const PROJECT_EVENTS = ["notification", "resync"] as const;

/**
 * Re-reads the page when a notice arrives for the viewer (a hire, a decline, a new proposal), as
 * the notification bell does, so a hired developer does not keep seeing "Shortlisted" until reload.
 * Rendered only for the owner and developers with a proposal here. When the stream first opens it
 * reads the page once more: a hire between the server render and the connection is not missed.
 */
function LiveProject() {
  useRevalidateOn(PROJECT_EVENTS);
  const { live } = useRealtime();
  const revalidator = useRevalidator();
  const caughtUp = useRef(false);
  useEffect(() => {
    if (!live || caughtUp.current) return;
    caughtUp.current = true;
    void revalidator.revalidate();
  }, [live, revalidator]);
  return null;
}

/** What became of an invited developer's proposal, as the invited developers list says it. */
const INVITED_PROPOSAL_LABELS: Record<ProposalStatus, string> = {
  pending: "Proposal received",
  shortlisted: "Proposal shortlisted",
  accepted: "Hired",
  declined: "Proposal declined",
  withdrawn: "Proposal withdrawn",
  cancelled: "Hire cancelled",
};

/**
 * The developers the owner invited to this project (docs/product.md, Journeys "Invite a developer"):
 * "Invited {when}" until the developer proposes, then what became of the proposal ("Proposal
 * received", shortlisted, declined, withdrawn, "Hired", "Hire cancelled") linking to it in the
 * Proposals section below (`proposals`: the owner's list of every proposal here).
 */
function InvitedDevelopers({
  invitations,
  proposals,
}: {
  invitations: { id: string; developerId: string; developerName: string; createdAt: string }[];
  proposals: { id: string; status: ProposalStatus; developer: { id: string } }[];
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Invited developers ({invitations.length})</h2>
      <ul className="mt-3 space-y-2">
        {invitations.map((i) => {
          const proposal = proposals.find((p) => p.developer.id === i.developerId);
          return (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm" data-invited={i.developerId}>
              <Link to={`/developers/${i.developerId}`} className="min-w-0 break-words font-medium text-brand-700 hover:underline">
                {i.developerName}
              </Link>
              {proposal ? (
                <span className="flex flex-wrap items-center gap-x-2">
                  {/* A plain anchor: the proposal is on this page, so the browser scrolls to it without a navigation. */}
                  <a href={`#proposal-${proposal.id}`} className="inline-flex min-h-11 items-center -my-3 font-medium text-brand-700 hover:underline">
                    {INVITED_PROPOSAL_LABELS[proposal.status]}
                    <span className="sr-only"> from {i.developerName}</span>
                  </a>
                  <span className="text-slate-500">
                    · invited <RelativeTime date={i.createdAt} />
                  </span>
                </span>
              ) : (
                <span className="text-slate-500">
                  Invited <RelativeTime date={i.createdAt} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
