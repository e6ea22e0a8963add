import { ExternalLink } from "../components/ui/icons";
import { Link } from "react-router";
import { NEW_PROFILE_VERSION, type DeveloperProfileInput } from "../../shared/schemas";
import { DeveloperProfileForm, EMPTY_PROFILE, PROFILE_FORM_FIELDS } from "../components/profile/profile-form";
import { NEW_SKILLS } from "../components/profile/skills-field";
import { withAddedItems } from "../lib/form-fields";
import { CompletionCard } from "../components/profile/completion-card";
import type { Route } from "./+types/profile.setup";
import {
  deleteQueuedFilesSoon,
  failure,
  findOwnDeveloperProfile,
  profileCompletion,
  readFormBody,
  redirectWithFlash,
  requireUser,
  saveDeveloperProfile,
} from "./profile.setup.server";

export const meta: Route.MetaFunction = () => [{ title: "Set up your profile | BuildZA" }];

/** Only developers have a developer profile; clients go to Settings. */
async function requireDeveloper(request: Request, context: Route.LoaderArgs["context"]) {
  const user = requireUser(request, context);
  if (user.userType !== "developer") {
    throw await redirectWithFlash("/profile", { type: "info", message: "Only developer accounts have a developer profile" });
  }
  return user;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireDeveloper(request, context);
  const profile = await findOwnDeveloperProfile(context.deps.db, user);
  const values: DeveloperProfileInput = profile
    ? {
        title: profile.title,
        bio: profile.bio,
        city: (profile.city ?? "") as DeveloperProfileInput["city"],
        hourlyRate: profile.hourlyRate == null ? "" : String(profile.hourlyRate),
        responseTime: profile.responseTime as DeveloperProfileInput["responseTime"],
        availability: profile.availability,
        skills: profile.skills,
        links: profile.links,
        portfolio: profile.portfolio.map(({ images, ...item }) => ({ ...item, imageIds: (images ?? []).map((f) => f.id) })),
        experience: profile.experience,
        certifications: profile.certifications,
      }
    : EMPTY_PROFILE;
  const portfolioImages = Object.fromEntries((profile?.portfolio ?? []).map((p) => [p.id, p.images ?? []]));
  // The profile's updatedAt as the form opens: a save over a change made since in another tab is
  // refused; before the first save, "new": a profile made meanwhile in another tab is not
  // overwritten either (docs/product.md, Developers).
  return {
    name: user.name,
    id: user.id,
    saved: profile !== null,
    completion: profileCompletion(profile),
    values,
    portfolioImages,
    version: profile?.updatedAt ?? NEW_PROFILE_VERSION,
  };
}

/**
 * Saves the whole form as one statement (saveDeveloperProfile); stays on the page. JSON from the
 * form's scripts answers { ok: true } (they toast "Profile saved"); the form's fields, sent before or
 * without the scripts (docs/product.md, Look and feel), come back to the page with that message as a
 * flash, or with the fields as sent and their messages when refused. The form always carries its
 * hidden `version` (the loader's), so one sent empty is refused as bad input (400), never saved
 * unchecked (docs/product.md, Developers).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireDeveloper(request, context);
  const { body, form } = await readFormBody(request, PROFILE_FORM_FIELDS);
  try {
    await saveDeveloperProfile(context.deps.db, user, form ? withAddedItems(form, "skills", NEW_SKILLS) : body);
    await deleteQueuedFilesSoon(context.deps);
    if (form) return redirectWithFlash("/profile/setup", { type: "success", message: "Profile saved" });
    return { ok: true as const };
  } catch (err) {
    return failure(err, undefined, form);
  }
}

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  const { completion, saved, id, name, values, portfolioImages, version } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{saved ? "Your developer profile" : `Welcome, ${name}! Set up your profile`}</h1>
          <p className="mt-1 text-slate-600">A complete profile helps South African clients find and trust you. Save as often as you like and finish later.</p>
        </div>
        {saved ? (
          <Link to={`/developers/${id}`} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline">
            View public profile <ExternalLink className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      <CompletionCard className="mt-6" percent={completion.percent} missing={completion.missing} />
      <div className="mt-6">
        <DeveloperProfileForm defaultValues={values} portfolioImages={portfolioImages} version={version} />
      </div>
    </div>
  );
}
