import { MailWarning } from "../ui/icons";
import { Form, useLocation } from "react-router";

/**
 * The banner an account whose email is not verified sees on every page (docs/product.md, Trust and
 * safety), with "Resend" (a plain form to /verify-email, works without JavaScript).
 */
export function VerifyBanner({ email }: { email: string }) {
  const location = useLocation();
  return (
    <div role="region" aria-label="Email verification" className="border-b border-amber-200 bg-amber-50 print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm text-amber-950 sm:px-6">
        <MailWarning className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
          Please verify your email address: we sent a link to <strong className="font-semibold">{email}</strong>. Until then you can post 3 projects, send 10
          proposals and start 10 conversations a day.
        </p>
        <Form method="post" action="/verify-email">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="min-h-11 rounded-lg border border-amber-300 bg-white px-4 font-medium text-amber-950 hover:bg-amber-100">
            Resend
          </button>
        </Form>
      </div>
    </div>
  );
}
