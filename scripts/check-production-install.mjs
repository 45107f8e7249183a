// A production install starts and serves without dev tools (run by `npm test`).
//
// In a temporary copy of the working tree (so the tree keeps its dev dependencies): install,
// build, `npm prune --omit=dev --legacy-peer-deps`, then `npm start` with a real project's configuration whose
// service account is syntactically valid but fake. Passes when the server serves /pt-BR from the
// build, /api/health answers 503 naming Firestore, no emulator starts and no module is missing.
//
//   node scripts/check-production-install.mjs            links node_modules from this tree (the
//                                                        tree `npm install` makes from the same
//                                                        lockfile) and reuses its build when current
//   node scripts/check-production-install.mjs --clean    a clean clone's path: `npm install` (from
//                                                        the npm cache) and `npm run build` (minutes)
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

async function main() {
  const work = mkdtempSync(join(os.tmpdir(), 'shop-production-install-'));
  let server;
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
      // The tree's build is of these very sources (buildIsCurrent); a real copy, since the
      // server writes regenerated pages into it.
      step('copying the current build (.next, without its compiler cache)');
      cpSync(join(ROOT, '.next'), join(work, '.next'), {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !source.startsWith(join(ROOT, '.next', 'cache')),
      });
    } else {
      sh('npm', ['run', 'build'], work);
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

    const port = await freePort();
    const { projectId, env: realEnv } = fakeRealProjectEnv();
    const env = { ...process.env, ...realEnv, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' };
    for (const name of [
      'FIRESTORE_EMULATOR_HOST',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'ALLOW_EMULATORS_IN_PRODUCTION',
      'GCLOUD_PROJECT',
      'NODE_ENV',
      'MERCADOPAGO_PUBLIC_KEY',
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_WEBHOOK_SECRET',
    ]) {
      delete env[name];
    }
    step(`npm start on port ${port} with a fake service account`);
    let output = '';
    server = spawn('npm', ['start'], { cwd: work, env, detached: true });
    for (const stream of [server.stdout, server.stderr]) {
      stream.on('data', (chunk) => (output += chunk));
    }
    const exited = new Promise((resolve) => server.on('exit', resolve));

    const base = `http://127.0.0.1:${port}`;
    let page;
    const until = Date.now() + 60_000;
    while (!page && Date.now() < until && server.exitCode === null) {
      page = await fetchWithin(`${base}/pt-BR`, 5_000).catch(() => undefined);
      if (!page) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (page?.status !== 200 || !page.text.includes('<html')) {
      throw new Error(`/pt-BR answered ${page?.status ?? 'nothing'}:\n${output}`);
    }
    step('/pt-BR: 200');

    const healthStarted = Date.now();
    const health = await fetchWithin(`${base}/api/health`, 10_000);
    const healthMs = Date.now() - healthStarted;
    const body = JSON.parse(health.text);
    if (health.status !== 503 || body.firestore !== 'error') {
      throw new Error(`/api/health answered ${health.status} ${health.text}, expected 503`);
    }
    if (health.text.includes(projectId)) throw new Error('/api/health names the project id');
    step(`/api/health: 503 ${health.text} in ${healthMs} ms`);

    if (/Cannot find module|MODULE_NOT_FOUND/.test(output)) {
      throw new Error(`a module is missing:\n${output}`);
    }
    if (/\[local-firebase\] (ready|starting)|Auth emulator/i.test(output)) {
      throw new Error(`an emulator started:\n${output}`);
    }
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    step('passed');
  } finally {
    if (server && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[production-install ${seconds()}] FAILED: ${error.message}`);
  process.exit(1);
});
