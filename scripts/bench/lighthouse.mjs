// Lighthouse for `npm run bench -- --compare` and `--first-paint` (../bench.mjs): one mobile run
// of a page, the medians of several, and with --explain-tbt / --explain-lcp what the blocking time
// and the largest paint were made of.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const EXPLAIN_TBT = process.argv.includes('--explain-tbt');
export const EXPLAIN_LCP = process.argv.includes('--explain-lcp');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Lighthouse's saved runs for --explain-tbt and --explain-lcp (removed after the run).
export const BENCH_TMP = join(tmpdir(), `shop-bench-${process.pid}`);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One Lighthouse mobile run (its default: simulated slow 4G and 4x CPU throttling), performance
 * only. Lighthouse's trace recording fails now and then (NO_NAVSTART, NO_FCP) on a busy machine;
 * such a run measured nothing, so it is repeated (at most twice per page, `retries` counts them)
 * and said.
 */
export async function lighthouseRun(url, run, retries) {
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

export function medians(runs) {
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
