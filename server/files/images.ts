/**
 * Uploaded images, re-encoded with sharp (docs/product.md, Files; docs/decisions/0026): WebP at
 * the widths of IMAGE_WIDTHS for srcset (never enlarged), turned upright by their EXIF
 * orientation, and written without any metadata, so a phone photo's GPS position, camera and
 * timestamps never leave the server. HEIC (iPhone photos) is decoded with heic-convert first:
 * sharp's own build reads only AVIF of the HEIF family.
 */
import heicConvert from "heic-convert";
import sharp from "sharp";
import { AVATAR_SIZES, IMAGE_WIDTHS } from "../../shared/constants";
import type { FileVariant } from "../db/schema";
import { typeRefused } from "./inspect";

/** The WebP renditions (by width) and, when asked for, the full-size image in a web format. */
export interface ProcessedImage {
  variants: { variant: FileVariant; bytes: Uint8Array }[];
  /** Full-size, metadata stripped: JPEG for JPEG and HEIC, PNG for PNG, WebP for WebP. */
  original?: { bytes: Uint8Array; mime: string; ext: string };
}

/** The largest image we decode (pixels): a 10 MB file can hold a much larger, mostly empty, picture. */
const MAX_PIXELS = 50_000_000;

/**
 * Where the square of a profile photo sits in the upright image: 0 (left/top edge) to 1
 * (right/bottom edge) along the side that is longer than the square; 0.5 is the centre. The
 * square's side is the image's shorter side (CSS `object-fit: cover` with `object-position` at
 * the same fractions shows exactly this square).
 */
export interface SquarePosition {
  x: number;
  y: number;
}

/**
 * Re-encodes `bytes` of type `mime`; `keepOriginal` also writes the full-size image. `square`
 * (profile photos) keeps only the square at that position instead and renders it at every
 * AVATAR_SIZES size (enlarging a small photo, so every size exists). Throws 415 when it cannot be read.
 */
export async function processImage(bytes: Uint8Array, mime: string, keepOriginal: boolean, square?: SquarePosition): Promise<ProcessedImage> {
  let input: Buffer = Buffer.from(bytes);
  let sourceMime = mime;
  if (mime === "image/heic" || mime === "image/heif") {
    try {
      input = Buffer.from(await heicConvert({ buffer: input, format: "JPEG", quality: 0.92 }));
    } catch {
      throw typeRefused("This photo could not be read. Try saving it as a JPEG.");
    }
    sourceMime = "image/jpeg";
  }
  try {
    const base = () => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    const fullWidth = meta.autoOrient?.width ?? meta.width ?? 0;
    const widths: number[] = IMAGE_WIDTHS.filter((w) => w < fullWidth);
    widths.push(Math.min(fullWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!));
    const variants: ProcessedImage["variants"] = [];
    if (square) {
      // Upright first, so the position means what the person saw in the preview.
      const upright = await base().toBuffer({ resolveWithObject: true });
      const side = Math.min(upright.info.width, upright.info.height);
      const clamp = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);
      const region = {
        left: Math.round((upright.info.width - side) * clamp(square.x)),
        top: Math.round((upright.info.height - side) * clamp(square.y)),
        width: side,
        height: side,
      };
      for (const size of AVATAR_SIZES) {
        const { data, info } = await sharp(upright.data, { limitInputPixels: MAX_PIXELS })
          .extract(region)
          .resize({ width: size, height: size })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ variant: { width: info.width, height: info.height, size: data.length }, bytes: data });
      }
      return { variants };
    }
    for (const width of [...new Set(widths)].sort((a, b) => a - b)) {
      const { data, info } = await base().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
      variants.push({ variant: { width: info.width, height: info.height, size: data.length }, bytes: data });
    }
    let original: ProcessedImage["original"];
    if (keepOriginal) {
      if (sourceMime === "image/png") original = { bytes: await base().png().toBuffer(), mime: "image/png", ext: "png" };
      else if (sourceMime === "image/webp") original = { bytes: await base().webp({ quality: 90 }).toBuffer(), mime: "image/webp", ext: "webp" };
      else original = { bytes: await base().jpeg({ quality: 90, mozjpeg: true }).toBuffer(), mime: "image/jpeg", ext: "jpg" };
    }
    return { variants, original };
  } catch {
    // The bytes passed the magic-number check, so a decoding failure means a damaged image.
    throw typeRefused("This image could not be read. Try another file.");
  }
}
