import { LOCALE_COOKIE, locales, type AppLocale } from './locales';

/** The other shop language: the switch toggles between the two. */
export function otherLocale(locale: AppLocale): AppLocale {
  return locale === 'en' ? 'pt-BR' : 'en';
}

/**
 * `pathname` (a path of the shop without locale prefix, possibly with a query or hash) under
 * `locale`: ('/chocolates/x', 'en') -> '/en/chocolates/x', ('/', 'pt-BR') -> '/pt-BR',
 * ('/#chocolates', 'pt-BR') -> '/pt-BR#chocolates'. Anything else (another site, a bare hash,
 * `tel:`) is returned as it is.
 */
export function localizedPath(pathname: string, locale: AppLocale): string {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return pathname;
  const rest = pathname.slice(1);
  if (rest === '' || rest.startsWith('#') || rest.startsWith('?')) return `/${locale}${rest}`;
  return `/${locale}${pathname}`;
}

/** The path without its locale prefix: '/pt-BR' -> '/', '/en/usuario' -> '/usuario'. */
export function delocalizedPath(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (!(locales as readonly string[]).includes(first ?? '')) return pathname;
  return rest.length === 0 ? '/' : `/${rest.join('/')}`;
}

/** The locale cookie (LOCALE_COOKIE; the proxy reads it) remembering `locale`, for document.cookie. */
export function localeCookie(locale: AppLocale): string {
  if (!(locales as readonly string[]).includes(locale)) throw new RangeError(locale);
  const { name, maxAge, sameSite } = LOCALE_COOKIE;
  return `${name}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=${sameSite}`;
}
