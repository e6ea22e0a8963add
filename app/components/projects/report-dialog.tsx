import { Flag } from "../ui/icons";
import { lazy, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { Button, buttonClass } from "../ui/button";
import { Modal } from "./modal";

/** Which list of reasons a report offers: a project's, or a person's (profiles and messages). */
export type ReportReasons = "project" | "user";

/** What can be reported (docs/product.md, Trust and safety). */
export type ReportKind = "project" | "profile" | "message";

/**
 * Each kind of report: the reasons it offers, the dialog's (and the report page's) title and
 * description, the thanks after it was accepted, and the API endpoint the dialog posts to.
 */
export const REPORT_KINDS: Record<
  ReportKind,
  { reasons: ReportReasons; title: string; description: string; thanks: string; endpoint: (id: string) => string }
> = {
  project: {
    reasons: "project",
    title: "Report this project",
    description: "Tell us what is wrong with this project. Our team reviews every report.",
    thanks: "Thanks for your report. We'll review this project.",
    endpoint: (id) => `/api/v1/projects/${id}/reports`,
  },
  profile: {
    reasons: "user",
    title: "Report this profile",
    description: "Tell us what is wrong with this profile. Our moderators review every report.",
    thanks: "Thanks for your report. A moderator will review this profile.",
    endpoint: (id) => `/api/v1/users/${id}/reports`,
  },
  message: {
    reasons: "user",
    title: "Report this message",
    description: "Tell us what is wrong with this message. A moderator sees it as it was sent.",
    thanks: "Thanks for your report. A moderator will review this message.",
    endpoint: (id) => `/api/v1/messages/${id}/reports`,
  },
};

const loadReportForm = () => import("./report-form");
const ReportForm = lazy(loadReportForm);

/** The flag button of a project (docs/product.md): ReportContentDialog for the project. */
export function ReportDialog({ projectId }: { projectId: string }) {
  return <ReportContentDialog kind="project" targetId={projectId} />;
}

export interface ReportContentDialogProps {
  /** What is reported: its reasons, words and endpoint (REPORT_KINDS). */
  kind: ReportKind;
  /** The id of the project, user or message reported. */
  targetId: string;
  /** The trigger's label (default "Report"). */
  label?: string;
  /** Makes the ids of the dialog's fields unique when a page has several dialogs. */
  idPrefix?: string;
}

/**
 * A report dialog for any content (docs/product.md, Trust and safety): the Report button, and on
 * click a dialog with a reason and optional details POSTed to the kind's endpoint (report-form.tsx,
 * loaded with the dialog's own code on the first click, both at once); the API's messages are shown.
 * Until the page's scripts run (and without them) the button is a link to the report page
 * (/report/{kind}/{id}, routes/report.tsx), whose form posts to its own action and comes back here.
 */
export function ReportContentDialog({ kind, targetId, label = "Report", idPrefix = "report" }: ReportContentDialogProps) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { reasons, title, description, thanks, endpoint } = REPORT_KINDS[kind];
  const content = (
    <>
      <Flag className="size-4" aria-hidden="true" />
      {label}
    </>
  );
  if (!hydrated)
    return (
      <a href={`/report/${kind}/${targetId}?returnTo=${encodeURIComponent(pathname + search)}`} className={buttonClass("ghost", "sm", "text-slate-600")}>
        {content}
      </a>
    );
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button variant="ghost" size="sm" className="text-slate-600" onClick={() => void loadReportForm()}>
          {content}
        </Button>
      }
    >
      <ReportForm endpoint={endpoint(targetId)} reasons={reasons} thanks={thanks} idPrefix={idPrefix} onClose={() => setOpen(false)} />
    </Modal>
  );
}
