// The headers every response carries, whoever answers: Next (next.config.ts headers()) or the HTTP
// server itself (lib/security/http-server-guard.ts: its refusals and quick answers). Pages get
// their full Content-Security-Policy from proxy.ts (it depends on the request and the run-time
// environment, and replaces this one); this strict fallback covers what the proxy does not see:
// API answers, files and their 404 pages. The account, checkout and panel pages also get
// Cross-Origin-Opener-Policy there. No server-only import: next.config.ts loads it.

/**
 * The baseline headers. `servedOverHttps` (lib/public-env.ts BUILT_FOR_HTTPS): a deployment served
 * over https (the configured site URL) tells browsers to never use http again; the local
 * production build on http://127.0.0.1 must not.
 */
export function baselineSecurityHeaders(
  servedOverHttps: boolean,
): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    {
      key: 'Content-Security-Policy',
      value:
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
        "frame-ancestors 'none'",
    },
    ...(servedOverHttps
      ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
      : []),
    { key: 'X-Frame-Options', value: 'DENY' },
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self)',
    },
  ];
}
