/** The shop's locales, without next-intl, so the proxy and pure code can import them cheaply. */
export const locales = ['pt-BR', 'en'] as const;
export type AppLocale = (typeof locales)[number];

/** The cookie that remembers an explicit language choice (the language switch). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
