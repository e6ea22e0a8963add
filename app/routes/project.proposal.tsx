import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/project.proposal";
import { requireUser } from "./guard.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Proposal system coming soon! | BuildZA" }];

export default function Page() {
  return (
    <ComingSoon title="Proposal system coming soon!" actions={<ButtonLink to="/projects">Browse Projects</ButtonLink>}>
      <p>Sending proposals is not available yet. You can contact the client in the meantime.</p>
    </ComingSoon>
  );
}
