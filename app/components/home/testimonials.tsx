import { Star } from "../ui/icons";

const TESTIMONIALS = [
  {
    quote:
      "I posted our stock-ordering app for the spaza shops we supply on a Monday and had five solid proposals by Tuesday morning. The developer we chose delivered the Android app in six weeks.",
    name: "Lerato Mokoena",
    role: "Founder, Kasi Wholesale",
    city: "Soweto, Johannesburg",
  },
  {
    quote:
      "Our developer's proposal split the work into milestones with an amount for each, and we agreed every change in the project's messages. We always knew what the next payment was for.",
    name: "Pieter van der Merwe",
    role: "Operations Manager, Boland Logistics",
    city: "Stellenbosch, Western Cape",
  },
  {
    quote:
      "As a Flutter developer I used to rely on word of mouth. Now I find serious clients who already know their budget in rand, and my profile does the selling for me.",
    name: "Sipho Dlamini",
    role: "Freelance mobile developer",
    city: "Umhlanga, Durban",
  },
] as const;

/** Five gold stars with a text equivalent for screen readers. */
function FiveStars() {
  return (
    <div className="flex gap-0.5" role="img" aria-label="Rated 5 out of 5">
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} className="size-4 fill-accent-500 text-accent-500" aria-hidden="true" />
      ))}
    </div>
  );
}

/** Three static testimonials from clients and a developer (docs/product.md). */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-[1200px] px-4 pb-14 sm:px-6 sm:pb-20">
      <div className="max-w-2xl">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Trusted by South African builders
        </h2>
        <p className="mt-3 text-lg text-slate-600">Clients and developers on what working through BuildZA is like.</p>
      </div>
      <ul className="mt-10 grid gap-4 md:grid-cols-3 md:gap-6">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6">
              <FiveStars />
              <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                <p>&ldquo;{t.quote}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
                >
                  {t.name.charAt(0)}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-600">
                    {t.role} · {t.city}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
