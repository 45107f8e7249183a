// Who a request claims to come from, and where it was sent to. Shared by the proxy (Server
// Actions) and the route handlers (/api/session): no server-only import, no secrets.

/**
 * Read at run time, never inlined by the bundler: `process.env.NAME` with a literal NEXT_PUBLIC_
 * name would be frozen into the build, and the proxy must follow the server's environment.
 */
export function runtimeEnv(name: string): string | undefined {
  const value = (process.env as Record<string, string | undefined>)[name]?.trim();
  return value ? value : undefined;
}

/**
 * Whether X-Forwarded-Host, -Proto and -For describe the client. Only a deployment behind a proxy
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

function lastListed(value: string | null): string | undefined {
  const last = value?.split(',').at(-1)?.trim();
  return last ? last : undefined;
}

/** The configured public origin (NEXT_PUBLIC_SITE_URL), or null when none is configured. */
export function configuredSiteOrigin(): string | null {
  const value = runtimeEnv('NEXT_PUBLIC_SITE_URL');
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
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
 * The client's address for rate limits. Next's server fills X-Forwarded-For with the socket's
 * address unless the client sent one; behind a trusted proxy the first entry is the client,
 * otherwise the last one is the closest hop we can see (README: a bare `next start` reachable by
 * clients lets them pick this value, so per-IP limits there need the host's proxy or WAF).
 */
export function clientAddress(request: Pick<Request, 'headers'>): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const address = trustsProxyHeaders() ? firstListed(forwarded) : lastListed(forwarded);
  return address ?? 'unknown';
}
