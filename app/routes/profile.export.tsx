import type { Route } from "./+types/profile.export";
import { exportMyData, requireUser } from "./profile.server";

/**
 * GET /profile/export: "Download my data" (POPIA access request) as the attachment
 * buildza-my-data.json: everything exportMyData finds about the signed-in user, no secrets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const body = JSON.stringify(await exportMyData(context.deps.db, user), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="buildza-my-data.json"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
