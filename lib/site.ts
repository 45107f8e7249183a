import { locales, type AppLocale } from './i18n/locales';
import { configuredSiteOrigin } from './public-env';

/**
 * The public origin of the shop, used for canonical URLs, the sitemap, Open Graph, the e-mails
 * and Mercado Pago's return addresses; the origin checks (lib/security/origin.ts) use the same.
 */
export const SITE_URL = configuredSiteOrigin() ?? 'http://localhost:3000';

/**
 * hreflang alternates for a locale-free path ('' for the landing page). x-default is the bare
 * path, which the proxy sends to the visitor's negotiated language.
 */
export function localeAlternates(path: string): Record<AppLocale | 'x-default', string> {
  const entries = locales.map((locale) => [locale, `${SITE_URL}/${locale}${path}`] as const);
  return { ...Object.fromEntries(entries), 'x-default': `${SITE_URL}${path || '/'}` } as Record<
    AppLocale | 'x-default',
    string
  >;
}
