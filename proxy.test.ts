import { NextRequest } from 'next/server';

import { config, isPagePath, proxy } from './proxy';

function request(
  path: string,
  headers: Record<string, string> = {},
  init: { method?: string; body?: BodyInit } = {},
) {
  return new NextRequest(new URL(path, 'http://shop.test'), { headers, ...init });
}

const location = (response: Response) => response.headers.get('location');

describe('proxy: the control panel without a session cookie', () => {
  it.each([
    ['/pt-BR/control-panel', {}, 'http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel'],
    ['/en/control-panel', {}, 'http://shop.test/en?login=1&next=%2Fen%2Fcontrol-panel'],
    [
      '/en/control-panel/stock',
      {},
      'http://shop.test/en?login=1&next=%2Fen%2Fcontrol-panel%2Fstock',
    ],
    [
      '/control-panel',
      { 'accept-language': 'pt-BR,pt;q=0.9' },
      'http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel',
    ],
    [
      '/control-panel?status=confirmed',
      { 'accept-language': 'de' },
      'http://shop.test/en?login=1&next=%2Fen%2Fcontrol-panel%3Fstatus%3Dconfirmed',
    ],
    [
      '/control-panel',
      { cookie: 'NEXT_LOCALE=pt-BR' },
      'http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel',
    ],
  ])('%s goes to sign in', async (path, headers, target) => {
    const response = await proxy(request(path, headers));
    expect(response.status).toBe(307);
    expect(location(response)).toBe(target);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('ignores x-middleware-subrequest (CVE-2025-29927) and empty cookies', async () => {
    for (const value of ['proxy', 'middleware', 'proxy:proxy:proxy:proxy:proxy']) {
      const response = await proxy(
        request('/pt-BR/control-panel', { 'x-middleware-subrequest': value }),
      );
      expect(location(response)).toBe(
        'http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel',
      );
    }
    const empty = await proxy(request('/pt-BR/control-panel', { cookie: '__session=' }));
    expect(location(empty)).toBe('http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel');
  });

  it('lets a request with a session cookie through to the server-side check', async () => {
    const response = await proxy(request('/pt-BR/control-panel', { cookie: '__session=abc' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    const bare = await proxy(
      request('/control-panel', { cookie: '__session=abc', 'accept-language': 'pt' }),
    );
    expect(location(bare)).toBe('http://shop.test/pt-BR/control-panel');
  });

  it('leaves look-alike paths alone', async () => {
    expect(location(await proxy(request('/pt-BR/control-panels')))).toBeNull();
    expect(location(await proxy(request('/en/chocolates/control-panel')))).toBeNull();
  });
});

describe('proxy: requests Next would fail on get a 4xx, not a 500', () => {
  const ACTION = 'a'.repeat(42);
  const action = (
    headers: Record<string, string>,
    body: BodyInit = '["$undefined"]',
    path = '/pt-BR/checkout',
  ) =>
    proxy(
      request(
        path,
        { host: 'shop.test', 'next-action': ACTION, 'content-type': 'text/plain', ...headers },
        { method: 'POST', body },
      ),
    );

  it.each([
    ['a foreign origin', 'https://evil.test'],
    ['an opaque origin', 'null'],
    ['another scheme', 'https://shop.test'],
    ['another port', 'http://shop.test:8080'],
    ['a malformed origin', 'http://'],
  ])('refuses a Server Action from %s with 403', async (_, origin) => {
    const response = await action({ origin });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('forbidden-origin');
  });

  it('refuses a Server Action without an Origin with 403', async () => {
    expect((await action({})).status).toBe(403);
  });

  it('ignores X-Forwarded-Host unless TRUST_PROXY_HEADERS=1 says the proxy sets it', async () => {
    const headers = { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' };
    expect((await action(headers)).status).toBe(403);
    process.env.TRUST_PROXY_HEADERS = '1';
    try {
      expect((await action(headers)).headers.get('x-middleware-next')).toBe('1');
    } finally {
      delete process.env.TRUST_PROXY_HEADERS;
    }
  });

  it('compares against NEXT_PUBLIC_SITE_URL when it is configured', async () => {
    process.env.NEXT_PUBLIC_SITE_URL = 'https://chocolates.example';
    try {
      expect((await action({ origin: 'http://shop.test' })).status).toBe(403);
      const ok = await action({ origin: 'https://chocolates.example' });
      expect(ok.headers.get('x-middleware-next')).toBe('1');
    } finally {
      delete process.env.NEXT_PUBLIC_SITE_URL;
    }
  });

  it('lets a same-origin Server Action with a well-formed body through', async () => {
    const response = await action({ origin: 'http://shop.test' });
    expect(response.headers.get('x-middleware-next')).toBe('1');
    const form = new FormData();
    form.append('1_$ACTION_ID_' + ACTION, '');
    const multipart = await proxy(
      request(
        '/pt-BR/checkout',
        { host: 'shop.test', origin: 'http://shop.test' },
        {
          method: 'POST',
          body: form,
        },
      ),
    );
    expect(multipart.headers.get('x-middleware-next')).toBe('1');
  });

  it('refuses a Server Action body over 1 MB with 413, declared or streamed', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const declared = await action(
      { origin: 'http://shop.test', 'content-length': String(big.length) },
      big,
    );
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++)
          controller.enqueue(new TextEncoder().encode(big.slice(0, 500_000)));
        controller.close();
      },
    });
    const streamed = await proxy(
      new NextRequest('http://shop.test/pt-BR/checkout', {
        method: 'POST',
        headers: {
          host: 'shop.test',
          origin: 'http://shop.test',
          'next-action': ACTION,
          'content-type': 'text/plain',
        },
        body: stream,
        duplex: 'half',
      } as ConstructorParameters<typeof NextRequest>[1]),
    );
    expect(streamed.status).toBe(413);
  });

  it('refuses a malformed Server Action body with 400', async () => {
    expect((await action({ origin: 'http://shop.test' }, '{not json')).status).toBe(400);
    const multipart = await action(
      { origin: 'http://shop.test', 'content-type': 'multipart/form-data; boundary=xyz' },
      'garbage without any boundary',
    );
    expect(multipart.status).toBe(400);
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('answers %s on a page with 405', async (method) => {
    const response = await proxy(request('/pt-BR', {}, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('answers a POST that cannot be a Server Action with 405', async () => {
    const response = await proxy(
      request('/pt-BR', { 'content-type': 'application/json' }, { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(405);
  });
});

describe('proxy: Server Actions on paths that are not pages', () => {
  const ACTION = 'a'.repeat(42);
  const post = (path: string, headers: Record<string, string>, body = '[]') =>
    proxy(
      request(
        path,
        { host: 'shop.test', 'content-type': 'text/plain', ...headers },
        { method: 'POST', body },
      ),
    );

  it('isPagePath is the first matcher entry', () => {
    const matcher = new RegExp(`^${config.matcher[0] as string}$`);
    for (const path of [
      '/',
      '/pt-BR',
      '/pt-BR/usuario',
      '/pt-BR/x.y',
      '/favicon.ico',
      '/api/session',
      '/apiary',
      '/_next/static/a.js',
      '/sitemap.xml',
      '/robots.txt',
      '/apple-icon',
      '/en/control-panel/stock',
    ]) {
      expect([path, isPagePath(path)]).toEqual([path, matcher.test(path)]);
    }
  });

  it.each(['/pt-BR/x.y', '/x.y', '/favicon.ico', '/api/nothing', '/pt-BR/a.b/c'])(
    '%s: the Server Action guards apply (403, 400, 413)',
    async (path) => {
      expect((await post(path, { 'next-action': ACTION })).status).toBe(403);
      expect(
        (await post(path, { 'next-action': ACTION, origin: 'https://evil.test' })).status,
      ).toBe(403);
      const form = {
        origin: 'http://shop.test',
        'content-type': 'multipart/form-data; boundary=x',
      };
      expect((await post(path, form, 'oops')).status).toBe(400);
      expect(
        (await post(path, { 'next-action': ACTION, origin: 'http://shop.test' }, '{oops')).status,
      ).toBe(400);
      const big = 'x'.repeat(1024 * 1024 + 1);
      expect(
        (await post(path, { 'next-action': ACTION, origin: 'http://shop.test' }, big)).status,
      ).toBe(413);
    },
  );

  it('passes a well-formed same-origin action on, with no page behaviour', async () => {
    const response = await post('/pt-BR/x.y', {
      'next-action': ACTION,
      origin: 'http://shop.test',
    });
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('content-security-policy')).toBeNull();
    // A path without a locale is not redirected to one: it is not a page request.
    const bare = await post('/x.y', { 'next-action': ACTION, origin: 'http://shop.test' });
    expect(bare.headers.get('x-middleware-next')).toBe('1');
    expect(bare.headers.get('location')).toBeNull();
  });

  it('leaves requests that are not actions alone (no 405, no redirect)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await proxy(request('/x.y', { 'next-action': ACTION }, { method }));
      expect([method, response.status, response.headers.get('x-middleware-next')]).toEqual([
        method,
        200,
        '1',
      ]);
    }
  });
});

describe('proxy: Content-Security-Policy', () => {
  const policyOf = async (path: string) => {
    const response = await proxy(request(path));
    return {
      response: response.headers.get('content-security-policy') ?? '',
      request: response.headers.get('x-middleware-request-content-security-policy'),
    };
  };

  it.each(['/pt-BR', '/en/chocolates/ovo-pistache', '/pt-BR/privacidade'])(
    '%s gets the static allow-list',
    async (path) => {
      const { response, request: forwarded } = await policyOf(path);
      expect(response).toContain("script-src 'self' 'unsafe-inline' https://apis.google.com");
      expect(response).not.toContain('nonce-');
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        'report-uri /api/csp-report',
      ]) {
        expect(response).toContain(directive);
      }
      expect(response).not.toContain('mercadopago');
      expect(forwarded).toBeNull();
    },
  );

  it.each(['/pt-BR/usuario', '/en/checkout', '/pt-BR/checkout/ABC123', '/en/control-panel/stock'])(
    '%s gets a fresh nonce with strict-dynamic, also handed to Next on the request',
    async (path) => {
      const cookie = { cookie: '__session=abc' };
      const first = await proxy(request(path, cookie));
      const second = await proxy(request(path, cookie));
      const policy = first.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(nonce!.length).toBeGreaterThanOrEqual(22);
      expect(policy).toContain("'strict-dynamic'");
      // Same-origin fetches: the checkout form's POST /api/orders, the session and stock reads.
      expect(policy).toMatch(/(^|; )connect-src 'self'[ ;]/);
      expect(policy).toContain('https://sdk.mercadopago.com');
      expect(policy).not.toContain("'unsafe-inline' https://apis");
      expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
      expect(second.headers.get('content-security-policy')).not.toBe(policy);
    },
  );

  it('allows the Auth emulator only in emulator mode, and upgrades requests only over https', async () => {
    const before = (await policyOf('/en')).response;
    expect(before).not.toContain('127.0.0.1');
    expect(before).toContain('https://identitytoolkit.googleapis.com');
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:5041';
    try {
      const local = (await policyOf('/en/usuario')).response;
      expect(local).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:5041/);
      expect(local).toMatch(/frame-src http:\/\/127\.0\.0\.1:5041/);
      expect(local).not.toContain('identitytoolkit');
      expect(local).not.toContain('upgrade-insecure-requests');
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  });
});

describe('proxy: Cross-Origin-Opener-Policy', () => {
  it.each(['/pt-BR/usuario', '/en/checkout', '/pt-BR/checkout/ABC123', '/en/control-panel'])(
    '%s cuts off a cross-origin opener and keeps its own popups',
    async (path) => {
      const response = await proxy(request(path, { cookie: '__session=abc' }));
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    },
  );

  // With it, a page opened from a link in a new tab starts in a fresh browser process.
  it.each(['/pt-BR', '/en/chocolates/ovo-pistache', '/pt-BR/termos-de-uso'])(
    '%s, where visitors arrive from links, opens without it',
    async (path) => {
      const response = await proxy(request(path));
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    },
  );
});

describe('proxy: the return path for the panel', () => {
  it('names the control-panel page asked for in a header the client cannot supply', async () => {
    const panel = await proxy(
      request('/en/control-panel/stock?x=1', {
        cookie: '__session=abc',
        'x-shop-return-path': '//evil.example',
      }),
    );
    expect(panel.headers.get('x-middleware-request-x-shop-return-path')).toBe(
      '/en/control-panel/stock?x=1',
    );
    const other = await proxy(
      request('/en/usuario', { 'x-shop-return-path': '/en/control-panel' }),
    );
    expect(other.headers.get('x-middleware-request-x-shop-return-path')).toBeNull();
  });
});
