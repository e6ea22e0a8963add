import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "../ui/icons";
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import type { FileInfo } from "../files/attachments";
import { useForm, type FieldErrors, type FieldPath } from "react-hook-form";
import { registerWithDefaults } from "../../lib/form-defaults";
import { useActionData, useNavigation, useSubmit } from "react-router";
import {
  AVAILABILITIES,
  AVAILABILITY_BADGES,
  AVAILABILITY_LABELS,
  DEFAULT_RESPONSE_TIME,
  LOCATIONS,
  MAX_BIO,
  PASTE_ROOM,
  RESPONSE_TIMES,
} from "../../../shared/constants";
import { developerProfileSchema, type DeveloperProfileInput } from "../../../shared/schemas";
import type { ActionFailure } from "../../lib/action.server";
import { usePostedFailure, useServerErrors } from "../../lib/use-server-errors";
import { notify } from "../../lib/toast";
import { Button, ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { Field, FieldError, FormAlert, Input, Select, Textarea } from "../ui/form";
import { likeShape, postedVersion, withAddedItems } from "../../lib/form-fields";
import { CertificationList, ExperienceList, PortfolioList } from "./profile-lists";
import { NEW_SKILLS, SkillsField } from "./skills-field";

/** Empty values of the profile form (no profile saved yet). */
export const EMPTY_PROFILE: DeveloperProfileInput = {
  title: "",
  bio: "",
  city: "",
  hourlyRate: "",
  responseTime: "",
  availability: "available",
  skills: [],
  links: { github: "", linkedin: "", website: "" },
  portfolio: [],
  experience: [],
  certifications: [],
};

/** The fields of /profile/setup as the action reads a post of them made before or without the scripts (formFields). */
export const PROFILE_FORM_FIELDS = { lists: ["skills"], commaLists: [NEW_SKILLS, "portfolio.*.technologies"] } as const;

/** The fields of the form as a post sends them, for likeShape (lists with one item of their shape). */
const SENT_PROFILE = {
  ...EMPTY_PROFILE,
  city: "",
  hourlyRate: "",
  skills: [""],
  portfolio: [{ id: "", title: "", description: "", technologies: [""], link: "" }],
  experience: [{ id: "", title: "", company: "", startDate: "", endDate: "", description: "" }],
  certifications: [{ id: "", name: "", issuer: "", date: "" }],
};

/** The form's values after a refused post without the scripts: the fields as sent, added skills after the kept ones. */
function sentProfile(sent: Record<string, unknown>): DeveloperProfileInput {
  return likeShape(withAddedItems(sent, "skills", NEW_SKILLS), SENT_PROFILE) as DeveloperProfileInput;
}

/** A section of the form: a card with a heading; `id` is the anchor profileCompletion links to. */
function Section({ id, title, description, children }: { id?: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card id={id} className="scroll-mt-24 space-y-5 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

const choice = (selected: boolean) =>
  `flex cursor-pointer flex-col rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
    selected ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-300 bg-white hover:border-slate-400"
  }`;

const AVAILABILITY_HINTS = {
  available: "Taking on new projects now",
  busy: "Open to small or later work",
  unavailable: "Not taking new work",
} as const;

/**
 * The developer profile form of /profile/setup (docs/product.md, Developers): sections with anchors matching
 * profileCompletion's links; posts JSON to the route's action, which saves it with
 * saveDeveloperProfile (one statement) and answers { ok: true } or the field errors.
 */
export function DeveloperProfileForm({
  defaultValues,
  portfolioImages = {},
  version,
}: {
  defaultValues: DeveloperProfileInput;
  /** The saved images of each portfolio item, by item id. */
  portfolioImages?: Record<string, FileInfo[]>;
  /**
   * The profile's updatedAt when the form opened, or NEW_PROFILE_VERSION before the first save: a
   * change made since elsewhere (or a profile made there meanwhile) is not overwritten (docs/product.md, Developers).
   */
  version?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData() as ActionFailure | { ok: true } | undefined;
  // Checks run when a field is left (checkOnLeave below) and on Save, not on RHF's own events: its
  // field arrays validate the whole list when an entry is added, which showed every empty field's
  // message of a new entry at once (docs/product.md, Journeys).
  // Sent before or without the scripts and refused: the fields as typed, with their messages.
  const posted = usePostedFailure();
  const form = useForm<DeveloperProfileInput>({
    resolver: zodResolver(developerProfileSchema),
    defaultValues: posted.values ? sentProfile(posted.values) : defaultValues,
    errors: posted.errors as FieldErrors<DeveloperProfileInput> | undefined,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    watch,
    trigger,
    reset,
    control,
    formState: { errors },
  } = form;
  useServerErrors<DeveloperProfileInput>(result && result.ok === false ? result : undefined, setError);
  const { valueField, radioField } = registerWithDefaults(register, getValues);

  // Saved: the toast, and the form takes the stored values (trimmed, list items with their ids).
  useEffect(() => {
    if (result?.ok) notify("success", "Profile saved");
  }, [result]);
  // The version of the values shown: after a refused post without the scripts, the one it was
  // typed on (sent again, a stale save is refused again; decision 0059), until the form takes the
  // stored values below.
  const [formVersion, setFormVersion] = useState(() => postedVersion(posted.values, version));
  // Not the first run: the form starts with the values (those sent, after a refused post without the scripts).
  const shownValues = useRef(defaultValues);
  useEffect(() => {
    if (shownValues.current === defaultValues) return;
    shownValues.current = defaultValues;
    reset(defaultValues);
    setFormVersion(version);
  }, [defaultValues, version, reset]);

  // A field showing a message is checked again on every change, so a fix clears it at once.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      const field = name as FieldPath<DeveloperProfileInput> | undefined;
      if (field && getFieldState(field).error) void trigger(field);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, getFieldState]);

  // A field is checked when it is left. If the pointer is down (a click on Save or Add that took
  // the focus), the check waits until the click is over: a message appearing under the field must
  // not move the button away from under the pointer and lose the click.
  const pointerDown = useRef(false);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => setTimeout(() => (pointerDown.current = false));
    window.addEventListener("pointerdown", down, true);
    window.addEventListener("pointerup", up, true);
    window.addEventListener("pointercancel", up, true);
    return () => {
      window.removeEventListener("pointerdown", down, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", up, true);
    };
  }, []);
  function checkOnLeave(event: FocusEvent<HTMLFormElement>) {
    const target: { name?: unknown } = event.target;
    if (typeof target.name !== "string" || !target.name) return;
    const name = target.name as FieldPath<DeveloperProfileInput>;
    const check = () => {
      // Not a removed entry's field.
      if (getValues(name) !== undefined) void trigger(name);
    };
    if (!pointerDown.current) return check();
    const after = () => {
      window.removeEventListener("pointerup", after, true);
      window.removeEventListener("pointercancel", after, true);
      setTimeout(check);
    };
    window.addEventListener("pointerup", after, true);
    window.addEventListener("pointercancel", after, true);
  }

  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const bio = watch("bio") ?? "";
  const skills = watch("skills") ?? [];
  const availability = watch("availability");
  const listProps = { control, register, setValue, getValues, errors };

  return (
    // method="post": sent before the scripts run (a slow phone) or without them, the fields go to the
    // action by their names, never into the address as a GET that saves nothing (docs/product.md, Look and feel).
    <form
      method="post"
      noValidate
      onBlur={checkOnLeave}
      onSubmit={handleSubmit((values) =>
        submit({ ...values, ...(formVersion !== undefined ? { version: formVersion } : {}) } as never, { method: "post", encType: "application/json" }),
      )}
      className="space-y-6"
    >
      {/* Sent without the scripts too, so a stale save is refused either way (docs/product.md, Developers). */}
      {formVersion !== undefined ? <input type="hidden" name="version" value={formVersion} /> : null}
      <FormAlert result={posted.message ? { ok: false, message: posted.message } : null} />
      <Section title="About you" description="What clients see first on your card and profile.">
        <Field id="title" label="Professional title" error={errors.title?.message} hint={'Shown under your name. Empty shows "Full-Stack Developer".'}>
          <Input
            id="title"
            className="scroll-mt-28"
            maxLength={80}
            placeholder="e.g. Flutter developer for fintech apps"
            invalid={!!errors.title}
            aria-describedby="title-error"
            {...valueField("title")}
          />
        </Field>
        <Field id="bio" label="Bio" error={errors.bio?.message}>
          <Textarea
            id="bio"
            className="scroll-mt-28"
            rows={6}
            maxLength={MAX_BIO + PASTE_ROOM}
            placeholder="Who you are, what you build, and the clients you have helped."
            invalid={!!errors.bio}
            aria-describedby="bio-error bio-count"
            {...valueField("bio")}
          />
          <p id="bio-count" className="flex justify-between gap-2 text-xs text-slate-600">
            <span>{bio.trim().length < 50 ? "At least 50 characters make a complete bio." : "Looks good."}</span>
            <span className={bio.trim().length >= 50 ? "text-brand-700" : undefined}>
              {bio.length} / {MAX_BIO}
            </span>
          </p>
        </Field>
      </Section>

      <Section title="Location, rate and response time">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="city" label="City" error={errors.city?.message}>
            <Select id="city" className="scroll-mt-28" invalid={!!errors.city} aria-describedby="city-error" {...valueField("city")}>
              <option value="">Choose your city</option>
              {LOCATIONS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="hourlyRate" label="Hourly rate (rand)" error={errors.hourlyRate?.message} hint={'Leave empty to show "Rate on request".'}>
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
                R
              </span>
              <Input
                id="hourlyRate"
                inputMode="decimal"
                autoComplete="off"
                className="scroll-mt-28 pl-8 pr-16"
                placeholder="e.g. 450"
                invalid={!!errors.hourlyRate}
                aria-describedby="hourlyRate-error"
                {...valueField("hourlyRate")}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500" aria-hidden="true">
                /hour
              </span>
            </div>
          </Field>
          <Field
            id="responseTime"
            label="Response time"
            error={errors.responseTime?.message}
            hint={`How quickly you usually reply. Empty shows "${DEFAULT_RESPONSE_TIME}".`}
          >
            <Select id="responseTime" invalid={!!errors.responseTime} {...valueField("responseTime")}>
              <option value="">Not set</option>
              {RESPONSE_TIMES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Availability</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {AVAILABILITIES.map((a) => (
              <label key={a} className={choice(availability === a)}>
                <input type="radio" className="sr-only" {...radioField("availability", a)} />
                <span className="text-sm font-semibold">{AVAILABILITY_LABELS[a]}</span>
                <span className="text-xs text-slate-600">
                  Badge "{AVAILABILITY_BADGES[a]}". {AVAILABILITY_HINTS[a]}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="availability-error" message={errors.availability?.message} />
        </fieldset>
      </Section>

      <Section id="skills" title="Skills" description="Clients filter developers by these. Pick from the suggestions or type your own.">
        <SkillsField
          skills={skills}
          getSkills={() => getValues("skills") ?? []}
          onChange={(next) => setValue("skills", next, { shouldValidate: true, shouldDirty: true })}
          error={errors.skills?.message ?? (Array.isArray(errors.skills) ? errors.skills.find((s) => s?.message)?.message : undefined)}
        />
      </Section>

      <Section id="portfolio" title="Portfolio" description="Apps and sites you built. The first two show on your developer card.">
        <PortfolioList {...listProps} images={portfolioImages} />
      </Section>

      <Section id="experience" title="Experience" description="Jobs and contracts, newest first.">
        <ExperienceList {...listProps} />
      </Section>

      <Section id="certifications" title="Certifications">
        <CertificationList {...listProps} />
      </Section>

      <Section id="links" title="Links" description="Full https:// addresses.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="links.github" label="GitHub" error={errors.links?.github?.message}>
            <Input
              id="links.github"
              type="url"
              inputMode="url"
              placeholder="https://github.com/your-name"
              invalid={!!errors.links?.github}
              {...valueField("links.github")}
            />
          </Field>
          <Field id="links.linkedin" label="LinkedIn" error={errors.links?.linkedin?.message}>
            <Input
              id="links.linkedin"
              type="url"
              inputMode="url"
              placeholder="https://www.linkedin.com/in/your-name"
              invalid={!!errors.links?.linkedin}
              {...valueField("links.linkedin")}
            />
          </Field>
          <Field id="links.website" label="Website" error={errors.links?.website?.message} className="sm:col-span-2">
            <Input
              id="links.website"
              type="url"
              inputMode="url"
              placeholder="https://your-site.co.za"
              invalid={!!errors.links?.website}
              {...valueField("links.website")}
            />
          </Field>
        </div>
      </Section>

      {/* data-sticky-actions: focus scrolling keeps fields clear of this bar (app.css). */}
      <div
        data-sticky-actions
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
      >
        <ButtonLink to="/dashboard" variant="ghost">
          Skip for now
        </ButtonLink>
        <Button type="submit" busy={saving}>
          {saving ? "Saving..." : "Save profile"}
          {!saving ? <Check className="size-4" aria-hidden="true" /> : null}
        </Button>
      </div>
    </form>
  );
}
