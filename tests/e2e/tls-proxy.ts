/**
 * A TLS-terminating reverse proxy for end-to-end tests, forwarding like the nginx server block of
 * docs/deployment.md: https outside (a fresh self-signed certificate for localhost, from the
 * `selfsigned` package), plain http to the app, `Host` without the port (nginx's `$host`),
 * `X-Forwarded-Proto: https` and the client address appended to `X-Forwarded-For`. Responses
 * stream through unbuffered (server-sent events).
 */
import http from "node:http";
import https from "node:https";
import { generate } from "selfsigned";

export interface TlsProxy {
  /** https://localhost:<port> */
  url: string;
  /** The certificate (PEM), for clients that should trust it. */
  cert: string;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 7.6.1): a proxy does not forward them. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

export async function startTlsProxy(targetPort: number, port: number): Promise<TlsProxy> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const sockets = new Set<{ destroy(): void; on(event: "close", listener: () => void): unknown }>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers.host = "localhost";
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers }, (answer) => {
      const out: http.OutgoingHttpHeaders = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete out[name];
      res.writeHead(answer.statusCode ?? 502, out);
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `https://localhost:${port}`,
    cert: pems.cert,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface PlainAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over https trusting only `cert` (no redirects followed). */
export function requestTls(
  cert: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: options.method ?? "GET", headers: options.headers, ca: cert }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}
