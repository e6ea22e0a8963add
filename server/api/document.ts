/** The OpenAPI document of /api/v1 for the /api/docs page, generated once per process from the API app. */
import type { Hono } from "hono";
import type { AppDeps } from "../context";
import { openApiDocument } from "./openapi";
import { createApiV1 } from "./v1";

let cached: ReturnType<typeof openApiDocument> | null = null;

/** The same document /api/v1/openapi.json answers (server/api/openapi.ts). */
export function apiDocument(deps: AppDeps): ReturnType<typeof openApiDocument> {
  cached ??= openApiDocument(createApiV1(deps) as unknown as Hono<never>);
  return cached;
}
