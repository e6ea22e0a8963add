import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/developers";

export const meta: Route.MetaFunction = () => [{ title: "Find Developers | BuildZA" }];

export default function Page() {
  return (
    <ComingSoon title="Find Developers" actions={<ButtonLink to="/projects">Browse Projects</ButtonLink>}>
      <p>The developer directory is being built: soon you can search South African developers by skill, city, rating and availability.</p>
    </ComingSoon>
  );
}
