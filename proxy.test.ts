import { NextRequest } from 'next/server';

import { proxy } from './proxy';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://shop.test'), { headers });
}

const location = (response: Response) => response.headers.get('location');

describe('proxy: the control panel without a session cookie', () => {
  it.each([
    ['/pt-BR/control-panel', {}, 'http://shop.test/pt-BR?login=1'],
    ['/en/control-panel', {}, 'http://shop.test/en?login=1'],
    ['/en/control-panel/stock', {}, 'http://shop.test/en?login=1'],
    ['/control-panel', { 'accept-language': 'pt-BR,pt;q=0.9' }, 'http://shop.test/pt-BR?login=1'],
    ['/control-panel?status=confirmed', { 'accept-language': 'de' }, 'http://shop.test/en?login=1'],
    ['/control-panel', { cookie: 'NEXT_LOCALE=pt-BR' }, 'http://shop.test/pt-BR?login=1'],
  ])('%s goes to sign in', (path, headers, target) => {
    const response = proxy(request(path, headers));
    expect(response.status).toBe(307);
    expect(location(response)).toBe(target);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('ignores x-middleware-subrequest (CVE-2025-29927) and empty cookies', () => {
    for (const value of ['proxy', 'middleware', 'proxy:proxy:proxy:proxy:proxy']) {
      const response = proxy(request('/pt-BR/control-panel', { 'x-middleware-subrequest': value }));
      expect(location(response)).toBe('http://shop.test/pt-BR?login=1');
    }
    const empty = proxy(request('/pt-BR/control-panel', { cookie: '__session=' }));
    expect(location(empty)).toBe('http://shop.test/pt-BR?login=1');
  });

  it('lets a request with a session cookie through to the server-side check', () => {
    const response = proxy(request('/pt-BR/control-panel', { cookie: '__session=abc' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    const bare = proxy(
      request('/control-panel', { cookie: '__session=abc', 'accept-language': 'pt' }),
    );
    expect(location(bare)).toBe('http://shop.test/pt-BR/control-panel');
  });

  it('leaves look-alike paths alone', () => {
    expect(location(proxy(request('/pt-BR/control-panels')))).toBeNull();
    expect(location(proxy(request('/en/chocolates/control-panel')))).toBeNull();
  });
});
