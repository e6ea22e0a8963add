/**
 * /proposals (docs/product.md, Proposals): for developers their own proposals by status, each linking to its
 * project (Edit while awaiting a decision); for clients the proposals received across their
 * projects, grouped by project and linking to the project's proposals section.
 */
import { Pencil } from "../components/ui/icons";
import { Link } from "react-router";
import { countLabel } from "../../shared/format";
import { nextProposalStatus, PROPOSAL_STATUS_LABELS, type ProposalStatus } from "../../shared/lifecycle";
import { DeveloperSummary, ProposalFacts, ProposalStatusBadge } from "../components/proposals/proposal-bits";
import { ButtonLink } from "../components/ui/button";
import { Card } from "../components/ui/card";
import type { Route } from "./+types/proposals";
import { loadProposals, parseStatus, requireUser } from "./proposals.server";

/** The status filter chips, in order (docs/product.md, Proposals); "cancelled" is reachable by URL only. */
const PROPOSAL_FILTERS = ["pending", "shortlisted", "accepted", "declined", "withdrawn"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Proposals | BuildZA" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const status = parseStatus(new URL(request.url).searchParams.get("status"));
  return loadProposals(context.deps.db, user, status);
}

type Item = Route.ComponentProps["loaderData"]["proposals"][number];

export default function Proposals({ loaderData }: Route.ComponentProps) {
  const { role, status, proposals } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{role === "developer" ? "My proposals" : "Proposals received"}</h1>
      <p className="mt-1 text-slate-600">
        {role === "developer" ? "Every proposal you have sent, and where it stands." : "Proposals from developers across your projects."}
      </p>

      <nav aria-label="Filter by status" className="-mx-4 mt-5 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {[null, ...PROPOSAL_FILTERS].map((s) => {
            const active = s === status;
            return (
              <li key={s ?? "all"}>
                <Link
                  to={s ? `/proposals?status=${s}` : "/proposals"}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium ${
                    active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {s ? PROPOSAL_STATUS_LABELS[s] : "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6">
        {!proposals.length ? (
          <Card className="px-6 py-12 text-center">
            <p className="text-lg font-medium text-slate-800">No proposals yet</p>
            <p className="mt-1 text-slate-600">
              {status
                ? `No ${PROPOSAL_STATUS_LABELS[status as ProposalStatus].toLowerCase()} proposals.`
                : role === "developer"
                  ? "Find a project that fits your skills and send your first proposal."
                  : "When developers send proposals for your projects, they show up here."}
            </p>
            <ButtonLink to={role === "developer" ? "/projects" : "/projects/new"} variant="secondary" size="sm" className="mt-4">
              {role === "developer" ? "Browse Projects" : "Post a Project"}
            </ButtonLink>
          </Card>
        ) : role === "developer" ? (
          <ul className="space-y-3">
            {proposals.map((p) => (
              <li key={p.id}>
                <DeveloperItem proposal={p} />
              </li>
            ))}
          </ul>
        ) : (
          <ClientGroups proposals={proposals} />
        )}
      </div>
    </div>
  );
}

function DeveloperItem({ proposal: p }: { proposal: Item }) {
  const editable = nextProposalStatus(p.status, "edit") !== null;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={`/projects/${p.projectId}`} className="min-w-0 break-words font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {p.projectTitle}
        </Link>
        <ProposalStatusBadge status={p.status} />
      </div>
      <ProposalFacts proposal={p} className="mt-2 gap-x-5" />
      {p.status === "declined" && p.declineReason ? <p className="mt-2 text-sm text-slate-500">Reason: {p.declineReason}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {editable ? (
          <ButtonLink to={`/projects/${p.projectId}/proposal`} variant="secondary" size="sm">
            <Pencil className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> proposal for {p.projectTitle}</span>
          </ButtonLink>
        ) : null}
        {p.contractId ? (
          <ButtonLink to={`/contracts/${p.contractId}`} variant="secondary" size="sm">
            Contract and payments<span className="sr-only">: {p.projectTitle}</span>
          </ButtonLink>
        ) : null}
        <ButtonLink to={`/projects/${p.projectId}`} variant="ghost" size="sm">
          View project<span className="sr-only">: {p.projectTitle}</span>
        </ButtonLink>
      </div>
    </Card>
  );
}

function ClientGroups({ proposals }: { proposals: Item[] }) {
  const groups = new Map<string, Item[]>();
  for (const p of proposals) groups.set(p.projectId, [...(groups.get(p.projectId) ?? []), p]);
  return (
    <div className="space-y-5">
      {[...groups.values()].map((items) => (
        <Card key={items[0]!.projectId} className="p-4 sm:p-5">
          <h2 className="flex flex-wrap items-baseline justify-between gap-2">
            <Link
              to={`/projects/${items[0]!.projectId}#proposals`}
              className="min-w-0 break-words text-lg font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              {items[0]!.projectTitle}
            </Link>
            <span className="text-sm font-normal text-slate-500">{countLabel(items.length, "proposal")}</span>
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((p) => (
              <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <DeveloperSummary developer={p.developer} />
                  <ProposalStatusBadge status={p.status} />
                </div>
                <ProposalFacts proposal={p} className="mt-2 gap-x-5" />
                {p.contractId ? (
                  <Link to={`/contracts/${p.contractId}`} className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
                    Contract and payments<span className="sr-only">: {p.projectTitle}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <ButtonLink to={`/projects/${items[0]!.projectId}#proposals`} variant="secondary" size="sm" className="mt-3">
            View proposals<span className="sr-only">: {items[0]!.projectTitle}</span>
          </ButtonLink>
        </Card>
      ))}
    </div>
  );
}
