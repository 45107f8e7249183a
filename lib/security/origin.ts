// Who a request claims to come from, and where it was sent to. Shared by the proxy (Server
// Actions) and the route handlers (/api/session): no server-only import, no secrets.

import { configuredSiteOrigin, runtimeEnv } from '@/lib/public-env';

import { clientAddressFrom, parseClientAddressConfig } from './client-address';

/**
 * Whether X-Forwarded-Host and -Proto describe the request (the client address has its own
 * configuration: ./client-address.ts). Only a deployment behind a proxy
 * that overwrites them can say so: TRUST_PROXY_HEADERS=1, or Vercel (whose edge sets them).
 * Anywhere else a client could send them itself.
 */
export function trustsProxyHeaders(): boolean {
  return runtimeEnv('TRUST_PROXY_HEADERS') === '1' || runtimeEnv('VERCEL') === '1';
}

function firstListed(value: string | null): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/**
 * The origin this request was sent to: scheme, host and port. The Host header and the server's
 * own scheme, unless proxy headers are trusted.
 */
export function requestOrigin(request: Request): string | null {
  const url = new URL(request.url);
  const trusted = trustsProxyHeaders();
  const host =
    (trusted && firstListed(request.headers.get('x-forwarded-host'))) ||
    request.headers.get('host') ||
    url.host;
  const proto = (trusted && firstListed(request.headers.get('x-forwarded-proto'))) || url.protocol;
  const scheme = proto.replace(/:$/, '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origin a state-changing request must come from: the configured site URL when there is one
 * (so scheme, host and port are all fixed), otherwise the origin the request was sent to.
 */
export function expectedOrigin(request: Request): string | null {
  return configuredSiteOrigin() ?? requestOrigin(request);
}

/**
 * Whether a state-changing request comes from this site: its Origin header must equal the expected
 * origin in scheme, host and port. A missing, opaque ('null') or malformed Origin is refused.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return false;
  }
  const expected = expectedOrigin(request);
  return expected !== null && parsed === expected;
}

/**
 * The client's address for rate limits: what the platform vouches for (./client-address.ts,
 * CLIENT_ADDRESS_SOURCE), never a client-sent X-Forwarded-For entry. An invalid configuration
 * stops a production server at start (lib/env.ts); here it counts the socket's peer.
 */
export function clientAddress(request: { headers: Pick<Headers, 'get'> }): string {
  const parsed = parseClientAddressConfig(runtimeEnv);
  return clientAddressFrom(
    request.headers,
    'config' in parsed ? parsed.config : { source: 'socket' },
  );
}
