/** Server side of the developer profile (/developers/{id}). */
import type { SessionUser } from "../../server/context";
import type { Db } from "../../server/db/client";
import { blockState, type BlockState } from "../../server/blocks/service";
import { getDeveloper, listDeveloperReviews, type Developer, type Review } from "../../server/developers/service";
import { NotFoundError } from "../../server/errors";
import { isDeveloperSaved } from "../../server/favourites/service";
import { invitableProjects, type InvitableProject } from "../../server/invitations/service";

export { domainDeps } from "../../server/context";
export { setDeveloperSaved } from "../../server/favourites/service";
export { inviteDeveloper } from "../../server/invitations/service";
export { failure, readBody, retryAfterHeaders } from "../lib/action.server";
export { requireUser, safeRedirect } from "../lib/session.server";

/** Most reviews the profile shows; the tab count then uses the developer's reviewCount. */
export const PROFILE_REVIEWS = 50;

export interface DeveloperProfileData {
  developer: Developer;
  reviews: Review[];
  /** How many reviews the developer has (all of them, not only the ones shown). */
  reviewTotal: number;
  /** What the viewer may do here (docs/product.md, Who may do what). */
  viewer: { isOwner: boolean; canContact: boolean; signedIn: boolean; isClient: boolean; block: BlockState };
  /** Whether the signed-in client saved this developer (docs/product.md, Journeys "Favourites"). */
  saved: boolean;
  /** A client's open projects to invite the developer to, with who was already invited or proposed; [] for others. */
  invitable: InvitableProject[];
}

/**
 * The developer `id` and their reviews (read in parallel), or null when there is no such active
 * developer. Any other failure throws.
 */
export async function loadDeveloperProfile(db: Db, id: string, user: SessionUser | null): Promise<DeveloperProfileData | null> {
  let developer: Developer;
  let reviews: Review[];
  try {
    [developer, reviews] = await Promise.all([getDeveloper(db, id), listDeveloperReviews(db, id, PROFILE_REVIEWS)]);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const isOwner = user !== null && user.id === developer.id;
  const isClient = user?.userType === "client";
  const [saved, invitable] = isClient ? await Promise.all([isDeveloperSaved(db, user, developer.id), invitableProjects(db, user, developer.id)]) : [false, []];
  // A block either way hides Contact (docs/product.md, Trust and safety, Blocking).
  const block = await blockState(db, user?.id, developer.id);
  return {
    saved,
    invitable,
    developer,
    reviews,
    reviewTotal: reviews.length < PROFILE_REVIEWS ? reviews.length : Math.max(developer.reviewCount, reviews.length),
    viewer: { isOwner, canContact: user !== null && !isOwner && block === "none", signedIn: user !== null, isClient, block },
  };
}
