// A production install starts and serves without dev tools (run by `npm test`).
//
// In a temporary copy of the working tree (so the tree keeps its dev dependencies), with a real
// project's configuration whose service account is syntactically valid but fake and a configured
// site (https://shop.example.com):
// 1. `npm start` on the tree's local build (the one `npm start` and `npm test` make) builds again
//    for the project, since that build names http://localhost:3000 in its pages; the landing's
//    canonical link and og:url then name the configured site;
// 2. `npm prune --omit=dev --legacy-peer-deps`, then `npm start` serves that build: robots.txt
//    names the configured site, /api/health answers 503 naming Firestore, no emulator starts and
//    no module is missing;
// 3. the same production install started for another site refuses to serve it.
//
//   node scripts/check-production-install.mjs            links node_modules from this tree (the
//                                                        tree `npm install` makes from the same
//                                                        lockfile) and starts from its build
//   node scripts/check-production-install.mjs --clean    a clean clone's path: `npm install` (from
//                                                        the npm cache) first
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildIsCurrent } from './start.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** As README 'Deploy' gives them for a production install. */
const PRODUCTION_INSTALL_FLAGS = ['--omit=dev', '--legacy-peer-deps'];
const clean = process.argv.includes('--clean');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`[production-install ${seconds()}] ${text}`);

function sh(command, args, cwd) {
  step(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  }
  return result.stdout.toString();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A real project's variables with a well-formed service account no project will ever accept. */
function fakeRealProjectEnv() {
  const projectId = 'chocolate-shop-prod-check';
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    projectId,
    env: {
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
        type: 'service_account',
        project_id: projectId,
        private_key_id: '0123456789abcdef',
        private_key: privateKey,
        client_email: `shop@${projectId}.iam.gserviceaccount.com`,
        client_id: '1',
      }),
      NEXT_PUBLIC_FIREBASE_API_KEY: 'AIzaSyFakeFakeFakeFakeFakeFakeFakeFake',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
      NEXT_PUBLIC_FIREBASE_APP_ID: '1:1:web:fake',
      // No SMTP here: a real project's server refuses to start without it or this (lib/env.ts).
      MAIL_DISABLED: '1',
    },
  };
}

async function fetchWithin(url, ms) {
  const response = await fetch(url, { signal: AbortSignal.timeout(ms), redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

/**
 * `npm start` in `work` with `extra` over this process's environment (no emulator variables), on a
 * free port: its output, its exit, and a stop that ends its process group.
 */
async function startShop(work, extra, readyWithinMs) {
  const port = await freePort();
  const env = { ...process.env, ...extra, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'ALLOW_EMULATORS_IN_PRODUCTION',
    'GCLOUD_PROJECT',
    'NODE_ENV',
    'LOCAL_BUILD',
    'MERCADOPAGO_PUBLIC_KEY',
    'MERCADOPAGO_ACCESS_TOKEN',
    'MERCADOPAGO_WEBHOOK_SECRET',
  ]) {
    delete env[name];
  }
  step(`npm start on port ${port} with a fake service account, site ${extra.NEXT_PUBLIC_SITE_URL}`);
  let output = '';
  const server = spawn('npm', ['start'], { cwd: work, env, detached: true });
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (chunk) => (output += chunk));
  }
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  return {
    base: `http://127.0.0.1:${port}`,
    readyWithinMs,
    exited,
    output: () => output,
    running: () => server.exitCode === null && server.signalCode === null,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        return;
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

// robots.txt: made at build time from the site the build is for, and served without Firestore,
// which the fake project cannot reach (every page's layout reads the catalogue from it).
const PAGE = '/robots.txt';

/** PAGE answers 200 from `started`, naming `site` in its sitemap line. */
async function expectServed(started, site) {
  let page;
  const until = Date.now() + started.readyWithinMs;
  while (!page && Date.now() < until && started.running()) {
    page = await fetchWithin(`${started.base}${PAGE}`, 5_000).catch(() => undefined);
    if (!page) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (page?.status !== 200) {
    throw new Error(`${PAGE} answered ${page?.status ?? 'nothing'}:\n${started.output()}`);
  }
  const sitemap = /^Sitemap: (\S+)$/m.exec(page.text)?.[1];
  if (sitemap !== `${site}/sitemap.xml`) {
    throw new Error(`${PAGE} names the sitemap ${sitemap}, not ${site}/sitemap.xml`);
  }
  step(`${PAGE}: 200, sitemap ${sitemap}`);
}

/**
 * The landing served by `started` names `site` in its canonical link and og:url. No Firestore
 * answers the fake project, so the page itself fails (the shell needs the catalogue) and the
 * answer is an error page; its head is the landing's metadata all the same.
 */
async function expectCanonicalLinks(started, site) {
  const page = await fetchWithin(`${started.base}/pt-BR`, 10_000);
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.text)?.[1];
  const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(page.text)?.[1];
  if (canonical !== `${site}/pt-BR` || ogUrl !== `${site}/pt-BR`) {
    throw new Error(
      `/pt-BR (${page.status}) names canonical ${canonical} and og:url ${ogUrl}, not ` +
        `${site}/pt-BR:\n${page.text.slice(0, 3000)}`,
    );
  }
  step(`/pt-BR (${page.status} without Firestore): canonical and og:url ${canonical}`);
}

async function main() {
  const work = mkdtempSync(join(os.tmpdir(), 'shop-production-install-'));
  try {
    // The tracked and new (not ignored) files, with their times, as a clone would have them.
    const files = sh('git', ['ls-files', '-co', '--exclude-standard', '-z'], ROOT)
      .split('\0')
      .filter((file) => file && existsSync(join(ROOT, file)));
    for (const file of files) {
      cpSync(join(ROOT, file), join(work, file), { preserveTimestamps: true });
    }

    if (clean) {
      sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], work);
    } else {
      // Hard links: npm prune only unlinks, so the tree's own node_modules is untouched. npm
      // rewrites its hidden lockfile in place, so that one file is a real copy.
      sh('cp', ['-al', join(ROOT, 'node_modules'), join(work, 'node_modules')], ROOT);
      const hidden = join(work, 'node_modules', '.package-lock.json');
      if (existsSync(hidden)) {
        rmSync(hidden);
        cpSync(join(ROOT, 'node_modules', '.package-lock.json'), hidden);
      }
    }

    if (!clean && buildIsCurrent()) {
      // The tree's build is of these very sources, made for the local Firebase; a real copy,
      // since the server writes regenerated pages into it.
      // With the compiler's cache: the project's build below then compiles little.
      step('copying the current local build (.next)');
      cpSync(join(ROOT, '.next'), join(work, '.next'), {
        recursive: true,
        preserveTimestamps: true,
      });
    }

    const { projectId, env: realEnv } = fakeRealProjectEnv();
    const site = 'https://shop.example.com';

    // 1. With dev dependencies, `npm start` builds for the project and its site.
    // Bounded generously: a build takes 2 min on a quiet machine, over 10 on a very busy one.
    let started = await startShop(work, { ...realEnv, NEXT_PUBLIC_SITE_URL: site }, 1_500_000);
    try {
      await expectServed(started, site);
      if (!/building for a Firebase project|No current production build/.test(started.output())) {
        throw new Error(`npm start served without building for the project:\n${started.output()}`);
      }
      step('npm start built for the project and its site');
      await expectCanonicalLinks(started, site);
    } finally {
      await started.stop();
    }

    // --legacy-peer-deps: next lists @playwright/test as an optional peer, which alone keeps it
    // (and playwright, playwright-core) in a `--omit=dev` install; the server needs no peer that
    // is not also a dependency.
    sh('npm', ['prune', ...PRODUCTION_INSTALL_FLAGS, '--no-audit', '--no-fund'], work);
    for (const devOnly of [
      'firebase-tools',
      '@firestore-emulator/server',
      'typescript',
      '@playwright/test',
      'playwright-core',
      'jest',
      'lighthouse',
    ]) {
      if (existsSync(join(work, 'node_modules', devOnly))) {
        throw new Error(`npm prune ${PRODUCTION_INSTALL_FLAGS.join(' ')} left ${devOnly}`);
      }
    }

    // 2. The production install serves that build.
    started = await startShop(work, { ...realEnv, NEXT_PUBLIC_SITE_URL: site }, 60_000);
    try {
      await expectServed(started, site);
      const healthStarted = Date.now();
      const health = await fetchWithin(`${started.base}/api/health`, 10_000);
      const healthMs = Date.now() - healthStarted;
      const body = JSON.parse(health.text);
      if (health.status !== 503 || body.firestore !== 'error') {
        throw new Error(`/api/health answered ${health.status} ${health.text}, expected 503`);
      }
      if (health.text.includes(projectId)) throw new Error('/api/health names the project id');
      step(`/api/health: 503 ${health.text} in ${healthMs} ms`);
      const output = started.output();
      if (/Cannot find module|MODULE_NOT_FOUND/.test(output)) {
        throw new Error(`a module is missing:\n${output}`);
      }
      if (/\[local-firebase\] (ready|starting)|Auth emulator/i.test(output)) {
        throw new Error(`an emulator started:\n${output}`);
      }
    } finally {
      await started.stop();
    }

    // 3. Started for another site, the production install refuses the build instead of serving
    // pages that name the wrong one.
    const other = await startShop(
      work,
      { ...realEnv, NEXT_PUBLIC_SITE_URL: 'https://other.example.com' },
      60_000,
    );
    const code = await other.exited;
    if (
      code !== 1 ||
      !/The build was made for a Firebase project, site https:\/\/shop\.example\.com/.test(
        other.output(),
      )
    ) {
      throw new Error(`started for another site: exit ${code}\n${other.output()}`);
    }
    step('started for another site: refused, naming both');
    step('passed');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[production-install ${seconds()}] FAILED: ${error.message}`);
  process.exit(1);
});
