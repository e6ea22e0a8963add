import { MailCheck } from "../components/ui/icons";
import { Form, Link, useActionData } from "react-router";
import type { z } from "zod";
import type { forgotPasswordSchema } from "../../shared/schemas";
import { AuthCard } from "../components/auth/auth-card";
import { Button } from "../components/ui/button";
import { Field, Input } from "../components/ui/form";
import { useRouteForm } from "../lib/use-route-form";
import type { Route } from "./+types/forgot-password";
import { failure, readBody, requestPasswordReset, retryAfterHeaders } from "./auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password | BuildZA" }];

/** A refused attempt (429) answers with Retry-After (docs/decisions/0011-rate-limits.md). */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readBody(request)) as { email?: string } | null;
  try {
    await requestPasswordReset(context.deps.auth, body, { limits: context.deps.limits, clientAddress: context.clientAddress });
    // The same answer whether or not the email has an account (docs/product.md).
    return { ok: true as const, email: String(body?.email ?? "").trim() };
  } catch (err) {
    return failure(err);
  }
}

/** The form's schema, loaded when the form is first validated (keeps zod out of the first download). */
const loadSchema = () => import("../../shared/schemas").then((m) => m.forgotPasswordSchema);

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const {
    register,
    onSubmit,
    busy,
    formState: { errors },
  } = useRouteForm<z.input<typeof forgotPasswordSchema>>(loadSchema, { email: "" }, "/forgot-password");

  if (result?.ok) {
    return (
      <AuthCard
        title="Check your email"
        footer={
          <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-600 underline">
            Back to log in
          </Link>
        }
      >
        <div className="flex gap-3 text-slate-700" role="status">
          <MailCheck className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
          <p>
            If an account exists for <strong>{result.email}</strong>, we have sent it a link to set a new password. The link works once and expires in 1 hour.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to set a new one."
      footer={
        <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-600 underline">
          Back to log in
        </Link>
      }
    >
      <Form method="post" action="/forgot-password" noValidate onSubmit={onSubmit} className="space-y-4">
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
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
