/**
 * The API ceiling of the benchmark: a bare node:http server answering every request with one fixed
 * JSON body (the file CEILING_BODY_FILE, read once; gzipped once when the client accepts gzip, as
 * the app compresses its answers). PORT as for the app. Nothing is computed per request, so no
 * Node HTTP server on this machine answers faster.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";

const body = readFileSync(process.env.CEILING_BODY_FILE!);
const gzipped = gzipSync(body);
const port = Number(process.env.PORT);

const server = http.createServer((req, res) => {
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": gzip ? gzipped.length : body.length,
    ...(gzip ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
  });
  res.end(gzip ? gzipped : body);
});
server.listen(port, "127.0.0.1", () => console.log(`ceiling ready on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
