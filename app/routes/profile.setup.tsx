import { ComingSoon } from "../components/layout/coming-soon";
import { ButtonLink } from "../components/ui/button";
import type { Route } from "./+types/profile.setup";
import { requireUser } from "./guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Set up your profile | BuildZA" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { name: user.name };
}

/** Developer landing after registration (spec section 2). The full profile form is the next step. */
export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoon
      title={`Welcome, ${loaderData.name}! Profile setup is next`}
      actions={
        <>
          <ButtonLink to="/projects">Browse Projects</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Go to Dashboard
          </ButtonLink>
        </>
      }
    >
      <p>
        Your developer account is ready. Setting up your public profile (title, bio, city, hourly rate in rand, skills, portfolio and
        experience) is the next step, and it is coming to this page shortly.
      </p>
      <p>Meanwhile you can browse the projects South African clients have posted.</p>
    </ComingSoon>
  );
}
