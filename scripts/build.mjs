// `npm run build`: `next build`, then complete its standalone output (.next/standalone), which
// Next leaves without the static assets and public/ because a CDN usually serves those. Here
// the standalone server serves them itself (npm start, the e2e server, the container), so they
// are copied beside server.js where it looks for them.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STANDALONE_DIR = join(ROOT, '.next', 'standalone');
export const STANDALONE_SERVER = join(STANDALONE_DIR, 'server.js');

/** Copies .next/static and public/ into the standalone output (replacing older copies). */
export function completeStandalone(root = ROOT) {
  const standalone = join(root, '.next', 'standalone');
  if (!existsSync(join(standalone, 'server.js'))) {
    throw new Error(`${standalone}/server.js is missing: is output: 'standalone' set?`);
  }
  for (const [from, to] of [
    [join(root, '.next', 'static'), join(standalone, '.next', 'static')],
    [join(root, 'public'), join(standalone, 'public')],
  ]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { status } = spawnSync(join(ROOT, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { NEXT_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (status !== 0) process.exit(status ?? 1);
  completeStandalone();
  console.log('Standalone server: .next/standalone/server.js (static assets and public/ copied)');
}
