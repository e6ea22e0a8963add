/** Small pieces shared by the developer card and the developer profile. */
import { Star } from "../ui/icons";
import { AVAILABILITY_BADGES, type Availability } from "../../../shared/constants";
import { countLabel, formatRand, once } from "../../../shared/format";
import { Avatar as PersonPhoto } from "../ui/avatar";
import { Badge } from "../ui/badge";

/** Accent gold of docs/product.md, Look and feel, for stars only (never text). */
export const STAR_GOLD = "#F2A900";

/** "R450/hour", or "Rate on request" without a rate (docs/product.md, Screens). */
export function hourlyRateLabel(rate: number | null): string {
  return rate == null ? "Rate on request" : `${formatRand(rate)}/hour`;
}

/** "12 reviews", "1 review" (countLabel, Intl.PluralRules). */
export function reviewCountLabel(n: number): string {
  return countLabel(n, "review");
}

/**
 * The rating with its review count, or "New" for a developer with no reviews yet (a 0.0 rating
 * would read as a bad one; docs/product.md, Journeys).
 */
export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0)
    return (
      <span className="inline-flex items-center gap-1">
        <Badge tone="green">New</Badge>
        <span className="sr-only"> developer, not rated yet</span>
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1">
      <RatingValue rating={rating} />
      <span>({reviewCountLabel(reviewCount)})</span>
    </span>
  );
}

/** The avatar of a developer card ("md", lazy: cards below the fold) or profile ("lg"): photo or initial (ui/avatar). */
export function Avatar({ name, photoId, size = "md" }: { name: string; photoId?: string | null; size?: "md" | "lg" }) {
  return size === "lg" ? (
    <PersonPhoto name={name} photoId={photoId} px={96} className="size-16 text-2xl sm:size-24 sm:text-4xl" />
  ) : (
    <PersonPhoto name={name} photoId={photoId} px={48} lazy className="size-12 text-lg" />
  );
}

const AVAILABILITY_TONES = { available: "green", busy: "amber", unavailable: "grey" } as const;

/** Availability badge (docs/product.md, Lifecycles): Available green, Busy amber, Unavailable grey. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  return <Badge tone={AVAILABILITY_TONES[availability] ?? "grey"}>{AVAILABILITY_BADGES[availability] ?? availability}</Badge>;
}

/** One gold star and the rating to one decimal, e.g. "★ 4.8"; screen readers hear "Rated 4.8 out of 5". */
export function RatingValue({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <Star className="size-4 shrink-0" fill={STAR_GOLD} stroke={STAR_GOLD} aria-hidden="true" />
      <span className="font-semibold text-slate-900" aria-hidden="true">
        {rating.toFixed(1)}
      </span>
      <span className="sr-only">Rated {rating.toFixed(1)} out of 5</span>
    </span>
  );
}

/** Five stars, `rating` of them gold, with the accessible text "4 out of 5 stars". */
export function StarRating({ rating }: { rating: number }) {
  const filled = Math.round(Math.min(Math.max(rating, 0), 5));
  return (
    <span className="inline-flex items-center gap-0.5">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className="size-4" aria-hidden="true" fill={i < filled ? STAR_GOLD : "none"} stroke={i < filled ? STAR_GOLD : "#cbd5e1"} />
      ))}
      <span className="sr-only">{`${filled} out of 5 stars`}</span>
    </span>
  );
}

const yearMonthFormat = once(() => new Intl.DateTimeFormat("en-ZA", { month: "short", year: "numeric", timeZone: "UTC" }));

/** "2024-03" as "Mar 2024"; anything else is shown as it is. */
export function formatYearMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return value;
  return yearMonthFormat().format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
