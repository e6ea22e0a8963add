/**
 * The form inside a report dialog (report-dialog.tsx), in its own chunk: loaded when a dialog first
 * opens, so a page that only shows the Report button does not download the form, its fields and the
 * reason lists (docs/performance.md, "eighth pass").
 */
import { useState, type FormEvent } from "react";
import { REPORT_REASONS } from "../../../shared/constants";
import { USER_REPORT_REASONS } from "../../../shared/moderation";
import { notify } from "../../lib/toast";
import { Button } from "../ui/button";
import { Field, Select, Textarea } from "../ui/form";
import { ModalClose } from "./modal";
import type { ReportReasons } from "./report-dialog";

const MAX_DETAILS = 1000;

/** The reasons each kind of report offers (docs/product.md, Trust and safety); the API checks the same lists. */
const REASONS: Record<ReportReasons, readonly string[]> = { project: REPORT_REASONS, user: USER_REPORT_REASONS };

/**
 * A reason from `reasons` and optional details (at most 1,000 characters), POSTed to `endpoint` as
 * JSON. `onClose` is called when the report was accepted (after the `thanks` toast) or refused as a
 * duplicate (409); the API's field message shows under Reason, any other refusal as a toast.
 */
export default function ReportForm({
  endpoint,
  reasons,
  thanks,
  idPrefix,
  onClose,
}: {
  endpoint: string;
  reasons: ReportReasons;
  thanks: string;
  idPrefix: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
        onClose();
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
      if (res.status === 409) onClose();
    } catch {
      notify("error", "Could not send your report");
    } finally {
      setBusy(false);
    }
  }

  return (
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
          {REASONS[reasons].map((r) => (
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
  );
}
