/**
 * Demo profile photos and portfolio images (docs/product.md, Files; Demo data), drawn at seed time:
 * sharp renders small SVGs (a portrait silhouette on a gradient; an app screen with the item's
 * title), so nothing is downloaded and the repository holds no image. They go through the same
 * upload path as a user's (uploadFile: WebP renditions, quota, metadata rows), so pages show them
 * exactly like real ones. Only the demo accounts, the first SEED_PHOTO_DEVELOPERS developers of
 * the directory (by rating, as /developers lists them) and a few clients get photos, and only the
 * demo developer and the first SEED_PORTFOLIO_DEVELOPERS developers portfolio images, which keeps
 * a big seed fast.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { SessionUser } from "../context";
import { developerProfiles, projects, users } from "../db/schema";
import { portfolioTarget } from "../developers/service";
import { setAttachments, uploadFile, type FileDeps } from "../files/service";
import { DEMO_CLIENT, DEMO_DEVELOPER } from "./seed";

/** How many developers (by rating) and clients (by projects posted) get a demo photo. */
export const SEED_PHOTO_DEVELOPERS = 50;
export const SEED_PHOTO_CLIENTS = 12;
/** How many developers (by rating) get images on their first two portfolio items. */
export const SEED_PORTFOLIO_DEVELOPERS = 8;

const PALETTES: readonly [string, string, string][] = [
  ["#0f766e", "#14b8a6", "#f59e0b"],
  ["#1e3a8a", "#3b82f6", "#fbbf24"],
  ["#7c2d12", "#ea580c", "#fde68a"],
  ["#4c1d95", "#8b5cf6", "#f9a8d4"],
  ["#14532d", "#22c55e", "#fef08a"],
  ["#831843", "#ec4899", "#bae6fd"],
  ["#0c4a6e", "#0ea5e9", "#fca5a5"],
  ["#3f3f46", "#a1a1aa", "#fcd34d"],
];
const SKIN = ["#8d5524", "#c68642", "#e0ac69", "#5c3a1e", "#f1c27d", "#6b4226"];

/** A small deterministic number from a string (FNV-1a), for picking colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 256 px portrait: a head-and-shoulders silhouette on a gradient, colours picked from `seed`. */
export function portraitSvg(seed: string): string {
  const h = hash(seed);
  const [dark, mid, accent] = PALETTES[h % PALETTES.length]!;
  const skin = SKIN[(h >>> 8) % SKIN.length]!;
  const shirt = PALETTES[(h >>> 12) % PALETTES.length]![2];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="${40 + (h % 60)}" cy="${30 + ((h >>> 4) % 50)}" r="46" fill="${accent}" opacity=".35"/>
<path d="M28 256c6-62 48-92 100-92s94 30 100 92z" fill="${shirt}"/>
<rect x="110" y="130" width="36" height="40" rx="14" fill="${skin}"/>
<ellipse cx="128" cy="104" rx="44" ry="50" fill="${skin}"/>
<path d="M84 100c0-34 20-54 44-54s44 20 44 54c-8-18-24-26-44-26s-36 8-44 26z" fill="#1f1a17"/>
</svg>`;
}

/** A 640x400 "screenshot" of an app for a portfolio item: a phone screen with `title` and some cards. */
export function screenSvg(title: string, variant: number): string {
  const [dark, mid, accent] = PALETTES[(hash(title) + variant) % PALETTES.length]!;
  const label = escapeXml(title.length > 34 ? `${title.slice(0, 33)}…` : title);
  const cards = [0, 1, 2]
    .map((i) => `<rect x="232" y="${150 + i * 70}" width="176" height="56" rx="10" fill="#fff" opacity="${variant ? 0.9 - i * 0.15 : 0.95}"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
<rect width="640" height="400" fill="${dark}"/>
<circle cx="${variant ? 560 : 90}" cy="80" r="140" fill="${mid}" opacity=".5"/>
<rect x="216" y="24" width="208" height="372" rx="26" fill="#0b1220"/>
<rect x="224" y="36" width="192" height="356" rx="18" fill="#f1f5f9"/>
<rect x="224" y="36" width="192" height="96" rx="18" fill="${mid}"/>
<rect x="240" y="60" width="${variant ? 90 : 120}" height="12" rx="6" fill="#fff"/>
<rect x="240" y="84" width="150" height="26" rx="8" fill="${accent}"/>
${cards}
<rect y="340" width="640" height="60" fill="#0b1220" opacity=".88"/>
<text x="24" y="378" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff">${label}</text>
</svg>`;
}

/** Renders `svg` to PNG bytes (what uploadFile then re-encodes like any upload). */
async function render(svg: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer());
}

/** A SessionUser-shaped owner for uploadFile (the seed acts as each demo user). */
function asUser(id: string, name: string, userType: "client" | "developer"): SessionUser {
  return { id, name, email: "", userType, emailVerified: true, role: "member", createdAt: new Date().toISOString() };
}

/**
 * Gives demo users profile photos and portfolio images (see the module comment); run after
 * seedDemoData. Returns how many photos and portfolio images were stored.
 */
export async function seedDemoPhotos(deps: FileDeps): Promise<{ photos: number; portfolioImages: number }> {
  const db = deps.db;
  const topDevelopers = await db
    .select({ id: users.id, name: users.name, portfolio: developerProfiles.portfolio, email: users.email })
    .from(developerProfiles)
    .innerJoin(users, eq(users.id, developerProfiles.userId))
    .orderBy(sql`${developerProfiles.rating} desc nulls last`, desc(developerProfiles.reviewCount), sql`${developerProfiles.userId} collate "C" desc`)
    .limit(SEED_PHOTO_DEVELOPERS);
  const demo = await db
    .select({ id: users.id, name: users.name, userType: users.userType, email: users.email, portfolio: developerProfiles.portfolio })
    .from(users)
    .leftJoin(developerProfiles, eq(developerProfiles.userId, users.id))
    .where(inArray(users.email, [DEMO_CLIENT.email, DEMO_DEVELOPER.email]));
  const busyClients = await db
    .select({ id: users.id, name: users.name })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .groupBy(users.id, users.name)
    .orderBy(desc(sql`count(*)`), users.id)
    .limit(SEED_PHOTO_CLIENTS);

  const people = new Map<string, SessionUser>();
  for (const d of demo) people.set(d.id, asUser(d.id, d.name, d.userType === "developer" ? "developer" : "client"));
  for (const d of topDevelopers) people.set(d.id, asUser(d.id, d.name, "developer"));
  for (const c of busyClients) if (!people.has(c.id)) people.set(c.id, asUser(c.id, c.name, "client"));

  let photos = 0;
  for (const person of people.values()) {
    const file = await uploadFile(deps, person, { name: "photo.png", bytes: await render(portraitSvg(person.id)), purpose: "avatar" });
    await db.transaction((tx) => setAttachments(tx, person.id, "avatar", person.id, [file.id], { max: 1, field: "fileId", imagesOnly: true }));
    photos++;
  }

  let portfolioImages = 0;
  const demoDeveloper = demo.find((d) => d.email === DEMO_DEVELOPER.email);
  const withImages = [...(demoDeveloper ? [demoDeveloper] : []), ...topDevelopers.slice(0, SEED_PORTFOLIO_DEVELOPERS)];
  for (const developer of withImages) {
    const owner = asUser(developer.id, developer.name, "developer");
    for (const item of (developer.portfolio ?? []).slice(0, 2)) {
      const ids: string[] = [];
      for (const variant of [0, 1]) {
        const file = await uploadFile(deps, owner, {
          name: `screen-${variant + 1}.png`,
          bytes: await render(screenSvg(item.title, variant)),
          purpose: "photo",
        });
        ids.push(file.id);
      }
      await db.transaction((tx) =>
        setAttachments(tx, developer.id, "portfolio", portfolioTarget(developer.id, item.id), ids, { max: 5, field: "imageIds", imagesOnly: true }),
      );
      portfolioImages += ids.length;
    }
  }
  return { photos, portfolioImages };
}
