import { CircleCheck, Clock, HelpCircle, Mail } from "../components/ui/icons";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { CONTACT_EMAIL } from "../../shared/constants";
import type { supportMessageSchema } from "../../shared/schemas";
import { ContentPage } from "../components/layout/content-page";
import { Button } from "../components/ui/button";
import { Field, Input, Textarea } from "../components/ui/form";
import { useRouteForm } from "../lib/use-route-form";
import { useRootData } from "../root";
import { failure, readBody, retryAfterHeaders, submitSupportMessage } from "./support.server";
import type { Route } from "./+types/support";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Support",
    description: "Get help with your BuildZA account, projects and proposals. E-mail support, response times and answers to common questions.",
    path: "/support",
    origin: originFrom(matches),
  });

/** A refused message (429) answers with Retry-After. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

/** The contact form: stored and emailed to support (server/support/service.ts), rate limited per client address. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = await readBody(request);
    await submitSupportMessage({ db: context.deps.db, secret: context.deps.secret }, context.user, body, context.clientAddress);
    return { ok: true as const };
  } catch (err) {
    return failure(err);
  }
}

/** The form's schema, loaded when the form is first validated. */
const loadSchema = () => import("../../shared/schemas").then((m) => m.supportMessageSchema);

/** Name, email, subject and message; errors announced on their fields (role=alert, aria-describedby). */
function ContactForm() {
  const user = useRootData()?.user;
  const {
    register,
    onSubmit,
    busy,
    result,
    formState: { errors },
  } = useRouteForm<z.input<typeof supportMessageSchema>>(loadSchema, { name: user?.name ?? "", email: "", subject: "", message: "" }, "/support");
  if (result?.ok) {
    return (
      <div role="status" className="mt-5 flex gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
        <CircleCheck className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <p>Thank you. Your message has reached our support team and we will reply by e-mail within one business day.</p>
      </div>
    );
  }
  const failed = result && result.ok === false && !result.fields ? result.message : null;
  return (
    <Form method="post" action="/support" noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-labelledby="contact-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="support-name" label="Your name" error={errors.name?.message}>
          <Input id="support-name" autoComplete="name" invalid={!!errors.name} aria-describedby="support-name-error" {...register("name")} />
        </Field>
        <Field id="support-email" label="Email" error={errors.email?.message}>
          <Input
            id="support-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            invalid={!!errors.email}
            aria-describedby="support-email-error"
            {...register("email")}
          />
        </Field>
      </div>
      <Field id="support-subject" label="Subject" error={errors.subject?.message}>
        <Input id="support-subject" maxLength={120} invalid={!!errors.subject} aria-describedby="support-subject-error" {...register("subject")} />
      </Field>
      <Field
        id="support-message"
        label="Message"
        error={errors.message?.message}
        hint="At least 20 characters. Include links to the project or profile concerned."
      >
        <Textarea id="support-message" rows={6} maxLength={5000} invalid={!!errors.message} aria-describedby="support-message-error" {...register("message")} />
      </Field>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        {busy ? "Sending..." : "Send message"}
      </Button>
    </Form>
  );
}

const TOPICS = [
  { to: "/forgot-password", title: "I can't sign in", text: "Reset your password with a one-time link that is valid for one hour." },
  { to: "/dashboard", title: "Edit or remove my project", text: "Open the project from your dashboard and choose Edit Project." },
  { to: "/profile", title: "Update my profile or settings", text: "Change your name, skills, rates and links under Settings." },
  { to: "/how-it-works", title: "How proposals work", text: "The client and developer journeys, step by step." },
] as const;

/** Support: how to reach us, when we answer, and self-help links. */
export default function Support() {
  return (
    <ContentPage
      eyebrow="Help centre"
      title="How can we help?"
      intro={<p>Most questions are answered in the FAQ. If yours is not, e-mail us and a real person will reply.</p>}
      width="wide"
      prose={false}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-us" className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
          <h2 id="contact-us" className="text-xl font-semibold text-slate-900">
            Contact us
          </h2>
          <ul className="mt-5 space-y-5">
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">E-mail</p>
                <a
                  href={`mailto:${CONTACT_EMAIL}?subject=Support%20request`}
                  className="inline-flex min-h-11 items-center break-words font-medium text-brand-700 underline underline-offset-2"
                >
                  {CONTACT_EMAIL}
                </a>
              </div>
            </li>
            <li className="flex gap-3">
              <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <p className="font-medium text-slate-900">Response times</p>
                <p className="mt-1 leading-7 text-slate-700">
                  We answer within one business day, Monday to Friday, 08:00 to 17:00 (SAST), excluding South African public holidays. Reports of fraud or abuse
                  are handled first.
                </p>
              </div>
            </li>
          </ul>
          <h3 id="contact-form" className="mt-8 text-lg font-semibold text-slate-900">
            Send us a message
          </h3>
          <ContactForm />
          <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm leading-6 text-slate-700">
            <p className="font-medium text-slate-900">Help us help you faster</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-slate-400">
              <li>Write from the e-mail address of your account.</li>
              <li>Include the link to the project or profile concerned.</li>
              <li>Say what you expected to happen and what happened instead.</li>
              <li>Never send your password: we will never ask for it.</li>
            </ul>
          </div>
        </section>

        <section aria-labelledby="self-help" className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
          <h2 id="self-help" className="text-xl font-semibold text-slate-900">
            Common questions
          </h2>
          <ul className="mt-4 divide-y divide-slate-100">
            {TOPICS.map((topic) => (
              <li key={topic.title}>
                <Link to={topic.to} className="group block rounded-lg px-2 py-3 hover:bg-slate-50">
                  <span className="font-medium text-brand-700 group-hover:underline">{topic.title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{topic.text}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/faq"
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-100"
          >
            <HelpCircle className="size-5 text-slate-500" aria-hidden="true" />
            Read all FAQs
          </Link>
          <p className="mt-6 text-sm leading-6 text-slate-600">
            Questions about your personal information? See our{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              Privacy Policy
            </Link>{" "}
            or read the{" "}
            <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
              Terms of Service
            </Link>
            .
          </p>
        </section>
      </div>
    </ContentPage>
  );
}
