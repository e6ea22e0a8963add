import { Form, Link, useSearchParams } from "react-router";
import type { z } from "zod";
import type { resetPasswordSchema } from "../../shared/schemas";
import { AuthCard, PasswordInput } from "../components/auth/auth-card";
import { Button } from "../components/ui/button";
import { Field, FieldError } from "../components/ui/form";
import { useRouteForm } from "../lib/use-route-form";
import type { Route } from "./+types/reset-password";
import { failure, readBody, redirectWithFlash, resetPassword } from "./auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Set a new password | BuildZA" }];

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await resetPassword(context.deps.auth, await readBody(request));
    return redirectWithFlash("/login", { type: "success", message: "Your password has been changed. Please log in." });
  } catch (err) {
    return failure(err);
  }
}

/** The form's schema, loaded when the form is first validated (keeps zod out of the first download). */
const loadSchema = () => import("../../shared/schemas").then((m) => m.resetPasswordSchema);

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const {
    register,
    onSubmit,
    busy,
    formState: { errors },
  } = useRouteForm<z.input<typeof resetPasswordSchema>>(loadSchema, { token, password: "", confirmPassword: "" });
  const tokenError = errors.token?.message ?? (token ? undefined : "This reset link is invalid or has expired");

  return (
    <AuthCard
      title="Set a new password"
      footer={
        <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-medium text-brand-600 underline">
          Request a new link
        </Link>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" {...register("token")} />
        {tokenError ? <FieldError id="token-error" message={tokenError} /> : null}
        <Field id="password" label="New password" error={errors.password?.message} hint="At least 6 characters">
          <PasswordInput id="password" autoComplete="new-password" invalid={!!errors.password} aria-describedby="password-error" {...register("password")} />
        </Field>
        <Field id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            invalid={!!errors.confirmPassword}
            aria-describedby="confirmPassword-error"
            {...register("confirmPassword")}
          />
        </Field>
        <Button type="submit" className="w-full" busy={busy} disabled={!token}>
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
