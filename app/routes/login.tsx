import { Form, Link, redirect, useLocation, useSearchParams } from "react-router";
import type { z } from "zod";
import type { loginSchema } from "../../shared/schemas";
import { AuthCard, PasswordInput } from "../components/auth/auth-card";
import { Button } from "../components/ui/button";
import { Field, FormAlert, Input } from "../components/ui/form";
import { useRouteForm } from "../lib/use-route-form";
import type { Route } from "./+types/login";
import { prefetchStylesheet } from "../lib/stylesheet";
import { completeTwoFactorSignIn, failure, readBody, redirectWithFlash, retryAfterHeaders, safeRedirect, signIn } from "./auth.server";
import { TwoFactorStep } from "../components/trust/two-factor-step";

export const meta: Route.MetaFunction = () => [{ title: "Log in | BuildZA" }];

// The first signed-in page links the stylesheet file: fetch it now, while the visitor types (decision 0041).
export const links: Route.LinksFunction = prefetchStylesheet;

export function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: go where the user wanted to go.
  if (context.user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  // After the right password of an account with two-factor sign-in on: the code step.
  return { step: new URL(request.url).searchParams.get("step") === "code" ? ("code" as const) : ("password" as const) };
}

/** A refused attempt (429) answers with Retry-After (docs/decisions/0011-rate-limits.md). */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readBody(request, { booleans: ["rememberMe"] })) as Record<string, unknown> | null;
  try {
    if (body?.intent === "twoFactor") {
      const headers = await completeTwoFactorSignIn(context.deps.auth, body, request.headers);
      return redirectWithFlash(safeRedirect(body.redirectTo), { type: "success", message: "Welcome back!" }, headers);
    }
    const { headers, twoFactor } = await signIn(context.deps.auth, body, request.headers, {
      limits: context.deps.limits,
      clientAddress: context.clientAddress,
    });
    if (twoFactor) {
      const to = typeof body?.redirectTo === "string" && body.redirectTo ? `&redirectTo=${encodeURIComponent(safeRedirect(body.redirectTo))}` : "";
      throw redirect(`/login?step=code${to}`, { headers });
    }
    // docs/product.md, Screens: toast "Welcome back!" and go to the page the user wanted, else /dashboard.
    return redirectWithFlash(safeRedirect(body?.redirectTo), { type: "success", message: "Welcome back!" }, headers);
  } catch (err) {
    return failure(err);
  }
}

type LoginForm = z.input<typeof loginSchema>;

/** The form's schema, loaded when the form is first validated (keeps zod out of the first download). */
const loadSchema = () => import("../../shared/schemas").then((m) => m.loginSchema);

export default function Login({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { search } = useLocation();
  if (loaderData?.step === "code") return <TwoFactorStep redirectTo={params.get("redirectTo") ?? ""} action={`/login${search}`} />;
  return <PasswordStep />;
}

function PasswordStep() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const {
    register,
    onSubmit,
    busy,
    result,
    formState: { errors },
  } = useRouteForm<LoginForm>(loadSchema, { email: "", password: "", rememberMe: false }, "/login");
  const redirectTo = params.get("redirectTo") ?? "";

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to manage your projects and proposals."
      footer={
        <>
          New to BuildZA?{" "}
          <Link to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"} className="font-medium text-brand-600 underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" action={`/login${search}`} noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert result={result} />
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            invalid={!!errors.email}
            aria-describedby="email-error"
            {...register("email")}
          />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            invalid={!!errors.password}
            aria-describedby="password-error"
            {...register("password")}
          />
        </Field>
        <div className="flex items-center justify-between gap-4">
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4 accent-brand-600" {...register("rememberMe")} />
            Remember me
          </label>
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-600 underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Logging in..." : "Log in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
