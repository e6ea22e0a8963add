import { Flag } from "../ui/icons";
import { lazy, useState } from "react";
import { Button } from "../ui/button";
import { Modal } from "./modal";

/** Which list of reasons a report offers: a project's, or a person's (profiles and messages). */
export type ReportReasons = "project" | "user";

const loadReportForm = () => import("./report-form");
const ReportForm = lazy(loadReportForm);

/**
 * The flag button (docs/product.md): opens a dialog to report the project with a reason and
 * optional details, sent to POST /api/v1/projects/{id}/reports. The API's message is shown
 * when it refuses (already reported, signed out, ...).
 */
export function ReportDialog({ projectId }: { projectId: string }) {
  return (
    <ReportContentDialog
      endpoint={`/api/v1/projects/${projectId}/reports`}
      reasons="project"
      title="Report this project"
      description="Tell us what is wrong with this project. Our team reviews every report."
      thanks="Thanks for your report. We'll review this project."
    />
  );
}

export interface ReportContentDialogProps {
  /** The API endpoint the report is POSTed to. */
  endpoint: string;
  /** The reasons offered: "project" (spec's project report reasons) or "user" (profiles, messages). */
  reasons: ReportReasons;
  title: string;
  description: string;
  /** The toast after a report was accepted. */
  thanks: string;
  /** The trigger's label (default "Report"). */
  label?: string;
  /** Makes the ids of the dialog's fields unique when a page has several dialogs. */
  idPrefix?: string;
}

/**
 * A report dialog for any content (docs/product.md, Trust and safety): the Report button, and on
 * click a dialog with a reason and optional details POSTed to `endpoint` (report-form.tsx, loaded
 * with the dialog's own code on the first click, both at once); the API's messages are shown.
 */
export function ReportContentDialog({ endpoint, reasons, title, description, thanks, label = "Report", idPrefix = "report" }: ReportContentDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button variant="ghost" size="sm" className="text-slate-600" onClick={() => void loadReportForm()}>
          <Flag className="size-4" aria-hidden="true" />
          {label}
        </Button>
      }
    >
      <ReportForm endpoint={endpoint} reasons={reasons} thanks={thanks} idPrefix={idPrefix} onClose={() => setOpen(false)} />
    </Modal>
  );
}
