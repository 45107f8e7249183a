// The client address that per-address rate limits count: only what the platform in front of the
// shop vouches for, never a value the client chose. No server-only import and no secrets: the HTTP
// server guard (./http-server-guard.ts) and the route handlers share it, and lib/env.ts validates
// the same configuration at start-up.
//
// CLIENT_ADDRESS_SOURCE picks one of:
// - vercel: Vercel's edge overwrites X-Forwarded-For with the client's public address and does
//   not forward a client's own value ("we currently overwrite the X-Forwarded-For header and do
//   not forward external IPs ... to prevent IP spoofing"):
//   https://vercel.com/docs/headers/request-headers
// - google: Google's front end (the external Application Load Balancer that serves App Hosting)
//   keeps what the client sent and appends two entries, `<client sent>, <client>, <load
//   balancer>`: the client is the second entry from the right. The first entry is only
//   "generally" the client (https://cloud.google.com/functions/docs/reference/headers) because a
//   client can send its own. https://cloud.google.com/load-balancing/docs/https#x-forwarded-for_header
// - hops (with TRUSTED_PROXY_HOPS=N): a container behind N proxies that each append the address
//   they saw. Counted from the right, with the socket's peer as hop 0: N=1 is the last
//   X-Forwarded-For entry (the one the proxy next to the server appended).
// - socket: the TCP peer, for a server that clients reach directly.
// Default: vercel when VERCEL=1; google when K_SERVICE is set (Cloud Run, which App Hosting runs
// on: https://cloud.google.com/run/docs/container-contract); hops=1 with TRUST_PROXY_HEADERS=1;
// otherwise socket.

/**
 * Set by the HTTP server guard from `request.socket.remoteAddress`, after deleting any copy the
 * client sent. Next's server fills X-Forwarded-For itself only when the client sent none, so that
 * header cannot say who the peer is.
 */
export const SOCKET_ADDRESS_HEADER = 'x-shop-socket-address';

export const CLIENT_ADDRESS_SOURCES = ['vercel', 'google', 'hops', 'socket'] as const;
export const MAX_TRUSTED_PROXY_HOPS = 10;

export type ClientAddressConfig =
  { source: 'vercel' | 'google' | 'socket' } | { source: 'hops'; hops: number };

/** The configuration from an environment, or a problem naming the variable. Pure. */
export function parseClientAddressConfig(
  get: (name: string) => string | undefined,
): { config: ClientAddressConfig } | { problem: string } {
  const source = get('CLIENT_ADDRESS_SOURCE');
  const hopsText = get('TRUSTED_PROXY_HOPS');
  if (source !== undefined && !(CLIENT_ADDRESS_SOURCES as readonly string[]).includes(source)) {
    return { problem: `CLIENT_ADDRESS_SOURCE must be one of ${CLIENT_ADDRESS_SOURCES.join(', ')}` };
  }
  if (hopsText !== undefined) {
    const hops = Number(hopsText);
    if (!/^\d+$/.test(hopsText) || hops < 1 || hops > MAX_TRUSTED_PROXY_HOPS) {
      return {
        problem: `TRUSTED_PROXY_HOPS must be a whole number from 1 to ${MAX_TRUSTED_PROXY_HOPS}`,
      };
    }
    if (source !== undefined && source !== 'hops') {
      return { problem: `TRUSTED_PROXY_HOPS is set but CLIENT_ADDRESS_SOURCE is ${source}` };
    }
    return { config: { source: 'hops', hops } };
  }
  if (source === 'hops') return { config: { source: 'hops', hops: 1 } };
  if (source !== undefined) return { config: { source } as ClientAddressConfig };
  if (get('VERCEL') === '1') return { config: { source: 'vercel' } };
  if (get('K_SERVICE') !== undefined) return { config: { source: 'google' } };
  if (get('TRUST_PROXY_HEADERS') === '1') return { config: { source: 'hops', hops: 1 } };
  return { config: { source: 'socket' } };
}

function listed(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The address the configured platform vouches for, or 'unknown'. */
export function clientAddressFrom(
  headers: Pick<Headers, 'get'>,
  config: ClientAddressConfig,
): string {
  const forwarded = listed(headers.get('x-forwarded-for'));
  const socket = headers.get(SOCKET_ADDRESS_HEADER)?.trim() || undefined;
  let address: string | undefined;
  switch (config.source) {
    case 'vercel':
      address = forwarded[0];
      break;
    case 'google':
      address = forwarded.length >= 2 ? forwarded.at(-2) : forwarded[0];
      break;
    case 'hops': {
      // Without the guard's header (a test calling a handler), the chain is X-Forwarded-For alone.
      const chain = socket ? [...forwarded, socket] : [...forwarded, undefined];
      // Fewer entries than hops: the request skipped a proxy; the farthest one seen is the peer
      // that connected first.
      address = chain[Math.max(0, chain.length - 1 - config.hops)] ?? socket;
      break;
    }
    case 'socket':
      address = socket;
      break;
  }
  return address ?? 'unknown';
}
