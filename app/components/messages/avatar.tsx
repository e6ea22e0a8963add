/** Initial-letter avatar (docs/product.md: avatars are initial letters), `size` in Tailwind units. */
export function PersonAvatar({ name, className = "size-10 text-base" }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white ${className}`}>
      {(name.trim() || "U").charAt(0).toUpperCase()}
    </span>
  );
}
