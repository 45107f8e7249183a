// `npm start`: build when there is no build or the sources changed since the last one, then
// serve the production build on the local Firebase (scripts/local-firebase), or on the real
// project when its credentials are configured.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  'postcss.config.mjs',
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
    return Math.max(newest, newestMtime(join(path, entry)));
  }, stat.mtimeMs);
}

export function buildIsCurrent() {
  const buildId = '.next/BUILD_ID';
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

export function ensureBuild() {
  if (buildIsCurrent()) return;
  console.log('No current production build: running `next build` first ...');
  const { status } = spawnSync('node_modules/.bin/next', ['build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (status !== 0) process.exit(status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
  const port = process.env.PORT ?? '3000';
  const launcher = 'scripts/local-firebase/with-local-firebase.mjs';
  const { status } = spawnSync(process.execPath, [launcher, 'next', 'start', '-p', port], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  process.exit(status ?? 0);
}
