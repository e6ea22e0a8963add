import { ChevronDown } from "../components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONTACT_EMAIL, LOCATIONS, PRODUCT_NAME } from "../../shared/constants";
import { budgetRangeLabel } from "../../shared/format";
import { CallToAction, ContentPage } from "../components/layout/content-page";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/faq";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Frequently asked questions",
    description:
      "Answers to common questions about BuildZA: posting app projects, budgets in rand, proposals, choosing a developer, joining as a developer and your privacy.",
    path: "/faq",
    origin: originFrom(matches),
  });

const link = "font-medium text-brand-700 underline underline-offset-2";

const QUESTIONS: { q: string; a: ReactNode }[] = [
  {
    q: `What is ${PRODUCT_NAME}?`,
    a: (
      <p>
        {PRODUCT_NAME} is a South African marketplace for app and software projects. Clients describe the app or website they need and developers across the
        country send proposals. Clients can also browse developer profiles and contact developers directly.
      </p>
    ),
  },
  {
    q: "What does it cost to build an app in South Africa?",
    a: (
      <>
        <p>It depends on what the app must do. When you post a project you choose one of four ranges:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            <strong>{budgetRangeLabel("R5000-R15000")}</strong>: a basic app with core features
          </li>
          <li>
            <strong>{budgetRangeLabel("R15000-R35000")}</strong>: a standard app with advanced features
          </li>
          <li>
            <strong>{budgetRangeLabel("R35000-R75000")}</strong>: a complex app with custom features
          </li>
          <li>
            <strong>{budgetRangeLabel("R75000+")}</strong>: enterprise-level work
          </li>
        </ul>
        <p className="mt-2">Proposals tell you what each developer would charge for your specific brief.</p>
      </>
    ),
  },
  {
    q: "How quickly will I hear from developers?",
    a: (
      <p>
        Most projects receive their first proposals within 24 hours. A clear title, a detailed description and a realistic budget and timeline help developers
        respond quickly.
      </p>
    ),
  },
  {
    q: "How do I choose the right developer?",
    a: (
      <p>
        Compare ratings and reviews from earlier clients, portfolio items that resemble your app, experience, response time and hourly rate. Then message your
        shortlist and ask how they would approach your project. Our{" "}
        <Link to="/how-it-works" className={link}>
          How It Works
        </Link>{" "}
        page has more tips.
      </p>
    ),
  },
  {
    q: "Which kinds of projects can I post?",
    a: (
      <p>
        Mobile apps (iOS and Android), web applications and websites, or both together. Categories include e-commerce, education, healthcare, finance, food and
        drink, travel, entertainment, business and social apps.
      </p>
    ),
  },
  {
    q: "Where are the developers based?",
    a: (
      <p>
        Developers on {PRODUCT_NAME} work across South Africa, including {LOCATIONS.slice(0, -1).join(", ")} and {LOCATIONS[LOCATIONS.length - 1]}. Many work
        remotely, so your developer does not have to be in your city.
      </p>
    ),
  },
  {
    q: "Can I change my project after posting it?",
    a: (
      <p>
        Yes. Open your project from your dashboard and choose <strong>Edit Project</strong>. Only you, the owner, can edit or delete it.
      </p>
    ),
  },
  {
    q: "How do I join as a developer?",
    a: (
      <p>
        <Link to="/register?type=developer" className={link}>
          Create a developer account
        </Link>{" "}
        (choose <strong>Offer Services</strong>), then complete your profile: title, bio, city, skills, hourly rate, portfolio and experience. Complete profiles
        are contacted far more often.
      </p>
    ),
  },
  {
    q: "I forgot my password. What now?",
    a: (
      <p>
        Use{" "}
        <Link to="/forgot-password" className={link}>
          Forgot password
        </Link>{" "}
        on the login page. If the address has an account, we e-mail you a link to set a new password. The link works once and expires after one hour.
      </p>
    ),
  },
  {
    q: "How does paying a developer work?",
    a: (
      <p>
        When you accept a proposal, its milestones become a contract. You pay each milestone in advance and {PRODUCT_NAME} holds the money in escrow; the
        developer is paid only when you approve the delivered work. The developer receives the amount less {PRODUCT_NAME}&rsquo;s platform fee, shown on their
        statement and tax invoice, and withdraws it to a South African bank account.
      </p>
    ),
  },
  {
    q: "Can I use it when my connection drops?",
    a: (
      <p>
        Partly. Your browser keeps a copy of the project and developer lists, profiles and your conversations as you last opened them, so you can still read
        them offline. Anything you send needs a connection. The copies of your signed-in pages are removed when you sign out.
      </p>
    ),
  },
  {
    q: "How do I report a suspicious project or user?",
    a: (
      <p>
        Use the flag button on the project page and choose a reason; our team reviews every report. For anything else, e-mail{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
          {CONTACT_EMAIL}
        </a>
        . Never share passwords, one-time PINs or banking details with anyone.
      </p>
    ),
  },
  {
    q: "How is my personal information protected?",
    a: (
      <p>
        We process personal information in line with the Protection of Personal Information Act (POPIA). Passwords are stored only as strong one-way hashes.
        Read our{" "}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>{" "}
        for what we store, why, and your rights. Under Settings you can download everything we store about you, or delete your account.
      </p>
    ),
  },
];

/** Frequently asked questions as native disclosure widgets (<details>), so they work without JavaScript. */
export default function Faq() {
  return (
    <ContentPage
      eyebrow="Help centre"
      title="Frequently asked questions"
      intro={<p>Quick answers about posting projects, budgets, proposals and accounts.</p>}
      prose={false}
      aside={
        <div className="mx-auto max-w-3xl">
          <CallToAction title="Still have a question?" text="Our support team answers within one business day.">
            <ButtonLink to="/support">Contact support</ButtonLink>
          </CallToAction>
        </div>
      }
    >
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base">{q}</h2>
              <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="px-5 pb-5 leading-7 text-slate-700">{a}</div>
          </details>
        ))}
      </div>
    </ContentPage>
  );
}
