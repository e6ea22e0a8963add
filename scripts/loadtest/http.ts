/**
 * The load test's HTTP client: node:http with keep-alive connections, a timeout per request, the
 * answer read and decompressed to its end (so the time covers the whole body), and a cookie jar per
 * signed-in account. It behaves as an API client, not a browser: no Origin and no Sec-Fetch-*
 * headers (fetch() would add Sec-Fetch-Mode, and better-auth then asks for an Origin, which the
 * /api/v1 writes refuse unless it is exactly APP_URL).
 */
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

export interface Answer {
  /** HTTP status, or 0 when no answer came (see `failure`). */
  status: number;
  /** When no answer came: "timeout", or "network" and the error code ("network ECONNRESET"). */
  failure?: string;
  /** The parsed JSON body when the answer was JSON. */
  json?: unknown;
  /** Set-Cookie name=value pairs of the answer. */
  cookies: [string, string][];
  /** Seconds to wait, from Retry-After (or better-auth's X-Retry-After) of a 429. */
  retryAfter?: number;
}

/** Cookies of one signed-in account (better-auth's session cookie), sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Keeps the cookies an answer set (an empty value or Max-Age=0 removes one). */
  store(pairs: [string, string][]): void {
    for (const [name, value] of pairs) {
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ") : undefined;
  }

  get size(): number {
    return this.cookies.size;
  }
}

function cookiesOf(lines: string[]): [string, string][] {
  return lines.map((line) => {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    const expired = /max-age=0\b/i.test(line);
    return [pair.slice(0, eq).trim(), expired ? "" : pair.slice(eq + 1).trim()];
  });
}

export interface RequestOptions {
  method?: "GET" | "POST";
  /** Sent as JSON. */
  body?: unknown;
  jar?: CookieJar;
  timeoutMs: number;
  /** Accept header: pages ask for HTML like a browser, the API for JSON. */
  accept?: string;
}

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: Infinity }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: Infinity }),
};

/** The body of `res`, decompressed as its Content-Encoding says. */
function readBody(res: http.IncomingMessage): Promise<Buffer> {
  const encoding = (res.headers["content-encoding"] ?? "").toLowerCase();
  const stream: NodeJS.ReadableStream =
    encoding === "br"
      ? res.pipe(zlib.createBrotliDecompress())
      : encoding === "gzip"
        ? res.pipe(zlib.createGunzip())
        : encoding === "deflate"
          ? res.pipe(zlib.createInflate())
          : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
    res.on("error", reject);
  });
}

/**
 * Sends one request and reads the whole answer. Never throws for an HTTP or network failure: the
 * answer says what happened. Redirects are not followed (a redirect is an answer too).
 */
export function send(url: string, options: RequestOptions): Promise<Answer> {
  const target = new URL(url);
  const headers: Record<string, string> = {
    accept: options.accept ?? "application/json",
    "accept-encoding": "gzip, deflate, br",
    "user-agent": "buildza-loadtest",
  };
  const cookie = options.jar?.header();
  if (cookie) headers.cookie = cookie;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  if (payload) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(payload.length);
  }
  const request = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = request(target, { method: options.method ?? "GET", headers, agent: agents[target.protocol as "http:" | "https:"] }, (res) => {
      readBody(res).then(
        (body) => {
          const cookies = cookiesOf(res.headers["set-cookie"] ?? []);
          options.jar?.store(cookies);
          let json: unknown;
          if ((res.headers["content-type"] ?? "").includes("application/json")) {
            try {
              json = JSON.parse(body.toString("utf8"));
            } catch {
              json = undefined;
            }
          }
          const retry = Number(res.headers["retry-after"] ?? res.headers["x-retry-after"]);
          finish({ status: res.statusCode ?? 0, json, cookies, ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}) });
        },
        (err: NodeJS.ErrnoException) => finish({ status: 0, failure: `network ${err.code ?? err.message}`, cookies: [] }),
      );
    });
    const timer = setTimeout(() => {
      finish({ status: 0, failure: "timeout", cookies: [] });
      req.destroy();
    }, options.timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => finish({ status: 0, failure: `network ${err.code ?? err.message}`, cookies: [] }));
    req.end(payload);
  });
}
