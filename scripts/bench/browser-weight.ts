/**
 * Page weight as a real Chromium downloads it (issue 17): the HTML weight of scripts/bench/weight.ts
 * misses the JavaScript files that load after hydration (lazy routes, dialogs, toasts). Each page is
 * opened in a fresh context (empty cache), optionally signed in, and every response is counted by
 * its encoded body size (bytes on the wire, as the browser's own network log reports them) until
 * the load event plus 3 s, for the chunks loaded after hydration.
 */
import { chromium, type Browser } from "playwright-core";
// One list of Chromium flags for the end-to-end tests and the bench.
import { CHROMIUM_ARGS } from "../../tests/e2e/support";

export interface BrowserWeight {
  path: string;
  signedIn: boolean;
  /** Encoded (on the wire) body bytes per kind. */
  htmlBytes: number;
  jsBytes: number;
  cssBytes: number;
  otherBytes: number;
  jsFiles: number;
  requests: number;
}

/** Weighs each of `paths` on `baseUrl`; `cookie` (name=value) signs the context in. */
export async function weighInChromium(baseUrl: string, paths: string[], cookie?: string): Promise<BrowserWeight[]> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const out: BrowserWeight[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (cookie) {
        const [name, ...rest] = cookie.split("=");
        await context.addCookies([{ name: name!, value: rest.join("="), url: baseUrl }]);
      }
      const page = await context.newPage();
      const pending: Array<Promise<void>> = [];
      const w: BrowserWeight = { path, signedIn: Boolean(cookie), htmlBytes: 0, jsBytes: 0, cssBytes: 0, otherBytes: 0, jsFiles: 0, requests: 0 };
      page.on("requestfinished", (request) => {
        pending.push(
          request.sizes().then((sizes) => {
            const bytes = sizes.responseBodySize;
            w.requests++;
            const type = request.resourceType();
            if (type === "document") w.htmlBytes += bytes;
            else if (type === "script") {
              w.jsBytes += bytes;
              w.jsFiles++;
            } else if (type === "stylesheet") w.cssBytes += bytes;
            else if (type !== "eventsource") w.otherBytes += bytes;
          }),
        );
      });
      // Not "networkidle": a signed-in page keeps its event stream open, so the network is never idle.
      await page.goto(baseUrl + path, { waitUntil: "load", timeout: 30_000 });
      await page.waitForTimeout(3000);
      await Promise.all(pending);
      out.push(w);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
