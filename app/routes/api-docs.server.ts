/** Server side of /api/docs: the OpenAPI document of /api/v1, flattened for the reference page. */
import type { AppDeps } from "../../server/context";
import { apiDocument } from "../../server/api/document";

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  format?: string;
  description?: string;
};

export interface DocField {
  name: string;
  type: string;
  required: boolean;
}

export interface DocOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** Whether it answers without a session or token. */
  public: boolean;
  parameters: Array<DocField & { in: string }>;
  body: DocField[];
  responses: Array<{ status: string; description: string; schema: string | null }>;
}

/** A short type label of a JSON schema ("string", "integer[]", "Project", "mobile | web | both"). */
function typeOf(s: Schema | undefined): string {
  if (!s) return "any";
  if (s.$ref) return s.$ref.split("/").pop() ?? "object";
  if (s.enum) return s.enum.map(String).join(" | ");
  if (s.anyOf) return s.anyOf.map(typeOf).join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (s.format) return `${s.type ?? "string"} (${s.format})`;
  return s.type ?? "object";
}

/** The operations of the API grouped by tag, in document order, plus the document's description. */
export async function loadApiReference(deps: AppDeps) {
  const doc = await apiDocument(deps);
  const groups = new Map<string, DocOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item as Record<string, unknown>)) {
      const op = raw as {
        operationId?: string;
        tags?: string[];
        summary?: string;
        description?: string;
        security?: Array<Record<string, string[]>>;
        parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
      };
      if (!op || typeof op !== "object" || !("responses" in op)) continue;
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const operation: DocOperation = {
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? "",
        public: (op.security ?? []).some((s) => Object.keys(s).length === 0),
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), type: typeOf(p.schema) })),
        body: Object.entries(bodySchema?.properties ?? {}).map(([name, s]) => ({
          name,
          type: typeOf(s),
          required: (bodySchema?.required ?? []).includes(name),
        })),
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
          const content = r.content ? Object.values(r.content)[0]?.schema : undefined;
          return { status, description: r.description ?? "", schema: content ? typeOf(content) : null };
        }),
      };
      const tag = op.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return { description: doc.info.description ?? "", version: doc.info.version, groups: [...groups].map(([tag, operations]) => ({ tag, operations })) };
}
