import { Form } from "react-router";
import { ComingSoon } from "../components/layout/coming-soon";
import { Button } from "../components/ui/button";
import type { Route } from "./+types/profile";
import { requireUser } from "./guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings | BuildZA" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { name: user.name, email: user.email, userType: user.userType };
}

/** Settings (spec: /profile labelled Settings). Account details now; editing arrives with the profile work. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoon
      title="Settings"
      actions={
        <Form method="post" action="/logout">
          <Button type="submit" variant="secondary">
            Sign Out
          </Button>
        </Form>
      }
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="text-slate-500">Name</dt>
        <dd>{loaderData.name}</dd>
        <dt className="text-slate-500">Email</dt>
        <dd className="break-all">{loaderData.email}</dd>
        <dt className="text-slate-500">Account type</dt>
        <dd>{loaderData.userType === "developer" ? "Developer (Offer Services)" : "Client (Hire Developers)"}</dd>
      </dl>
      <p className="text-sm text-slate-600">Changing your name or password, downloading your data and deleting your account are coming to this page.</p>
    </ComingSoon>
  );
}
