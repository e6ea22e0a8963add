import { KeyRound } from "../ui/icons";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { FieldErrors } from "../../../shared/schemas";
import { AuthCard } from "../auth/auth-card";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";

/**
 * The second step of signing in for an account with two-factor sign-in on (docs/product.md,
 * Accounts): the 6-digit code from the authenticator app, or one of the backup codes. Posts
 * intent "twoFactor" to the /login action (works without JavaScript).
 */
export function TwoFactorStep({ redirectTo, action }: { redirectTo: string; action: string }) {
  const [backup, setBackup] = useState(false);
  const result = useActionData() as { ok: false; message: string; fields?: FieldErrors } | undefined;
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok ? (result.fields?.code ?? result.message) : undefined;
  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={backup ? "Enter one of your backup codes. Each code works once." : "Enter the 6-digit code from your authenticator app."}
    >
      <Form method="post" action={action} className="space-y-4">
        <input type="hidden" name="intent" value="twoFactor" />
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id="code" label={backup ? "Backup code" : "Authentication code"} error={error}>
          <Input
            key={backup ? "backup" : "totp"}
            id="code"
            name="code"
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            maxLength={backup ? 40 : 6}
            invalid={Boolean(error)}
            aria-describedby={error ? "code-error" : undefined}
          />
        </Field>
        <Button type="submit" className="w-full" busy={busy}>
          <KeyRound className="size-4" aria-hidden="true" /> {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <button type="button" className="mt-4 min-h-11 text-sm font-medium text-brand-600 underline" onClick={() => setBackup((b) => !b)}>
        {backup ? "Use the code from my authenticator app" : "Use a backup code instead"}
      </button>
    </AuthCard>
  );
}
