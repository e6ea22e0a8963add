import { formatRelative } from "../../../shared/format";

/**
 * A relative "posted" time ("3 hours ago", shared/format.ts formatRelative) in a `<time>` with the
 * ISO `date`; the server's text is kept on hydration (the clock moved meanwhile).
 */
export function PostedTime({ date }: { date: string }) {
  return (
    <time dateTime={date} suppressHydrationWarning>
      {formatRelative(date)}
    </time>
  );
}
