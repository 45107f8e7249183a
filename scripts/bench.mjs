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
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import {
  BENCH_TMP,
  EXPLAIN_LCP,
  EXPLAIN_TBT,
  lighthouseRun,
  medians,
} from './bench/lighthouse.mjs';
import { STANDALONE_SERVER } from './build.mjs';
import {
  BASE,
  COMPARE,
  CONCURRENCY,
  documentKbGz,
  firstLoadKbGz,
  LIGHTHOUSE_RUNS,
  measure,
  PORT,
  PRODUCT,
  REQUESTS,
  waitForServer,
} from './bench/common.mjs';
import { firstPaint } from './bench/first-paint.mjs';
import { panelTable } from './bench/panel.mjs';

const PANEL = process.argv.includes('--panel');
const FIRST_PAINT = process.argv.includes('--first-paint');
const PREPAINT_FLAG = '--bare-prepaint-ms';
const PREPAINT_ARGS = process.argv.filter(
  (arg) => arg === PREPAINT_FLAG || arg.startsWith(`${PREPAINT_FLAG}=`),
);
const PREPAINT_VALUE = PREPAINT_ARGS[0]?.slice(PREPAINT_FLAG.length + 1);
const BARE_PORT = process.env.BENCH_BARE_PORT ?? String(Number(PORT) + 1);
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;
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

try {
  await waitForServer(`${BASE}/en`, shop);
  if (COMPARE) await compare();
  else if (FIRST_PAINT) await firstPaint({ bareBase: BARE_BASE, startBarePage });
  else if (PANEL) await panelTable();
  else await latencyTable();
  console.log('\nFirst-load JavaScript per route:');
  spawnSync(process.execPath, ['scripts/bundle-stats.mjs'], { stdio: 'inherit' });
} finally {
  stopAll();
  if (COMPARE || FIRST_PAINT) rmSync(BARE_DIR, { recursive: true, force: true });
  rmSync(BENCH_TMP, { recursive: true, force: true });
}
