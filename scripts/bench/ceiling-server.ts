/**
 * The ceilings of the benchmark: a bare node:http server answering `/` with one fixed JSON body
 * (CEILING_BODY_FILE) and `/html` with one fixed HTML page (CEILING_HTML_FILE, the /projects page's
 * exact bytes), each read once and compressed once (brotli when accepted, else gzip, as the app
 * answers). PORT as for the app. Nothing is computed per request, so no Node HTTP server on this
 * machine answers these bytes faster: the app's static handler, which the bench used to take as
 * the page ceiling, is itself slower (issue 17).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";

function variants(file: string | undefined, type: string) {
  const body = file ? readFileSync(file) : Buffer.from("");
  return { type, body, gzip: gzipSync(body), br: brotliCompressSync(body) };
}
const json = variants(process.env.CEILING_BODY_FILE, "application/json");
const html = variants(process.env.CEILING_HTML_FILE, "text/html; charset=utf-8");
const port = Number(process.env.PORT);

const server = http.createServer((req, res) => {
  const v = req.url === "/html" ? html : json;
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
  const bytes = encoding === "br" ? v.br : encoding === "gzip" ? v.gzip : v.body;
  res.writeHead(200, {
    "content-type": v.type,
    "content-length": bytes.length,
    ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : {}),
  });
  res.end(bytes);
});
server.listen(port, "127.0.0.1", () => console.log(`ceiling ready on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
