/**
 * Web security of the HTTP shell (docs/security.md, "Web security"): the public origin a request
 * was made to (behind a TLS-terminating proxy), the refusal of cross-origin writes, and the
 * security headers of every answer, including the Content-Security-Policy with a per-render nonce
 * (docs/decisions/0010-csp-nonces.md).
 */
import { randomBytes } from "node:crypto";
import type { AppConfig } from "../config";

type OriginConfig = Pick<AppConfig, "appUrl" | "appUrlSet" | "trustProxy">;

/** A Host / X-Forwarded-Host value: a name or IP literal and an optional port, nothing else. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The value a header got from the outermost trusted proxy: with n proxies that append, entry n
 * from the right (as for X-Forwarded-For, server/http/client-address.ts); a single value (a proxy
 * that overwrites, like nginx's `proxy_set_header`) is taken as it is.
 */
function forwarded(value: string | null, trustProxy: number): string | undefined {
  const chain = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!chain.length) return undefined;
  return chain[Math.max(0, chain.length - trustProxy)];
}

/**
 * The origin (`https://buildza.co.za`) the browser made this request to, which is what its
 * `Origin` header says for a same-origin request:
 * - APP_URL when it is set (config.appUrlSet): the one public origin, whatever Host a proxy sends
 *   (nginx's usual `proxy_set_header Host $host` drops a non-default port);
 * - else, with TRUST_PROXY > 0, from X-Forwarded-Proto, X-Forwarded-Host (else Host) and
 *   X-Forwarded-Port as the outermost trusted proxy sent them;
 * - else the URL as received (scheme of the socket, Host header).
 * A malformed forwarded value is ignored (the received origin is used).
 */
export function publicOrigin(received: URL, headers: Headers, config: OriginConfig): string {
  if (config.appUrlSet) return new URL(config.appUrl).origin;
  if (config.trustProxy <= 0) return received.origin;
  const proto = forwarded(headers.get("x-forwarded-proto"), config.trustProxy)?.toLowerCase();
  const scheme = proto === "https" || proto === "http" ? proto : received.protocol.slice(0, -1);
  const host = forwarded(headers.get("x-forwarded-host"), config.trustProxy) ?? headers.get("host") ?? received.host;
  const port = forwarded(headers.get("x-forwarded-port"), config.trustProxy);
  if (!HOST.test(host)) return received.origin;
  try {
    const url = new URL(`${scheme}://${host}`);
    if (port && /^\d{1,5}$/.test(port) && !/:\d+$/.test(host)) url.port = port;
    return url.origin;
  } catch {
    return received.origin;
  }
}

/** `received` with its origin replaced by `origin` (same method, headers, body and signal). */
export function withOrigin(request: Request, origin: string): Request {
  const received = new URL(request.url);
  if (received.origin === origin) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(`${origin}${received.pathname}${received.search}`, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    // Node's fetch Request needs this to take a stream body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a request must be refused as a cross-origin write, or null when it may go on. Safe methods
 * always go on. A write needs an `Origin` equal to `expectedOrigin`; without one (or with
 * `Origin: null`) a browser's `Sec-Fetch-Site` must say same-origin (or none: typed by the user).
 * Without either header the request is not a modern browser's (curl, a mail provider's one-click
 * unsubscribe POST); it carries no ambient cookies from another site, so it goes on.
 */
export function crossOriginWrite(method: string, headers: Headers, expectedOrigin: string): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  if (origin && origin !== "null") return origin === expectedOrigin ? null : `Origin ${origin}`;
  if (site) return site === "same-origin" || site === "none" ? null : `Sec-Fetch-Site ${site}`;
  return origin === "null" ? "Origin null" : null;
}

/** A fresh CSP nonce: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of an HTML page rendered with `nonce`: scripts and <style> elements
 * only from this origin or carrying the nonce (React Router's inline scripts, the inline
 * stylesheet of app/root.tsx); no plugins, no <base>, no framing, forms only to this origin.
 * `style-src-attr 'unsafe-inline'`: server-rendered `style` attributes (progress bar widths) are
 * markup-only, cannot run code or select other elements; nonces cannot cover attributes.
 * `formTargets`: other origins a form may lead to (a form-action also covers the redirect a form's
 * answer makes: the Fund button's redirect to the provider's checkout; paymentFormTargets).
 */
export function documentCsp(nonce: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...formTargets].join(" "),
  ].join("; ");
}

/** Paystack's hosted checkout, where the Fund button's form redirects with PAYMENTS_PROVIDER=paystack. */
export const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";

/** The origins outside ours a page's forms lead to: Paystack's checkout when it is the provider (the test provider's checkout is ours). */
export function paymentFormTargets(config: Pick<AppConfig, "payments">): string[] {
  return config.payments.provider === "paystack" ? [PAYSTACK_CHECKOUT_ORIGIN] : [];
}
/**
 * The policy of /sw.js (public/sw.js, docs/decisions/0033): a service worker's own fetches
 * (pages, assets) are governed by its script's policy, so it may connect to this origin only.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The policy of every answer that is not an HTML page (JSON, .data, files, errors): nothing runs. */
export const BASELINE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers every answer carries (docs/security.md): no MIME sniffing, no framing (old browsers),
 * the referrer reduced to the origin for other sites, powerful features off, and HSTS when the
 * public origin (APP_URL) is https.
 */
export function securityHeaders(config: Pick<AppConfig, "appUrl" | "appUrlSet">): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
  ];
  if (config.appUrlSet && config.appUrl.startsWith("https://")) headers.push(["Strict-Transport-Security", "max-age=31536000"]);
  return headers;
}
