import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/developer";

export const meta: Route.MetaFunction = () => [{ title: "Developer profile | BuildZA" }];

export default function Page() {
  return (
    <ComingSoon title="Developer profile" actions={<ButtonLink to="/projects">Browse Projects</ButtonLink>}>
      <p>Public developer profiles arrive with the developer directory.</p>
    </ComingSoon>
  );
}
