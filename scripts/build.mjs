// `npm run build`: the stylesheets (scripts/styles.mjs), `next build`, then complete its
// standalone output (.next/standalone), which Next leaves without the static assets and public/
// because a CDN usually serves those. Here the standalone server serves them itself (npm start,
// the e2e server, the container), so they are copied beside server.js where it looks for them.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStyles } from './styles.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STANDALONE_DIR = join(ROOT, '.next', 'standalone');
export const STANDALONE_SERVER = join(STANDALONE_DIR, 'server.js');
/** What the last build was made for (buildTarget), written beside Next's BUILD_ID. */
export const BUILD_RECORD = join(ROOT, '.next', 'shop-build.json');

/**
 * What a build bakes in from its environment: which Firebase it was made to run on (a local build
 * says LOCAL_BUILD=1) and the site origin written into its prerendered pages (canonical URLs, the
 * sitemap, Open Graph). A server configured otherwise must not serve it (scripts/start.mjs).
 */
export function buildTarget(env) {
  return {
    firebase: env.LOCAL_BUILD === '1' ? 'local' : 'project',
    siteOrigin: originOf(env.NEXT_PUBLIC_SITE_URL),
  };
}

/** The origin of a URL, or null when it is unset or not a URL. */
export function originOf(url) {
  try {
    return url?.trim() ? new URL(url.trim()).origin : null;
  } catch {
    return null;
  }
}

/**
 * Why this production build must not run, or null. NEXT_PUBLIC_SITE_URL is written into the
 * prerendered pages (canonical URLs, the sitemap, Open Graph tags): without an https origin a
 * deployment would point search engines at http://localhost:3000. A build for the local Firebase
 * (`npm start`, `npm test`) says so with LOCAL_BUILD=1 and may go without.
 */
export function buildConfigProblem(env) {
  if (env.LOCAL_BUILD === '1') return null;
  const siteUrl = env.NEXT_PUBLIC_SITE_URL ?? '';
  if (/^https:\/\/[^/\s]+/.test(siteUrl)) return null;
  return (
    `NEXT_PUBLIC_SITE_URL must be the shop's public https:// origin for a production build ` +
    `(${siteUrl ? 'it is not https' : 'it is not set'}); a build for the local Firebase sets ` +
    'LOCAL_BUILD=1 (npm start and npm test do)'
  );
}

// Next's standalone server.js prints its banner and '✓ Ready' before it loads instrumentation.ts,
// so a bad configuration was reported after 'Ready', and the banner was plain text. server.js
// now runs the shop's register() (the configuration check, JSON console lines) first; Next's own
// call to register() later finds it done (instrumentation.ts).
const NEXT_START = "const { startServer } = require('next/dist/server/lib/start-server')";
const SHOP_START = `const { startServer: startNextServer } = require('next/dist/server/lib/start-server')
// Added by scripts/build.mjs: the shop's instrumentation.ts register() before Next's banner.
process.env.NEXT_RUNTIME ||= 'nodejs'
const startServer = async (options) => {
  await require('./.next/server/instrumentation.js').register()
  return startNextServer(options)
}`;

/** server.js with the shop's start-up check before Next's (idempotent). */
export function checkConfigurationFirst(source) {
  if (source.includes(SHOP_START)) return source;
  if (!source.includes(NEXT_START)) {
    throw new Error('.next/standalone/server.js changed shape: update checkConfigurationFirst');
  }
  return source.replace(NEXT_START, SHOP_START);
}

/**
 * Copies .next/static and public/ into the standalone output (replacing older copies), makes
 * its server.js check the configuration before it says 'Ready', and drops the pages an earlier
 * build's server regenerated there (.next/server/route-cache, kept by route, not by build): the
 * new server served them once, old code and old script addresses included, before its own.
 */
export function completeStandalone(root = ROOT) {
  const standalone = join(root, '.next', 'standalone');
  const server = join(standalone, 'server.js');
  if (!existsSync(server)) {
    throw new Error(`${standalone}/server.js is missing: is output: 'standalone' set?`);
  }
  writeFileSync(server, checkConfigurationFirst(readFileSync(server, 'utf8')));
  rmSync(join(standalone, '.next', 'server', 'route-cache'), { recursive: true, force: true });
  for (const [from, to] of [
    [join(root, '.next', 'static'), join(standalone, '.next', 'static')],
    [join(root, 'public'), join(standalone, 'public')],
  ]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The .env files count, as they do for `next build` itself.
  createRequire(import.meta.url)('@next/env').loadEnvConfig(ROOT, false, {
    info: () => {},
    error: console.error,
  });
  const problem = buildConfigProblem(process.env);
  if (problem) {
    console.error(`Build refused: ${problem}`);
    process.exit(1);
  }
  const styles = await buildStyles();
  const { status } = spawnSync(join(ROOT, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { NEXT_TELEMETRY_DISABLED: '1', ...process.env, ...styles },
  });
  if (status !== 0) process.exit(status ?? 1);
  completeStandalone();
  writeFileSync(BUILD_RECORD, `${JSON.stringify(buildTarget(process.env))}\n`);
  console.log('Standalone server: .next/standalone/server.js (static assets and public/ copied)');
}
