import { locales, type AppLocale } from '@/lib/i18n/locales';

/** The search param naming where to go after signing in (set by the control panel's redirect). */
export const NEXT_PARAM = 'next';

/** Request header the proxy sets on control-panel requests: the path and query asked for. */
export const RETURN_PATH_HEADER = 'x-shop-return-path';

// Only for parsing: a relative path resolved against it must stay on it.
const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * `value` as a same-origin path under a locale (`/en/control-panel/stock?status=confirmed`), or
 * null for anything else: absolute or protocol-relative URLs (`https://evil.example`,
 * `//evil.example`, `/\evil.example`), paths outside a locale, control characters. Pure, so the
 * proxy and the browser share it.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat a backslash as a slash (`/\evil.example` is protocol-relative) and drop tabs
  // and newlines; refuse both instead of guessing.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const locale = url.pathname.split('/')[1];
  if (!locales.includes(locale as AppLocale)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a visitor without a session is sent: the landing page with the user tab open. */
export function loginPath(locale: AppLocale, next?: string | null): string {
  const safe = safeReturnPath(next);
  const params = new URLSearchParams({ login: '1' });
  if (safe) params.set(NEXT_PARAM, safe);
  return `/${locale}?${params.toString()}`;
}
