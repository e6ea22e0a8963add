/**
 * The address of the client behind a request, for rate limits and logs. Forwarded headers are
 * believed only as far as TRUST_PROXY says proxies stand in front of the app (server/config.ts):
 * each trusted proxy appends the address it received the request from to X-Forwarded-For, so with
 * n proxies the client is the n-th entry from the right; anything further left was written by the
 * client and can be anything. Without trusted proxies the socket's remote address is the client.
 */
import { isIP } from "node:net";

/**
 * `socketAddress` is the TCP peer (the nearest proxy when there is one). Returns an address
 * string; "unknown" when none can be found (a test calling the app without a socket).
 */
export function clientAddress(headers: Headers, socketAddress: string | undefined, trustProxy: number): string {
  const peer = normalise(socketAddress);
  if (trustProxy <= 0) return peer ?? "unknown";
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // The proxy nearest the app is the socket peer; the first of n proxies wrote entry n from the right.
  const candidate = normalise(chain[chain.length - trustProxy]);
  return candidate ?? peer ?? "unknown";
}

function normalise(address: string | undefined): string | null {
  if (!address) return null;
  const bare = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return isIP(bare) ? bare : null;
}
