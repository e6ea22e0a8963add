import { Clock, HelpCircle, Mail } from "lucide-react";
import { Link } from "react-router";
import { CONTACT_EMAIL, PRODUCT_NAME } from "../../shared/constants";
import { ContentPage } from "../components/layout/content-page";
import type { Route } from "./+types/support";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    fullTitle: `Support - ${PRODUCT_NAME}`,
    title: "Support",
    description: "Get help with your BuildZA account, projects and proposals. E-mail support, response times and answers to common questions.",
    path: "/support",
    origin: originFrom(matches),
  });

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
                  className="inline-flex min-h-11 items-center break-all font-medium text-brand-700 underline underline-offset-2"
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
