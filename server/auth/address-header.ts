/**
 * How better-auth learns the client address: from one header that only this server writes
 * (server/auth/auth.ts `advanced.ipAddress`). Whatever a client sends under that name is replaced
 * with the address server/http/client-address.ts found (TRUST_PROXY), so neither better-auth's
 * rate limits nor the sessions' recorded address can be steered by a forged X-Forwarded-For.
 */
export const CLIENT_ADDRESS_HEADER = "x-buildza-client-address";

/** A copy of `headers` whose CLIENT_ADDRESS_HEADER is `address` (removed when it is not an IP, e.g. "unknown"). */
export function withClientAddress(headers: Headers, address: string): Headers {
  const copy = new Headers(headers);
  copy.delete(CLIENT_ADDRESS_HEADER);
  if (address !== "unknown") copy.set(CLIENT_ADDRESS_HEADER, address);
  return copy;
}

/** The request as better-auth should see it: the same request with the client address header set. */
export function requestWithClientAddress(request: Request, address: string): Request {
  return new Request(request, { headers: withClientAddress(request.headers, address) });
}

/** Sets CLIENT_ADDRESS_HEADER of an incoming request's own headers to `address` (removes it for "unknown"). */
export function overrideClientAddressHeader(headers: Headers, address: string): void {
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (address !== "unknown") headers.set(CLIENT_ADDRESS_HEADER, address);
}
