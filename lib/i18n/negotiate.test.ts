import { isAppLocale, negotiateLocale } from './negotiate';

describe('negotiateLocale', () => {
  it.each([
    ['pt-BR,pt;q=0.9', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['PT-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    // Any Portuguese reader is better served by Portuguese than by English.
    ['pt-PT', 'pt-BR'],
    ['de-DE', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,pt;q=0.5', 'pt-BR'],
    ['fr-FR,fr;q=0.9,en;q=0.8,pt;q=0.5', 'en'],
    ['pt;q=0.1, en;q=0.9', 'en'],
    ['en;q=0.1, pt;q=0.9', 'pt-BR'],
    ['pt;q=0, en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    ['%%%;;;garbage,,', 'en'],
    ['pt;q=abc', 'en'],
    ['pt;q=2', 'en'],
  ])('Accept-Language %j gives %s', (acceptLanguage, expected) => {
    expect(negotiateLocale({ acceptLanguage })).toBe(expected);
  });

  it('treats a missing header as English', () => {
    expect(negotiateLocale({})).toBe('en');
    expect(negotiateLocale({ acceptLanguage: null, cookieLocale: null })).toBe('en');
  });

  it('lets an explicit earlier choice (the cookie) win over the header', () => {
    expect(negotiateLocale({ cookieLocale: 'en', acceptLanguage: 'pt-BR' })).toBe('en');
    expect(negotiateLocale({ cookieLocale: 'pt-BR', acceptLanguage: 'de-DE' })).toBe('pt-BR');
  });

  it('ignores a cookie that is not one of the shop locales', () => {
    expect(negotiateLocale({ cookieLocale: 'de', acceptLanguage: 'pt' })).toBe('pt-BR');
    expect(negotiateLocale({ cookieLocale: 'pt-br', acceptLanguage: '' })).toBe('en');
  });
});

describe('isAppLocale', () => {
  it('accepts exactly the two shop locales', () => {
    expect(isAppLocale('pt-BR')).toBe(true);
    expect(isAppLocale('en')).toBe(true);
    expect(isAppLocale('pt')).toBe(false);
    expect(isAppLocale(undefined)).toBe(false);
  });
});
