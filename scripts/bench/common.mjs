// What the parts of `npm run bench` share (../bench.mjs, ./panel.mjs): the options that size a
// run and address the shop, fetch with a retry, latency runs and page weights.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

export const COMPARE = process.argv.includes('--compare');
export const PORT = process.env.BENCH_PORT ?? '3900';
export const BASE = `http://127.0.0.1:${PORT}`;
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (COMPARE ? 600 : 200));
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (COMPARE ? 20 : 4));
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const PRODUCT = '/en/chocolates/ovo-pistache';

/** fetch, retried once when a kept-alive connection was closed by the server meanwhile. */
export async function get(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function waitForServer(url, child) {
  // The local Firebase took 50-90 s to start on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 180 s`);
}

export async function measure(url, init = {}) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function worker() {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await get(url, { redirect: 'manual', ...init });
      await response.arrayBuffer();
      if (response.status >= 500 || (init.expectOk && response.status !== 200)) failures += 1;
      timings.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    reqPerSecond: timings.length / seconds,
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    max: timings.at(-1),
    failures,
  };
}

export function firstLoadKbGz(nextDir, route) {
  const stats = JSON.parse(
    readFileSync(join(nextDir, 'diagnostics/route-bundle-stats.json'), 'utf8'),
  );
  const entry = stats.find((candidate) => candidate.route === route);
  if (!entry) return NaN;
  const root = resolve(nextDir, '..');
  const bytes = entry.firstLoadChunkPaths.reduce(
    (sum, path) => sum + gzipSync(readFileSync(resolve(root, path)), { level: 9 }).length,
    0,
  );
  return bytes / 1024;
}

export async function documentKbGz(url) {
  const body = Buffer.from(await (await get(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length / 1024;
}

export async function measureEachOnce(url) {
  await (await get(url)).arrayBuffer();
}
