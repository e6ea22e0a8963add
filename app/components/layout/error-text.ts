/**
 * What the root error page says for an error a loader threw (docs/product.md, Messages and errors:
 * "Error pages"). An HTTP error carries the server's own message as its body (a string, or
 * `{ message }` from `orHttpError` in app/lib/action.server.ts); a 4xx page shows it under a title
 * for its status. A 5xx or a thrown exception shows a generic text and never the error's details.
 * `statusText` is not used: React Router fills it with the standard reason phrase (or a wrong one:
 * "Internal Server Error" on a 403), which reads as a fault of ours.
 */
import { isRouteErrorResponse } from "react-router";

/** The error page's heading and sentence, and whether it is our fault (then a reference is shown). */
export interface ErrorText {
  title: string;
  detail: string;
  unexpected: boolean;
}

const BY_STATUS: Record<number, { title: string; detail: string }> = {
  400: { title: "This link is not valid", detail: "Check the address and try again." },
  401: { title: "Please sign in", detail: "Sign in to see this page." },
  403: { title: "You can't open this page", detail: "It belongs to another account." },
  404: { title: "Page not found", detail: "The page you are looking for does not exist." },
  // The database could not be reached while loading this page's data (docs/operations.md).
  503: { title: "BuildZA is briefly unavailable", detail: "Part of our service is not responding right now. Please try again in a moment." },
};
const GENERIC = { title: "Something went wrong", detail: "Please try again in a moment." };

/** The server's message in an error response's body: a non-empty string, or `{ message }`. */
function messageOf(data: unknown): string | null {
  const text = typeof data === "string" ? data : (data as { message?: unknown } | null)?.message;
  return typeof text === "string" && text.trim() && text.length <= 300 ? text.trim() : null;
}

/** The title, sentence and "unexpected" flag for `error` (anything a route may throw). */
export function errorText(error: unknown): ErrorText {
  if (!isRouteErrorResponse(error) || error.status >= 500) {
    const known = isRouteErrorResponse(error) ? BY_STATUS[error.status] : undefined;
    return { ...(known ?? GENERIC), unexpected: true };
  }
  const known = BY_STATUS[error.status] ?? GENERIC;
  return { title: known.title, detail: messageOf(error.data) ?? known.detail, unexpected: false };
}
