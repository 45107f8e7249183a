import { randomUUID } from 'node:crypto';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

import { BUILT_FOR_HTTPS } from './lib/public-env';
import { baselineSecurityHeaders } from './lib/security/baseline-headers';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    createMessagesDeclaration: './messages/en.json',
    // Messages are compiled at build time (ICU syntax to a compact tree), so the browser only
    // formats them and no ICU parser ships in any chunk.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

// Baseline headers for every response (lib/security/baseline-headers.ts).
const securityHeaders = baselineSecurityHeaders(BUILT_FOR_HTTPS);

// One id per build, given to Next as its build id and compiled into the server's and the
// browser's code, so the panels' texts are addressed per build (lib/i18n/client-messages.ts).
// Next evaluates this file again in its build workers, which inherit the environment: the first
// evaluation's id is every worker's. A deployment pipeline may set SHOP_BUILD_ID itself (letters,
// digits, '-', '_': it is a path segment), new for every change of code or texts (the commit SHA):
// the texts under it are cached as immutable. Like Next's own ids, none holds 'ad' (ad blockers).
function newBuildId(): string {
  let id = '';
  while (!id || /ad/i.test(id)) id = randomUUID().replaceAll('-', '').slice(0, 16);
  return id;
}
process.env.SHOP_BUILD_ID ||= newBuildId();
const buildId = process.env.SHOP_BUILD_ID;
if (!/^[\w-]{1,64}$/.test(buildId)) {
  throw new Error(`SHOP_BUILD_ID must be 1-64 letters, digits, '-' or '_', not ${buildId}`);
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: {
    SHOP_BUILD_ID: buildId,
    // The stylesheets, compiled by scripts/styles.mjs before `next build` and `next dev`.
    SHOP_STYLESHEET_HREF: process.env.SHOP_STYLESHEET_HREF ?? '',
    SHOP_FIRST_FRAME_CSS: process.env.SHOP_FIRST_FRAME_CSS ?? '',
  },
  // A self-contained server (.next/standalone/server.js with only the node_modules it uses) for
  // the container and `npm start`; scripts/build.mjs copies the static assets and public/ into it.
  output: 'standalone',
  reactStrictMode: true,
  // Next's in-memory page cache, but a page made before the storefront's last change is made
  // again: catalogue edits reach every instance within seconds (docs/ARCHITECTURE.md).
  cacheHandler: require.resolve('./lib/cache/storefront-cache-handler.mjs'),
  images: {
    // Uploaded pictures (app/media) go out as AVIF where the browser takes it, else WebP. Their
    // addresses are their content, so the optimized copies are kept for a year.
    formats: ['image/avif', 'image/webp'],
    localPatterns: [{ pathname: '/media/**', search: '' }],
    minimumCacheTTL: 31_536_000,
  },
  // forbidden(): the control panel answers signed-in non-admins (pages and actions) with a 403.
  experimental: { authInterrupts: true },
  // The panel's former Portuguese paths: the club's new-member e-mails already sent link there.
  async redirects() {
    return [
      { source: '/:locale/control-panel/entrega', destination: '/:locale/control-panel/delivery' },
      { source: '/:locale/control-panel/clube', destination: '/:locale/control-panel/club' },
    ].map((redirect) => ({ ...redirect, permanent: true }));
  },
  async headers() {
    const { CSS_PATH } = await import('./scripts/styles.mjs');
    return [
      { source: '/:path*', headers: securityHeaders },
      // The page's stylesheet: its name changes with its content (scripts/styles.mjs).
      ...(process.env.NODE_ENV === 'production'
        ? [
            {
              source: `${CSS_PATH}:file*`,
              headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
            },
          ]
        : []),
    ];
  },
};

export default withNextIntl(nextConfig);
