import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { changeEmailSchema } from "../../../shared/schemas";
import { notify } from "../../lib/toast";
import { useServerErrors } from "../../lib/use-server-errors";
import { PasswordInput } from "../auth/auth-card";
import type { SettingsResult } from "../profile/settings-forms";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";

/**
 * The "Email address" section of Settings (docs/product.md, Accounts): the current address, and a
 * form for a new one with the password (intent "changeEmail" of the /profile action). The address
 * changes only once the link emailed to the new address is used; until then this says where the
 * link went.
 */
export function EmailAddressForm({ email }: { email: string }) {
  const submit = useSubmit();
  const all = useActionData() as SettingsResult | undefined;
  const result = all?.intent === "changeEmail" ? all : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (navigation.json as { intent?: string } | undefined)?.intent === "changeEmail";
  const [pending, setPending] = useState<string | null>(null);
  type Values = z.input<typeof changeEmailSchema>;
  const { register, handleSubmit, setError, reset, getValues, formState } = useForm<Values>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: "", password: "" },
  });
  const errors = formState.errors;
  useServerErrors<Values>(result?.ok === false ? result : undefined, setError);
  useEffect(() => {
    if (result?.ok) {
      setPending(getValues("newEmail").trim().toLowerCase());
      notify("success", result.message);
      reset({ newEmail: "", password: "" });
    } else if (result && !result.ok && !result.fields) notify("error", result.message);
  }, [result, reset, getValues]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Current address: <strong className="break-words">{email}</strong>
      </p>
      {pending ? (
        <p role="status" className="rounded-lg border border-brand-600 bg-brand-50 p-3 text-sm text-slate-900">
          We sent a link to <strong className="break-words">{pending}</strong>. Your address changes when you open it (within 24 hours).
        </p>
      ) : null}
      <form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((v) => submit({ intent: "changeEmail", ...v }, { method: "post", encType: "application/json" }))}
      >
        <input type="hidden" name="intent" value="changeEmail" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="newEmail" label="New email address" error={errors.newEmail?.message}>
            <Input id="newEmail" type="email" autoComplete="email" invalid={!!errors.newEmail} aria-describedby="newEmail-error" {...register("newEmail")} />
          </Field>
          <Field id="emailPassword" label="Password" error={errors.password?.message}>
            <PasswordInput
              id="emailPassword"
              autoComplete="current-password"
              invalid={!!errors.password}
              aria-describedby="emailPassword-error"
              {...register("password")}
            />
          </Field>
        </div>
        <Button type="submit" variant="secondary" busy={busy}>
          {busy ? "Sending link..." : "Change email"}
        </Button>
      </form>
    </div>
  );
}
