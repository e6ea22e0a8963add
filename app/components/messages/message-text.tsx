import LinkifyIt from "linkify-it";
import { Fragment } from "react";

const linkify = new LinkifyIt();
/** Only web and mail links become links; anything else (javascript:, data:) stays text. */
const SAFE = /^(https?:\/\/|mailto:)/i;

/**
 * A message body as text: React escapes every character, so HTML or script typed by a user is
 * shown, never run. URLs and email addresses (found by linkify-it) become links that open in a new
 * tab without access to this page (noopener) and without passing rank (nofollow ugc). A link breaks
 * like any long word (the span's `break-words`, overflow-wrap: anywhere): it moves to the next line
 * whole when it fits there, and only a link longer than the line is split (docs/product.md, Journeys).
 * Never `break-all`, which split "See https://…" after its first letter.
 */
export function MessageText({ body }: { body: string }) {
  const matches = linkify.match(body) ?? [];
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const m of matches) {
    if (!SAFE.test(m.url)) continue;
    if (m.index > at) parts.push(<Fragment key={`t${at}`}>{body.slice(at, m.index)}</Fragment>);
    parts.push(
      <a key={`l${m.index}`} href={m.url} target="_blank" rel="noopener noreferrer nofollow ugc" className="underline underline-offset-2">
        {m.text}
      </a>,
    );
    at = m.lastIndex;
  }
  if (at < body.length) parts.push(<Fragment key={`t${at}`}>{body.slice(at)}</Fragment>);
  return <span className="whitespace-pre-wrap break-words">{parts}</span>;
}
