import { loginPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/en/control-panel/stock', '/en/control-panel/stock'],
    [
      '/pt-BR/control-panel?status=confirmed&page=2',
      '/pt-BR/control-panel?status=confirmed&page=2',
    ],
    ['/en', '/en'],
    ['/pt-BR/usuario#pedidos', '/pt-BR/usuario#pedidos'],
  ])('accepts the same-origin path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'https://evil.example/en/control-panel',
    '//evil.example',
    '//evil.example/en',
    '/\\evil.example',
    '/\\/evil.example/en',
    'javascript:alert(1)',
    '/en/\n/evil',
    'en/control-panel',
    '/control-panel',
    '/de/control-panel',
    '/english',
    '',
    null,
    undefined,
  ])('refuses %p', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginPath', () => {
  it('carries a safe next path and drops an unsafe one', () => {
    expect(loginPath('en', '/en/control-panel/stock')).toBe(
      '/en?login=1&next=%2Fen%2Fcontrol-panel%2Fstock',
    );
    expect(loginPath('pt-BR', '//evil.example')).toBe('/pt-BR?login=1');
    expect(loginPath('pt-BR')).toBe('/pt-BR?login=1');
  });
});
