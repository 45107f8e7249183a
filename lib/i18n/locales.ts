/** The shop's locales, without next-intl, so the proxy and pure code can import them cheaply. */
export const locales = ['pt-BR', 'en'] as const;
export type AppLocale = (typeof locales)[number];

/**
 * The cookie that remembers an explicit language choice for a year: next-intl's
 * routing.localeCookie (routing.ts), written by the language switch (switch-locale.ts) and read
 * by the proxy.
 */
export const LOCALE_COOKIE = {
  name: 'NEXT_LOCALE',
  maxAge: 60 * 60 * 24 * 365,
  sameSite: 'lax',
} as const;
