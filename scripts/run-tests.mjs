// `npm test`: type-check, lint, Jest, production build, Playwright. Every step runs even when an
// earlier one failed (except that e2e needs the build), and the run ends with one summary line
// `N passed, N failed[, N skipped]` counting Jest and Playwright tests plus the gate steps.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

/**
 * Runs one step and resolves to whether it succeeded. Steps that run side by side keep their
 * output and print it whole when they end; a `live` step prints as it goes (beside it, the others'
 * whole outputs come between its lines).
 */
function run(label, command, args, { env = {}, live = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (live) console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: live ? 'inherit' : 'pipe',
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk) => (output += chunk));
    }
    // A command that cannot start (not installed, say) is a failed step, not a crash of the run.
    child.on('error', (error) => {
      if (live) console.log(error.message);
      else output += `${error.message}\n`;
    });
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) {
        console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
        process.stdout.write(output);
      }
      console.log(`=== ${label}: ${status === 0 ? 'ok' : `exit ${status}`} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}

function gate(label, ok) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const bin = (name) => `node_modules/.bin/${name}`;

/**
 * The type check, lint and format check. They run beside Jest, whose first 30-40 s leave the
 * cores nearly idle while its first local Firebase stacks start (docs/performance.md). The build
 * is not run there: beside Jest it once made stacks miss their start-up limit.
 */
async function gates() {
  // The message types tsc and eslint read come from typegen: it runs first.
  const typegenOk = await run('typegen', bin('next'), ['typegen']);
  // Each keeps one core busy for 15-25 s: side by side they take as long as the slowest.
  const [tscOk, eslintOk, prettierOk] = await Promise.all([
    // `next build` type-checks the same project again (`tsc --noEmit` on tsconfig.json) with its
    // incremental state in .next/cache/.tsbuildinfo: written here, the build's check finds the
    // files unchanged and takes seconds instead of most of a minute.
    run('typecheck', bin('tsc'), ['--noEmit', '--tsBuildInfoFile', '.next/cache/.tsbuildinfo']),
    run('lint', bin('eslint'), ['.', '--max-warnings=0']),
    run('format', bin('prettier'), ['--check', '.']),
  ]);
  gate('typecheck', typegenOk && tscOk);
  gate('eslint', eslintOk);
  gate('prettier', prettierOk);
}

async function jestSuites() {
  const jestReport = 'test-results/jest.json';
  rmSync(jestReport, { force: true });
  // Live: its output is the long one, and a run cut off by CI's time limit keeps what it printed.
  const jestOk = await run('jest', bin('jest'), ['--ci', '--json', `--outputFile=${jestReport}`], {
    live: true,
  });
  const jest = readJson(jestReport);
  if (jest) {
    results.passed += jest.numPassedTests;
    results.failed += jest.numFailedTests;
    results.skipped += jest.numPendingTests + (jest.numTodoTests ?? 0);
    // A suite that cannot even load has no failed tests of its own: count it.
    results.failed += jest.numRuntimeErrorTestSuites;
    if (!jestOk) failures.push('jest');
    // Failed with no failed test counted (a hook, the teardown): the summary still says failed.
    if (!jestOk && jest.numFailedTests + jest.numRuntimeErrorTestSuites === 0) results.failed += 1;
  } else gate('jest', false);
}

await Promise.all([gates(), jestSuites()]);

// Served on 127.0.0.1 only: a local build, which needs no https site URL (scripts/build.mjs).
const buildOk = await run('build', process.execPath, ['scripts/build.mjs'], {
  env: { LOCAL_BUILD: '1' },
  live: true,
});
gate('next build', buildOk);
// A production install (no dev dependencies) with a real project's configuration starts and
// serves; it reuses the build above.
if (buildOk) {
  gate(
    'production install',
    await run('production install', process.execPath, ['scripts/check-production-install.mjs'], {
      live: true,
    }),
  );
}

if (buildOk) {
  const chromium = ensureChromium();
  const e2eReport = 'test-results/playwright.json';
  rmSync(e2eReport, { force: true });
  const e2eOk = await run('e2e', bin('playwright'), ['test'], {
    env: { CHROMIUM_PATH: chromium },
    live: true,
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    results.passed += e2e.stats.expected + e2e.stats.flaky;
    results.failed += e2e.stats.unexpected;
    results.skipped += e2e.stats.skipped;
    if (!e2eOk) failures.push('playwright');
    if (!e2eOk && e2e.stats.unexpected === 0) results.failed += 1;
  } else gate('playwright', false);
} else {
  console.log('\n=== e2e: skipped because the build failed');
  results.failed += 1;
  failures.push('playwright (no build)');
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
const skipped = results.skipped ? `, ${results.skipped} skipped` : '';
console.log(`\n${results.passed} passed, ${results.failed} failed${skipped}`);
process.exit(results.failed === 0 && failures.length === 0 ? 0 : 1);
