/**
 * The 503 answer while the database cannot be reached (docs/operations.md): JSON for the API, a
 * short self-contained page for a browser (it needs neither the database nor the React build), and
 * a plain 503 for React Router's `.data` requests, which the page's error boundary then shows.
 * Every form carries Retry-After and is never cached.
 */
import { UnavailableError } from "../errors";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The HTML page: what happened, that nothing was lost by looking, and how to go on. */
export function unavailablePage(options: { retryUrl: string; method: string }): string {
  const read = options.method === "GET" || options.method === "HEAD";
  const what = read ? "This page could not be loaded." : "What you just sent was not saved.";
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${read ? '<meta http-equiv="refresh" content="15">\n' : ""}<title>BuildZA is briefly unavailable</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}main{max-width:36rem;margin:0 auto;padding:5rem 1rem;text-align:center}h1{font-size:1.5rem}p{color:#475569}a{color:#0B6E4F;font-weight:600}</style>
</head>
<body>
<main>
<h1>BuildZA is briefly unavailable</h1>
<p>Part of our service is not responding right now. Please try again in a moment.</p>
<p>${what}${read ? " This page tries again by itself in a few seconds." : " Please go back and send it again in a moment."}</p>
<p><a href="${escapeHtml(options.retryUrl)}">Try again</a> &middot; <a href="/">Home page</a></p>
</main>
</body>
</html>
`;
}

/**
 * The 503 answer for a request to `url` with `method` (the JSON API under /api/, React Router's
 * `.data` requests, or a page).
 */
export function unavailableResponse(url: URL, method: string, err: UnavailableError = new UnavailableError()): Response {
  const headers = new Headers({ "Retry-After": String(err.retryAfter ?? 5), "Cache-Control": "no-store" });
  if (url.pathname.startsWith("/api/")) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ error: { code: err.code, message: err.message } }), { status: 503, headers });
  }
  if (url.pathname.endsWith(".data")) {
    // Without X-Remix-Response, React Router's client turns this into a 503 route error.
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(err.message, { status: 503, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const retryUrl = method === "GET" ? url.pathname + url.search : url.pathname;
  return new Response(method === "HEAD" ? null : unavailablePage({ retryUrl, method }), { status: 503, headers });
}
