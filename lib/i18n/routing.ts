import { defineRouting } from 'next-intl/routing';
import { LOCALE_COOKIE, locales } from './locales';

export { LOCALE_COOKIE, locales, type AppLocale } from './locales';

export const routing = defineRouting({
  locales,
  // pt-BR or pt gives Portuguese, anything else English (lib/i18n/negotiate.ts).
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: LOCALE_COOKIE,
});
