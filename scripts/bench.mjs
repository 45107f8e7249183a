// `npm run bench`: serves the current production build on a fresh local Firebase and measures
// response latency of the main pages (bounded request count, loopback only), then prints the
// first-load JS per route. Run `npm run build` first.
//
// `npm run bench -- --compare`: also builds and serves a bare Next page (one heading, the same
// installed next/react, nothing downloaded) beside the shop and prints, in one run, for the
// landing (/pt-BR, /en), a product page and the bare page: first-load JS gz, document bytes gz,
// Lighthouse mobile performance/LCP/TBT/CLS (median of BENCH_LIGHTHOUSE_RUNS, default 3) and
// req/s with p50/p99 at 20 connections. Machines differ; the ratios to the bare page are what
// compare. Lighthouse drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//
// `npm run bench -- --compare --explain-tbt`: also audits each Lighthouse run a second time, on
// its own trace with the page's main-thread tasks cut to their CPU time, and prints that TBT
// beside the measured one. Lighthouse multiplies each task's wall time by 4, waits included
// (the thread descheduled on a shared core, a synchronous call to the browser process answered
// late); the second figure is the page's own work. It explains a TBT, it does not replace it.
//
// `npm run bench -- --compare --explain-lcp`: also replays each Lighthouse run's LCP the way
// Lighthouse estimates it (its Lantern simulation, on the run's saved trace and network log) and
// prints what that estimate waits for: the paint Chromium reported, and from the optimistic one
// of Lantern's two simulations (Lighthouse's LCP is their mean) the scripts before the LCP
// (count, KB as transferred, when the last one ends, simulated ms) and the simulated main-thread
// time of the tasks in it. The simulated LCP is the observed run replayed on a slow 4G link with
// a 4x slower CPU: whatever finished before the observed paint is replayed before the simulated
// one. A run it cannot explain prints why instead, and the bench goes on.
//
// `npm run bench -- --compare --bare-prepaint-ms=N`: the bare page busy-waits N ms (an inline
// script at the top of its body) before its first paint, and the ratios compare to that page. It
// shows what a later first paint alone does to Lighthouse's figures on the machine: in headless
// Chromium a late first frame can be held until the compositor next lets a frame through, about
// once a second (docs/performance.md, "Why the landing's first paint comes late in Lighthouse").
//
// `npm run bench -- --first-paint`: builds and serves the bare page as --compare does and loads
// /pt-BR, /en, a product page and the bare page cold, each load in a fresh headless Chromium
// (Debian's, CHROME_PATH) with paint holding off, round by round (BENCH_PAINT_RUNS, default 5),
// and prints the median first-paint and first-contentful-paint of each (the page's own
// `performance` paint entries) and their ratio to the bare page's; then Lighthouse mobile
// (BENCH_LIGHTHOUSE_RUNS) on the same servers, and the machine's load during the run. Playwright
// launches Chromium with `--disable-features=...,PaintHolding` among its defaults: the browser
// shows a frame as soon as it has one, instead of holding it up to about a second
// (docs/performance.md, "First frame").
//
// `npm run bench -- --panel`: seeds BENCH_PANEL_ORDERS (default 500) orders into the run's local
// Firebase, signs in as the seed's admin and measures the control panel as the admin uses it:
// the orders page (newest page, a status filter, a page reached by cursor), the stock page, a
// status change (changeOrderStatus) and a stock save of two products (updateInventory). The two
// Server Actions are posted to their pages with the Next-Action header and the body React sends
// (see actionRequest), so each answer includes the page Next renders again. p50/p95 of the
// server time (loopback), one request at a time and BENCH_CONCURRENCY at a time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

import { STANDALONE_SERVER } from './build.mjs';

const COMPARE = process.argv.includes('--compare');
const PANEL = process.argv.includes('--panel');
const EXPLAIN_TBT = process.argv.includes('--explain-tbt');
const EXPLAIN_LCP = process.argv.includes('--explain-lcp');
const FIRST_PAINT = process.argv.includes('--first-paint');
const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 5);
const PREPAINT_FLAG = '--bare-prepaint-ms';
const PREPAINT_ARGS = process.argv.filter(
  (arg) => arg === PREPAINT_FLAG || arg.startsWith(`${PREPAINT_FLAG}=`),
);
const PREPAINT_VALUE = PREPAINT_ARGS[0]?.slice(PREPAINT_FLAG.length + 1);
const PANEL_ORDERS = Number(process.env.BENCH_PANEL_ORDERS ?? 500);
const PORT = process.env.BENCH_PORT ?? '3900';
const BARE_PORT = process.env.BENCH_BARE_PORT ?? String(Number(PORT) + 1);
const BASE = `http://127.0.0.1:${PORT}`;
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (COMPARE ? 600 : 200));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (COMPARE ? 20 : 4));
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PRODUCT = '/en/chocolates/ovo-pistache';
const ROUTES = [
  '/pt-BR',
  '/en',
  '/pt-BR/chocolates/ovo-pistache',
  '/en/chocolates/barra-tropical-bahia',
  '/pt-BR/privacidade',
  '/sitemap.xml',
  '/api/session',
];
// The bare page lives inside the repository (ignored by git, removed after the run) so that it
// resolves the shop's installed next/react like any project would.
const BARE_DIR = resolve('.bench-bare-page');
// Lighthouse's saved runs for --explain-tbt and --explain-lcp (removed after the run).
const BENCH_TMP = join(tmpdir(), `shop-bench-${process.pid}`);

if (PREPAINT_ARGS.length > 1 || (PREPAINT_ARGS.length === 1 && !/^\d+$/.test(PREPAINT_VALUE))) {
  console.error(`${PREPAINT_FLAG} takes one whole number of milliseconds: ${PREPAINT_FLAG}=200.`);
  process.exit(1);
}
const BARE_PREPAINT_MS = PREPAINT_ARGS.length ? Number(PREPAINT_VALUE) : 0;
const BARE_NAME = BARE_PREPAINT_MS
  ? `bare page (+${BARE_PREPAINT_MS} ms before paint)`
  : 'bare page';
if ((EXPLAIN_TBT || EXPLAIN_LCP || PREPAINT_ARGS.length) && !COMPARE) {
  // Only the comparison runs Lighthouse: without it the flag would silently change nothing.
  console.error(
    `--explain-tbt, --explain-lcp and ${PREPAINT_FLAG} change the comparison: use them with --compare.`,
  );
  process.exit(1);
}
if (!existsSync('.next/BUILD_ID') || !existsSync(STANDALONE_SERVER)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const children = [];
function serve(command, args, options) {
  // Own process group, so stopping it also stops what it started (emulators, next start).
  const child = spawn(command, args, { ...options, detached: true });
  children.push(child);
  return child;
}
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

const shop = serve(process.execPath, ['scripts/e2e-server.mjs'], {
  env: {
    ...process.env,
    E2E_PORT: PORT,
    E2E_DATA_DIR: `.local-firebase-e2e/bench-${PORT}`,
    E2E_AUTH_PORT: process.env.AUTH_EMULATOR_PORT ?? '9900',
    E2E_FIRESTORE_PORT: process.env.FIRESTORE_EMULATOR_PORT ?? '8900',
    E2E_HUB_PORT: process.env.EMULATOR_HUB_PORT ?? '4490',
    E2E_LOGGING_PORT: process.env.EMULATOR_LOGGING_PORT ?? '4590',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer(url, child) {
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

/** fetch, retried once when a kept-alive connection was closed by the server meanwhile. */
async function get(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(url, init = {}) {
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

/** Writes and builds a one-heading App Router page with the installed Next. */
function buildBarePage() {
  rmSync(BARE_DIR, { recursive: true, force: true });
  mkdirSync(join(BARE_DIR, 'app'), { recursive: true });
  writeFileSync(join(BARE_DIR, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(BARE_DIR, 'next.config.mjs'), 'export default {};\n');
  // Its own (empty) instrumentation: otherwise the build, rooted at the repository's lockfile,
  // picks up the shop's instrumentation.ts, whose configuration check stops a server that has no
  // Firebase project.
  writeFileSync(join(BARE_DIR, 'instrumentation.js'), 'export function register() {}\n');
  // --bare-prepaint-ms: a parser-blocking script busy-waits N ms (wall-clock) before the heading
  // exists, so the first frame waits for it. It ends before the first paint, so it adds little to
  // Lighthouse's TBT, which counts from the simulated first paint: with 200 ms the bare page's TBT
  // was 260-388 ms, against 291-387 without.
  const prepaint = BARE_PREPAINT_MS
    ? `<script dangerouslySetInnerHTML={{ __html: ${JSON.stringify(
        `{let end=performance.now()+${BARE_PREPAINT_MS};while(performance.now()<end);}`,
      )} }} />`
    : '';
  writeFileSync(
    join(BARE_DIR, 'app/layout.jsx'),
    'export default function RootLayout({ children }) {\n' +
      `  return (<html lang="en"><body>${prepaint}{children}</body></html>);\n}\n`,
  );
  writeFileSync(
    join(BARE_DIR, 'app/page.jsx'),
    'export default function Page() {\n  return <h1>Hello</h1>;\n}\n',
  );
  const build = spawnSync(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'build'], {
    cwd: BARE_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('the bare page did not build');
}

function firstLoadKbGz(nextDir, route) {
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

async function documentKbGz(url) {
  const body = Buffer.from(await (await get(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length / 1024;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One Lighthouse mobile run (its default: simulated slow 4G and 4x CPU throttling), performance
 * only. Lighthouse's trace recording fails now and then (NO_NAVSTART, NO_FCP) on a busy machine;
 * such a run measured nothing, so it is repeated (at most twice per page, `retries` counts them)
 * and said.
 */
async function lighthouseRun(url, run, retries) {
  const artifacts = join(BENCH_TMP, 'lighthouse-run');
  for (;;) {
    rmSync(artifacts, { recursive: true, force: true });
    const result = spawnSync(
      resolve('node_modules/.bin/lighthouse'),
      [
        url,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
        ...(EXPLAIN_TBT || EXPLAIN_LCP ? [`-GA=${artifacts}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
    );
    if (result.status !== 0) {
      if (retries.count < 2 && /Runtime error encountered/.test(result.stderr)) {
        retries.count += 1;
        console.log(`  (Lighthouse run failed to record, repeated: ${result.stderr.trim()})`);
        continue;
      }
      throw new Error(`lighthouse failed on ${url}: ${result.stderr}`);
    }
    const report = JSON.parse(result.stdout);
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      // Whole reports kept for reading why a run scored what it did (long tasks, bootup time).
      mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      const name = `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${run}.json`;
      writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, name), result.stdout);
    }
    return {
      performance: report.categories.performance.score * 100,
      fcp: report.audits['first-contentful-paint'].numericValue,
      lcp: report.audits['largest-contentful-paint'].numericValue,
      tbt: report.audits['total-blocking-time'].numericValue,
      cls: report.audits['cumulative-layout-shift'].numericValue,
      ...(EXPLAIN_TBT ? { tbtWithoutWaits: tbtWithoutWaits(url, artifacts) } : {}),
      ...(EXPLAIN_LCP
        ? {
            lcpExplained: await explainLcp(artifacts, report).catch((error) => ({
              error: error.message,
            })),
          }
        : {}),
    };
  }
}

/**
 * The TBT Lighthouse computes from the run's saved trace once the page's main-thread tasks
 * (renderer main thread of the navigated page, top-level tasks) last only their thread CPU time.
 */
function tbtWithoutWaits(url, artifacts) {
  const trace = JSON.parse(readFileSync(join(artifacts, 'defaultPass.trace.json'), 'utf8'));
  const events = trace.traceEvents;
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame,
  );
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === start.pid && e.args.name === 'CrRendererMain',
  );
  for (const e of events) {
    if (e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask') {
      if (typeof e.tdur === 'number' && e.tdur < e.dur) e.dur = e.tdur;
    }
  }
  const edited = join(BENCH_TMP, 'lighthouse-run-without-waits');
  rmSync(edited, { recursive: true, force: true });
  mkdirSync(edited, { recursive: true });
  for (const file of ['artifacts.json', 'defaultPass.devtoolslog.json']) {
    writeFileSync(join(edited, file), readFileSync(join(artifacts, file)));
  }
  writeFileSync(join(edited, 'defaultPass.trace.json'), JSON.stringify(trace));
  const audit = spawnSync(
    resolve('node_modules/.bin/lighthouse'),
    [url, '--only-categories=performance', '--output=json', '--quiet', `-A=${edited}`],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  );
  if (audit.status !== 0) throw new Error(`lighthouse -A failed on ${url}: ${audit.stderr}`);
  return JSON.parse(audit.stdout).audits['total-blocking-time'].numericValue;
}

/**
 * What Lighthouse's simulated LCP of one saved run waits for. Lighthouse's own modules (the
 * version pinned in package.json) rebuild the estimate from the run's trace and network log; the
 * figure is checked against the report's, so a Lighthouse upgrade that changes them is noticed.
 */
async function explainLcp(artifactsDir, report) {
  const [{ loadArtifacts }, { LanternLargestContentfulPaint }, { defaultSettings }] =
    await Promise.all([
      import('lighthouse/core/lib/asset-saver.js'),
      import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'),
      import('lighthouse/core/config/constants.js'),
    ]);
  const artifacts = await loadArtifacts(artifactsDir);
  const lantern = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: defaultSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    },
    { computedCache: new Map() },
  );
  const reported = report.audits['largest-contentful-paint'].numericValue;
  if (Math.abs(lantern.timing - reported) > 1) {
    throw new Error(
      `--explain-lcp replayed an LCP of ${lantern.timing} ms, the report has ${reported}`,
    );
  }
  // The optimistic graph: what the estimate waits for even when Lighthouse assumes the least.
  const nodes = [...lantern.optimisticEstimate.nodeTimings.entries()];
  const scripts = nodes.filter(
    ([node]) => node.type === 'network' && node.request.resourceType === 'Script',
  );
  const observed = report.audits.metrics.details.items[0];
  return {
    observedFcp: observed.observedFirstContentfulPaint,
    observedLcp: observed.observedLargestContentfulPaint,
    scripts: scripts.length,
    scriptKb: scripts.reduce((kb, [node]) => kb + node.request.transferSize / 1024, 0),
    lastScriptEnd: Math.max(0, ...scripts.map(([, timing]) => timing.endTime)),
    cpu: nodes
      .filter(([node]) => node.type === 'cpu')
      .reduce((ms, [, timing]) => ms + timing.duration, 0),
  };
}

function medians(runs) {
  return {
    performance: median(runs.map((r) => r.performance)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    tbtWithoutWaits: EXPLAIN_TBT ? median(runs.map((r) => r.tbtWithoutWaits)) : undefined,
    all: runs,
  };
}

async function latencyTable() {
  for (const route of ROUTES) await measure(BASE + route); // warm-up
  const rows = [];
  for (const route of ROUTES) {
    const m = await measure(BASE + route);
    rows.push({
      route,
      requests: m.requests,
      'req/s': Math.round(m.reqPerSecond),
      'p50 ms': m.p50.toFixed(1),
      'p95 ms': m.p95.toFixed(1),
      'max ms': m.max.toFixed(1),
      '5xx': m.failures,
    });
  }
  console.log(`\nLatency, ${REQUESTS} requests per route, ${CONCURRENCY} at a time (loopback):`);
  console.table(rows);
}

/** Builds and serves the bare page (removed after the run, see the end of this file). */
async function startBarePage() {
  console.log('Building the bare page…');
  buildBarePage();
  const bareServer = serve(
    process.execPath,
    [resolve('node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', BARE_PORT],
    {
      cwd: BARE_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  await waitForServer(BARE_BASE, bareServer);
}

async function compare() {
  await startBarePage();
  const pages = [
    { name: BARE_NAME, url: `${BARE_BASE}/`, nextDir: join(BARE_DIR, '.next'), route: '/' },
    { name: '/pt-BR', url: `${BASE}/pt-BR`, nextDir: '.next', route: '/[locale]' },
    { name: '/en', url: `${BASE}/en`, nextDir: '.next', route: '/[locale]' },
    { name: PRODUCT, url: BASE + PRODUCT, nextDir: '.next', route: '/[locale]/chocolates/[key]' },
  ];
  for (const page of pages) await measure(page.url); // warm-up (and ISR fill)
  // Load first, for every page, then Lighthouse: a browser never competes with the load.
  const rows = [];
  for (const page of pages) {
    process.stdout.write(`Load on ${page.name}…\n`);
    const load = await measure(page.url);
    const doc = await documentKbGz(page.url);
    rows.push({ page, load, doc, js: firstLoadKbGz(page.nextDir, page.route) });
  }
  // Round by round, each page once per round: what drifts on the machine during the minutes this
  // takes (load, temperature) falls on every page alike instead of on whichever page came last.
  const runs = rows.map(() => []);
  const retries = rows.map(() => ({ count: 0 }));
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    process.stdout.write(`Lighthouse round ${run + 1} of ${LIGHTHOUSE_RUNS}…\n`);
    for (const [i, row] of rows.entries()) {
      runs[i].push(await lighthouseRun(row.page.url, run, retries[i]));
    }
  }
  rows.forEach((row, i) => (row.audit = medians(runs[i])));
  const bare = rows[0];
  console.log(
    `\nShop vs bare Next page (same run; Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}; ` +
      `${REQUESTS} requests at ${CONCURRENCY} connections):`,
  );
  console.table(
    rows.map(({ page, load, audit, js, doc }) => ({
      page: page.name,
      'JS KB gz': js.toFixed(1),
      'JS vs bare': `${js - bare.js >= 0 ? '+' : ''}${(js - bare.js).toFixed(1)}`,
      'doc KB gz': doc.toFixed(1),
      perf: Math.round(audit.performance),
      'LCP s': (audit.lcp / 1000).toFixed(2),
      'LCP x bare': (audit.lcp / bare.audit.lcp).toFixed(2),
      'TBT ms': Math.round(audit.tbt),
      'TBT x bare': (audit.tbt / Math.max(bare.audit.tbt, 1)).toFixed(2),
      ...(EXPLAIN_TBT
        ? {
            'TBT w/o waits': Math.round(audit.tbtWithoutWaits),
            'w/o waits x bare': (
              audit.tbtWithoutWaits / Math.max(bare.audit.tbtWithoutWaits, 1)
            ).toFixed(2),
          }
        : {}),
      CLS: audit.cls.toFixed(3),
      'req/s': Math.round(load.reqPerSecond),
      'req/s % bare': `${Math.round((100 * load.reqPerSecond) / bare.load.reqPerSecond)} %`,
      'p50 ms': load.p50.toFixed(1),
      'p99 ms': load.p99.toFixed(1),
    })),
  );
  console.log(
    `\nLighthouse runs (performance / LCP ms / TBT ms / CLS${EXPLAIN_TBT ? ' / TBT w/o waits' : ''}):`,
  );
  for (const { page, audit } of rows) {
    const runs = audit.all.map(
      (r) =>
        `${Math.round(r.performance)}/${Math.round(r.lcp)}/${Math.round(r.tbt)}/${r.cls.toFixed(3)}` +
        (EXPLAIN_TBT ? `/${Math.round(r.tbtWithoutWaits)}` : ''),
    );
    console.log(`  ${page.name}: ${runs.join('  ')}`);
  }
  if (EXPLAIN_LCP) {
    console.log(
      '\nWhat each simulated LCP waits for (Chromium painted FCP/LCP at, ms -> simulated LCP, ms: ' +
        'scripts before it, KB, the last one done at, ms; simulated main-thread ms in it):',
    );
    for (const { page, audit } of rows) {
      console.log(`  ${page.name}:`);
      for (const r of audit.all) {
        const x = r.lcpExplained;
        if (x.error) {
          console.log(`    ${Math.round(r.lcp)}: not explained (${x.error})`);
          continue;
        }
        const last = x.scripts > 0 ? Math.round(x.lastScriptEnd) : '-';
        console.log(
          `    ${x.observedFcp}/${x.observedLcp} -> ${Math.round(r.lcp)}: ` +
            `${x.scripts} scripts, ${x.scriptKb.toFixed(1)} KB, last at ${last}; ` +
            `${Math.round(x.cpu)} ms`,
        );
      }
    }
  }
}

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

async function firstPaint() {
  const { chromium } = await import('playwright-core');
  await startBarePage();
  const pages = [
    { name: 'bare page', url: `${BARE_BASE}/` },
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
async function measureEachOnce(url) {
  await (await get(url)).arrayBuffer();
}

const AUTH_HOST = `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? '9900'}`;
const FIRESTORE_HOST = `127.0.0.1:${process.env.FIRESTORE_EMULATOR_PORT ?? '8900'}`;

/** Writes `count` orders as the checkout stores them, one minute apart, half of them confirmed. */
async function seedPanelOrders(count) {
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_HOST;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  // The project and shop ids scripts/e2e-server.mjs serves (as in e2e/fixtures/e2e-firebase.ts).
  const app = initializeApp({ projectId: 'demo-chocolate-shop' }, 'bench-panel');
  const db = getFirestore(app);
  const start = Date.UTC(2025, 0, 1);
  const flags = {
    confirmed: false,
    waitingPayment: false,
    inProduction: false,
    waitingForRetrieval: false,
    waitingForDelivery: false,
    delivered: false,
    cancelled: false,
  };
  for (let first = 0; first < count; first += 250) {
    const batch = db.batch();
    for (let index = first; index < Math.min(count, first + 250); index += 1) {
      const id = `BENCH${String(index).padStart(8, '0')}`;
      const email = `c${index % 50}@example.com`;
      batch.set(db.doc(`projects/chocolate-shop/orders/${id}`), {
        orderID: id,
        orderDate: Timestamp.fromMillis(start + index * 60_000),
        clientRef: `uid-${index % 50}`,
        orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 35 }],
        status: { ...flags, confirmed: index % 2 === 0 },
        statusKey: index % 2 === 0 ? 'confirmed' : 'awaitingApproval',
        shippingOption: index % 3 === 0 ? 'Entrega' : 'Retirada',
        total: 35,
        locale: 'pt-BR',
        address: null,
        telephone: '11912345678',
        customer: { name: `Cliente ${index}`, email },
        customerEmailLower: email,
        payment: { provider: 'manual', status: 'not-required' },
        stockReturned: false,
        audit: [],
      });
    }
    await batch.commit();
  }
  await deleteApp(app);
}

/** The seed admin's session cookie (Auth emulator sign-in, then POST /api/session). */
async function adminCookie() {
  const signIn = await fetch(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@chocolates.local',
        password: 'admin-chocolate-123',
        returnSecureToken: true,
      }),
    },
  );
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status}`);
  const { idToken } = await signIn.json();
  const session = await fetch(`${BASE}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ idToken }),
  });
  if (!session.ok) throw new Error(`POST /api/session failed: ${session.status}`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__session='));
  if (!cookie) throw new Error('no __session cookie');
  return cookie;
}

/** The build's Server Action ids of one file (the manifest Next writes), by exported name. */
function serverActionIds(filename) {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8'));
  const ids = {};
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.filename === filename) ids[entry.exportedName] = id;
  }
  return ids;
}

/** The Next-Router-State-Tree header a browser on a panel page sends (segments of the path). */
function routerStateTree(segments) {
  let tree = ['__PAGE__', {}, null, null, 0];
  for (const segment of [...segments].reverse())
    tree = [segment, { children: tree }, null, null, 0];
  return encodeURIComponent(JSON.stringify(['', { children: tree }, null, null, 16]));
}

/**
 * A Server Action call as the browser makes it from a panel page: POST to the page with the
 * Next-Action header, the router state and, as the body, what React's encodeReply sends.
 * `form` (a useActionState <form>): multipart, the fields prefixed `_1_` and the arguments
 * [previous state, the form] (null: the card's first change), as captured from Chromium on the
 * orders page. Otherwise the arguments as JSON text (the stock page's plain object). The
 * answer is read whole, as the browser reads it.
 */
function actionRequest(page, segments, id, { form, args }, cookie) {
  const headers = {
    cookie,
    origin: BASE,
    accept: 'text/x-component',
    'next-action': id,
    'next-router-state-tree': routerStateTree(segments),
  };
  if (form) {
    const body = new FormData();
    // The form's progressive-enhancement fields React adds (the action's reference and key).
    body.append('_1_$ACTION_REF_1', '');
    body.append('_1_$ACTION_1:0', JSON.stringify({ id, bound: '$@1' }));
    body.append('_1_$ACTION_1:1', '[null]');
    body.append('_1_$ACTION_KEY', 'k0000000000000000000000000000000');
    for (const [name, value] of Object.entries(form)) body.append(`_1_${name}`, value);
    body.append('0', '[null,"$K1"]');
    return { url: BASE + page, init: { method: 'POST', headers, body } };
  }
  return {
    url: BASE + page,
    init: {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(args),
    },
  };
}

/**
 * `count` requests made by `makeRequest(index)`, `concurrency` at a time; a request counts as
 * failed unless it answers 200 and `check(body)` (when given) accepts the body.
 */
async function measureEach(count, concurrency, makeRequest, check) {
  const timings = [];
  const failures = [];
  let next = 0;
  async function worker(workerIndex) {
    while (next < count) {
      const index = next;
      next += 1;
      const { url, init } = await makeRequest(index, workerIndex);
      const t0 = performance.now();
      const response = await get(url, { redirect: 'manual', ...init });
      const body = await response.text();
      timings.push(performance.now() - t0);
      if (response.status !== 200 || (check && !check(body))) {
        failures.push(`${response.status} ${body.slice(0, 200)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  timings.sort((a, b) => a - b);
  if (failures.length > 0) console.error(`  ${failures.length} failed, e.g. ${failures[0]}`);
  return { requests: timings.length, ...stats(timings), failures: failures.length };
}

function stats(sorted) {
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}

function row(name, concurrency, m) {
  return {
    measured: name,
    'at a time': concurrency,
    requests: m.requests,
    'p50 ms': m.p50.toFixed(1),
    'p95 ms': m.p95.toFixed(1),
    'max ms': m.max.toFixed(1),
    failed: m.failures,
  };
}

const ACTION_REQUESTS = Math.min(Number(process.env.BENCH_ACTION_REQUESTS ?? 100), 115);
const PANEL_CONCURRENCIES = [1, CONCURRENCY];
// Stock saves write these products (two per save, one pair per concurrent worker).
const STOCK_BENCH_KEYS = [
  'ovo-pistache',
  'mini-ovo',
  'barra-tropical-bahia',
  'barra-tropical-minas',
  'barra-tropical-sampa',
  'barra-tropical-parana',
  'barra-tropical-amazonas',
  'ovo-tropical-rio',
];

/** The machine's load (1-minute average) against its cores: figures on a busy machine are worse. */
function machineLoad() {
  return `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
}

async function panelTable() {
  console.log(`Seeding ${PANEL_ORDERS} orders…`);
  const loadBefore = machineLoad();
  await seedPanelOrders(PANEL_ORDERS);
  const cookie = await adminCookie();
  const ids = serverActionIds('lib/control-panel/actions.ts');
  // The cursor of the 200th newest bench order: a page deep in the list (lib/orders/order-filters.ts).
  const deep = PANEL_ORDERS - 200;
  const deepCursor = `${Math.floor((Date.UTC(2025, 0, 1) + deep * 60_000) / 1000)}.000000000_BENCH${String(deep).padStart(8, '0')}`;
  const routes = [
    '/pt-BR/control-panel',
    '/pt-BR/control-panel/orders?status=confirmed&shipping=Retirada',
    `/en/control-panel/orders?after=${deepCursor}`,
    '/pt-BR/control-panel/stock',
  ];
  const page = (route) => () => ({ url: BASE + route, init: { headers: { cookie } } });
  for (const route of routes) await measureEach(20, CONCURRENCY, page(route)); // warm-up
  const rows = [];
  for (const concurrency of PANEL_CONCURRENCIES) {
    for (const route of routes) {
      rows.push(
        row(`GET ${route}`, concurrency, await measureEach(REQUESTS, concurrency, page(route))),
      );
    }
  }

  // Status changes, each a real move of a different order, made from the newest page of the list
  // (the answer carries that page rendered again): the seed's odd orders wait for approval, its
  // even ones are confirmed (seedPanelOrders).
  const benchId = (index) => `BENCH${String(index).padStart(8, '0')}`;
  const awaiting = Array.from({ length: PANEL_ORDERS / 2 }, (_, i) => benchId(2 * i + 1));
  const confirmed = Array.from({ length: PANEL_ORDERS / 2 }, (_, i) => benchId(2 * i));
  const statusChange = (orderID, from, to) =>
    actionRequest(
      '/pt-BR/control-panel/orders',
      ['control-panel'],
      ids.changeOrderStatus,
      { form: { locale: 'pt-BR', orderID, from, to } },
      cookie,
    );
  // The action's answer (its result is the first row of the Flight body) says it changed.
  const changed = (body) => body.includes('"code":"changed"');
  await measureEach(
    10,
    1,
    (i) => statusChange(awaiting[i], 'awaitingApproval', 'waitingPayment'),
    changed,
  );
  const sets = [
    { list: awaiting.slice(10), from: 'awaitingApproval', to: 'confirmed' },
    { list: confirmed, from: 'confirmed', to: 'inProduction' },
  ];
  PANEL_CONCURRENCIES.forEach((concurrency, index) => {
    const { list, from, to } = sets[index];
    rows.push(async () =>
      row(
        `status change (${from} → ${to})`,
        concurrency,
        await measureEach(
          ACTION_REQUESTS,
          concurrency,
          (i) => statusChange(list[i], from, to),
          changed,
        ),
      ),
    );
  });
  for (let index = 0; index < rows.length; index += 1) {
    if (typeof rows[index] === 'function') rows[index] = await rows[index]();
  }

  // Stock saves: each save changes two products' stock (50 ↔ 51), as the stock page sends it.
  const stockNow = new Map(STOCK_BENCH_KEYS.map((key) => [key, 50]));
  await setBenchStock(STOCK_BENCH_KEYS, 50);
  const stockSave = (i, worker) => {
    const keys = STOCK_BENCH_KEYS.slice(2 * worker, 2 * worker + 2);
    const lines = keys.map((key) => {
      const expectedStock = stockNow.get(key);
      const stock = expectedStock === 50 ? 51 : 50;
      stockNow.set(key, stock);
      return { key, stock, expectedStock };
    });
    return stockSaveRequest(ids, lines, cookie);
  };
  const saved = (body) => body.includes('"code":"saved"');
  await measureEach(6, 1, stockSave, saved); // warm-up
  for (const concurrency of PANEL_CONCURRENCIES) {
    rows.push(
      row(
        'stock save (2 products)',
        concurrency,
        await measureEach(ACTION_REQUESTS, concurrency, stockSave, saved),
      ),
    );
  }
  console.log(
    `\nControl panel on the local Firebase, ${PANEL_ORDERS} seeded orders, loopback; ` +
      `${REQUESTS} requests per page, ${ACTION_REQUESTS} per action ` +
      `(machine: ${loadBefore} before, ${machineLoad()} after):`,
  );
  console.table(rows);
}

/**
 * The stock page's one save of the changed rows `lines` ({ key, stock, expectedStock }), flags as
 * the seed has them: the form calls the action with a plain object, which React sends as JSON
 * text (the previous answer is null here, as on the page's first save).
 */
function stockSaveRequest(ids, lines, cookie) {
  return actionRequest(
    '/pt-BR/control-panel/stock',
    ['control-panel', 'stock'],
    ids.updateInventory,
    {
      args: [
        null,
        {
          locale: 'pt-BR',
          lines: lines.map(({ key, stock, expectedStock }) => ({
            key,
            stock: String(stock),
            expectedStock,
            availableForSale: true,
            showInStore: true,
            isPromoted: false,
          })),
        },
      ],
    },
    cookie,
  );
}

async function setBenchStock(keys, stock) {
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: 'demo-chocolate-shop' }, 'bench-stock');
  const batch = getFirestore(app).batch();
  for (const key of keys) {
    batch.set(
      getFirestore(app).doc(`projects/chocolate-shop/inventory/${key}`),
      { stock },
      { merge: true },
    );
  }
  await batch.commit();
  await deleteApp(app);
}

try {
  await waitForServer(`${BASE}/en`, shop);
  if (COMPARE) await compare();
  else if (FIRST_PAINT) await firstPaint();
  else if (PANEL) await panelTable();
  else await latencyTable();
  console.log('\nFirst-load JavaScript per route:');
  spawnSync(process.execPath, ['scripts/bundle-stats.mjs'], { stdio: 'inherit' });
} finally {
  stopAll();
  if (COMPARE || FIRST_PAINT) rmSync(BARE_DIR, { recursive: true, force: true });
  rmSync(BENCH_TMP, { recursive: true, force: true });
}
