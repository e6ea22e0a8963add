import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, KeyRound, Trash2 } from "../ui/icons";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { formatDate } from "../../../shared/format";
import { apiTokenSchema, MAX_API_TOKEN_NAME, MAX_API_TOKENS } from "../../../shared/schemas";
import { notify } from "../../lib/toast";
import { useServerErrors } from "../../lib/use-server-errors";
import { Button } from "../ui/button";
import { ConfirmedSubmit } from "../ui/confirmed-submit";
import { Field, Input } from "../ui/form";
import type { SettingsResult } from "./settings-forms";

/** A token as Settings lists it (never the token text). */
export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Personal API tokens in Settings (docs/product.md, Personal API tokens): create one with a name
 * (the token is shown once, with a copy button), see each token's name, first characters, creation
 * and last use, and revoke it. Intents "createToken" and "revokeToken" of the /profile action.
 */
export function ApiTokens({ tokens }: { tokens: ApiTokenRow[] }) {
  const submit = useSubmit();
  const result = useActionData() as (SettingsResult & { token?: string }) | undefined;
  const created = result?.intent === "createToken" ? result : undefined;
  const revoked = result?.intent === "revokeToken" ? result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (navigation.json as { intent?: string } | undefined)?.intent === "createToken";
  const [shown, setShown] = useState<string | null>(null);
  type Values = z.input<typeof apiTokenSchema>;
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ resolver: zodResolver(apiTokenSchema), defaultValues: { name: "" } });
  useServerErrors<Values>(created?.ok === false ? created : undefined, setError);
  useEffect(() => {
    if (created?.ok && created.token) {
      setShown(created.token);
      reset({ name: "" });
    } else if (created && !created.ok && !created.fields) notify("error", created.message);
  }, [created, reset]);
  useEffect(() => {
    if (revoked) notify(revoked.ok ? "success" : "error", revoked.message);
  }, [revoked]);

  return (
    <div className="space-y-5">
      {shown ? (
        <div role="status" className="rounded-lg border border-brand-600 bg-brand-50 p-4">
          <p className="text-sm font-medium text-slate-900">Copy your new token now. You will not see it again.</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="block min-w-0 flex-1 break-all rounded bg-white px-3 py-2 font-mono text-sm text-slate-900" data-testid="new-api-token">
              {shown}
            </code>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(shown).then(
                  () => notify("success", "Token copied"),
                  () => notify("error", "Could not copy. Select the token and copy it."),
                );
              }}
            >
              <Copy className="size-4" aria-hidden="true" /> Copy
            </Button>
          </div>
        </div>
      ) : null}

      <form
        method="post"
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={handleSubmit((v) => submit({ intent: "createToken", ...v }, { method: "post", encType: "application/json" }))}
      >
        <input type="hidden" name="intent" value="createToken" />
        <Field id="tokenName" label="Token name" error={formState.errors.name?.message} hint="What it is for, such as “Invoicing script”." className="flex-1">
          <Input
            id="tokenName"
            maxLength={MAX_API_TOKEN_NAME}
            invalid={!!formState.errors.name}
            aria-describedby={formState.errors.name ? "tokenName-error" : undefined}
            {...register("name")}
          />
        </Field>
        <Button type="submit" variant="secondary" busy={busy} disabled={tokens.length >= MAX_API_TOKENS} className="sm:mt-7">
          <KeyRound className="size-4" aria-hidden="true" /> {busy ? "Creating..." : "Create token"}
        </Button>
      </form>

      {tokens.length === 0 ? (
        <p className="text-sm text-slate-600">You have no API tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Your API tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{t.name}</p>
                <p className="text-sm text-slate-600">
                  <span className="font-mono">{t.prefix}…</span> · Created {formatDate(t.createdAt)} ·{" "}
                  {t.lastUsedAt ? `Last used ${formatDate(t.lastUsedAt)}` : "Never used"}
                </p>
              </div>
              <ConfirmedSubmit
                intent="revokeToken"
                fields={{ id: t.id }}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                label="Revoke"
                suffix={<span className="sr-only"> {t.name}</span>}
                title={`Revoke “${t.name}”?`}
                description="Whatever uses this token stops working at once. This cannot be undone."
                keep="Keep it"
                variant="secondary"
                confirmVariant="danger"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
