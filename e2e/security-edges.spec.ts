// Server Actions at the edges, against the production build: on paths the proxy's page matcher
// skips (a dot in the path) the Server Action guards still apply, and clients that disconnect
// mid-body leave no error in the server's output (lib/security/http-server-guard.ts).
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { freePort } from '../test/local-firebase-env';

const ROOT = path.join(__dirname, '..');

/** A real action of this build (anonymous, it answers 'unauthenticated' and changes nothing). */
function actionId(name: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, '.next', 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as { node: Record<string, { exportedName?: string }> };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no Server Action ${name} in this build`);
  return id;
}

const UPDATE_PROFILE = actionId('updateProfile');
const DOTTED = '/pt-BR/x.y';

test.describe('Server Actions on a path with a dot', () => {
  const call = (headers: Record<string, string>, data = '[{"name":"Mallory"}]') => ({
    headers: { 'Next-Action': UPDATE_PROFILE, 'Content-Type': 'text/plain', ...headers },
    data,
    maxRedirects: 0,
  });

  test('without an Origin, or from another: 403', async ({ request }) => {
    expect((await request.post(DOTTED, call({}))).status()).toBe(403);
    const foreign = await request.post(DOTTED, call({ Origin: 'https://evil.example' }));
    expect(foreign.status()).toBe(403);
    // A form post is an action to Next as well, Next-Action header or not.
    const form = await request.post(DOTTED, {
      multipart: { [`1_$ACTION_ID_${UPDATE_PROFILE}`]: '' },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(403);
  });

  test('a malformed body: 400', async ({ request, baseURL }) => {
    expect((await request.post(DOTTED, call({ Origin: baseURL! }, '{oops'))).status()).toBe(400);
    const multipart = await request.post(
      DOTTED,
      call({ Origin: baseURL!, 'Content-Type': 'multipart/form-data; boundary=x' }, 'oops'),
    );
    expect(multipart.status()).toBe(400);
  });

  test('a well-formed same-origin call still reaches the action', async ({ request, baseURL }) => {
    const response = await request.post(
      DOTTED,
      call({ Origin: baseURL!, Accept: 'text/x-component' }),
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('unauthenticated');
  });
});

test.describe('clients that disconnect mid-body', () => {
  test.setTimeout(120_000);

  test('100 aborted action calls leave no error in the output, and the server answers', async () => {
    // The production build, started here so that its output can be read; a configuration that
    // needs no network for anonymous actions (like e2e/server-configuration.spec.ts).
    const port = await freePort();
    const project = 'chocolates-edges-test';
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(env)) {
      if (/^(FIREBASE|FIRESTORE|NEXT_PUBLIC_|MERCADOPAGO|GCLOUD|VERCEL)/.test(name))
        delete env[name];
    }
    const child = spawn(process.execPath, [path.join(ROOT, '.next', 'standalone', 'server.js')], {
      env: {
        ...env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        METADATA_SERVER_DETECTION: 'none',
        HOSTNAME: '127.0.0.1',
        PORT: String(port),
        FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
          type: 'service_account',
          project_id: project,
          client_email: `server@${project}.iam.gserviceaccount.com`,
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        }),
        NEXT_PUBLIC_FIREBASE_API_KEY: 'api-key',
        NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: `${project}.firebaseapp.com`,
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: project,
        NEXT_PUBLIC_FIREBASE_APP_ID: '1:123:web:abc',
        // A real project's production start needs SMTP or this explicit choice (lib/env.ts).
        MAIL_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const origin = `http://127.0.0.1:${port}`;

    /** Half of a declared action body, then the connection is destroyed. */
    const abortMidBody = (target: string) =>
      new Promise<void>((resolve) => {
        const body = JSON.stringify([{ name: 'x'.repeat(4000) }]);
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
              `Next-Action: ${UPDATE_PROFILE}\r\nContent-Type: text/plain;charset=UTF-8\r\n` +
              `Accept: text/x-component\r\nContent-Length: ${body.length}\r\n\r\n` +
              body.slice(0, body.length / 2),
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });

    try {
      await expect
        .poll(async () => (await fetch(`${origin}/robots.txt`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
      const before = output.length;
      // 100 calls, 10 at a time, on a page path and a path the page matcher skips.
      for (let round = 0; round < 10; round++) {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => abortMidBody(i % 2 ? DOTTED : '/pt-BR/usuario')),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = output.slice(before);
      expect(after).not.toMatch(/uncaughtException|unhandledRejection|aborted|ECONNRESET/i);
      expect(after).not.toMatch(/\n\s+at /);
      expect(child.exitCode).toBeNull();

      const complete = await fetch(`${origin}${DOTTED}`, {
        method: 'POST',
        headers: {
          Origin: origin,
          'Next-Action': UPDATE_PROFILE,
          'Content-Type': 'text/plain;charset=UTF-8',
          Accept: 'text/x-component',
        },
        body: '[{"name":"Ana"}]',
      });
      expect(complete.status).toBe(200);
      expect(await complete.text()).toContain('unauthenticated');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
