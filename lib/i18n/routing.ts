import { defineRouting } from 'next-intl/routing';

export const locales = ['pt-BR', 'en'] as const;
export type AppLocale = (typeof locales)[number];

/** The cookie that remembers an explicit language choice (the language switch). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const routing = defineRouting({
  locales,
  // SPEC: pt-BR or pt gives Portuguese, anything else English.
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});
