import { locales, type AppLocale } from './locales';

/** Maps one language tag to a shop locale: any `pt` variant is Portuguese, `en` variants English. */
function localeForTag(tag: string): AppLocale | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'en') return 'en';
  return undefined;
}

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

type Preference = { tag: string; q: number; order: number };

function parseAcceptLanguage(header: string): Preference[] {
  return header
    .split(',')
    .map((part, order) => {
      const [rawTag = '', ...params] = part.trim().split(';');
      const tag = rawTag.trim();
      let q = 1;
      for (const param of params) {
        const [name, value] = param.trim().split('=');
        if (name === 'q')
          q = value !== undefined && /^[01](\.\d{0,3})?$/.test(value) ? Number(value) : 0;
      }
      return { tag, q, order };
    })
    .filter((p) => /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(p.tag) && p.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

/**
 * The shop's one locale negotiation: an explicit earlier choice (the locale cookie) wins;
 * otherwise the first acceptable Accept-Language entry that the shop speaks decides;
 * otherwise English.
 */
export function negotiateLocale(input: {
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
}): AppLocale {
  if (isAppLocale(input.cookieLocale)) return input.cookieLocale;
  for (const { tag } of parseAcceptLanguage(input.acceptLanguage ?? '')) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return 'en';
}
