/**
 * /clients/:id: a client's record as developers see it (docs/product.md, Trust and safety): the
 * About the Client figures and the reviews developers wrote (only visible ones: blind reviews).
 */
import { BadgeCheck, Briefcase, CalendarDays, ShieldAlert } from "../components/ui/icons";
import { data } from "react-router";
import { formatDate } from "../../shared/format";
import { StarRating } from "../components/developers/developer-bits";
import { BlockButton } from "../components/trust/block-button";
import { Avatar } from "../components/ui/avatar";
import type { Route } from "./+types/client";
import { blockState, getClientReputation, listClientReviews, NotFoundError } from "./client.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const client = await getClientReputation(context.deps.db, params.id);
    const me = context.user;
    // Signed-in visitors other than the client may block them (docs/product.md, Trust and safety, Blocking).
    const viewer = { canBlock: me !== null && me.id !== client.id, block: await blockState(context.deps.db, me?.id, client.id) };
    return { client, reviews: await listClientReviews(context.deps.db, client.id), viewer };
  } catch (err) {
    if (err instanceof NotFoundError) throw data("Client not found", { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.client.name ?? "Client"} | BuildZA` }];

export default function ClientProfile({ loaderData }: Route.ComponentProps) {
  const { client, reviews, viewer } = loaderData;
  const blockedByMe = viewer.block === "byMe" || viewer.block === "both";
  const figures: Array<[string, string]> = [
    ["Projects posted", String(client.projectsPosted)],
    ["Hires", String(client.hires)],
    ["Hire rate", client.hireRate === null ? "-" : `${client.hireRate}%`],
    ["Completed projects", String(client.completedProjects)],
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar name={client.name} photoId={client.photoId} px={56} className="size-14 text-2xl" />
          <div className="min-w-0 flex-1">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{client.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {client.reviewCount > 0 ? (
                <>
                  <StarRating rating={client.rating} /> {client.rating.toFixed(1)} from {client.reviewCount} developer review
                  {client.reviewCount === 1 ? "" : "s"}
                </>
              ) : (
                "No reviews from developers yet"
              )}
            </p>
          </div>
          {viewer.canBlock ? (
            <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:w-auto sm:flex-col sm:items-end">
              {blockedByMe ? <p className="text-sm text-slate-600">You blocked {client.name}.</p> : null}
              <BlockButton userId={client.id} name={client.name} blocked={blockedByMe} />
            </div>
          ) : null}
        </div>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            {client.emailVerified ? (
              <BadgeCheck className="size-4 text-brand-600" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-4 text-slate-400" aria-hidden="true" />
            )}
            {client.emailVerified ? "Verified account" : "Email not verified"}
          </li>
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 text-slate-400" aria-hidden="true" /> Member since {new Date(client.memberSince).getFullYear()}
          </li>
        </ul>
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                <Briefcase className="size-3.5" aria-hidden="true" /> {label}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Reviews from developers</h2>
      {reviews.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-slate-900">{r.developerName}</p>
                <StarRating rating={r.rating} />
              </div>
              <p className="text-sm text-slate-500">
                {r.projectTitle} · {formatDate(r.createdAt)}
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-slate-700">{r.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
