// `npm start`: build when there is no build or the sources changed since the last one, then
// serve the production build's standalone server on the local Firebase (scripts/local-firebase),
// or on the real project when its credentials are configured.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { STANDALONE_SERVER } from './build.mjs';
import { CSS_DIR } from './styles.mjs';

const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'global.ts',
  'next.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/styles.mjs',
  'tsconfig.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx') || entry.endsWith('.d.json.ts')) {
      return newest;
    }
    // The compiled stylesheets are the build's output (`npm run dev` writes there too).
    if (resolve(path, entry) === CSS_DIR) return newest;
    return Math.max(newest, newestMtime(join(path, entry)));
  }, stat.mtimeMs);
}

export function buildIsCurrent() {
  const buildId = '.next/BUILD_ID';
  if (!existsSync(buildId) || !existsSync(STANDALONE_SERVER)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

/** A production install (`npm install --omit=dev`, `npm prune --omit=dev`) has no build tools. */
function hasBuildTools() {
  try {
    createRequire(join(process.cwd(), 'package.json')).resolve('typescript/package.json');
    return true;
  } catch {
    return false;
  }
}

export function ensureBuild() {
  if (buildIsCurrent()) return;
  if (!hasBuildTools()) {
    // `npm prune --omit=dev` rewrites package-lock.json, which makes any build look stale.
    if (existsSync(STANDALONE_SERVER)) {
      console.log('Production install (no dev dependencies): serving the existing build.');
      return;
    }
    console.error(
      'No production build, and this install has no dev dependencies to make one: run ' +
        '`npm install && npm run build` first (or `npm prune --omit=dev` after the build).',
    );
    process.exit(1);
  }
  console.log('No current production build: running `next build` first ...');
  const { status } = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: 'inherit',
    // A build for this machine (http://localhost): scripts/build.mjs then needs no https site URL.
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOCAL_BUILD: '1' },
  });
  if (status !== 0) process.exit(status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
  // The standalone server runs in .next/standalone, where only .env and .env.production are
  // copied: load .env.production.local and .env.local here, as `next start` would.
  createRequire(import.meta.url)('@next/env').loadEnvConfig(process.cwd(), false, {
    info: () => {},
    error: console.error,
  });
  const launcher = 'scripts/local-firebase/with-local-firebase.mjs';
  const { status } = spawnSync(process.execPath, [launcher, process.execPath, STANDALONE_SERVER], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.PORT ?? '3000',
      // server.js listens on HOSTNAME, which shells and containers often set to the machine's
      // name: with a real project listen on every interface, as `next start` does; the launcher
      // pins it to 127.0.0.1 when it runs the emulators.
      HOSTNAME: '0.0.0.0',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  process.exit(status ?? 0);
}
