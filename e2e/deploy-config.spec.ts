// Deploy-day configuration, checked before the server says it is ready: the standalone server
// (as the container and App Hosting start it) on a real project's configuration without SMTP
// refuses to start, naming the variables; with MAIL_DISABLED=1 it starts and says in one line
// that no e-mail will be sent. Both before Next's 'Ready' line (scripts/build.mjs makes server.js
// run instrumentation.ts first), and every line JSON, the banner included. `npm start`
// (scripts/start.mjs) serves that same server.js, and refuses the same way. Plain `next start`
// is not a supported start: Next 16 prints 'Ready' before it loads instrumentation.ts.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort } from '../test/local-firebase-env';

const ROOT = path.join(__dirname, '..');
const SERVER = path.join(ROOT, '.next', 'standalone', 'server.js');
const BUILD_RECORD = path.join(ROOT, '.next', 'shop-build.json');
/** The one line scripts/local-firebase/with-local-firebase.mjs (not the server) prints. */
const LAUNCHER_LINE = '[local-firebase] a real Firebase project is configured: no emulators.';
const PROJECT = 'chocolates-deploy-test';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const REAL_PROJECT = {
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    type: 'service_account',
    project_id: PROJECT,
    client_email: `server@${PROJECT}.iam.gserviceaccount.com`,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }),
  NEXT_PUBLIC_FIREBASE_API_KEY: 'api-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
  NEXT_PUBLIC_FIREBASE_APP_ID: '1:123:web:abc',
};

async function runServer(
  env: Record<string, string>,
  until: (output: string) => boolean,
  command: string[] = [SERVER],
) {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR']) {
    if (process.env[name]) childEnv[name] = process.env[name];
  }
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: {
      ...childEnv,
      ...env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOSTNAME: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let code: number | null | 'running' = 'running';
  void exited.then((exitCode) => (code = exitCode));
  await expect.poll(() => code !== 'running' || until(output), { timeout: 60_000 }).toBe(true);
  if (code === 'running') child.kill('SIGTERM');
  await exited;
  const lines = output.split('\n').filter((line) => line !== '' && line !== LAUNCHER_LINE);
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line: ${JSON.stringify(line)}\n${output}`);
    }
  });
  return { code, parsed, output };
}

const isReady = (line: Record<string, unknown>) => /Ready in/.test(String(line.message ?? ''));

test('a real project without SMTP and without MAIL_DISABLED=1 does not start, and says why before any Ready line', async () => {
  test.setTimeout(90_000);
  const { code, parsed, output } = await runServer(REAL_PROJECT, () => false);
  expect(code, output).toBe(1);
  const refusal = parsed.findIndex((line) => line.event === 'config.invalid');
  expect(refusal, output).toBeGreaterThanOrEqual(0);
  expect(String(parsed[refusal]!.problems)).toMatch(/SMTP_URL, MAIL_FROM .*MAIL_DISABLED=1/);
  expect(parsed.some(isReady), 'no Ready line').toBe(false);
  expect(output).not.toMatch(/PRIVATE KEY/);
});

test('with MAIL_DISABLED=1 it starts and says once, before Ready, that no e-mail will be sent; the banner is JSON too', async () => {
  test.setTimeout(90_000);
  const { parsed, output } = await runServer({ ...REAL_PROJECT, MAIL_DISABLED: '1' }, (text) =>
    /Ready in/.test(text),
  );
  const disabled = parsed.filter((line) => line.event === 'mail.disabled');
  expect(disabled, output).toHaveLength(1);
  const ready = parsed.findIndex(isReady);
  expect(ready, output).toBeGreaterThan(parsed.indexOf(disabled[0]!));
  expect(parsed.some((line) => /Next\.js/.test(String(line.message ?? '')))).toBe(true);
});

test('`npm start` (scripts/start.mjs) on a real project without SMTP refuses before any Ready line too', async () => {
  test.setTimeout(90_000);
  // npm start serves only a build made for its configuration, and building one for a project
  // takes minutes: the build on disk stands for one made for this project and site (its record
  // says so for the length of the test). No other test reads the record.
  const site = 'https://shop.example.com';
  const recorded = readFileSync(BUILD_RECORD, 'utf8');
  writeFileSync(BUILD_RECORD, JSON.stringify({ firebase: 'project', siteOrigin: site }));
  const started = runServer({ ...REAL_PROJECT, NEXT_PUBLIC_SITE_URL: site }, () => false, [
    'scripts/start.mjs',
  ]).finally(() => writeFileSync(BUILD_RECORD, recorded));
  const { code, parsed, output } = await started;
  expect(code, output).toBe(1);
  // The launcher ran the standalone server on the real project (no emulators, no rebuild).
  expect(output).toContain(LAUNCHER_LINE);
  const refusal = parsed.findIndex((line) => line.event === 'config.invalid');
  expect(refusal, output).toBeGreaterThanOrEqual(0);
  expect(String(parsed[refusal]!.problems)).toMatch(/SMTP_URL, MAIL_FROM .*MAIL_DISABLED=1/);
  expect(parsed.some(isReady), 'no Ready line').toBe(false);
});
