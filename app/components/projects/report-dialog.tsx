import { Flag } from "../ui/icons";
import { lazy, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { Button, buttonClass } from "../ui/button";
import { Modal, ModalClose } from "./modal";

/** Which list of reasons a report offers: a project's, or a person's (profiles and messages). */
export type ReportReasons = "project" | "user";

/** What can be reported (docs/product.md, Trust and safety). */
export type ReportKind = "project" | "profile" | "message";

/**
 * Each kind of report: the reasons it offers, the dialog's (and the report page's) title and
 * description, the thanks after it was accepted, the API endpoint the dialog posts to, and the one
 * it asks first whether the visitor may report (GET .../reportable: 200, or sending's refusal).
 */
export const REPORT_KINDS: Record<
  ReportKind,
  { reasons: ReportReasons; title: string; description: string; thanks: string; endpoint: (id: string) => string; check: (id: string) => string }
> = {
  project: {
    reasons: "project",
    title: "Report this project",
    description: "Tell us what is wrong with this project. Our team reviews every report.",
    thanks: "Thanks for your report. We'll review this project.",
    endpoint: (id) => `/api/v1/projects/${id}/reports`,
    check: (id) => `/api/v1/projects/${id}/reportable`,
  },
  profile: {
    reasons: "user",
    title: "Report this profile",
    description: "Tell us what is wrong with this profile. Our moderators review every report.",
    thanks: "Thanks for your report. A moderator will review this profile.",
    endpoint: (id) => `/api/v1/users/${id}/reports`,
    check: (id) => `/api/v1/users/${id}/reportable`,
  },
  message: {
    reasons: "user",
    title: "Report this message",
    description: "Tell us what is wrong with this message. A moderator sees it as it was sent.",
    thanks: "Thanks for your report. A moderator will review this message.",
    endpoint: (id) => `/api/v1/messages/${id}/reports`,
    check: (id) => `/api/v1/messages/${id}/reportable`,
  },
};

const loadReportForm = () => import("./report-form");
const ReportForm = lazy(loadReportForm);

/**
 * Why the visitor may not report what `url` checks (GET .../reportable), as the API says it (a
 * second report: "You have already reported this ..."), or null when they may. A check that
 * could not be made is null: sending the form still gets the refusal.
 */
async function refusalOf(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    if (res.ok || res.status >= 500) return null;
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return body?.error?.message ?? null;
  } catch {
    return null;
  }
}

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
 * Each click first asks the API whether the visitor may report it (the report page's check, at the
 * same time as the form's code; the button is busy meanwhile): a second report, or a target that
 * cannot be reported, opens the dialog with the refusal and a Close button instead of the form.
 * Until the page's scripts run (and without them) the button is a link to the report page
 * (/report/{kind}/{id}, routes/report.tsx), whose form posts to its own action and comes back here.
 */
export function ReportContentDialog({ kind, targetId, label = "Report", idPrefix = "report" }: ReportContentDialogProps) {
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { reasons, title, description, thanks, endpoint, check } = REPORT_KINDS[kind];
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
  async function checkThenOpen() {
    setChecking(true);
    // The form's and the dialog's code load meanwhile; a failed load is theirs to report when they render.
    const [answer] = await Promise.all([refusalOf(check(targetId)), loadReportForm().catch(() => null), import("./modal-dialog").catch(() => null)]);
    setRefusal(answer);
    setChecking(false);
    setOpen(true);
  }
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={refusal ?? description}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-slate-600"
          busy={checking}
          onClick={(event) => {
            // Opened once the check has answered, not by the click itself.
            event.preventDefault();
            void checkThenOpen();
          }}
        >
          {content}
        </Button>
      }
    >
      {refusal ? (
        <div className="flex justify-end">
          <ModalClose>
            <Button variant="secondary">Close</Button>
          </ModalClose>
        </div>
      ) : (
        <ReportForm endpoint={endpoint(targetId)} reasons={reasons} thanks={thanks} idPrefix={idPrefix} onClose={() => setOpen(false)} />
      )}
    </Modal>
  );
}
