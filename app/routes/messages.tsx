import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/messages";
import { requireUser } from "./guard.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | BuildZA" }];

export default function Page() {
  return (
    <ComingSoon title="Messages" actions={<ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>}>
      <p>Messaging between clients and developers is coming soon. You will be able to contact clients and developers from their projects and profiles.</p>
    </ComingSoon>
  );
}
