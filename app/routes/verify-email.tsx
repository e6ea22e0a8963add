/**
 * /verify-email (docs/product.md, Trust and safety): the link of the verification email opens a
 * page with one button (mail scanners open links; only the button's POST verifies), valid 24 hours,
 * once. The banner's "Resend" posts here too (intent=resend, signed in). The link of an email
 * change (Settings) opens it too and, once confirmed, changes the address ("Email address changed").
 */
import { CheckCircle2, MailCheck, TriangleAlert } from "../components/ui/icons";
import { data, Form, useNavigation } from "react-router";
import { AuthCard } from "../components/auth/auth-card";
import { Button, ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/verify-email";
import {
  AppError,
  emailLinkClaims,
  failure,
  INVALID_VERIFY_LINK,
  readBody,
  redirectWithFlash,
  requireUser,
  resendVerificationEmail,
  verifyEmailToken,
} from "./verify-email.server";

type VerifyPage = { state: "confirm"; token: string; change?: boolean } | { state: "verified" | "already" | "changed" } | { state: "invalid"; message: string };

export const meta: Route.MetaFunction = () => [{ title: "Verify your email | BuildZA" }, { name: "robots", content: "noindex" }];

/** The token is a credential: never cache the page, never send it on as a Referer. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return data<VerifyPage>({ state: "invalid", message: INVALID_VERIFY_LINK }, { status: 400 });
  return data<VerifyPage>({ state: "confirm", token, change: Boolean(emailLinkClaims(token)?.updateTo) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readBody(request)) as Record<string, unknown> | null;
  if (body?.intent === "resend") {
    const user = requireUser(request, context);
    try {
      await resendVerificationEmail(context.deps.db, context.deps.auth, user);
    } catch (err) {
      if (err instanceof AppError && err.status !== 401) {
        const back =
          typeof body.redirectTo === "string" && body.redirectTo.startsWith("/") && !body.redirectTo.startsWith("//") ? body.redirectTo : "/dashboard";
        return redirectWithFlash(back, { type: "error", message: err.message });
      }
      return failure(err);
    }
    const back = typeof body.redirectTo === "string" && body.redirectTo.startsWith("/") && !body.redirectTo.startsWith("//") ? body.redirectTo : "/dashboard";
    return redirectWithFlash(back, { type: "success", message: `We sent a new verification link to ${user.email}` });
  }
  try {
    const outcome = await verifyEmailToken(context.deps.db, context.deps.auth, typeof body?.token === "string" ? body.token : "", context.deps.config.appUrl);
    return data<VerifyPage>({ state: outcome });
  } catch (err) {
    if (err instanceof AppError) return data<VerifyPage>({ state: "invalid", message: err.message }, { status: err.status });
    throw err;
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const page = (actionData && "state" in actionData ? actionData : loaderData) as VerifyPage;
  const busy = useNavigation().state === "submitting";
  if (page.state === "invalid") {
    return (
      <AuthCard title="Verification link not valid">
        <div className="flex gap-3">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <p role="alert" className="text-slate-800">
            {page.message}
          </p>
        </div>
        <ButtonLink to="/dashboard" variant="secondary" className="mt-6 w-full">
          Go to your dashboard
        </ButtonLink>
      </AuthCard>
    );
  }
  if (page.state === "confirm") {
    return (
      <AuthCard title={page.change ? "Confirm your new email address" : "Verify your email address"}>
        <div className="flex gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <p className="text-slate-800">
            {page.change
              ? "Confirm that this email address is yours to make it your BuildZA account's address."
              : "Confirm that this email address is yours to lift the limits of unverified accounts."}
          </p>
        </div>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={page.token} />
          <Button type="submit" className="w-full" busy={busy}>
            {busy ? "Verifying..." : page.change ? "Confirm my new email" : "Verify my email"}
          </Button>
        </Form>
      </AuthCard>
    );
  }
  if (page.state === "changed") {
    return (
      <AuthCard title="Email address changed">
        <div className="flex gap-3" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <p className="text-slate-800">Your account now uses this email address. Sign in with it from now on; we told your old address about the change.</p>
        </div>
        <ButtonLink to="/profile" className="mt-6 w-full">
          Go to Settings
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={page.state === "verified" ? "Email verified" : "Already verified"}>
      <div className="flex gap-3" role="status">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="text-slate-800">
          {page.state === "verified"
            ? "Thank you: your email address is verified. The limits of unverified accounts no longer apply."
            : "This link was already used: your email address is verified."}
        </p>
      </div>
      <ButtonLink to="/dashboard" className="mt-6 w-full">
        Go to your dashboard
      </ButtonLink>
    </AuthCard>
  );
}
