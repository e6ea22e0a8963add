/**
 * Server side of the header: unread messages and notifications and the profile photo of the
 * signed-in user, in one query (docs/product.md, Messages and notifications).
 */
import type { AppLoadContext } from "react-router";
import { headerState } from "../../server/messages/service";

type HeaderState = Awaited<ReturnType<typeof headerState>>;

/** One request's header state, by its load context (every loader of a request gets the same object). */
const perRequest = new WeakMap<AppLoadContext, Promise<HeaderState>>();

/**
 * The signed-in user's header state for this request, read once however many loaders ask (the
 * root loader for the header, /dashboard for its Messages tile); null when signed out. The
 * promise rejects as headerState does.
 */
export function requestHeaderState(context: AppLoadContext): Promise<HeaderState> | null {
  if (!context.user) return null;
  let state = perRequest.get(context);
  if (!state) {
    state = headerState(context.deps.db, context.user.id);
    perRequest.set(context, state);
  }
  return state;
}
