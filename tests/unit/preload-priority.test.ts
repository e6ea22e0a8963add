import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "../../app/lib/preload-priority.server";

/** Runs `chunks` (strings or bytes) through the transform and returns what comes out. */
async function run(chunks: (string | Buffer)[]): Promise<string> {
  const source = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c)));
  return text(source.pipe(lowPriorityModulePreloads()));
}

const head =
  '<!DOCTYPE html><html><head><title>Projets — Café</title><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>';
const body = '<body><p>Hallo</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe("module preloads at low priority (decision 0037)", () => {
  it("marks every module preload of the head low, leaves other links and the body as they are", async () => {
    const out = await run([head + body]);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[^"]+"/g)).toHaveLength(2);
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
    // A preload after </head> (none are written there today) is not touched.
    expect(out).toContain('<link rel="modulepreload" href="/assets/late.js"/>');
    expect(out.replace(/ fetchpriority="low"/g, "")).toBe(head + body);
  });

  it("finds the tags and the head's end across chunk boundaries, also inside a multi-byte character", async () => {
    const bytes = Buffer.from(head + body, "utf8");
    const dash = bytes.indexOf(Buffer.from("—", "utf8"));
    const cuts = [dash + 1, bytes.indexOf("modulepreload") + 4, bytes.indexOf("</head>") + 3, bytes.length - 10];
    const chunks: Buffer[] = [];
    let at = 0;
    for (const cut of cuts) {
      chunks.push(bytes.subarray(at, cut));
      at = cut;
    }
    chunks.push(bytes.subarray(at));
    const out = await run(chunks);
    expect(out).toBe(await run([head + body]));
    expect(out).toContain("Projets — Café");
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("calls onEnd once, when the writer has ended the stream", async () => {
    let ended = 0;
    const stream = lowPriorityModulePreloads(() => ended++);
    const out = text(stream);
    stream.write(Buffer.from(head));
    await new Promise((r) => setImmediate(r));
    expect(ended).toBe(0);
    stream.end(Buffer.from(body));
    expect(await out).toContain("</html>");
    expect(ended).toBe(1);
  });

  it("passes a stream without a head's end through unchanged", async () => {
    expect(await run(["<p>Something went wrong — ", "try again</p>"])).toBe("<p>Something went wrong — try again</p>");
    expect(await run([])).toBe("");
  });
});
