// `npm test`: type-check, lint, Jest, production build, Playwright. Every step runs even when an
// earlier one failed (except that e2e needs the build), and the run ends with one summary line
// `N passed, N failed[, N skipped]` counting Jest and Playwright tests plus the gate steps.
//
// Jest spends most of its time waiting on the local Firebase stacks its suites start, so the
// CPU-bound steps (tsc, ESLint, Prettier, next build, the production-install check) run beside
// it. Their output goes to test-results/static-steps.log and is printed once Jest is done, so
// the two never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

/** Runs a command; `log` is a stream for its output, or undefined to print it as it comes. */
function run(label, command, args, { env = {}, log } = {}) {
  const say = (text) => (log ? log.write(`${text}\n`) : console.log(text));
  say(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      say(`=== ${label}: ${status === 0 ? 'ok' : `exit ${status}`} in ${seconds} s`);
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

const staticLogPath = 'test-results/static-steps.log';
const log = createWriteStream(staticLogPath);

/** tsc, ESLint, Prettier, the build and the production-install check, one after another. */
async function staticSteps() {
  const options = { log };
  gate(
    'typecheck',
    (await run('typecheck', bin('next'), ['typegen'], options)) &&
      (await run('typecheck', bin('tsc'), ['--noEmit'], options)),
  );
  gate('eslint', await run('lint', bin('eslint'), ['.', '--max-warnings=0'], options));
  gate('prettier', await run('format', bin('prettier'), ['--check', '.'], options));
  // Served on 127.0.0.1 only: a local build, which needs no https site URL (scripts/build.mjs).
  const built = await run('build', process.execPath, ['scripts/build.mjs'], {
    ...options,
    env: { LOCAL_BUILD: '1' },
  });
  gate('next build', built);
  // A production install (no dev dependencies) with a real project's configuration starts and
  // serves; it reuses the build above.
  if (built) {
    gate(
      'production install',
      await run(
        'production install',
        process.execPath,
        ['scripts/check-production-install.mjs'],
        options,
      ),
    );
  }
  return built;
}

async function jestSuite() {
  const jestReport = 'test-results/jest.json';
  rmSync(jestReport, { force: true });
  const jestOk = await run('jest', bin('jest'), ['--ci', '--json', `--outputFile=${jestReport}`]);
  const jest = readJson(jestReport);
  if (jest) {
    results.passed += jest.numPassedTests;
    results.failed += jest.numFailedTests;
    results.skipped += jest.numPendingTests + (jest.numTodoTests ?? 0);
    // A suite that cannot even load has no failed tests of its own: count it.
    results.failed += jest.numRuntimeErrorTestSuites;
    if (!jestOk) failures.push('jest');
  } else gate('jest', false);
}

console.log(
  `\n=== typecheck, lint, format, build and production install run beside Jest (${staticLogPath})`,
);
const [buildOk] = await Promise.all([staticSteps(), jestSuite()]);
await new Promise((resolve) => log.end(resolve));
console.log(readFileSync(staticLogPath, 'utf8'));

if (buildOk) {
  const chromium = ensureChromium();
  const e2eReport = 'test-results/playwright.json';
  rmSync(e2eReport, { force: true });
  const e2eOk = await run('e2e', bin('playwright'), ['test'], {
    env: { CHROMIUM_PATH: chromium },
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
