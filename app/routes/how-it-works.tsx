import { ArrowRight } from "../components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BUDGET_RANGES, PRODUCT_NAME } from "../../shared/constants";
import { budgetRangeLabel } from "../../shared/format";
import { CallToAction, ContentPage } from "../components/layout/content-page";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/how-it-works";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "How it works",
    description:
      "How BuildZA works for clients and developers: post your app project, get proposals from South African developers within 24 hours, choose and start building.",
    path: "/how-it-works",
    origin: originFrom(matches),
  });

interface Step {
  title: string;
  body: ReactNode;
}

const CLIENT_STEPS: Step[] = [
  {
    title: "Create a client account",
    body: (
      <>
        <Link to="/register">Sign up</Link> with your name and e-mail address and choose <strong>Hire Developers</strong>. It takes less than a minute.
      </>
    ),
  },
  {
    title: "Describe your app",
    body: (
      <>
        Give your project a clear title and explain what the app should do and for whom (at least 50 characters, but more detail brings better proposals).
        Choose the platform (mobile, web or both), list the key features, pick a budget range and a timeline, and add the skills you expect, such as Flutter,
        React or Payment Systems.
      </>
    ),
  },
  {
    title: "Receive proposals within 24 hours",
    body: (
      <>
        Your project appears on <Link to="/projects">Browse Projects</Link>, where qualified developers send proposals, usually within a day. You can also
        search <Link to="/developers">Find Developers</Link> yourself and contact people whose work you like.
      </>
    ),
  },
  {
    title: "Compare and shortlist",
    body: (
      <>
        Look at each developer's ratings and reviews, portfolio, experience, response time and hourly rate. Message your shortlist to ask questions: how they
        would approach the build, what they need from you and how they test.
      </>
    ),
  },
  {
    title: "Agree on the work and start building",
    body: (
      <>
        Agree on scope, milestones, price in rand and deadlines in writing before work starts, and keep the conversation on {PRODUCT_NAME} so there is a record
        of what was agreed. Accepting a proposal turns its milestones into a contract: you pay each milestone into escrow, and the developer is paid when you
        approve the work delivered for it.
      </>
    ),
  },
];

const DEVELOPER_STEPS: Step[] = [
  {
    title: "Create a developer account",
    body: (
      <>
        <Link to="/register?type=developer">Join as a developer</Link> and choose <strong>Offer Services</strong>.
      </>
    ),
  },
  {
    title: "Set up your profile",
    body: (
      <>
        Add your title, a short bio, your city, skills, hourly rate and availability, plus portfolio items, experience, certifications and links to GitHub,
        LinkedIn or your website. Clients decide on profiles: the more complete yours is, the more often you are contacted.
      </>
    ),
  },
  {
    title: "Find projects that fit",
    body: (
      <>
        <Link to="/projects">Browse Projects</Link> and filter by platform, category, budget and skills. Every budget is in rand and every client is in South
        Africa.
      </>
    ),
  },
  {
    title: "Send a tailored proposal",
    body: (
      <>
        Show that you read the brief: how you would build it, a realistic timeline, your price and one or two similar things you have built. Short, specific
        proposals win more work than long generic ones.
      </>
    ),
  },
  {
    title: "Deliver and grow your reputation",
    body: (
      <>
        Agree milestones with the client and deliver each one; when the client approves it, the money held in escrow moves to your balance less the platform
        fee, and you withdraw it to your bank account. Ask for a review when the work is done: good reviews and a high rating move you up when clients sort
        developers.
      </>
    ),
  },
];

function Steps({ id, title, intro, steps }: { id: string; title: string; intro: string; steps: Step[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{intro}</p>
      <ol className="mt-6 space-y-6">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            >
              {index + 1}
            </span>
            <div className="min-w-0 pt-0.5">
              <h3 className="font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How It Works: the client and developer journeys step by step, budgets and safety tips. */
export default function HowItWorks() {
  return (
    <ContentPage
      eyebrow="How It Works"
      title="From app idea to working product"
      intro={
        <p>{PRODUCT_NAME} connects South Africans who need an app or website built with local developers who build them. Here is what happens on each side.</p>
      }
      width="wide"
      prose={false}
      aside={
        <CallToAction title="Ready when you are" text="Post your project in about five minutes, or set up your developer profile.">
          <ButtonLink to="/projects/new">
            Post a Project
            <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/register?type=developer" variant="secondary">
            Join as Developer
          </ButtonLink>
        </CallToAction>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Steps id="for-clients" title="For clients" intro="You have an idea, a business problem or an app that needs rebuilding." steps={CLIENT_STEPS} />
        <Steps
          id="for-developers"
          title="For developers"
          intro="You build mobile or web software and want steady, well-described work."
          steps={DEVELOPER_STEPS}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="budgets" className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
          <h2 id="budgets" className="text-xl font-semibold text-slate-900">
            What does an app cost?
          </h2>
          <p className="mt-2 text-slate-600">Every project picks one of four budget ranges, so developers know what to expect.</p>
          <dl className="mt-5 divide-y divide-slate-100">
            {BUDGET_RANGES.map((range) => (
              <div key={range.code} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <dt className="font-semibold text-slate-900">{budgetRangeLabel(range.code)}</dt>
                <dd className="text-slate-600">{range.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="safety" className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
          <h2 id="safety" className="text-xl font-semibold text-slate-900">
            Working safely
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-7 text-slate-700 marker:text-slate-400">
            <li>Keep conversations and agreements on {PRODUCT_NAME}, so there is a record if something goes wrong.</li>
            <li>Agree on milestones and pay for work you have seen, not for promises.</li>
            <li>Never share passwords, one-time PINs or banking log-ins with anyone.</li>
            <li>
              Something looks wrong? Use the flag button on a project to report it, or{" "}
              <Link to="/support" className="font-medium text-brand-700 underline underline-offset-2">
                contact support
              </Link>
              .
            </li>
          </ul>
        </section>
      </div>
    </ContentPage>
  );
}
