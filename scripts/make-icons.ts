/** Draws the app icons of public/icons from the favicon design with Chromium (run once: npx tsx scripts/make-icons.ts). */
import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
// Full-bleed square (maskable-safe: the letter sits inside the central 80%) and the rounded one.
const svg = (size: number, rounded: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="#0B6E4F"/><text x="16" y="22" font-family="DejaVu Sans,Arial,sans-serif" font-size="${rounded ? 17 : 14}" font-weight="700" text-anchor="middle" fill="#fff">B</text></svg>`;
const icons: Array<[string, number, boolean]> = [
  ["icon-192.png", 192, true],
  ["icon-512.png", 512, true],
  ["maskable-512.png", 512, false],
  ["apple-touch-icon.png", 180, false],
  ["favicon-32.png", 32, true],
];
for (const [name, size, rounded] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, rounded)}</body></html>`);
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: true });
  await page.close();
}
await browser.close();
