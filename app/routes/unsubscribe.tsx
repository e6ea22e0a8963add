import { BellOff, CheckCircle2, TriangleAlert } from "../components/ui/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "../components/auth/auth-card";
import { Button, ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/unsubscribe";
import { AppError, describeUnsubscribe, unsubscribe } from "./unsubscribe.server";

/** What the page shows: the question, the outcome, or why the link does not work. */
export type UnsubscribePage =
  | { state: "confirm"; token: string; label: string; email: string }
  | { state: "already" | "done"; label: string; email: string }
  | { state: "invalid"; message: string };

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe | BuildZA" }, { name: "robots", content: "noindex" }];

/** The token is a credential for one switch: never cache the page, never send it on as a Referer. */
// same-origin, not no-referrer: the token never leaves the site in a Referer, and a browser without
// JavaScript still sends a real Origin with the button's POST (no-referrer makes it "null", which the
// origin check refuses).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** An invalid or forged token: INVALID_UNSUBSCRIBE with status 400, nothing changed. */
function invalid(err: unknown) {
  if (err instanceof AppError) return data<UnsubscribePage>({ state: "invalid", message: err.message }, { status: err.status });
  throw err;
}

/**
 * GET /unsubscribe?token=...: says what the link would switch off, and changes nothing (mail
 * scanners open links before people do). No sign-in needed: the signed token is the permission.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  try {
    const { label, email, subscribed } = await describeUnsubscribe(context.deps.db, context.deps.secret, token);
    return data<UnsubscribePage>(subscribed ? { state: "confirm", token, label, email } : { state: "already", label, email });
  } catch (err) {
    return invalid(err);
  }
}

/**
 * POST /unsubscribe?token=...: switches the email type off. The page's button and RFC 8058
 * one-click unsubscribe (a mail client POSTing `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * URL) both land here; the body is not needed, the token in the URL says everything.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { label, email } = await unsubscribe(context.deps.db, context.deps.secret, tokenOf(request));
    return data<UnsubscribePage>({ state: "done", label, email });
  } catch (err) {
    return invalid(err);
  }
}

/** The unsubscribe page of the link in BuildZA's emails. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = (actionData ?? loaderData) as UnsubscribePage;
  const busy = useNavigation().state === "submitting";
  const settings = (
    <>
      Change any email in{" "}
      <Link to="/profile#email" className="font-medium text-brand-600 underline">
        Settings
      </Link>
      .
    </>
  );

  if (page.state === "invalid") {
    return (
      <AuthCard title="Unsubscribe link not valid">
        <div className="flex gap-3">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <p role="alert" className="text-slate-800">
            {page.message}
          </p>
        </div>
        <ButtonLink to="/profile#email" variant="secondary" className="mt-6 w-full">
          Go to Settings
        </ButtonLink>
      </AuthCard>
    );
  }

  if (page.state === "confirm") {
    return (
      <AuthCard title="Unsubscribe" footer={settings}>
        <div className="flex gap-3">
          <BellOff className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <p className="break-words text-slate-800">
            Stop {page.label} emails to <strong className="font-semibold [overflow-wrap:anywhere]">{page.email}</strong>?
          </p>
        </div>
        <p className="mt-2 text-sm text-slate-600">You can switch them on again in Settings at any time. Password reset emails are always sent.</p>
        <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(page.token)}`} className="mt-6">
          <Button type="submit" className="w-full" busy={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={page.state === "done" ? "You are unsubscribed" : "Already unsubscribed"}>
      <div className="flex gap-3" role="status">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="break-words text-slate-800">
          {page.state === "done" ? "BuildZA will no longer send" : "BuildZA already does not send"} {page.label} emails to{" "}
          <strong className="font-semibold [overflow-wrap:anywhere]">{page.email}</strong>.
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-600">Changed your mind? Switch them on again in Settings.</p>
      <ButtonLink to="/profile#email" variant="secondary" className="mt-6 w-full">
        Go to Settings
      </ButtonLink>
    </AuthCard>
  );
}
