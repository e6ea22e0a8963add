/**
 * One-time messages carried across a redirect in a short-lived cookie, shown as a toast by the
 * root route (docs/product.md, Screens: "Welcome back!", "Project created successfully!", ...).
 */
import { createCookie } from "react-router";

export interface Flash {
  type: "success" | "error" | "info";
  message: string;
}

const flashCookie = createCookie("flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

/** A Set-Cookie header value that carries `flash` to the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** Reads the flash of this request and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value !== "object" || typeof value.message !== "string") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0 }) };
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
