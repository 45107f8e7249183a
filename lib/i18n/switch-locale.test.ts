import { localeCookie, localizedPath, otherLocale } from './switch-locale';

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

  it('remembers the choice for a year on the whole site', () => {
    expect(localeCookie('en')).toBe('NEXT_LOCALE=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
