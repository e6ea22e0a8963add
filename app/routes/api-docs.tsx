/**
 * /api/docs: the reference of the BuildZA API, rendered on the server from the OpenAPI document
 * that /api/v1/openapi.json serves (server/api/openapi.ts), so the page and the document never
 * disagree. Operations grouped by tag, each with its parameters, body fields and answers.
 */
import { ContentPage } from "../components/layout/content-page";
import { originFrom, seoMeta } from "../lib/seo";
import type { Route } from "./+types/api-docs";
import { loadApiReference } from "./api-docs.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "API reference",
    description: "The BuildZA JSON API for scripts and apps: projects, proposals, developers, messages and notifications, with personal API tokens.",
    path: "/api/docs",
    origin: originFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadApiReference(context.deps);
}

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { groups, version } = loaderData;
  return (
    <ContentPage
      eyebrow="Developers"
      title="API reference"
      width="wide"
      prose={false}
      intro={
        <p>
          Use BuildZA from your own scripts and apps. Create a personal API token in{" "}
          <a className="font-medium text-brand-700 underline" href="/profile#api-tokens">
            Settings
          </a>{" "}
          and send it as <code className="rounded bg-slate-100 px-1 font-mono text-base">Authorization: Bearer &lt;token&gt;</code>.
        </p>
      }
      meta={
        <p>
          Version {version} · Machine-readable:{" "}
          <a className="font-medium text-brand-700 underline" href="/api/v1/openapi.json">
            OpenAPI 3.1 document
          </a>
        </p>
      }
    >
      <div className="space-y-4 text-slate-700">
        <p>
          Every path below starts with <code className="font-mono">/api/v1</code>. Bodies are JSON (
          <code className="font-mono">Content-Type: application/json</code>, at most 100 KB). Errors answer{" "}
          <code className="font-mono">{"{ error: { code, message, fields? } }"}</code>, where <code className="font-mono">fields</code> maps each invalid field
          to its message. Money is in whole rand; dates are ISO 8601. Each token may make 120 requests a minute; past that the answer is 429 with{" "}
          <code className="font-mono">Retry-After</code>. A token acts as its owner and sees only what its owner may see; it cannot delete the account.
        </p>
        <nav aria-label="API sections" className="flex flex-wrap gap-2">
          {groups.map((g) => (
            <a
              key={g.tag}
              href={`#${g.tag.toLowerCase()}`}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {g.tag}
            </a>
          ))}
        </nav>
      </div>
      {groups.map((group) => (
        <section key={group.tag} id={group.tag.toLowerCase()} aria-labelledby={`${group.tag.toLowerCase()}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${group.tag.toLowerCase()}-title`} className="text-2xl font-semibold tracking-tight text-slate-900">
            {group.tag}
          </h2>
          <div className="mt-4 space-y-4">
            {group.operations.map((op) => (
              <article key={`${op.method} ${op.path}`} id={op.id} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
                <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
                  <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_COLOURS[op.method] ?? "bg-slate-100 text-slate-900"}`}>{op.method}</span>
                  <code className="break-all font-mono text-sm">{op.path}</code>
                  <span className="font-normal text-slate-700">{op.summary}</span>
                </h3>
                <p className="mt-1 text-sm text-slate-600">
                  {op.public ? "Public; a token or session is optional." : "Needs a personal API token or a signed-in session."} {op.description}
                </p>
                {op.parameters.length > 0 ? <FieldTable caption="Parameters" rows={op.parameters.map((p) => ({ ...p, name: `${p.name} (${p.in})` }))} /> : null}
                {op.body.length > 0 ? <FieldTable caption="Body fields" rows={op.body} /> : null}
                <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  {op.responses.map((r) => (
                    <div key={r.status} className="contents">
                      <dt className="font-mono font-semibold text-slate-900">{r.status}</dt>
                      <dd className="text-slate-700">
                        {r.description}
                        {r.schema ? <span className="text-slate-600"> · {r.schema}</span> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              </article>
            ))}
          </div>
        </section>
      ))}
    </ContentPage>
  );
}

function FieldTable({ caption, rows }: { caption: string; rows: Array<{ name: string; type: string; required: boolean }> }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Required
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-4 font-mono text-slate-900">{r.name}</td>
              <td className="break-all py-1 pr-4 text-slate-700">{r.type}</td>
              <td className="py-1 text-slate-700">{r.required ? "Yes" : "No"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
