/** Session helpers for route loaders/actions; the session itself is resolved in server/http/app.ts. */
import { redirect, type AppLoadContext } from "react-router";
import type { SessionUser } from "../../server/context";

/**
 * The signed-in user, or a redirect to /login that remembers where the user wanted to go
 * (docs/product.md, Screens: protected pages redirect, remembering the original location).
 */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A same-site path to go to after login; anything else (absolute URLs, //host) becomes /dashboard. */
export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
