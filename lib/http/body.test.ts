import { readJsonBody } from './body';

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
