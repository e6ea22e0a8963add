import { ShieldCheck } from "../ui/icons";
import { useEffect, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { notify } from "../../lib/toast";
import { PasswordInput } from "../auth/auth-card";
import type { SettingsResult } from "../profile/settings-forms";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";

/** What the /profile action answers to "twoFactorStart": shown once. */
export interface TwoFactorSetupShown {
  totpURI: string;
  /** The QR code of totpURI as a `data:image/svg+xml` URL, drawn on the server. */
  qrCode: string;
  secret: string;
  backupCodes: string[];
}

type Result = SettingsResult & { setup?: TwoFactorSetupShown; fields?: Record<string, string> };

/** The field each intent's refusal is about. */
const FIELD_OF: Record<string, string> = {
  twoFactorStart: "twoFactorPassword",
  twoFactorConfirm: "twoFactorCode",
  twoFactorDisable: "twoFactorOffPassword",
};

/** The secret in groups of four, easier to type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * The "Two-factor sign-in" section of Settings (docs/product.md, Accounts): turn it on with the
 * password (a QR code, a link for authenticator apps, the secret and the backup codes are shown once), finish
 * with a first code from the app, turn it off with the password. Intents "twoFactorStart",
 * "twoFactorConfirm" and "twoFactorDisable" of the /profile action; plain forms (no JavaScript needed).
 */
export function TwoFactorSettings({ enabled, moderator }: { enabled: boolean; moderator: boolean }) {
  const result = useActionData() as Result | undefined;
  const mine = result?.intent?.startsWith("twoFactor") ? result : undefined;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [setup, setSetup] = useState<TwoFactorSetupShown | null>(null);
  useEffect(() => {
    if (mine?.ok && mine.intent === "twoFactorStart" && mine.setup) setSetup(mine.setup);
    if (mine?.ok && mine.intent !== "twoFactorStart") {
      setSetup(null);
      notify("success", mine.message);
    }
    if (mine && !mine.ok && !mine.fields) notify("error", mine.message);
  }, [mine]);
  const fieldError = (intent: string, name: string) => (mine && !mine.ok && mine.intent === intent ? mine.fields?.[name] : undefined);
  // A refused password or code: focus goes to its field, whose message is read with it
  // (docs/product.md, Accessibility: errors announced and linked to their fields).
  useEffect(() => {
    if (mine && !mine.ok && mine.fields) document.getElementById(FIELD_OF[mine.intent] ?? "")?.focus();
  }, [mine]);

  if (enabled)
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-brand-800" role="status">
          <ShieldCheck className="size-5" aria-hidden="true" /> Two-factor sign-in is on.
        </p>
        {moderator ? <p className="text-sm text-slate-600">Moderators must keep it on to use moderation.</p> : null}
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="twoFactorDisable" />
          <Field id="twoFactorOffPassword" label="Password" error={fieldError("twoFactorDisable", "password")} className="flex-1">
            <PasswordInput
              id="twoFactorOffPassword"
              name="password"
              autoComplete="current-password"
              invalid={Boolean(fieldError("twoFactorDisable", "password"))}
              aria-describedby="twoFactorOffPassword-error"
            />
          </Field>
          <Button type="submit" variant="secondary" busy={busyIntent === "twoFactorDisable"} className="sm:mt-7">
            Turn off
          </Button>
        </Form>
      </div>
    );

  if (setup)
    return (
      <div className="space-y-5">
        <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-800">
          <li>
            <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...):</p>
            <img
              src={setup.qrCode}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="mt-2 size-44 rounded-lg border border-slate-200 bg-white"
              data-testid="totp-qr"
            />
            <p className="mt-3">
              If the app is on this device,{" "}
              <a className="font-medium text-brand-700 underline" href={setup.totpURI}>
                open BuildZA in it
              </a>
              ; or type in this key:
            </p>
            <code className="mt-2 block break-words rounded bg-slate-100 px-3 py-2 font-mono text-base text-slate-900" data-testid="totp-secret">
              {grouped(setup.secret)}
            </code>
          </li>
          <li>
            <p>Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. You will not see them again.</p>
            <ul className="mt-2 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Backup codes" data-testid="backup-codes">
              {setup.backupCodes.map((c) => (
                <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
                  {c}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <input type="hidden" name="intent" value="twoFactorConfirm" />
              <Field id="twoFactorCode" label="6-digit code from the app" error={fieldError("twoFactorConfirm", "code")} className="flex-1">
                <Input
                  id="twoFactorCode"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  invalid={Boolean(fieldError("twoFactorConfirm", "code"))}
                  aria-describedby="twoFactorCode-error"
                />
              </Field>
              <Button type="submit" busy={busyIntent === "twoFactorConfirm"} className="sm:mt-7">
                Turn on
              </Button>
            </Form>
          </li>
        </ol>
      </div>
    );

  return (
    <div className="space-y-4">
      {moderator ? <p className="text-sm font-medium text-amber-800">Moderators must turn this on before using moderation.</p> : null}
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="twoFactorStart" />
        <Field id="twoFactorPassword" label="Password" error={fieldError("twoFactorStart", "password")} className="flex-1">
          <PasswordInput
            id="twoFactorPassword"
            name="password"
            autoComplete="current-password"
            invalid={Boolean(fieldError("twoFactorStart", "password"))}
            aria-describedby="twoFactorPassword-error"
          />
        </Field>
        <Button type="submit" variant="secondary" busy={busyIntent === "twoFactorStart"} className="sm:mt-7">
          Set up two-factor sign-in
        </Button>
      </Form>
    </div>
  );
}
