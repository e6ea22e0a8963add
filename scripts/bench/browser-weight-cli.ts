/**
 * Prints what Chromium downloads for each page (scripts/bench/browser-weight.ts) against a running
 * server, at phone width, without the rest of the bench:
 *   npx tsx scripts/bench/browser-weight-cli.ts http://127.0.0.1:5007 / /projects /developers
 * JavaScript is counted on the wire (encoded body bytes); the budget is 150 KB (docs/performance.md).
 */
import { weighInChromium } from "./browser-weight";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
for (const w of await weighInChromium(base, paths.length ? paths : ["/", "/projects", "/developers"])) {
  console.log(
    `${w.path}\tJS ${(w.jsBytes / 1000).toFixed(1)} KB in ${w.jsFiles} files\tHTML ${(w.htmlBytes / 1000).toFixed(1)} KB\tCSS ${(w.cssBytes / 1000).toFixed(1)} KB`,
  );
}
