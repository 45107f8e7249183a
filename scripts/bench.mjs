// `npm run bench`: serves the current production build on a fresh local Firebase and measures
// response latency of the main pages (bounded request count, loopback only), then prints the
// first-load JS per route. Run `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { STANDALONE_SERVER } from './build.mjs';

const PORT = process.env.BENCH_PORT ?? '3900';
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUTES = [
  '/pt-BR',
  '/en',
  '/pt-BR/chocolates/ovo-pistache',
  '/en/chocolates/barra-tropical-bahia',
  '/pt-BR/privacidade',
  '/sitemap.xml',
  '/api/session',
];

if (!existsSync('.next/BUILD_ID') || !existsSync(STANDALONE_SERVER)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  env: {
    ...process.env,
    E2E_PORT: PORT,
    E2E_DATA_DIR: '.local-firebase-e2e/bench',
    E2E_AUTH_PORT: '9900',
    E2E_FIRESTORE_PORT: '8900',
    E2E_HUB_PORT: '4490',
    E2E_LOGGING_PORT: '4590',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/en`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 60 s');
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(route) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function worker() {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(BASE + route, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status >= 500) failures += 1;
      timings.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    route,
    requests: timings.length,
    'req/s': Math.round(timings.length / seconds),
    'p50 ms': percentile(timings, 50).toFixed(1),
    'p95 ms': percentile(timings, 95).toFixed(1),
    'max ms': timings.at(-1).toFixed(1),
    '5xx': failures,
  };
}

try {
  await waitForServer();
  for (const route of ROUTES) await measure(route); // warm-up
  const rows = [];
  for (const route of ROUTES) rows.push(await measure(route));
  console.log(`\nLatency, ${REQUESTS} requests per route, ${CONCURRENCY} at a time (loopback):`);
  console.table(rows);
  console.log('\nFirst-load JavaScript per route:');
  spawnSync(process.execPath, ['scripts/bundle-stats.mjs'], { stdio: 'inherit' });
} finally {
  server.kill('SIGTERM');
}
