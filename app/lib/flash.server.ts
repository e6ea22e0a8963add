/**
 * One-time messages carried across a redirect in a short-lived cookie, shown as a toast by the
 * root route (docs/product.md, Screens: "Welcome back!", "Project created successfully!", ...).
 */
import { createCookie } from "react-router";
import { loadConfig } from "../../server/config";

export interface Flash {
  type: "success" | "error" | "info";
  message: string;
}

const flashCookie = createCookie("flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

let secure: boolean | undefined;

/**
 * Whether the cookie is Secure: when the public origin (APP_URL) is https, exactly like
 * better-auth's session cookie (server/auth/auth.ts), so behind a TLS-terminating proxy it is
 * never sent over plain http (docs/security.md).
 */
function isSecure(): boolean {
  secure ??= loadConfig().appUrl.startsWith("https://");
  return secure;
}

/** A Set-Cookie header value that carries `flash` to the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash, { secure: isSecure() });
}

/** Reads the flash of this request and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value !== "object" || typeof value.message !== "string") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0, secure: isSecure() }) };
}

/**
 * A redirect response that shows `flash` on arrival. The Set-Cookie values of `cookiesFrom`
 * (e.g. better-auth's session cookie) are carried over one by one.
 */
export async function redirectWithFlash(to: string, flash: Flash, cookiesFrom?: Headers): Promise<Response> {
  const headers = new Headers();
  for (const cookie of cookiesFrom?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash(flash));
  headers.set("Location", to);
  return new Response(null, { status: 302, headers });
}

/**
 * The payment a client came back from checkout with, carried across the redirect that drops
 * `?payment=` from the contract's address, so its notice is said once even without JavaScript
 * (docs/product.md, Payments "Funding"). Scoped to /contracts (a cookie scoped to one contract's
 * path would not reach its `.data` requests), so it names its contract too.
 */
const paymentReturnCookie = createCookie("payment-return", { httpOnly: true, sameSite: "lax", path: "/contracts", maxAge: 60 });

/** A Set-Cookie header value carrying payment `reference` (bz_...) of contract `contractId` to its next render. */
export function setPaymentReturn(contractId: string, reference: string): Promise<string> {
  return paymentReturnCookie.serialize({ contractId, reference }, { secure: isSecure() });
}

/**
 * The payment reference this request carries back to contract `contractId` (null when none, or it
 * is another contract's), and the header that clears it (null when there is nothing to clear).
 * The reference is only compared with the contract's own payments, so it needs no signature.
 */
export async function takePaymentReturn(request: Request, contractId: string): Promise<{ reference: string | null; clear: string | null }> {
  const value = (await paymentReturnCookie.parse(request.headers.get("Cookie"))) as { contractId?: unknown; reference?: unknown } | null;
  if (!value || typeof value !== "object" || value.contractId !== contractId || typeof value.reference !== "string") return { reference: null, clear: null };
  return { reference: value.reference, clear: await paymentReturnCookie.serialize("", { maxAge: 0, secure: isSecure() }) };
}
