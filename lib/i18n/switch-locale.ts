import { LOCALE_COOKIE, locales, type AppLocale } from './locales';

/** The other shop language: the switch toggles between the two. */
export function otherLocale(locale: AppLocale): AppLocale {
  return locale === 'en' ? 'pt-BR' : 'en';
}

/** `pathname` (without locale prefix) under `locale`, e.g. ('/chocolates/x', 'en') -> '/en/chocolates/x'. */
export function localizedPath(pathname: string, locale: AppLocale): string {
  return `/${locale}${pathname === '/' ? '' : pathname}`;
}

/** The NEXT_LOCALE cookie that remembers an explicit choice for a year (the proxy reads it). */
export function localeCookie(locale: AppLocale): string {
  if (!(locales as readonly string[]).includes(locale)) throw new RangeError(locale);
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${60 * 60 * 24 * 365}; Path=/; SameSite=Lax`;
}
