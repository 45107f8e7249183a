import { delocalizedPath, localeCookie, localizedPath, otherLocale } from './switch-locale';

describe('language switch helpers', () => {
  it('toggles between en and pt-BR', () => {
    expect(otherLocale('en')).toBe('pt-BR');
    expect(otherLocale('pt-BR')).toBe('en');
  });

  it('keeps the path under the other locale', () => {
    expect(localizedPath('/', 'en')).toBe('/en');
    expect(localizedPath('/chocolates/ovo-pistache', 'pt-BR')).toBe(
      '/pt-BR/chocolates/ovo-pistache',
    );
  });

  it('puts a hash or query of the landing right after the locale', () => {
    expect(localizedPath('/#chocolates', 'pt-BR')).toBe('/pt-BR#chocolates');
    expect(localizedPath('/?login=1', 'en')).toBe('/en?login=1');
    expect(localizedPath('/control-panel?status=confirmed', 'en')).toBe(
      '/en/control-panel?status=confirmed',
    );
  });

  it('leaves links that are not shop paths alone', () => {
    expect(localizedPath('https://wa.me/5511', 'en')).toBe('https://wa.me/5511');
    expect(localizedPath('//evil.example', 'en')).toBe('//evil.example');
    expect(localizedPath('#contato', 'en')).toBe('#contato');
  });

  it('drops the locale prefix of a browser path', () => {
    expect(delocalizedPath('/pt-BR')).toBe('/');
    expect(delocalizedPath('/en/usuario')).toBe('/usuario');
    expect(delocalizedPath('/pt-BR/chocolates/mini-ovo')).toBe('/chocolates/mini-ovo');
    expect(delocalizedPath('/other/page')).toBe('/other/page');
  });

  it('remembers the choice for a year on the whole site', () => {
    expect(localeCookie('en')).toBe('NEXT_LOCALE=en; Max-Age=31536000; Path=/; SameSite=lax');
  });
});
