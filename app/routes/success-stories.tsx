import { ArrowRight, Quote } from "../components/ui/icons";
import { budgetRangeLabel, timelineLabel } from "../../shared/format";
import { CallToAction, ContentPage } from "../components/layout/content-page";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/success-stories";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Success stories",
    description: "South African businesses and developers on the apps they built together through BuildZA: from spaza-shop ordering to clinic bookings.",
    path: "/success-stories",
    origin: originFrom(matches),
  });

const STORIES = [
  {
    id: "kasi-wholesale",
    title: "A WhatsApp-simple ordering app for 140 spaza shops",
    client: "Lerato Mokoena, Kasi Wholesale",
    city: "Soweto, Johannesburg",
    developer: "Sipho Dlamini, Flutter developer in Durban",
    category: "E-commerce",
    platform: "Android app",
    budget: "R15000-R35000",
    timeline: "4-8",
    challenge:
      "Orders arrived as voice notes and SMSes, and stock was counted by hand. Mistakes meant wasted trips and lost sales for shop owners who run on tight margins.",
    built:
      "A light Android app that works on entry-level phones and patchy data: shop owners pick stock from their usual list, see prices in rand and confirm a delivery slot. Orders land on a simple web dashboard for the warehouse.",
    result: "Order errors fell sharply in the first month, and deliveries are now planned the evening before.",
    quote: "Five proposals by the next morning. We chose the developer who asked the best questions about our shop owners.",
  },
  {
    id: "boland-logistics",
    title: "Live delivery tracking for a Western Cape courier",
    client: "Pieter van der Merwe, Boland Logistics",
    city: "Stellenbosch, Western Cape",
    developer: "A two-person React and Node.js team in Cape Town",
    category: "Business",
    platform: "Mobile & Web",
    budget: "R35000-R75000",
    timeline: "8+",
    challenge: "Customers phoned the office all day to ask where their parcels were, and drivers filled in paper proof-of-delivery slips.",
    built:
      "A driver app with photo and signature proof of delivery that keeps working through load-shedding and signal gaps, plus a tracking page customers open from an SMS link.",
    result: "Calls to the office dropped, and invoices now go out the same day as delivery instead of at month-end.",
    quote: "We agreed milestones up front and signed each one off on our own phones. No surprises.",
  },
  {
    id: "ikhaya-clinic",
    title: "Online bookings for a family practice",
    client: "Dr Ayesha Patel, Ikhaya Family Clinic",
    city: "Pietermaritzburg, KwaZulu-Natal",
    developer: "Thabo Mahlangu, full-stack developer in Pretoria",
    category: "Healthcare",
    platform: "Web Application",
    budget: "R15000-R35000",
    timeline: "2-4",
    challenge: "The reception phone was engaged every morning from 07:30, and patients gave up before getting an appointment.",
    built:
      "A mobile-friendly booking site with SMS reminders and a daily schedule for reception, built with POPIA in mind: only the details the practice needs, stored securely.",
    result: "A large share of appointments are now booked online, many of them after hours, and no-shows are down thanks to reminders.",
    quote: "Thabo understood that patient information is sensitive and built accordingly from day one.",
  },
  {
    id: "learn-maths",
    title: "Grade 10-12 maths practice that works offline",
    client: "Nomvula Khumalo, Siyafunda Tutoring",
    city: "Polokwane, Limpopo",
    developer: "Ruan Botha, React Native developer in Bloemfontein",
    category: "Education",
    platform: "Mobile App",
    budget: "R5000-R15000",
    timeline: "4-8",
    challenge: "Learners in the tutoring programme could not afford the data to stream lessons or use online practice tools.",
    built:
      "A small app that downloads a term's worth of CAPS-aligned practice questions over Wi-Fi and works fully offline, syncing results when a connection is available.",
    result: "Learners practise every day between sessions, and tutors see who needs help before the next class.",
    quote: "The budget was small, but the proposals were serious. Ruan cut the scope to what mattered most.",
  },
] as const;

/** Success stories: a few projects built through BuildZA, with the problem, the build and the result. */
export default function SuccessStories() {
  return (
    <ContentPage
      eyebrow="Success Stories"
      title="Built in South Africa, through BuildZA"
      intro={<p>Small businesses, clinics and tutors on the apps they built with local developers, and what changed afterwards.</p>}
      width="wide"
      prose={false}
      aside={
        <CallToAction title="Your app could be next" text="Describe what you need and hear from qualified developers within 24 hours.">
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
        {STORIES.map((story) => (
          <article key={story.id} aria-labelledby={story.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 sm:p-8">
            <div className="flex flex-wrap gap-2">
              <Badge tone="green">{story.category}</Badge>
              <Badge>{story.platform}</Badge>
            </div>
            <h2 id={story.id} className="mt-4 text-xl font-semibold tracking-tight text-slate-900">
              {story.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {story.client} · {story.city}
            </p>
            <dl className="mt-5 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-slate-600">Budget</dt>
                <dd className="font-medium text-slate-900">{budgetRangeLabel(story.budget)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Timeline</dt>
                <dd className="font-medium text-slate-900">{timelineLabel(story.timeline)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-slate-600">Built by</dt>
                <dd className="font-medium text-slate-900">{story.developer}</dd>
              </div>
            </dl>
            <div className="mt-5 space-y-4 leading-7 text-slate-700">
              <div>
                <h3 className="font-semibold text-slate-900">The challenge</h3>
                <p className="mt-1">{story.challenge}</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900">What was built</h3>
                <p className="mt-1">{story.built}</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900">The result</h3>
                <p className="mt-1">{story.result}</p>
              </div>
            </div>
            <figure className="mt-6 border-l-4 border-brand-600 pl-4">
              <Quote className="size-5 text-brand-600" aria-hidden="true" />
              <blockquote className="mt-1 font-medium text-slate-900">
                <p>{story.quote}</p>
              </blockquote>
              <figcaption className="mt-1 text-sm text-slate-600">{story.client.split(",")[0]}</figcaption>
            </figure>
          </article>
        ))}
      </div>
    </ContentPage>
  );
}
