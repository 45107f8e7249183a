// `npm start`: build when there is no build, the sources changed since the last one, or the last
// one was made for another configuration (the local Firebase or a project, the site origin), then
// serve the production build's standalone server on the local Firebase (scripts/local-firebase),
// or on the real project when its credentials are configured.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { BUILD_RECORD, STANDALONE_SERVER, originOf } from './build.mjs';
import { realProjectConfigured } from './local-firebase/real-project.mjs';
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

/** The build this environment needs: its Firebase (see buildTarget in build.mjs) and site. */
export function wantedTarget(env) {
  return {
    firebase: realProjectConfigured(env) ? 'project' : 'local',
    siteOrigin: originOf(env.NEXT_PUBLIC_SITE_URL),
  };
}

/** What the existing build was made for, or null (no build, or one older than the record). */
export function builtTarget() {
  try {
    return JSON.parse(readFileSync(BUILD_RECORD, 'utf8'));
  } catch {
    return null;
  }
}

const sameTarget = (a, b) => a?.firebase === b.firebase && a?.siteOrigin === b.siteOrigin;

export function describeTarget(target) {
  const firebase = target.firebase === 'local' ? 'the local Firebase' : 'a Firebase project';
  return `${firebase}, site ${target.siteOrigin ?? 'http://localhost:3000 (none configured)'}`;
}

/** Whether the build is of these sources and made for `env`'s configuration. */
export function buildIsCurrent(env = process.env) {
  const buildId = '.next/BUILD_ID';
  if (!existsSync(buildId) || !existsSync(STANDALONE_SERVER)) return false;
  if (!sameTarget(builtTarget(), wantedTarget(env))) return false;
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

export function ensureBuild(env = process.env) {
  if (buildIsCurrent(env)) return;
  const wanted = wantedTarget(env);
  const built = existsSync(STANDALONE_SERVER) ? builtTarget() : null;
  if (!hasBuildTools()) {
    // `npm prune --omit=dev` rewrites package-lock.json, which makes any build look stale: a
    // production install serves the build it has, if it was made for this configuration.
    if (sameTarget(built, wanted)) {
      console.log('Production install (no dev dependencies): serving the existing build.');
      return;
    }
    console.error(
      built
        ? `The build was made for ${describeTarget(built)}, and this server is configured for ` +
            `${describeTarget(wanted)}: its pages would name the wrong site. Build again with ` +
            'this configuration (`npm run build` in a full install), then prune.'
        : 'No production build, and this install has no dev dependencies to make one: run ' +
            '`npm install && npm run build` first (or `npm prune --omit=dev` after the build).',
    );
    process.exit(1);
  }
  console.log(
    built && !sameTarget(built, wanted)
      ? `The build was made for ${describeTarget(built)}; building for ${describeTarget(wanted)} ...`
      : 'No current production build: running `next build` first ...',
  );
  const { status } = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: 'inherit',
    // A build for this machine (http://localhost) needs no https site URL (scripts/build.mjs);
    // a project's build does, and is refused without one.
    env: {
      ...env,
      NEXT_TELEMETRY_DISABLED: '1',
      ...(wanted.firebase === 'local' ? { LOCAL_BUILD: '1' } : {}),
    },
  });
  if (status !== 0) process.exit(status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The standalone server runs in .next/standalone, where only .env and .env.production are
  // copied: load .env.production.local and .env.local here, as `next start` would. They also say
  // which build this start needs.
  createRequire(import.meta.url)('@next/env').loadEnvConfig(process.cwd(), false, {
    info: () => {},
    error: console.error,
  });
  ensureBuild();
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
