import { clientAddress, isSameOrigin } from './origin';

const request = (headers: Record<string, string>, url = 'http://shop.test/api/session') =>
  new Request(url, { method: 'POST', headers });

function withEnv(values: Record<string, string>, run: () => void) {
  Object.assign(process.env, values);
  try {
    run();
  } finally {
    for (const name of Object.keys(values)) delete process.env[name];
  }
}

describe('isSameOrigin', () => {
  it('accepts an Origin with the scheme, host and port the request was sent to', () => {
    expect(isSameOrigin(request({ origin: 'http://shop.test' }))).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://SHOP.test' }))).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://shop.test:80' }))).toBe(true);
    expect(
      isSameOrigin(request({ origin: 'http://localhost:3000' }, 'http://localhost:3000/x')),
    ).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://loja.com.br', host: 'loja.com.br' }))).toBe(true);
  });

  it('refuses another scheme or port on the same host', () => {
    expect(isSameOrigin(request({ origin: 'https://shop.test' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://shop.test:8080' }))).toBe(false);
    expect(
      isSameOrigin(
        request(
          { origin: 'https://127.0.0.1:4000', host: '127.0.0.1:4000' },
          'http://127.0.0.1:4000/',
        ),
      ),
    ).toBe(false);
  });

  it('trusts X-Forwarded-Host and -Proto only when TRUST_PROXY_HEADERS=1', () => {
    const forwarded = request({
      origin: 'https://loja.com.br',
      host: 'internal:3000',
      'x-forwarded-host': 'loja.com.br',
      'x-forwarded-proto': 'https',
    });
    expect(isSameOrigin(forwarded)).toBe(false);
    withEnv({ TRUST_PROXY_HEADERS: '1' }, () => expect(isSameOrigin(forwarded)).toBe(true));
  });

  it('compares with NEXT_PUBLIC_SITE_URL when it is set, whatever the Host says', () => {
    withEnv({ NEXT_PUBLIC_SITE_URL: 'https://loja.com.br/' }, () => {
      expect(isSameOrigin(request({ origin: 'https://loja.com.br' }))).toBe(true);
      expect(isSameOrigin(request({ origin: 'http://shop.test' }))).toBe(false);
      expect(isSameOrigin(request({ origin: 'http://loja.com.br' }))).toBe(false);
    });
  });

  it('refuses a missing, opaque, malformed or foreign Origin', () => {
    expect(isSameOrigin(request({}))).toBe(false);
    expect(isSameOrigin(request({ origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'not a url' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://evil.test' }))).toBe(false);
  });
});

describe('clientAddress', () => {
  it('follows CLIENT_ADDRESS_SOURCE, the socket peer by default, and never the first entry', () => {
    const forwarded = request({
      'x-forwarded-for': '203.0.113.9, 10.0.0.2',
      'x-shop-socket-address': '10.0.0.3',
    });
    const saved = process.env.TRUSTED_PROXY_HOPS;
    delete process.env.TRUSTED_PROXY_HOPS;
    try {
      expect(clientAddress(forwarded)).toBe('10.0.0.3');
      withEnv({ TRUST_PROXY_HEADERS: '1' }, () =>
        expect(clientAddress(forwarded)).toBe('10.0.0.2'),
      );
      withEnv({ TRUSTED_PROXY_HOPS: '2' }, () =>
        expect(clientAddress(forwarded)).toBe('203.0.113.9'),
      );
      withEnv({ K_SERVICE: 'shop' }, () => expect(clientAddress(forwarded)).toBe('203.0.113.9'));
      // An invalid setting (refused at start by lib/env.ts) counts the socket's peer.
      withEnv({ CLIENT_ADDRESS_SOURCE: 'nonsense' }, () =>
        expect(clientAddress(forwarded)).toBe('10.0.0.3'),
      );
      expect(clientAddress(request({}))).toBe('unknown');
    } finally {
      process.env.TRUSTED_PROXY_HOPS = saved;
    }
  });
});
