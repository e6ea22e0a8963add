/**
 * Server rendering of a page: React Router's default entry for Node, plus the Content-Security-Policy
 * nonce of this render (docs/decisions/0010-csp-nonces.md). server/http/app.ts makes the nonce,
 * hands it over in the load context and sends it in the Content-Security-Policy header; here it
 * goes on React Router's inline scripts (<ServerRouter nonce>, which <Scripts>, <ScrollRestoration>
 * and <Links> inherit), on React's own streaming scripts (renderToPipeableStream's `nonce`), and,
 * through NonceContext, on the inline stylesheet of app/root.tsx.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceContext } from "./lib/csp-nonce";
import { lowPriorityModulePreloads } from "./lib/preload-priority.server";
import { AppError, asUnavailable, log } from "./lib/log.server";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions, logged once with the request's logger (request id, user
 * id) instead of React Router's console output (ARCHITECTURE.md, Logging). A thrown response or a
 * typed 4xx error is an answer, not a fault; a database outage is a warning (docs/operations.md).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof AppError && error.status < 500) return;
  const path = new URL(request.url).pathname;
  const unavailable = asUnavailable(error);
  if (unavailable) log().warn({ event: "db.unavailable", path, cause: (unavailable.cause as Error | undefined)?.message }, "database unavailable");
  else log().error({ err: error, method: request.method, path }, "unexpected error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers wait for all content; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout`, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // The HTML with the module preloads at low priority (decision 0037); the end of the
          // render clears the abort timer.
          const body = lowPriorityModulePreloads(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject and are logged by React Router; these came while streaming.
          if (shellRendered) log().error({ err: error }, "page streaming failed");
        },
      },
    );
  });
}
