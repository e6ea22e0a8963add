/**
 * The Content-Security-Policy nonce of the page (docs/decisions/0010-csp-nonces.md). The server
 * render gets it from app/entry.server.tsx through `NonceContext`; in the browser it is only
 * readable from an element's `nonce` property (browsers hide the attribute from the DOM, so CSS
 * cannot read it).
 */
import { createContext, useContext } from "react";

/** Provided by app/entry.server.tsx around the server render; undefined in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce to put on an inline <style> or <script> rendered on the server. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * Gives every <style> element created by the page's own scripts the page's nonce, so the
 * stylesheets that libraries add at run time (sonner's toasts, radix-ui's scroll lock) pass
 * `style-src 'nonce-...'`. Only script can call createElement, so markup injected into a page
 * gains nothing from it. Runs once, in the browser, before hydration (app/root.tsx).
 */
export function shareNonceWithRuntimeStyles(): void {
  const nonce = document.querySelector<HTMLElement>("#app-css, script[nonce]")?.nonce;
  if (!nonce) return;
  const create = document.createElement;
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  } as typeof document.createElement;
}
