/**
 * Tags for search engines and link previews (docs/product.md, "Search engines and sharing"): a
 * page's title, meta description, canonical URL, Open Graph and Twitter card tags, robots and
 * JSON-LD structured data, as React Router meta descriptors. Absolute URLs start from the public
 * origin (APP_URL) the root loader hands over as `origin`.
 */
import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "../../shared/constants";

/** The image shown in link previews (public/icons, 512 x 512 px). */
export const SHARE_IMAGE_PATH = "/icons/icon-512.png";

/** The longest meta description search engines show (characters); longer text is cut at a word with "...". */
export const DESCRIPTION_MAX = 160;

export interface SeoInput {
  /** The page's own title, without the product name ("Build my shop app"). */
  title: string;
  description: string;
  /** The canonical path ("/projects/..."), without query string. */
  path: string;
  /** APP_URL, without trailing slash (root loader `origin`). */
  origin: string;
  /** Open Graph type: "website" (default), "profile" or "article". */
  type?: "website" | "profile" | "article";
  /** Keep the page out of search results (closed projects, signed-in areas). */
  noindex?: boolean;
  /** schema.org objects, each written as one application/ld+json script. */
  jsonLd?: Array<Record<string, unknown>>;
  /** The title tag as is, when it should not be "title | BuildZA" (the home page). */
  fullTitle?: string;
}

/** `text` on one line, cut to `max` characters at a word boundary with "..." (meta descriptions). */
export function summarize(text: string, max: number = DESCRIPTION_MAX): string {
  const flat = text.replace(/[ \t\r\n]+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 3);
  const atWord = cut.lastIndexOf(" ") > max / 2 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord.trimEnd()}...`;
}

/** The meta descriptors of a page (see SeoInput). */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const title = input.fullTitle ?? `${input.title} | ${PRODUCT_NAME}`;
  const description = summarize(input.description);
  const image = `${input.origin}${SHARE_IMAGE_PATH}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:locale", content: "en_ZA" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: `${PRODUCT_NAME} logo` },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The public origin from the root route's data in a meta function's `matches` ("" before it loads). */
export function originFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}
