import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * A stream of server-rendered HTML (UTF-8 bytes in and out) with React Router's module preloads in
 * <head> marked `fetchpriority="low"` (docs/decisions/0037-low-priority-module-preloads.md): the
 * scripts still start downloading with the document, but behind it, as what they are: scripts the
 * first paint does not wait for. The head is held until `</head>` has arrived (React writes the
 * shell, head included, in one go); every byte after it passes through untouched. A stream that
 * ends without `</head>` (a failed render) is passed on as it came. `onEnd` runs once the writer has
 * ended the stream (before the last bytes are passed on).
 *
 * It is the one stream between React and the response (no PassThrough beside it): a second stream
 * in the chain cost a fifth of the signed-in /projects throughput, as React's chunks then reached
 * the compressor in separate turns of the event loop (server/http/compress.ts joins one turn's).
 */
export function lowPriorityModulePreloads(onEnd?: () => void): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const out = head.slice(0, end).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"') + head.slice(end);
      head = null;
      callback(null, Buffer.from(out, "utf8"));
    },
    flush(callback) {
      onEnd?.();
      if (head !== null) head += decoder.end();
      if (head) this.push(Buffer.from(head, "utf8"));
      callback();
    },
  });
}
