// The production build started by hand (not by Playwright's web server), as a host would start
// it: a bad configuration must stop it before it serves anything (instrumentation.ts), and a
// build started without the emulators must not accept a forged, unsigned session cookie.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, listening } from '../test/local-firebase-env';

const NEXT_BIN = path.join(__dirname, '..', 'node_modules', '.bin', 'next');
const PROJECT = 'chocolates-config-test';

// A real-project configuration with a service account that exists nowhere: enough for the
// server to start and to check session cookies, which never needs Google's servers to refuse
// an unsigned one.
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
  // No SMTP: a real project's server refuses to start without it or this (lib/env.ts).
  MAIL_DISABLED: '1',
};
const MERCADOPAGO = {
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-access-token',
  MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret',
};
// What the shell of the test run may carry and must not leak into these servers.
const CLEARED = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'ALLOW_EMULATORS_IN_PRODUCTION',
  'GCLOUD_PROJECT',
  'NEXT_PUBLIC_SITE_URL',
  'VERCEL',
  ...Object.keys(REAL_PROJECT),
  ...Object.keys(MERCADOPAGO),
];

function startServer(env: Record<string, string>) {
  return freePort().then((port) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env };
    for (const name of CLEARED) if (!(name in env)) delete childEnv[name];
    const child = spawn(NEXT_BIN, ['start', '-H', '127.0.0.1', '-p', String(port)], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    return {
      port,
      url: `http://127.0.0.1:${port}`,
      exited,
      output: () => output,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  });
}

test.describe('a production server', () => {
  // Each case starts the build once; a loaded machine needs a few seconds for it.
  test.setTimeout(120_000);

  test('exits with the reason, answering no request, on a half-set or invalid configuration', async () => {
    const cases: { name: string; env: Record<string, string>; message: RegExp }[] = [
      {
        name: 'service account that is not JSON',
        env: { ...REAL_PROJECT, FIREBASE_SERVICE_ACCOUNT: 'not json at all' },
        message: /FIREBASE_SERVICE_ACCOUNT is not valid JSON/,
      },
      {
        name: 'half-set real project',
        env: { FIREBASE_SERVICE_ACCOUNT: REAL_PROJECT.FIREBASE_SERVICE_ACCOUNT },
        message: /half-set real Firebase: .*NEXT_PUBLIC_FIREBASE_API_KEY/,
      },
      {
        name: 'Mercado Pago without a site URL',
        env: { ...REAL_PROJECT, ...MERCADOPAGO },
        message: /NEXT_PUBLIC_SITE_URL must be the shop's public https:\/\/ origin/,
      },
      {
        name: 'Mercado Pago with an http site URL',
        env: { ...REAL_PROJECT, ...MERCADOPAGO, NEXT_PUBLIC_SITE_URL: 'http://chocolates.example' },
        message: /NEXT_PUBLIC_SITE_URL must be the shop's public https:\/\/ origin/,
      },
      {
        name: 'emulators with a Mercado Pago access token',
        env: {
          FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:2',
          ALLOW_EMULATORS_IN_PRODUCTION: '1',
          MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-access-token',
        },
        message: /MERCADOPAGO_ACCESS_TOKEN set while the Firebase emulators are used/,
      },
      {
        name: 'emulators without the local launcher',
        env: { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:2' },
        message: /emulator variables .* are set with NODE_ENV=production/,
      },
    ];
    for (const { name, env, message } of cases) {
      const server = await startServer(env);
      // Knock until the process ends: no request may get an answer from a misconfigured server.
      const answered: number[] = [];
      let done = false;
      void server.exited.then(() => (done = true));
      while (!done) {
        try {
          const response = await fetch(`${server.url}/robots.txt`, {
            signal: AbortSignal.timeout(2000),
          });
          answered.push(response.status);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      const code = await server.exited;
      expect(code, `${name}: exit code\n${server.output()}`).toBe(1);
      expect(server.output(), name).toMatch(message);
      // The reason names variables, never their values.
      expect(server.output(), name).not.toMatch(/APP_USR-access-token|PRIVATE KEY|not json at all/);
      expect(answered, `${name}: answered requests`).toEqual([]);
      expect(await listening(server.port), `${name}: still listening`).toBe(false);
    }
  });

  test('started without emulators, opens nothing for a forged alg:none admin cookie', async () => {
    const server = await startServer(REAL_PROJECT);
    try {
      await expect
        .poll(
          async () => (await fetch(`${server.url}/robots.txt`).catch(() => null))?.status ?? 'down',
          { timeout: 60_000 },
        )
        .toBe(200);

      const now = Math.floor(Date.now() / 1000);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const forged = [
        encode({ alg: 'none', typ: 'JWT' }),
        encode({
          iss: `https://session.firebase.google.com/${PROJECT}`,
          aud: PROJECT,
          auth_time: now - 60,
          user_id: 'seed-admin',
          sub: 'seed-admin',
          iat: now - 60,
          exp: now + 3600,
          email: 'admin@chocolates.local',
          firebase: { identities: {}, sign_in_provider: 'password' },
        }),
        '',
      ].join('.');
      const headers = { cookie: `__session=${forged}` };

      // The admin check refuses the unsigned cookie itself, before any Firestore read: the
      // panel's CSV answers 401 (signed out) where a valid admin session would get the file.
      const csv = await fetch(`${server.url}/pt-BR/control-panel/export`, { headers });
      expect(csv.status).toBe(401);
      for (const page of ['/pt-BR/control-panel', '/en/control-panel/stock']) {
        const response = await fetch(`${server.url}${page}`, { headers, redirect: 'manual' });
        const body = await response.text();
        // Sent to sign in (a redirect, in the status or in the streamed page), refused (403), or,
        // since this project's Firestore cannot be reached and every page's layout reads the
        // catalogue from it, an error answer: never the panel.
        const redirected =
          [303, 307].includes(response.status) ||
          /NEXT_REDIRECT;replace;\/(pt-BR|en)\?login=1;/.test(body);
        expect(
          redirected || response.status === 403 || response.status >= 500,
          `${page}: ${response.status}`,
        ).toBe(true);
        expect(body, page).not.toMatch(/admin@chocolates\.local|Admin da Loja/);
      }
      // The account page would greet the forged user by email if the cookie were accepted.
      const account = await fetch(`${server.url}/pt-BR/usuario`, { headers, redirect: 'manual' });
      expect(await account.text()).not.toMatch(/admin@chocolates\.local/);
      const session = await fetch(`${server.url}/api/session`, { headers });
      expect(await session.json()).toMatchObject({ user: null });
      expect(server.output()).not.toMatch(/Invalid environment configuration/);
    } finally {
      await server.stop();
    }
  });
});
