import { existsSync } from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

import CHROMIUM_PATHS from './scripts/chromium-paths.json';

// Test fixtures use firebase-admin against the emulators: no cloud metadata server probe.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium, its headless shell first (scripts/ensure-chromium.mjs says why, and `npm test`
// installs it): Playwright cannot download its own browser here.
const executablePath =
  process.env.CHROMIUM_PATH ?? CHROMIUM_PATHS.find((path) => existsSync(path)) ?? CHROMIUM_PATHS[0];
// Chromium keeps only the last --disable-features it is given: this one repeats the features
// Playwright itself disables (playwright-core's chromiumSwitches) and adds the omnibox popup,
// which the full Chromium (the fallback) still builds headless as two WebUI pages for every new
// context: about 1 s of CPU each time.
const DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'ThirdPartyStoragePartitioning',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
const launchOptions = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    // A trace of every test slowed the e2e run by about 15 % (docs/performance.md): on CI a test
    // that fails records one on its retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    // Journeys that must work on a phone are tagged @phone and run a second time here.
    { name: 'phone', grep: /@phone/, use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // Every simulated shopper signs in and orders from 127.0.0.1: per-address limits x100
    // (the limits themselves are tested in Jest and e2e/security-probes.spec.ts stays within them).
    env: { E2E_PORT: String(PORT), RATE_LIMIT_MULTIPLIER: '100' },
    url: `${baseURL}/en`,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets the local Firebase save its last writes and stop its emulators.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
