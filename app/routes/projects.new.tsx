import { EMPTY_PROJECT, ProjectForm } from "../components/projects/project-form";
import type { Route } from "./+types/projects.new";
import { AppError, createProject, failure, readBody, redirectWithFlash, requireUser } from "./project-write.server";

export const meta: Route.MetaFunction = () => [{ title: "Post a project | BuildZA" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  try {
    const project = await createProject(context.deps.db, user, await readBody(request));
    return redirectWithFlash(`/projects/${project.id}`, { type: "success", message: "Project created successfully!" });
  } catch (err) {
    // docs/product.md, Messages and errors: "Failed to create project" unless a field says what is wrong.
    if (err instanceof AppError && !err.fields) return failure(new AppError(err.status, err.code, "Failed to create project"));
    return failure(err);
  }
}

export default function NewProject() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Post a project</h1>
      <p className="mt-1 text-slate-600">Tell developers what you want built. It takes about five minutes.</p>
      <div className="mt-6">
        <ProjectForm defaultValues={EMPTY_PROJECT} mode="create" />
      </div>
    </div>
  );
}
