/** One HTTP client for API tests: requests to an in-process app, as a browser on APP_URL sends them. */
import { APP_URL } from "./app";

export interface CallOptions {
  /** An object is sent as JSON; a string as it is (with `type`, default application/json). */
  body?: unknown;
  cookie?: string;
  /** Content-Type of a string body. */
  type?: string;
  /** The Origin header (default APP_URL; null for none, as a script outside a browser). */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A `call(method, path, options)` bound to `app`. */
export function apiClient(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }) {
  return function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const origin = options.origin === undefined ? APP_URL : options.origin;
    if (origin) headers.origin = origin;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] = options.type ?? "application/json";
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
}

/** The JSON body of `res`, typed. */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
