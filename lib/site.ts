import { locales, type AppLocale } from './i18n/locales';

/** The public origin of the shop, used for canonical URLs, the sitemap and Open Graph. */
export const SITE_URL = (process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
);

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
