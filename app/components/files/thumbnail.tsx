import type { FileInfo } from "../../../server/files/service";

/** `srcset` of an image's WebP renditions ("url 320w, url 640w, ..."). */
export function srcSetOf(file: FileInfo): string {
  return file.variants.map((v) => `${v.url} ${v.width}w`).join(", ");
}

/**
 * A file's thumbnail: the narrowest rendition that covers `width` CSS pixels (srcset lets a dense
 * screen pick a wider one), loaded lazily with its size set, so nothing shifts and nothing off
 * screen downloads (docs/product.md, Files; docs/performance.md).
 */
export function Thumbnail({ file, width, className = "" }: { file: FileInfo; width: number; className?: string }) {
  const first = file.variants[0];
  if (!first) return null;
  const height = Math.round((first.height / first.width) * width);
  return (
    <img
      src={first.url}
      srcSet={srcSetOf(file)}
      sizes={`${width}px`}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      alt={file.name}
      className={`rounded-md bg-slate-100 object-cover ${className}`}
    />
  );
}
