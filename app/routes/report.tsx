/**
 * The report form as a page (/report/{kind}/{id}, docs/product.md, Trust and safety): where the
 * Report button leads before the page's scripts run and without them (report-dialog.tsx). The form
 * is shown only for a target the visitor may report (the loader runs the report's checks; one they
 * reported already gets the refusal instead of the form), and posts to this page's action, which
 * reports as the dialog's API call does and goes back to `returnTo` with the thanks as a flash, or
 * shows the form again with the field's message and what was typed.
 */
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { REPORT_REASONS } from "../../shared/constants";
import { USER_REPORT_REASONS } from "../../shared/moderation";
import { REPORT_KINDS, type ReportKind } from "../components/projects/report-dialog";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Field, FormAlert, Select, Textarea } from "../components/ui/form";
import type { ActionFailure } from "../lib/action.server";
import { likeShape } from "../lib/form-fields";
import type { Route } from "./+types/report";
import {
  ConflictError,
  failure,
  orHttpError,
  readFormBody,
  redirectWithFlash,
  REPORTABLE,
  reportMessage,
  reportProfile,
  reportProject,
  requireUser,
  safeRedirect,
} from "./report.server";

const MAX_DETAILS = 1000;

/** The kind in the address, or a 404. */
function kindOf(kind: string): ReportKind {
  if (kind === "project" || kind === "profile" || kind === "message") return kind;
  throw data({ message: "Page not found" }, { status: 404 });
}

/** Where the form goes back to: `returnTo` when it is a path on this site, else the reported page (a message: the inbox). */
function backTo(kind: ReportKind, id: string, returnTo: unknown): string {
  const fallback = kind === "project" ? `/projects/${id}` : kind === "profile" ? `/developers/${id}` : "/messages";
  return safeRedirect(returnTo, fallback);
}

/**
 * The form, once the target is one the visitor may report: the report functions' own checks run
 * first without writing, so a missing or hidden project, a deactivated profile, one's own profile,
 * project or message, or a message of someone else's conversation is refused up front (404 or 403
 * with the message sending would give) instead of after the form is filled in. A target the visitor
 * reported already is answered with sending's refusal (`reported`, ALREADY_REPORTED) and no form.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const kind = kindOf(params.kind);
  const { db } = context.deps;
  const reported = await orHttpError(async () => {
    try {
      await REPORTABLE[kind](db, user, params.id);
      return null;
    } catch (err) {
      if (err instanceof ConflictError) return err.message;
      throw err;
    }
  });
  return { kind, reported, returnTo: backTo(kind, params.id, new URL(request.url).searchParams.get("returnTo")) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? REPORT_KINDS[data.kind].title : "Report"} | BuildZA` },
  { name: "robots", content: "noindex" },
];

/** Reports the project, profile or message with the reason and details (the dialog's API checks, the same schema). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const kind = kindOf(params.kind);
  const { body, form } = await readFormBody(request);
  const { returnTo, ...input } = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const { db } = context.deps;
  try {
    if (kind === "project") await reportProject(db, user, params.id, input);
    else if (kind === "profile") await reportProfile(db, user, params.id, input);
    else await reportMessage(db, user, params.id, input);
    return redirectWithFlash(backTo(kind, params.id, returnTo), { type: "success", message: REPORT_KINDS[kind].thanks });
  } catch (err) {
    return failure(err, undefined, form);
  }
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { kind, reported, returnTo } = loaderData;
  const { title, description, reasons } = REPORT_KINDS[kind];
  const result = useActionData() as ActionFailure | undefined;
  const sent = likeShape(result?.values, { reason: "", details: "" });
  const busy = useNavigation().state === "submitting";
  if (reported)
    return (
      <div className="mx-auto max-w-xl px-4 py-8 sm:py-10">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <Card className="mt-6 p-5 sm:p-6">
          <p role="status" className="text-slate-700">
            {reported}
          </p>
          <div className="mt-4 flex sm:justify-end">
            <Link to={returnTo} className={buttonClass("secondary")}>
              Back
            </Link>
          </div>
        </Card>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 text-slate-600">{description}</p>
      <Card className="mt-6 p-5 sm:p-6">
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="returnTo" value={returnTo} />
          <FormAlert result={result} />
          <Field id="reason" label="Reason" error={result?.fields?.reason}>
            <Select id="reason" name="reason" defaultValue={sent.reason} invalid={Boolean(result?.fields?.reason)} aria-describedby="reason-error" required>
              <option value="" disabled>
                Choose a reason
              </option>
              {(reasons === "project" ? REPORT_REASONS : USER_REPORT_REASONS).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="details" label="Details (optional)" error={result?.fields?.details} hint={`At most ${MAX_DETAILS} characters.`}>
            <Textarea
              id="details"
              name="details"
              rows={4}
              maxLength={MAX_DETAILS}
              defaultValue={sent.details}
              invalid={Boolean(result?.fields?.details)}
              aria-describedby="details-error"
              placeholder="Anything that helps us understand the problem"
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={returnTo} className={buttonClass("secondary")}>
              Cancel
            </Link>
            <Button type="submit" variant="danger" busy={busy}>
              {busy ? "Sending..." : "Send Report"}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
