import { ArrowRight } from "../components/ui/icons";
import { data } from "react-router";
import {
  DeleteAccountDialog,
  DownloadData,
  EmailSwitches,
  NameForm,
  PasswordForm,
  SessionsForm,
  SettingsCard,
  type SettingsResult,
} from "../components/profile/settings-forms";
import { ApiTokens } from "../components/profile/api-tokens";
import { BlockedUsers } from "../components/trust/blocked-users";
import { EmailAddressForm } from "../components/trust/email-address";
import { TwoFactorSettings } from "../components/trust/two-factor-settings";
import { ProfilePhotoForm } from "../components/profile/profile-photo";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/profile";
import {
  AppError,
  changeName,
  createApiToken,
  listApiTokens,
  listBlockedUsers,
  requestEmailChange,
  startTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  profilePhotoOf,
  revokeApiToken,
  unblockUser,
  changePassword,
  deleteAccount,
  deleteQueuedFilesSoon,
  domainDeps,
  emailTypesFor,
  getEmailPreferences,
  readBody,
  redirectWithFlash,
  requireUser,
  listMySessions,
  signOutOtherSessions,
  signOutSession,
  updateEmailPreferences,
} from "./profile.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings | BuildZA" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [sessionList, preferences, apiTokens, blockedUsers, photoId] = await Promise.all([
    listMySessions(context.deps.db, context.deps.auth, user, request.headers),
    getEmailPreferences(context.deps.db, user.id),
    listApiTokens(context.deps.db, user),
    listBlockedUsers(context.deps.db, user),
    profilePhotoOf(context.deps.db, user.id),
  ]);
  const emailSwitches = emailTypesFor(user.userType).map((type) => ({ type, on: preferences[type] }));
  return {
    name: user.name,
    email: user.email,
    userType: user.userType,
    sessionList,
    emailSwitches,
    apiTokens,
    blockedUsers,
    photoId,
    twoFactor: { enabled: user.twoFactorEnabled === true, moderator: user.role === "moderator" },
  };
}

const INTENTS = [
  "name",
  "password",
  "signOutOthers",
  "signOutSession",
  "emailPreferences",
  "createToken",
  "revokeToken",
  "unblockUser",
  "changeEmail",
  "twoFactorStart",
  "twoFactorConfirm",
  "twoFactorDisable",
  "delete",
] as const;

/** One action for every form of the page, told apart by `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const body = (await readBody(request)) as Record<string, unknown> | null;
  const intent = INTENTS.find((i) => i === body?.intent) ?? "unknown";
  const ok = (message: string, headers?: Headers) => data<SettingsResult>({ ok: true, intent, message }, headers ? { headers } : undefined);
  try {
    switch (intent) {
      case "name":
        await changeName(context.deps.db, user, body);
        return ok("Name updated");
      case "password": {
        // better-auth replaced this session with a new one: its cookie goes with the answer.
        const { headers } = await changePassword(context.deps.auth, user, body, request.headers);
        const cookies = new Headers();
        for (const c of headers.getSetCookie()) cookies.append("Set-Cookie", c);
        return ok("Password changed. Other sessions were signed out.", cookies);
      }
      case "signOutOthers":
        await signOutOtherSessions(context.deps.auth, request.headers);
        return ok("Signed out of all other sessions");
      case "signOutSession":
        await signOutSession(context.deps.db, context.deps.auth, user, body?.sessionId, request.headers);
        return ok("That session was signed out");
      case "emailPreferences":
        // { intent, newMessage?: boolean, ... }: the schema drops `intent` and checks each switch.
        await updateEmailPreferences(context.deps.db, user, body);
        return ok("Email settings saved");
      case "createToken": {
        // The token text goes back once, in this answer only (docs/product.md, Personal API tokens).
        const { token } = await createApiToken(domainDeps(context.deps), user, body);
        return data<SettingsResult>({ ok: true, intent, message: "Token created", token });
      }
      case "revokeToken":
        await revokeApiToken(context.deps.db, user, typeof body?.id === "string" ? body.id : "");
        return ok("Token revoked");
      case "changeEmail": {
        const to = await requestEmailChange(context.deps.db, context.deps.auth, user, body, request.headers);
        return ok(`We sent a confirmation link to ${to}`);
      }
      case "twoFactorStart": {
        // The secret and backup codes go back once, in this answer only (docs/product.md, Accounts).
        const setup = await startTwoFactor(context.deps.auth, user, body, request.headers);
        return data({ ok: true as const, intent, message: "Add BuildZA to your authenticator app", setup });
      }
      case "twoFactorConfirm":
      case "twoFactorDisable": {
        // better-auth replaced this session: its new cookie goes with the answer.
        const fn = intent === "twoFactorConfirm" ? confirmTwoFactor : disableTwoFactor;
        const headers = await fn(context.deps.auth, user, body, request.headers);
        const cookies = new Headers();
        for (const c of headers.getSetCookie()) cookies.append("Set-Cookie", c);
        return ok(intent === "twoFactorConfirm" ? "Two-factor sign-in is on" : "Two-factor sign-in is off", cookies);
      }
      case "unblockUser":
        await unblockUser(context.deps.db, user, typeof body?.id === "string" ? body.id : "");
        return ok("Unblocked");
      case "delete": {
        const { headers } = await deleteAccount({ ...domainDeps(context.deps), auth: context.deps.auth }, user, body, request.headers);
        await deleteQueuedFilesSoon(context.deps);
        return redirectWithFlash("/", { type: "success", message: "Your account has been deleted" }, headers);
      }
      default:
        throw new AppError(400, "unknown_intent", "Unknown action");
    }
  } catch (err) {
    if (err instanceof AppError) return data<SettingsResult>({ ok: false, intent, message: err.message, fields: err.fields }, { status: err.status });
    throw err;
  }
}

/** Settings (docs/product.md: /profile labelled Settings) for both roles. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { name, email, userType, sessionList, emailSwitches, apiTokens, blockedUsers, twoFactor, photoId } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-1 break-words text-slate-600">
        {email} · {userType === "developer" ? "Developer account" : "Client account"}
      </p>

      <div className="mt-6 space-y-6">
        {userType === "developer" ? (
          <SettingsCard title="Developer profile" description="Your title, bio, rate, skills, portfolio and experience, as clients see them.">
            <ButtonLink to="/profile/setup" variant="primary">
              Edit developer profile <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
          </SettingsCard>
        ) : null}

        <SettingsCard id="photo" title="Profile photo" description="Shown on your profile, developer card, projects and messages.">
          <ProfilePhotoForm name={name} photoId={photoId} />
        </SettingsCard>

        <SettingsCard title="Name" description="Shown on your projects, profile and messages.">
          <NameForm name={name} />
        </SettingsCard>

        <SettingsCard
          id="email-address"
          title="Email address"
          description="Where BuildZA writes to you and what you sign in with. We email a link to the new address; it changes when you open it, and we tell the old one."
        >
          <EmailAddressForm email={email} />
        </SettingsCard>

        <SettingsCard title="Password" description="Changing your password signs you out on every other browser and device.">
          <PasswordForm />
        </SettingsCard>

        <SettingsCard
          id="two-factor"
          title="Two-factor sign-in"
          description="After your password, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone cannot open your account."
        >
          <TwoFactorSettings enabled={twoFactor.enabled} moderator={twoFactor.moderator} />
        </SettingsCard>

        <SettingsCard
          id="email"
          title="Email notifications"
          description="Which emails BuildZA sends you. Every email has an unsubscribe link too. Password reset emails are always sent."
        >
          <EmailSwitches switches={emailSwitches} />
        </SettingsCard>

        <SettingsCard
          id="sessions"
          title="Sessions"
          description="Where your account is signed in. Sign out of any you do not recognise, then change your password."
        >
          <SessionsForm sessions={sessionList} />
        </SettingsCard>

        <SettingsCard
          id="api-tokens"
          title="API tokens"
          description={
            <>
              Personal tokens let your own scripts and apps use the{" "}
              <a className="font-medium text-brand-700 underline" href="/api/docs">
                BuildZA API
              </a>{" "}
              as you, with <code>Authorization: Bearer</code>. Treat a token like a password; revoke it when you no longer need it.
            </>
          }
        >
          <ApiTokens tokens={apiTokens} />
        </SettingsCard>

        <SettingsCard
          id="blocked"
          title="Blocked users"
          description="People you blocked cannot message you, send proposals to your projects or see your contact buttons, and you cannot message them."
        >
          <BlockedUsers blocked={blockedUsers} />
        </SettingsCard>

        <SettingsCard
          id="data"
          title="Your data"
          description="A JSON file with everything BuildZA stores about you: account, profile, projects, reviews, reports, messages you sent, email settings and sessions. South Africa's POPIA gives you this right."
        >
          <DownloadData />
        </SettingsCard>

        <SettingsCard
          id="delete"
          tone="danger"
          title="Danger zone"
          description={
            userType === "client"
              ? "Deleting your account removes your name, email and sign-in details, and closes the projects you posted. This cannot be undone."
              : "Deleting your account removes your name, email, developer profile and sign-in details. This cannot be undone."
          }
        >
          <DeleteAccountDialog userType={userType} />
        </SettingsCard>
      </div>
    </div>
  );
}
