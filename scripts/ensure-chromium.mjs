// Finds the Chromium that Playwright drives: Debian's packages, since `npx playwright install`
// cannot download browsers here. The end-to-end tests prefer Debian's `chromium-headless-shell`
// (Chromium's old headless mode, the build Playwright itself runs headless tests in): it renders
// the same pages with about 40 % less CPU per page than the full browser (docs/performance.md),
// and the suite is CPU-bound. The full `chromium` stays the fallback and Lighthouse's browser.
// As root on Debian it installs the package; otherwise it explains how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Where Debian puts them, best first (also read by playwright.config.ts). */
const DEBIAN_PATHS = JSON.parse(readFileSync(new URL('chromium-paths.json', import.meta.url)));

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, ...DEBIAN_PATHS].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path));
}

export function ensureChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!process.env.CHROMIUM_PATH && !existsSync(CHROMIUM_CANDIDATES[0]) && isRoot && hasApt) {
    console.log('Installing Debian package "chromium-headless-shell" with apt-get ...');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.log(`apt-get failed (${error.message}); looking for the full Chromium instead.`);
    }
  }
  const found = findChromium();
  if (found) return found;
  console.error(
    [
      'The end-to-end tests need Chromium, and none was found.',
      'On Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium-headless-shell',
      'Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
