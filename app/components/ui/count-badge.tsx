/** "Messages" or "Messages, 3 unread": the accessible name of a link that carries a CountBadge. */
export function unreadLabel(label: string, count: number): string {
  return count > 0 ? `${label}, ${count} unread` : label;
}

/**
 * A small unread-count pill ("3", "99+"); renders nothing for 0. Decorative: the link or button
 * it sits on says the count in its accessible name (unreadLabel).
 */
export function CountBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-badge"
      className={`inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
