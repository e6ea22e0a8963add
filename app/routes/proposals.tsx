import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/proposals";
import { requireUser } from "./guard.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Proposals | BuildZA" }];

export default function Page() {
  return (
    <ComingSoon title="Proposals" actions={<ButtonLink to="/projects">Browse Projects</ButtonLink>}>
      <p>The proposal system is coming soon: developers will send proposals and clients will compare and hire here.</p>
    </ComingSoon>
  );
}
