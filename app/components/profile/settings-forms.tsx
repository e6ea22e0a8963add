import { zodResolver } from "@hookform/resolvers/zod";
import { Dialog, Switch } from "radix-ui";
import { Download, LogOut, Trash2 } from "../ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { registerWithDefaults } from "../../lib/form-defaults";
import { Form, useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import type { EmailType } from "../../../shared/constants";
import type { SessionListing } from "../../../server/auth/settings";
import { EMAIL_TYPE_LABELS } from "../../../shared/email-labels";
import { countLabel, formatDate, formatDateTime } from "../../../shared/format";
import { changeNameSchema, changePasswordSchema, deleteAccountSchema, type FieldErrors } from "../../../shared/schemas";
import { useServerErrors } from "../../lib/use-server-errors";
import { notify } from "../../lib/toast";
import { PasswordInput } from "../auth/auth-card";
import { Button } from "../ui/button";
import { ConfirmDisclosure } from "../ui/confirm-disclosure";
import { useHydrated } from "../../lib/use-hydrated";
import { Card } from "../ui/card";
import { Field, Input } from "../ui/form";

/** What the /profile action answers: which form it was for, and the outcome. */
export type SettingsResult =
  { ok: true; intent: string; message: string; token?: string } | { ok: false; intent: string; message: string; fields?: FieldErrors };

/** The action's answer for `intent` only (each form on the page handles its own). */
function useResult(intent: string) {
  const result = useActionData() as SettingsResult | undefined;
  return result?.intent === intent ? result : undefined;
}

/** True while the page submits `intent` (JSON or form data). */
function useBusy(intent: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  const json = navigation.json as { intent?: string } | undefined;
  return (json?.intent ?? navigation.formData?.get("intent")) === intent;
}

/** A settings section: a card with a heading and a short explanation. */
export function SettingsCard({
  id,
  title,
  description,
  children,
  tone = "default",
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <Card id={id} className={`scroll-mt-24 p-5 sm:p-6 ${tone === "danger" ? "border-red-200" : ""}`}>
      <h2 className={`text-lg font-semibold ${tone === "danger" ? "text-red-800" : ""}`}>{title}</h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </Card>
  );
}

/** Change name: users.name and the developer profile's name together. */
export function NameForm({ name }: { name: string }) {
  const submit = useSubmit();
  const result = useResult("name");
  const busy = useBusy("name");
  type Values = z.input<typeof changeNameSchema>;
  const { register, getValues, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(changeNameSchema),
    defaultValues: { name },
  });
  const { valueField } = registerWithDefaults(register, getValues);
  useServerErrors<Values>(result?.ok === false ? result : undefined, setError);
  useEffect(() => {
    if (result?.ok) notify("success", result.message);
  }, [result]);
  useEffect(() => reset({ name }), [name, reset]);
  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={handleSubmit((v) => submit({ intent: "name", ...v }, { method: "post", encType: "application/json" }))}
    >
      <input type="hidden" name="intent" value="name" />
      <Field id="name" label="Full name" error={formState.errors.name?.message} className="flex-1">
        <Input id="name" autoComplete="name" maxLength={100} invalid={!!formState.errors.name} aria-describedby="name-error" {...valueField("name")} />
      </Field>
      <Button type="submit" variant="secondary" busy={busy} className="sm:mt-7">
        {busy ? "Saving..." : "Save name"}
      </Button>
    </form>
  );
}

/** Change password: current password required; every other session ends. */
export function PasswordForm() {
  const submit = useSubmit();
  const result = useResult("password");
  const busy = useBusy("password");
  type Values = z.input<typeof changePasswordSchema>;
  const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const errors = formState.errors;
  useServerErrors<Values>(result?.ok === false ? result : undefined, setError);
  useEffect(() => {
    if (result?.ok) {
      notify("success", result.message);
      reset({ currentPassword: "", newPassword: "", confirmPassword: "" });
    }
  }, [result, reset]);
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((v) => submit({ intent: "password", ...v }, { method: "post", encType: "application/json" }))}
    >
      <input type="hidden" name="intent" value="password" />
      <Field id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
        <PasswordInput
          id="currentPassword"
          autoComplete="current-password"
          invalid={!!errors.currentPassword}
          aria-describedby="currentPassword-error"
          {...register("currentPassword")}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="newPassword" label="New password" error={errors.newPassword?.message} hint="At least 6 characters.">
          <PasswordInput
            id="newPassword"
            autoComplete="new-password"
            invalid={!!errors.newPassword}
            aria-describedby="newPassword-error"
            {...register("newPassword")}
          />
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
      </div>
      <Button type="submit" variant="secondary" busy={busy}>
        {busy ? "Changing password..." : "Change password"}
      </Button>
    </form>
  );
}

/**
 * "Sessions": each signed-in browser of the account (browser and system, address, when it signed
 * in and, when later, the day it was last used), this one first and marked; "Sign out" ends one other session (intent "signOutSession"),
 * the button below all of them at once (intent "signOutOthers").
 */
export function SessionsForm({ sessions }: { sessions: SessionListing[] }) {
  const all = useResult("signOutOthers");
  const one = useResult("signOutSession");
  const result = all ?? one;
  const busy = useBusy("signOutOthers");
  const ending = useEnding();
  useEffect(() => {
    if (result) notify(result.ok ? "success" : "error", result.message);
  }, [result]);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="flex flex-col gap-4">
      <ul className="-my-3 divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {s.browser}
                {s.current ? <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">This browser</span> : null}
              </p>
              <p className="text-slate-600">
                {s.address ? `${s.address} · ` : ""}Signed in {formatDateTime(s.signedInAt)}
                {/* A session in use is renewed once a day, so the day it was last used is what is known. */}
                {!s.current && formatDate(s.lastActiveAt) !== formatDate(s.signedInAt) ? ` · Last used ${formatDate(s.lastActiveAt)}` : ""}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="signOutSession" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  busy={ending === s.id}
                  aria-label={`Sign out ${s.browser}, signed in ${formatDateTime(s.signedInAt)}`}
                >
                  {ending === s.id ? "Signing out..." : "Sign out"}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {others === 0
            ? "You are signed in on this device only."
            : `You are also signed in on ${countLabel(others, "other session")} (other browsers or devices).`}
        </p>
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" busy={busy} disabled={others === 0} className="shrink-0">
          <LogOut className="size-4" aria-hidden="true" /> {busy ? "Signing out..." : "Sign out of all other sessions"}
        </Button>
      </Form>
    </div>
  );
}

/**
 * The session a "Sign out" beside it is ending right now, or null: while the action runs and while
 * the list reloads after it (the action's message shows before the reloaded list does).
 */
function useEnding(): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formData?.get("intent") !== "signOutSession") return null;
  const id = navigation.formData.get("sessionId");
  return typeof id === "string" ? id : null;
}

/**
 * "Email notifications": one switch per email type the account can get. A change saves at once
 * through the page action (intent "emailPreferences"); the switch shows the new state while it
 * saves and falls back to the saved state if the server refuses.
 */
export function EmailSwitches({ switches }: { switches: Array<{ type: EmailType; on: boolean }> }) {
  return (
    <ul className="-my-3 divide-y divide-slate-100">
      {switches.map((s) => (
        <li key={s.type}>
          <EmailSwitch type={s.type} on={s.on} />
        </li>
      ))}
    </ul>
  );
}

function EmailSwitch({ type, on }: { type: EmailType; on: boolean }) {
  const fetcher = useFetcher<SettingsResult>({ key: `email-${type}` });
  const sending = fetcher.state !== "idle" ? (fetcher.json as Record<string, unknown> | undefined)?.[type] : undefined;
  const checked = typeof sending === "boolean" ? sending : on;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result?.ok === false ? (result.fields?.[type] ?? result.message) : undefined;
  useEffect(() => {
    if (result) notify(result.ok ? "success" : "error", result.message);
  }, [result]);
  const { label, description } = EMAIL_TYPE_LABELS[type];
  const id = `email-${type}`;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={(next) => fetcher.submit({ intent: "emailPreferences", [type]: next }, { method: "post", encType: "application/json" })}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ""}`}
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors before:absolute before:-inset-2 before:content-[''] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** "Download my data": the JSON file of /profile/export. */
export function DownloadData() {
  return (
    <a
      href="/profile/export"
      download="buildza-my-data.json"
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100"
    >
      <Download className="size-4" aria-hidden="true" /> Download my data
    </a>
  );
}

/**
 * "Delete my account" in the danger zone: a dialog asking for the password that says what goes for a
 * client or a developer (docs/product.md, Accounts). Until the page's scripts run (and without them)
 * the same question and password field open in the page and post to the page's action; a refusal
 * (a wrong password) shows them opened again with its message (docs/product.md, Look and feel).
 */
export function DeleteAccountDialog({ userType }: { userType: "client" | "developer" }) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const result = useResult("delete");
  const busy = useBusy("delete");
  type Values = z.input<typeof deleteAccountSchema>;
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });
  useServerErrors<Values>(result?.ok === false ? result : undefined, setError);
  const hydrated = useHydrated();
  const title = "Delete your account?";
  const description =
    userType === "developer"
      ? "Your name, email, developer profile and the reviews on it, and your sign-in details are removed, and you are signed out everywhere. Your open proposals are withdrawn and any hire of yours is cancelled, the clients told. This cannot be undone."
      : "Your name, email and sign-in details are removed, and you are signed out everywhere. Your open projects are closed, with any developer hired on them told. This cannot be undone.";
  if (!hydrated) {
    const refused = result?.ok === false ? result : undefined;
    const message = refused?.fields?.password ?? refused?.message;
    return (
      <ConfirmDisclosure
        summary={
          <>
            <Trash2 className="size-4" aria-hidden="true" /> Delete my account
          </>
        }
        variant="danger"
        title={title}
        description={description}
        fields={{ intent: "delete" }}
        confirmLabel="Delete my account"
        confirmVariant="danger"
        open={Boolean(refused)}
      >
        <Field id="deletePassword" label="Enter your password to confirm" error={message}>
          <PasswordInput
            id="deletePassword"
            name="password"
            autoComplete="current-password"
            invalid={Boolean(message)}
            aria-describedby="deletePassword-error"
          />
        </Field>
      </ConfirmDisclosure>
    );
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset({ password: "" });
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">
          <Trash2 className="size-4" aria-hidden="true" /> Delete my account
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{description}</Dialog.Description>
          <form
            method="post"
            noValidate
            className="mt-5 space-y-4"
            onSubmit={handleSubmit((v) => submit({ intent: "delete", ...v }, { method: "post", encType: "application/json" }))}
          >
            <input type="hidden" name="intent" value="delete" />
            <Field id="deletePassword" label="Enter your password to confirm" error={formState.errors.password?.message}>
              <PasswordInput
                id="deletePassword"
                autoComplete="current-password"
                invalid={!!formState.errors.password}
                aria-describedby="deletePassword-error"
                {...register("password")}
              />
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" busy={busy}>
                {busy ? "Deleting..." : "Delete my account"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
