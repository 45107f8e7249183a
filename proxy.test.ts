import { NextRequest } from 'next/server';

import { proxy } from './proxy';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://shop.test'), { headers });
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
  ])('%s goes to sign in', (path, headers, target) => {
    const response = proxy(request(path, headers));
    expect(response.status).toBe(307);
    expect(location(response)).toBe(target);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('ignores x-middleware-subrequest (CVE-2025-29927) and empty cookies', () => {
    for (const value of ['proxy', 'middleware', 'proxy:proxy:proxy:proxy:proxy']) {
      const response = proxy(request('/pt-BR/control-panel', { 'x-middleware-subrequest': value }));
      expect(location(response)).toBe(
        'http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel',
      );
    }
    const empty = proxy(request('/pt-BR/control-panel', { cookie: '__session=' }));
    expect(location(empty)).toBe('http://shop.test/pt-BR?login=1&next=%2Fpt-BR%2Fcontrol-panel');
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

describe('proxy: the return path for the panel', () => {
  it('names the control-panel page asked for in a header the client cannot supply', () => {
    const panel = proxy(
      request('/en/control-panel/stock?x=1', {
        cookie: '__session=abc',
        'x-shop-return-path': '//evil.example',
      }),
    );
    expect(panel.headers.get('x-middleware-request-x-shop-return-path')).toBe(
      '/en/control-panel/stock?x=1',
    );
    const other = proxy(request('/en/usuario', { 'x-shop-return-path': '/en/control-panel' }));
    expect(other.headers.get('x-middleware-request-x-shop-return-path')).toBeNull();
  });
});
