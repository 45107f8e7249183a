import { isSameOrigin, readJsonBody } from './request';

const request = (headers: Record<string, string>, url = 'http://shop.test/api/session') =>
  new Request(url, { method: 'POST', headers });

describe('isSameOrigin', () => {
  it('accepts an Origin naming the host the request was sent to', () => {
    expect(isSameOrigin(request({ origin: 'http://shop.test' }))).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://SHOP.test' }))).toBe(true);
    expect(
      isSameOrigin(request({ origin: 'http://localhost:3000' }, 'http://localhost:3000/x')),
    ).toBe(true);
  });

  it('uses X-Forwarded-Host (set by a proxy), else Host, else the URL', () => {
    expect(isSameOrigin(request({ origin: 'https://loja.com.br', host: 'loja.com.br' }))).toBe(
      true,
    );
    expect(isSameOrigin(request({ origin: 'http://shop.test', host: 'loja.com.br' }))).toBe(false);
    expect(
      isSameOrigin(
        request({
          origin: 'https://loja.com.br',
          host: 'internal:3000',
          'x-forwarded-host': 'loja.com.br',
        }),
      ),
    ).toBe(true);
  });

  it('refuses a missing, opaque, malformed or foreign Origin', () => {
    expect(isSameOrigin(request({}))).toBe(false);
    expect(isSameOrigin(request({ origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'not a url' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://evil.test' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://shop.test:8080' }))).toBe(false);
  });
});

describe('readJsonBody', () => {
  const body = (text: string, contentType = 'application/json') =>
    new Request('http://shop.test/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: text,
    });

  it('parses JSON within the limit, with or without a charset', async () => {
    expect(await readJsonBody(body('{"a":1}'), 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonBody(body('[1]', 'Application/JSON; charset=utf-8'), 100)).toEqual({
      ok: true,
      value: [1],
    });
  });

  it('refuses other media types, oversized bodies and invalid JSON', async () => {
    expect(await readJsonBody(body('{}', 'text/plain'), 100)).toEqual({
      ok: false,
      error: 'unsupported-media-type',
    });
    expect(await readJsonBody(body('{"a":"' + 'x'.repeat(200) + '"}'), 100)).toEqual({
      ok: false,
      error: 'body-too-large',
    });
    expect(await readJsonBody(body(''), 100)).toEqual({ ok: false, error: 'invalid-json' });
    expect(await readJsonBody(body('{a:1}'), 100)).toEqual({ ok: false, error: 'invalid-json' });
  });
});
