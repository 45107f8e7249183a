// Requests an attacker can make by hand, against the production build: each gets the 4xx it
// deserves (never a 500), and every page carries the Content-Security-Policy proxy.ts builds.
import { expect, test } from './fixtures/test';

const ACTION_ID = 'a'.repeat(42);

test.describe('hand-made requests get a 4xx, never a 500', () => {
  const action = (headers: Record<string, string>, data: string | Buffer = '[]') => ({
    headers: { 'Next-Action': ACTION_ID, 'Content-Type': 'text/plain', ...headers },
    data,
    maxRedirects: 0,
  });

  test('a Server Action from another origin or an opaque one: 403', async ({ request }) => {
    for (const origin of ['https://evil.example', 'null']) {
      const response = await request.post('/pt-BR/checkout', action({ Origin: origin }));
      expect(response.status(), origin).toBe(403);
    }
  });

  test('a Server Action body over 1 MB: 413', async ({ request, baseURL }) => {
    const body = Buffer.alloc(1024 * 1024 + 1, 'x');
    const response = await request.post('/pt-BR/checkout', action({ Origin: baseURL! }, body));
    expect(response.status()).toBe(413);
  });

  test('a malformed Server Action body: 400', async ({ request, baseURL }) => {
    const json = await request.post('/pt-BR/checkout', action({ Origin: baseURL! }, '{oops'));
    expect(json.status()).toBe(400);
    const multipart = await request.post(
      '/pt-BR/checkout',
      action({ Origin: baseURL!, 'Content-Type': 'multipart/form-data; boundary=x' }, 'oops'),
    );
    expect(multipart.status()).toBe(400);
  });

  test('a malformed Next-Router-State-Tree: 400', async ({ request }) => {
    const response = await request.get('/pt-BR/usuario?_rsc=probe', {
      headers: { RSC: '1', 'Next-Router-State-Tree': '%7Bnot-json' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  test('TRACE: 405', async ({ request }) => {
    for (const path of ['/pt-BR', '/api/session']) {
      const response = await request.fetch(path, { method: 'TRACE', maxRedirects: 0 });
      expect(response.status(), path).toBe(405);
    }
  });
});

test.describe('Content-Security-Policy', () => {
  test('static pages get the allow-list', async ({ request }) => {
    const response = await request.get('/pt-BR');
    const policy = response.headers()['content-security-policy'] ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('nonce-');
  });

  test('account, checkout and panel pages get a nonce with strict-dynamic', async ({ request }) => {
    for (const path of ['/pt-BR/usuario', '/pt-BR/checkout', '/en/usuario']) {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      // Next put the same nonce on its scripts.
      expect(await response.text()).toContain(`nonce="${nonce}"`);
    }
  });

  test('the report endpoint takes a violation report', async ({ request }) => {
    const response = await request.post('/api/csp-report', {
      headers: { 'Content-Type': 'application/csp-report' },
      data: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://127.0.0.1/pt-BR',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
    });
    expect(response.status()).toBe(204);
  });
});

test('every answer carries the baseline headers, those the server gives itself before Next too', async ({
  request,
  baseURL,
}) => {
  const answers = {
    // Next's route handler.
    'GET /api/session': await request.get('/api/session'),
    // The server's own refusal (lib/security/http-server-guard.ts).
    'TRACE /api/session': await request.fetch('/api/session', { method: 'TRACE' }),
    // The server's own answer to an order (lib/orders/order-quick-answer.ts): nobody signed in.
    'POST /api/orders': await request.post('/api/orders', {
      headers: { 'Content-Type': 'application/json', Origin: baseURL! },
      data: '{}',
    }),
    // The route's answer to what the server hands on: another origin.
    'POST /api/orders, other origin': await request.post('/api/orders', {
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      data: '{}',
    }),
  };
  expect(
    Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status()])),
  ).toEqual({
    'GET /api/session': 200,
    'TRACE /api/session': 405,
    'POST /api/orders': 401,
    'POST /api/orders, other origin': 403,
  });
  for (const [name, answer] of Object.entries(answers)) {
    const headers = answer.headers();
    expect(headers['x-content-type-options'], name).toBe('nosniff');
    expect(headers['x-frame-options'], name).toBe('DENY');
    expect(headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
  }
  expect(await answers['POST /api/orders'].json()).toEqual({ ok: false, error: 'unauthenticated' });
  expect(answers['POST /api/orders'].headers()['cache-control']).toBe('no-store, no-transform');
});
