// The production build's own configuration check (scripts/build.mjs), before `next build` runs:
// a deployment without an https NEXT_PUBLIC_SITE_URL would write http://localhost:3000 into its
// canonical URLs and sitemap. The local builds (`npm start`, `npm test`) say LOCAL_BUILD=1.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** Calls an export of scripts/build.mjs (an ES module script) in a Node of its own. */
function call(name: string, argument: unknown): unknown {
  const script =
    `import * as build from './scripts/build.mjs';` +
    `try { process.stdout.write(JSON.stringify({ value: build.${name}(${JSON.stringify(argument)}) })); }` +
    `catch (error) { process.stdout.write(JSON.stringify({ error: error.message })); }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  const result = JSON.parse(out.toString()) as { value?: unknown; error?: string };
  if (result.error !== undefined) throw new Error(result.error);
  return result.value;
}

const buildConfigProblem = (env: Record<string, string>) => call('buildConfigProblem', env);
const checkConfigurationFirst = (source: string) =>
  call('checkConfigurationFirst', source) as string;

test('a production build needs an https NEXT_PUBLIC_SITE_URL unless it is a local build', () => {
  expect(buildConfigProblem({})).toMatch(/NEXT_PUBLIC_SITE_URL .*https:\/\/.*it is not set/);
  expect(buildConfigProblem({ NEXT_PUBLIC_SITE_URL: 'http://chocolates.example' })).toMatch(
    /NEXT_PUBLIC_SITE_URL .*it is not https/,
  );
  expect(buildConfigProblem({ NEXT_PUBLIC_SITE_URL: 'https://chocolates.example' })).toBeNull();
  expect(buildConfigProblem({ LOCAL_BUILD: '1' })).toBeNull();
});

test('`node scripts/build.mjs` without a site URL stops at once, naming it, before next build starts', async () => {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const child = spawn(process.execPath, ['scripts/build.mjs'], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  // Bounded: a check that let the build through would start a minutes-long `next build`.
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  // 'close', not 'exit': the process can exit before its output has been read.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  console.info(`build refused in ${Date.now() - started} ms`);
  expect(code).toBe(1);
  expect(output).toMatch(/Build refused: NEXT_PUBLIC_SITE_URL must be the shop's public https/);
  expect(output).not.toMatch(/Creating an optimized production build|Next\.js/);
}, 30_000);

test("the standalone server.js runs the shop's configuration check before Next starts", () => {
  // The part of Next's generated server.js that is replaced (next/dist/build/utils.js).
  const nextServer =
    "require('next')\nconst { startServer } = require('next/dist/server/lib/start-server')\n" +
    'startServer({ dir }).catch(() => process.exit(1));';
  const patched = checkConfigurationFirst(nextServer);
  expect(patched).toContain("await require('./.next/server/instrumentation.js').register()");
  expect(patched.indexOf('register()')).toBeLessThan(patched.indexOf('return startNextServer'));
  expect(checkConfigurationFirst(patched)).toBe(patched);
  expect(() => checkConfigurationFirst('startServer()')).toThrow(/changed shape/);
});

test("completing a new build drops the pages an earlier build's server regenerated", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'standalone-'));
  try {
    const standalone = path.join(root, '.next', 'standalone');
    const regenerated = path.join(standalone, '.next', 'server', 'route-cache', 'APP_PAGE', 'x');
    fs.mkdirSync(regenerated, { recursive: true });
    fs.writeFileSync(path.join(regenerated, 'page.html'), '<p>old build</p>');
    fs.writeFileSync(
      path.join(standalone, 'server.js'),
      "require('next')\nconst { startServer } = require('next/dist/server/lib/start-server')\n" +
        'startServer({ dir }).catch(() => process.exit(1));',
    );
    for (const folder of [path.join('.next', 'static'), 'public']) {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
    }
    call('completeStandalone', root);
    expect(fs.existsSync(path.join(standalone, '.next', 'server', 'route-cache'))).toBe(false);
    expect(fs.readFileSync(path.join(standalone, 'server.js'), 'utf8')).toContain('register()');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/**
 * Evaluates `expressions` over scripts/build.mjs (`build`) and scripts/start.mjs (`start`) in one
 * Node of its own.
 */
function evaluate(expressions: Record<string, string>): Record<string, unknown> {
  const script =
    `import * as build from './scripts/build.mjs'; import * as start from './scripts/start.mjs';` +
    `process.stdout.write(JSON.stringify({${Object.entries(expressions)
      .map(([name, expression]) => `${JSON.stringify(name)}: ${expression}`)
      .join(', ')}}));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return JSON.parse(out.toString()) as Record<string, unknown>;
}

test('`npm start` wants a build made for its own Firebase and site, not the one it finds', () => {
  const project = `NEXT_PUBLIC_FIREBASE_API_KEY: 'AIzaSyFake'`;
  const targets = evaluate({
    localBuild: `build.buildTarget({ LOCAL_BUILD: '1' })`,
    localStart: `start.wantedTarget({})`,
    projectBuild: `build.buildTarget({ NEXT_PUBLIC_SITE_URL: 'https://shop.example.com' })`,
    projectStart: `start.wantedTarget({ ${project}, NEXT_PUBLIC_SITE_URL: 'https://shop.example.com/' })`,
    otherSiteStart: `start.wantedTarget({ ${project}, NEXT_PUBLIC_SITE_URL: 'https://other.example.com' })`,
    localDescribed: `start.describeTarget(build.buildTarget({ LOCAL_BUILD: '1' }))`,
  });
  // The local build `npm start` and `npm test` make is what a local start wants.
  expect(targets.localBuild).toEqual({ firebase: 'local', siteOrigin: null });
  expect(targets.localStart).toEqual(targets.localBuild);
  // A start with a real project's variables and site wants that project's build, not the local one.
  expect(targets.projectStart).toEqual({
    firebase: 'project',
    siteOrigin: 'https://shop.example.com',
  });
  expect(targets.projectStart).toEqual(targets.projectBuild);
  expect(targets.projectStart).not.toEqual(targets.localBuild);
  expect(targets.otherSiteStart).not.toEqual(targets.projectBuild);
  expect(targets.localDescribed).toBe(
    'the local Firebase, site http://localhost:3000 (none configured)',
  );
});
