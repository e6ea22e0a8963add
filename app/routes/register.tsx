import { Briefcase, Code2 } from "../components/ui/icons";
import { Form, Link, redirect, useLocation, useSearchParams } from "react-router";
import type { z } from "zod";
import type { registerSchema } from "../../shared/schemas";
import { AuthCard, PasswordInput } from "../components/auth/auth-card";
import { Button } from "../components/ui/button";
import { Field, FieldError, Input } from "../components/ui/form";
import { useRouteForm } from "../lib/use-route-form";
import type { Route } from "./+types/register";
import { prefetchStylesheet } from "../lib/stylesheet";
import { failure, readBody, redirectWithFlash, registerAccount, safeRedirect } from "./auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Create an account | BuildZA" }];

// The first signed-in page links the stylesheet file: fetch it now, while the visitor types (decision 0041).
export const links: Route.LinksFunction = prefetchStylesheet;

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readBody(request, { booleans: ["terms"] })) as Record<string, unknown> | null;
  try {
    const { headers, userType } = await registerAccount(context.deps.auth, body, request.headers);
    // docs/product.md, Screens: developers go to /profile/setup, clients to /dashboard; anyone who came from a
    // "Sign up to ..." button goes back to that page (docs/product.md, Journeys).
    const back = typeof body?.redirectTo === "string" && body.redirectTo ? safeRedirect(body.redirectTo) : null;
    const to = back ?? (userType === "developer" ? "/profile/setup" : safeRedirect(undefined));
    return redirectWithFlash(to, { type: "success", message: "Account created successfully!" }, headers);
  } catch (err) {
    return failure(err);
  }
}

type RegisterForm = z.input<typeof registerSchema>;

const ACCOUNT_TYPES = [
  { value: "client", title: "Hire Developers", text: "Post projects and find talent", Icon: Briefcase },
  { value: "developer", title: "Offer Services", text: "Find projects and clients", Icon: Code2 },
] as const;

/** The form's schema, loaded when the form is first validated (keeps zod out of the first download). */
const loadSchema = () => import("../../shared/schemas").then((m) => m.registerSchema);

export default function Register() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const {
    register,
    onSubmit,
    busy,
    watch,
    formState: { errors },
  } = useRouteForm<RegisterForm>(
    loadSchema,
    {
      userType: params.get("type") === "developer" ? "developer" : "client",
      name: "",
      email: "",
      password: "",
      confirmPassword: "",
      terms: false as unknown as true,
    },
    "/register",
  );
  const userType = watch("userType");

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join South Africa's marketplace for app projects."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-600 underline">
            Log in
          </Link>
        </>
      }
    >
      <Form method="post" action={`/register${search}`} noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {/* A radio group (named by its legend) marked invalid and described by its message, as the other fields are. */}
        <fieldset role="radiogroup" aria-invalid={!!errors.userType || undefined} aria-describedby="userType-error">
          <legend className="mb-2 text-sm font-medium text-slate-800">I want to</legend>
          <div className="grid grid-cols-2 gap-3">
            {ACCOUNT_TYPES.map(({ value, title, text, Icon }) => (
              <label
                key={value}
                className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                  userType === value ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-300 bg-white hover:border-slate-400"
                }`}
              >
                <input type="radio" value={value} className="sr-only" {...register("userType")} />
                <Icon className="size-5 text-brand-600" aria-hidden="true" />
                <span className="font-medium text-slate-900">{title}</span>
                <span className="text-slate-600">{text}</span>
              </label>
            ))}
          </div>
          <FieldError id="userType-error" message={errors.userType?.message} />
        </fieldset>
        <Field id="name" label="Full name" error={errors.name?.message}>
          <Input id="name" autoComplete="name" invalid={!!errors.name} aria-describedby="name-error" {...register("name")} />
        </Field>
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
        <Field id="password" label="Password" error={errors.password?.message} hint="At least 6 characters">
          <PasswordInput id="password" autoComplete="new-password" invalid={!!errors.password} aria-describedby="password-error" {...register("password")} />
        </Field>
        <Field id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            invalid={!!errors.confirmPassword}
            aria-describedby="confirmPassword-error"
            {...register("confirmPassword")}
          />
        </Field>
        <div>
          <label className="flex min-h-11 items-start gap-2 pt-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              aria-invalid={!!errors.terms || undefined}
              aria-describedby="terms-error"
              {...register("terms")}
            />
            <span>
              I accept the{" "}
              <Link to="/terms" className="font-medium text-brand-600 underline">
                terms and conditions
              </Link>{" "}
              and the{" "}
              <Link to="/privacy" className="font-medium text-brand-600 underline">
                privacy policy
              </Link>
            </span>
          </label>
          <FieldError id="terms-error" message={errors.terms?.message} />
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
