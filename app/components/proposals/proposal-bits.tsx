/** Small shared pieces of the proposal screens: status badge, developer summary, price facts (action feedback: app/lib/action-toast.ts). */
import { Link } from "react-router";
import { countLabel, formatRand } from "../../../shared/format";
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from "../../../shared/lifecycle";
import { RatingSummary } from "../developers/developer-bits";
import { Avatar } from "../ui/avatar";
import { Badge } from "../ui/badge";
import { Clock } from "../ui/icons";
import { RelativeTime } from "../ui/relative-time";

const PROPOSAL_TONES: Record<ProposalStatus, "green" | "grey" | "amber" | "blue"> = {
  pending: "amber",
  shortlisted: "blue",
  accepted: "green",
  declined: "grey",
  withdrawn: "grey",
  cancelled: "grey",
};

/** A proposal's status with its label (lifecycle.ts): accepted green, shortlisted blue, pending amber, the rest grey. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={PROPOSAL_TONES[status] ?? "grey"}>{PROPOSAL_STATUS_LABELS[status] ?? status}</Badge>;
}

export interface DeveloperSummaryData {
  id: string;
  name: string;
  /** Profile photo file id; null or absent shows the initial. */
  photoId?: string | null;
  title: string;
  city: string | null;
  rating: number;
  reviewCount: number;
  completedProjects: number;
}

/** Avatar (profile photo, else the initial), name (to the profile), title, city, rating, reviews, completed projects. */
export function DeveloperSummary({ developer }: { developer: DeveloperSummaryData }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Avatar name={developer.name} photoId={developer.photoId} px={44} className="size-11 text-lg" lazy />
      <div className="min-w-0">
        <Link to={`/developers/${developer.id}`} className="break-words font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {developer.name}
        </Link>
        <p className="break-words text-sm text-slate-600">
          {developer.title || "Full-Stack Developer"}
          {developer.city ? ` · ${developer.city}` : ""}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-600">
          <RatingSummary rating={developer.rating} reviewCount={developer.reviewCount} />
          <span>{countLabel(developer.completedProjects, "project")} completed</span>
        </p>
      </div>
    </div>
  );
}

/**
 * A proposal's facts as a description list: price (whole rand), duration label, and when it was
 * submitted (relative time, "Submitted" for screen readers). `className`: the list's spacing.
 */
export function ProposalFacts({ proposal: p, className }: { proposal: { price: number; durationLabel: string; createdAt: string }; className: string }) {
  return (
    <dl className={`flex flex-wrap gap-y-1 text-sm ${className}`}>
      <div className="flex gap-1.5">
        <dt className="text-slate-500">Price</dt>
        <dd className="font-semibold text-slate-900">{formatRand(p.price)}</dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-slate-500">Duration</dt>
        <dd className="text-slate-800">{p.durationLabel}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt>
          <Clock className="size-4 text-slate-400" aria-hidden="true" />
          <span className="sr-only">Submitted</span>
        </dt>
        <dd className="text-slate-600">
          <RelativeTime date={p.createdAt} />
        </dd>
      </div>
    </dl>
  );
}
