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

/** Any origin: only used to tell whether a path stays on it. */
const HERE = "http://here.invalid";

/**
 * Where to go after login or registration: a path on this site, else `fallback`. The value is
 * parsed with the URL API as a browser would resolve it against this site (tabs and newlines
 * dropped, `\` read as `/`, dot segments resolved), and only a result on this same origin is
 * kept; the answer is that URL's own serialisation (path, query, fragment), so no control
 * character, `//host` or `/\host` reaches the Location header (docs/security.md, open redirects).
 */
export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (url.origin !== HERE || path.startsWith("//")) return fallback;
  return path;
}
