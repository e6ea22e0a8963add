import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "./auth.server";

/** GET /logout just goes home; signing out is a POST (no logout by a cross-site link). */
export function loader() {
  return redirect("/");
}

/** Ends the session on the server and returns to / (docs/product.md, Screens). */
export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await signOut(context.deps.auth, request.headers);
  const headers = new Headers({ Location: "/" });
  for (const cookie of cleared.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}
