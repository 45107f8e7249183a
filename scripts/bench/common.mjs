// What the parts of `npm run bench` share (../bench.mjs, ./panel.mjs): the options that size a
// run and address the shop, and fetch with a retry.

export const COMPARE = process.argv.includes('--compare');
export const PORT = process.env.BENCH_PORT ?? '3900';
export const BASE = `http://127.0.0.1:${PORT}`;
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (COMPARE ? 600 : 200));
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (COMPARE ? 20 : 4));

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
