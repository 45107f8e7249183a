import { defineRouting } from 'next-intl/routing';
import { LOCALE_COOKIE, locales } from './locales';

export { LOCALE_COOKIE, locales, type AppLocale } from './locales';

export const routing = defineRouting({
  locales,
  // SPEC: pt-BR or pt gives Portuguese, anything else English.
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});
