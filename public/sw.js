/**
 * BuildZA's service worker (docs/product.md, Offline; docs/decisions/0033-service-worker.md).
 * A plain static file, registered by app/lib/service-worker.ts after the page has loaded.
 *
 * - Hashed build assets (/assets/*) are cache-first: their names change with their content.
 * - Icons, favicon and manifest are network-first with the cached copy as fallback.
 * - A few pages (browse projects and developers, their detail pages, the home and content pages,
 *   and the signed-in user's conversations) are network-first: a page online is always fresh; the
 *   last copy is kept for when the connection drops. Anything else (API, auth, files, writes) is
 *   not touched and never cached.
 * - Pages answered with `Cache-Control: no-store` (signed in) go to the private cache, which is
 *   emptied whenever someone signs in, registers, signs out or changes the account, and when a
 *   page shows the session has ended. Public copies go to the public cache.
 * - Offline, a page not kept falls back to an offline page listing what was last seen.
 * - Caches carry VERSION in their names; activate deletes every other buildza-* cache.
 */
const VERSION = "v1";
const ASSETS = `buildza-assets-${VERSION}`;
const STATIC = `buildza-static-${VERSION}`;
const PUBLIC_PAGES = `buildza-pages-${VERSION}`;
const PRIVATE_PAGES = `buildza-private-${VERSION}`;
const CURRENT = [ASSETS, STATIC, PUBLIC_PAGES, PRIVATE_PAGES];
/** How many copies each cache keeps (oldest dropped first). */
const MAX_ASSETS = 80;
const MAX_PAGES = 40;
const STATIC_FILES = ["/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];

/** Pages kept for offline use (path only; the query is part of the cache key). */
const PUBLIC_PAGE = /^\/(?:|projects|projects\/[0-9a-f-]{36}|developers|developers\/[^/]+|how-it-works|faq|success-stories|terms|privacy)$/;
const PRIVATE_PAGE = /^\/messages(?:\/[0-9a-f-]{36})?$/;
/** Addresses that are not pages: the API (files included), exports, invoices, receipts, statements, anything with an extension. */
const DOWNLOAD = /^\/api\/|^\/profile\/export|^\/invoices\/|^\/receipts\/|^\/payouts\/|\.[a-z0-9]+$/i;
/** Requests that change who is signed in (or the account): the private cache goes at once. */
const ACCOUNT_CHANGE = /^\/(?:logout|login|register|reset-password|profile)(?:\.data)?$|^\/api\/auth\//;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC)
      .then((cache) => Promise.all(STATIC_FILES.map((path) => cache.add(path).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("buildza-") && !CURRENT.includes(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/**
 * `{ type: "keep", url }` from app/lib/service-worker.ts: the page that was open when the worker
 * first took over (its navigation did not pass through the worker) is fetched once and kept.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "keep" || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const kind = kindOf(url);
  if (kind) event.waitUntil(fetch(url.href, { credentials: "same-origin", redirect: "manual" }).then((response) => keep(url.href, response, kind)).catch(() => undefined));
});

/** Whether a page is kept, and where it may go: "public", "private" or null. */
function kindOf(url) {
  return PUBLIC_PAGE.test(url.pathname) ? "public" : PRIVATE_PAGE.test(url.pathname) ? "private" : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (ACCOUNT_CHANGE.test(url.pathname) && (request.method !== "GET" || url.pathname.startsWith("/api/auth/sign-out"))) {
    // Not answered here: the request goes to the network as usual, the private copies go first.
    event.waitUntil(caches.delete(PRIVATE_PAGES));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (STATIC_FILES.includes(url.pathname) || url.pathname.startsWith("/icons/")) {
    event.respondWith(networkFirstStatic(request));
  } else if (request.mode === "navigate" && !DOWNLOAD.test(url.pathname)) {
    // Pages only: API answers, files and downloads opened in a tab go straight to the network.
    event.respondWith(page(event, kindOf(url)));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    await trim(cache, MAX_ASSETS);
  }
  return response;
}

async function networkFirstStatic(request) {
  const cache = await caches.open(STATIC);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

/**
 * A navigation: network first. A kept page's answer is stored when it is a plain 200 HTML page
 * (never a redirect or one that sets a cookie); offline, the stored copy or the offline page.
 */
async function page(event, kind) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await storedPage(request, kind)) || offlinePage(request);
  }
  // Kept in the background: the page streams to the browser at once.
  event.waitUntil(keep(request.url, response.clone(), kind));
  return response;
}

/**
 * Keeps a copy of a page's answer when it is a plain 200 HTML page (never a redirect or an error).
 * A signed-in answer (`no-store`) goes to the private cache only; a private page answered by a
 * redirect (to /login: the session ended) empties the private cache.
 */
async function keep(url, response, kind) {
  if (kind === "private" && (response.type === "opaqueredirect" || response.redirected)) {
    await caches.delete(PRIVATE_PAGES);
    return;
  }
  if (!kind || !response.ok || response.type !== "basic" || response.redirected || !(response.headers.get("content-type") || "").startsWith("text/html")) return;
  const noStore = /no-store/.test(response.headers.get("cache-control") || "");
  const name = noStore ? PRIVATE_PAGES : kind === "public" ? PUBLIC_PAGES : null;
  if (!name) return;
  const cache = await caches.open(name);
  await cache.put(url, response);
  await trim(cache, MAX_PAGES);
}

async function storedPage(request, kind) {
  if (!kind) return null;
  // A signed-in copy first (it is the newest view of the same person), then the public one.
  for (const name of [PRIVATE_PAGES, PUBLIC_PAGES]) {
    const cache = await caches.open(name);
    const hit = (await cache.match(request.url)) || (await cache.match(request.url, { ignoreSearch: true }));
    if (hit) return hit;
  }
  return null;
}

/** Drops the oldest entries (Cache keys keep insertion order) past `max`. */
async function trim(cache, max) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - max; i++) await cache.delete(keys[i]);
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const text = (html) =>
  html
    // What screen readers skip (avatars' initials, icons) is not part of the item's name.
    .replace(/<(\w+)\b[^>]*\baria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const SECTIONS = [
  { path: "/projects", heading: "Projects", item: /^\/projects\/[0-9a-f-]{36}$/ },
  { path: "/developers", heading: "Developers", item: /^\/developers\/[^/]+$/ },
  { path: "/messages", heading: "My conversations", item: /^\/messages\/[0-9a-f-]{36}$/ },
];

/** What a kept browse page listed: the text and address of each item link, in page order. */
async function itemsOf(response, item) {
  const html = await response.text();
  const found = new Map();
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"?#]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const label = text(m[2]).slice(0, 140);
    if (item.test(m[1]) && label && !found.has(m[1])) found.set(m[1], label);
  }
  return [...found].slice(0, 20);
}

/** The offline page: the browse pages and conversations as last loaded, each item linked. */
async function offlinePage(request) {
  const sections = [];
  for (const section of SECTIONS) {
    for (const name of section.path === "/messages" ? [PRIVATE_PAGES] : [PRIVATE_PAGES, PUBLIC_PAGES]) {
      const cache = await caches.open(name);
      const hit = await cache.match(new URL(section.path, self.location.origin).href, { ignoreSearch: true });
      if (!hit) continue;
      const saved = hit.headers.get("date");
      const items = await itemsOf(hit, section.item);
      sections.push(
        `<section><h2>${section.heading}</h2>` +
          `<p class="when">As last loaded${saved ? ` on ${escapeHtml(new Date(saved).toUTCString())}` : ""}. <a href="${section.path}">Open the saved page</a></p>` +
          (items.length ? `<ul>${items.map(([href, label]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`).join("")}</ul>` : "<p>Nothing was listed.</p>") +
          `</section>`,
      );
      break;
    }
  }
  const body =
    `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>You are offline | BuildZA</title><meta name="robots" content="noindex">` +
    `<style>body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}main{max-width:42rem;margin:0 auto;padding:2rem 1rem}` +
    `h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.75rem}a{color:#0B6E4F}a:focus-visible{outline:3px solid #0B6E4F;outline-offset:2px}` +
    `li{margin:.4rem 0}.when{color:#475569;font-size:.9rem}</style></head><body><main>` +
    `<h1>You are offline</h1><p>We could not reach BuildZA, so <strong>${escapeHtml(new URL(request.url).pathname)}</strong> cannot be shown. ` +
    `Here is what you last saw on this device; it may be out of date. When you are back online, <a href="${escapeHtml(request.url)}">try again</a>.</p>` +
    (sections.length ? sections.join("") : "<p>Nothing has been saved on this device yet.</p>") +
    `</main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
