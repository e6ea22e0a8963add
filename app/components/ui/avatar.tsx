import { AVATAR_SIZES } from "../../../shared/constants";

/** The URL of a profile photo's square WebP rendition of `size` px (one of AVATAR_SIZES). */
export function photoUrl(photoId: string, size: (typeof AVATAR_SIZES)[number]): string {
  return `/api/v1/files/${photoId}/w/${size}`;
}

/**
 * A person's avatar (docs/product.md, Files): their profile photo when they have one, else the
 * initial letter in a brand circle. `px` is the CSS size the photo is laid out at (width and
 * height are set, so nothing shifts); srcset lets the browser take the 64, 128 or 256 px square
 * that covers it on its screen, so a list of cards never loads the large one. `lazy` for avatars
 * below the fold. `className` sizes the circle (Tailwind, may be responsive) and the initial's text.
 * Decorative (aria-hidden): the name is always next to it.
 */
export function Avatar({
  name,
  photoId,
  px,
  className,
  lazy = false,
}: {
  name: string;
  photoId?: string | null;
  px: number;
  className: string;
  lazy?: boolean;
}) {
  if (photoId)
    return (
      <img
        src={photoUrl(photoId, AVATAR_SIZES.find((s) => s >= px) ?? 256)}
        srcSet={AVATAR_SIZES.map((s) => `${photoUrl(photoId, s)} ${s}w`).join(", ")}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt=""
        aria-hidden="true"
        loading={lazy ? "lazy" : undefined}
        decoding="async"
        className={`shrink-0 rounded-full bg-slate-200 object-cover ${className}`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-brand-600 font-semibold text-white ${className}`}
    >
      {(name.trim() || "U").charAt(0).toUpperCase()}
    </span>
  );
}
