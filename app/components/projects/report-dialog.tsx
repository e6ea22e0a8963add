import { Flag } from "../ui/icons";
import { useState, type FormEvent } from "react";
import { REPORT_REASONS } from "../../../shared/constants";
import { notify } from "../../lib/toast";
import { Button } from "../ui/button";
import { Field, Select, Textarea } from "../ui/form";
import { Modal, ModalClose } from "./modal";

const MAX_DETAILS = 1000;

/**
 * The flag button (docs/product.md): opens a dialog to report the project with a reason and
 * optional details, sent to POST /api/v1/projects/{id}/reports. The API's message is shown
 * when it refuses (already reported, signed out, ...).
 */
export function ReportDialog({ projectId }: { projectId: string }) {
  return (
    <ReportContentDialog
      endpoint={`/api/v1/projects/${projectId}/reports`}
      reasons={REPORT_REASONS}
      title="Report this project"
      description="Tell us what is wrong with this project. Our team reviews every report."
      thanks="Thanks for your report. We'll review this project."
    />
  );
}

export interface ReportContentDialogProps {
  /** The API endpoint the report is POSTed to. */
  endpoint: string;
  reasons: readonly string[];
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
 * A report dialog for any content (docs/product.md, Trust and safety): a reason from `reasons` and
 * optional details, POSTed to `endpoint` as JSON; the API's messages are shown.
 */
export function ReportContentDialog({ endpoint, reasons, title, description, thanks, label = "Report", idPrefix = "report" }: ReportContentDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setReason("");
      setDetails("");
      setError(undefined);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setError("Please choose a reason");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ reason, details: details.trim() }),
      });
      if (res.ok) {
        setOpen(false);
        notify("success", thanks);
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
      const fieldError = body?.error?.fields?.reason;
      if (fieldError) {
        setError(fieldError);
        return;
      }
      notify("error", body?.error?.message ?? "Could not send your report");
      if (res.status === 409) setOpen(false);
    } catch {
      notify("error", "Could not send your report");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      trigger={
        <Button variant="ghost" size="sm" className="text-slate-600">
          <Flag className="size-4" aria-hidden="true" />
          {label}
        </Button>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <Field id={`${idPrefix}-reason`} label="Reason" error={error}>
          <Select
            id={`${idPrefix}-reason`}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            invalid={Boolean(error)}
            aria-describedby={error ? `${idPrefix}-reason-error` : undefined}
            required
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${idPrefix}-details`} label="Details (optional)" hint={`${details.length}/${MAX_DETAILS} characters`}>
          <Textarea
            id={`${idPrefix}-details`}
            rows={4}
            maxLength={MAX_DETAILS}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            placeholder="Anything that helps us understand the problem"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ModalClose>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" variant="danger" busy={busy}>
            {busy ? "Sending..." : "Send Report"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
