import { formatMessageTime, formatRelative } from "../../../shared/format";
import { useNow } from "../../lib/now";

/**
 * A relative time ("3 hours ago", shared/format.ts formatRelative) in a `<time>` with the ISO `date`,
 * measured from the shared "now" (app/lib/now.tsx), so server and hydrating render agree. A time
 * ahead of a phone's slow clock reads "just now", never "in 2 minutes".
 */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const now = useNow();
  const then = new Date(date);
  return (
    <time dateTime={date} className={className}>
      {formatRelative(then, then > now ? then : now)}
    </time>
  );
}

/** A message's time ("14:05", "yesterday 14:05", shared/format.ts formatMessageTime) from the shared "now". */
export function MessageTime({ date }: { date: string }) {
  const now = useNow();
  return <time dateTime={date}>{formatMessageTime(date, now)}</time>;
}
