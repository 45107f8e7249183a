// `npm run bench -- --first-paint` (../bench.mjs): when the first frame of the landing, a product
// page and the bare page is painted on a cold Chromium, round by round, with Lighthouse beside.
import { cpus, loadavg } from 'node:os';

import { BASE, LIGHTHOUSE_RUNS, PRODUCT, documentKbGz, measureEachOnce } from './common.mjs';
import { CHROME_PATH, lighthouseRun, median, medians } from './lighthouse.mjs';

const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 5);

/**
 * One cold load of `url` in a fresh Chromium (no cache, no service worker, no earlier page in the
 * process): its first-paint and first-contentful-paint, ms after the navigation started.
 */
async function coldPaint(chromium, url) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    // --enable-automation lets the check below read the browser's command line.
    args: ['--no-sandbox', '--enable-automation'],
    timeout: 30_000,
  });
  try {
    // Playwright's own flags turn PaintHolding off; a Playwright that stopped doing so would
    // silently measure held frames.
    const cdp = await browser.newBrowserCDPSession();
    const { arguments: flags } = await cdp.send('Browser.getBrowserCommandLine');
    if (!flags.some((flag) => /^--disable-features=(.*,)?PaintHolding(,|$)/.test(flag))) {
      throw new Error('Chromium was launched with PaintHolding on');
    }
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    // A page without scripts can fire 'load' before its first paint: wait for it (10 s at most).
    const paints = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const seen = {};
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) seen[entry.name] = entry.startTime;
            if (seen['first-paint'] && seen['first-contentful-paint']) resolve(seen);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => resolve(seen), 10_000);
        }),
    );
    if (!paints['first-paint'] || !paints['first-contentful-paint']) {
      throw new Error(`${url} reported no paint entries: ${JSON.stringify(paints)}`);
    }
    return { fp: paints['first-paint'], fcp: paints['first-contentful-paint'] };
  } finally {
    await browser.close();
  }
}

export async function firstPaint({ bareBase, startBarePage }) {
  const { chromium } = await import('playwright-core');
  await startBarePage();
  const pages = [
    { name: 'bare page', url: `${bareBase}/` },
    { name: '/pt-BR', url: `${BASE}/pt-BR` },
    { name: '/en', url: `${BASE}/en` },
    { name: PRODUCT, url: BASE + PRODUCT },
  ];
  // Warm the servers (and ISR) so the loads measure the browser, not a first render.
  for (const page of pages) await measureEachOnce(page.url);
  const loads = [loadavg()[0]];
  const paints = pages.map(() => []);
  for (let run = 0; run < PAINT_RUNS; run += 1) {
    process.stdout.write(`Cold loads, round ${run + 1} of ${PAINT_RUNS}…\n`);
    // Interleaved: what drifts on a shared machine falls on every page alike.
    for (const [i, page] of pages.entries()) paints[i].push(await coldPaint(chromium, page.url));
    loads.push(loadavg()[0]);
  }
  const runs = pages.map(() => []);
  const retries = pages.map(() => ({ count: 0 }));
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    process.stdout.write(`Lighthouse round ${run + 1} of ${LIGHTHOUSE_RUNS}…\n`);
    for (const [i, page] of pages.entries()) {
      runs[i].push(await lighthouseRun(page.url, run, retries[i]));
    }
    loads.push(loadavg()[0]);
  }
  const fp = paints.map((p) => median(p.map((x) => x.fp)));
  const fcp = paints.map((p) => median(p.map((x) => x.fcp)));
  const audits = runs.map((r) => (r.length ? medians(r) : null));
  const docs = await Promise.all(pages.map((page) => documentKbGz(page.url)));
  console.log(
    `\nFirst paint, cold loads in a fresh headless Chromium, paint holding off (median of ` +
      `${PAINT_RUNS}; machine load ${Math.min(...loads).toFixed(1)}-` +
      `${Math.max(...loads).toFixed(1)} on ${cpus().length} cores during the run):`,
  );
  console.table(
    pages.map((page, i) => ({
      page: page.name,
      'FP ms': Math.round(fp[i]),
      'FP x bare': (fp[i] / fp[0]).toFixed(2),
      'FCP ms': Math.round(fcp[i]),
      'FCP x bare': (fcp[i] / fcp[0]).toFixed(2),
      'doc KB gz': docs[i].toFixed(1),
      ...(audits[i]
        ? {
            'LH perf': Math.round(audits[i].performance),
            'LH FCP s': (audits[i].fcp / 1000).toFixed(2),
            'LH LCP s': (audits[i].lcp / 1000).toFixed(2),
            'LH TBT ms': Math.round(audits[i].tbt),
            'LH CLS': audits[i].cls.toFixed(3),
          }
        : {}),
    })),
  );
  console.log('\nEach load (FCP ms):');
  for (const [i, page] of pages.entries()) {
    console.log(`  ${page.name}: ${paints[i].map((x) => Math.round(x.fcp)).join(' ')}`);
  }
}

/** One request, read whole. */
